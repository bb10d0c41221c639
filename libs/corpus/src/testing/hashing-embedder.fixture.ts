/**
 * A tiny deterministic lexical embedder for tests (signed feature hashing of crudely stemmed words).
 * Shaped like @lectern/embeddings' Embedder; corpus sits below embeddings, so it does not import the interface.
 */
export class HashingTestEmbedder {
  readonly modelId: string;
  readonly maxTokens = 8192;

  constructor(readonly dimension = 64) {
    this.modelId = `test-hashing-${dimension}`;
  }

  embed(text: string): Float32Array {
    const vector = new Float32Array(this.dimension);
    for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
      const hash = fnv1a(stem(word));
      vector[hash % this.dimension] += hash & 0x80000000 ? -1 : 1;
    }
    return normalize(vector);
  }

  async embedDocuments(texts: string[]): Promise<Float32Array[]> {
    return texts.map((text) => this.embed(text));
  }

  async embedQuery(text: string): Promise<Float32Array> {
    return this.embed(text);
  }
}

function stem(word: string): string {
  return word.replace(/(ing|ed|es|s)$/, '');
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export function normalize(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm);
  if (norm === 0) {
    vector[0] = 1;
    return vector;
  }
  for (let i = 0; i < vector.length; i++) vector[i] /= norm;
  return vector;
}
