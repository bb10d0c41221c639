/** Counts tokens the way the embedding/LLM budget does; injectable so tests and providers can swap it. */
export interface TokenCounter {
  count(text: string): number;
}
