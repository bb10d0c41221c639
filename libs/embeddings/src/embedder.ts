/** What every embedding provider offers: lexical (offline default), transformers, openai-compatible. */
export interface Embedder {
  /** Stored in `corpus_meta` and on every context, so a corpus can refuse a different model. */
  readonly modelId: string;
  readonly dimension: number;
  /** Longest input, in the provider's own tokens, that it embeds without truncation. */
  readonly maxTokens: number;
  /** Unit-length vectors, one per text, in input order. */
  embedDocuments(texts: string[]): Promise<Float32Array[]>;
  embedQuery(text: string): Promise<Float32Array>;
}
