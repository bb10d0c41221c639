/**
 * Injection tokens of Lectern's parts. The API registers each as a Nest provider; the CLI and the worker resolve the
 * same parts with `createLectern`. Plain symbols, so nothing below the apps depends on Nest.
 */
export const LECTERN_CONFIG = Symbol('LECTERN_CONFIG');
/** An `IngestLogger` for the ingest parts (the API's is a Nest Logger; the CLI passes none). */
export const INGEST_LOGGER = Symbol('INGEST_LOGGER');
export const CATALOG = Symbol('CATALOG');
/** An `OidcSignIn` when OIDC_ISSUER is set, else null. */
export const OIDC_SIGN_IN = Symbol('OIDC_SIGN_IN');
export const OBJECT_STORE = Symbol('OBJECT_STORE');
/** A `ConfiguredEmbedder`: the embedder, why it was chosen, and the default search mode it implies. */
export const EMBEDDER = Symbol('EMBEDDER');
export const CORPUS_REGISTRY = Symbol('CORPUS_REGISTRY');
/** `LlmClient & ToolCallingLlm`, or null when no LLM is configured. */
export const LLM_CLIENT = Symbol('LLM_CLIENT');
/** The rerankers, chosen once: the cross-encoder loads lazily on the first rerank and is then kept. */
export const RERANKERS = Symbol('RERANKERS');
export const PARSE_SERVICES = Symbol('PARSE_SERVICES');
export const INGEST_POOL = Symbol('INGEST_POOL');
export const INGEST_WORKER = Symbol('INGEST_WORKER');
export const DOCUMENT_INTAKE = Symbol('DOCUMENT_INTAKE');
/** The `JobQueue` ingest jobs go through: the catalog's SQLite table by default. */
export const JOB_QUEUE = Symbol('JOB_QUEUE');
/** INGEST_COMMIT=handoff: the BullMQ queue of commit jobs (a `JobQueue`), else null. */
export const COMMIT_QUEUE = Symbol('COMMIT_QUEUE');
/** INGEST_COMMIT=handoff: the `CommitCoordinator` that commits handed-off results in this process, else null. */
export const COMMIT_COORDINATOR = Symbol('COMMIT_COORDINATOR');
