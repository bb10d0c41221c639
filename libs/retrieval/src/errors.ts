import { InvalidInputError } from '@lectern/common';

/** A search request the service refuses before touching the corpus; a 400 at the HTTP edge. */
export class InvalidSearchError extends InvalidInputError {
  override readonly name = 'InvalidSearchError';
}
