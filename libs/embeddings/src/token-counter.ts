/**
 * Structurally @lectern/chunking's TokenCounter (embeddings sits beside chunking, so it spells the shape
 * itself): a provider that knows its tokenizer hands one to the chunker, so contexts fit the model's window.
 */
export interface TokenCounter {
  count(text: string): number;
}
