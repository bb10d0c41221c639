import type { Embedder } from '../embedder';
import { hashedVector } from './lexical.features';

export const LEXICAL_MODEL_ID = 'lectern/lexical-hash-v1';
export const LEXICAL_DEFAULT_DIMENSION = 768;

export interface LexicalEmbedderOptions {
  /** Number of hash buckets; 768 matches common sentence-embedding models, so tables keep their shape. */
  dimension?: number;
}

/**
 * Deterministic, offline embeddings from hashed lexical features (stemmed words, word pairs, character
 * trigrams). No model to download, so a fresh install can ingest and search at once. Documents and
 * queries share one space: queries get no prefix, unlike instruction-tuned models.
 */
export class LexicalEmbedder implements Embedder {
  readonly modelId = LEXICAL_MODEL_ID;
  readonly dimension: number;
  /** No real limit (features are counted, not truncated); declared so a one-context-per-section budget fits. */
  readonly maxTokens = 8192;

  constructor(options: LexicalEmbedderOptions = {}) {
    const dimension = options.dimension ?? LEXICAL_DEFAULT_DIMENSION;
    if (!Number.isInteger(dimension) || dimension < 1) {
      throw new RangeError(`lexical embedder dimension must be a positive integer (got ${String(dimension)})`);
    }
    this.dimension = dimension;
  }

  async embedDocuments(texts: string[]): Promise<Float32Array[]> {
    return texts.map((text) => hashedVector(text, this.dimension));
  }

  async embedQuery(text: string): Promise<Float32Array> {
    return hashedVector(text, this.dimension);
  }
}
