/** A search request the service refuses before touching the corpus; a 400 at the HTTP edge. */
export class InvalidSearchError extends Error {
  override readonly name = 'InvalidSearchError';
}
