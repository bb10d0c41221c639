/** Injection tokens for the outside things the API depends on (STYLE: every outside thing behind a provider). */
export const LECTERN_CONFIG = Symbol('LECTERN_CONFIG');
export const INGEST_RUNTIME = Symbol('INGEST_RUNTIME');
