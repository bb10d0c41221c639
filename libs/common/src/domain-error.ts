/** How a domain error is handled wherever it surfaces: the HTTP edge, the SSE stream, the ingest worker, the CLI. */
export interface ErrorClassification {
  /** The HTTP status it maps to at the API edge. */
  readonly status: number;
  /** True: the input itself is at fault and retrying cannot help. False: transient, retry with backoff. */
  readonly permanent: boolean;
  /** True: its message is written for the user and safe to show; false: it stays in the log behind an error id. */
  readonly exposable: boolean;
}

/**
 * The base of every named error in Lectern. Subclasses set `name` and override what differs from the default
 * (an internal failure: a 500 whose message stays in the log, not worth retrying), so the exception filter, the
 * SSE writer and the ingest worker decide by these fields instead of lists of names.
 */
export abstract class DomainError extends Error implements ErrorClassification {
  abstract override readonly name: string;
  readonly status: number = 500;
  readonly permanent: boolean = true;
  readonly exposable: boolean = false;
}

/** The classification of `error` when it is a DomainError (or a revived one), else undefined. */
export function classificationOf(error: unknown): ErrorClassification | undefined {
  return error instanceof DomainError ? { status: error.status, permanent: error.permanent, exposable: error.exposable } : undefined;
}

/** An error as it crosses a thread boundary (structured clone keeps no classes): its name, message and classification. */
export interface SerializedError {
  name: string;
  message: string;
  classification?: ErrorClassification;
}

export function serializeError(error: unknown): SerializedError {
  const e = error instanceof Error ? error : new Error(String(error));
  return { name: e.name, message: e.message, classification: classificationOf(e) };
}

/** A DomainError rebuilt on this side of a thread boundary, with the name and classification it was thrown with. */
class RevivedDomainError extends DomainError {
  override readonly name: string;
  override readonly status: number;
  override readonly permanent: boolean;
  override readonly exposable: boolean;

  constructor(name: string, message: string, classification: ErrorClassification) {
    super(message);
    this.name = name;
    ({ status: this.status, permanent: this.permanent, exposable: this.exposable } = classification);
  }
}

/** The error a serialized one stands for: a DomainError when it was thrown as one, else a plain Error with its name. */
export function reviveError(serialized: SerializedError): Error {
  if (serialized.classification) return new RevivedDomainError(serialized.name, serialized.message, serialized.classification);
  return Object.assign(new Error(serialized.message), { name: serialized.name });
}
