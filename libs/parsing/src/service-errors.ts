import { DomainError } from '@lectern/common';

/**
 * Failures of an external parsing service (GROBID, Unstructured, Nougat…). They are split by who is at fault so
 * callers can decide: an unavailable service is worth retrying later or falling back to another parser, malformed
 * output from a live service is not going to get better by asking again.
 */

/** The service is down, refused the connection, kept answering 5xx after the retries, or timed out. */
export class ParserUnavailableError extends DomainError {
  override readonly name = 'ParserUnavailableError';
  override readonly permanent = false;
  constructor(
    readonly service: string,
    message: string,
  ) {
    super(`${service}: ${message}`);
  }
}

/** The service answered, but with output that is empty or cannot be read. */
export class ParserOutputError extends DomainError {
  override readonly name = 'ParserOutputError';
  constructor(
    readonly service: string,
    message: string,
  ) {
    super(`${service}: ${message}`);
  }
}
