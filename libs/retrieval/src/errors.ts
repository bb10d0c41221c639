import { DomainError } from '@lectern/common';

/** A search request the service refuses before touching the corpus; a 400 at the HTTP edge. */
export class InvalidSearchError extends DomainError {
  override readonly name = 'InvalidSearchError';
  override readonly status = 400;
  override readonly exposable = true;
}
