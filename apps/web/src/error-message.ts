/** What to show for a failure: an Error's message (an ApiError's is the server's), anything else as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
