import type { Embedder } from './embedder';
import { LexicalEmbedder } from './lexical/lexical.embedder';

export interface EmbedderConfig {
  kind: 'lexical' | 'auto';
  dimension?: number;
}

/**
 * Picks the embedding provider. Only the offline lexical embedder exists so far, so `auto` resolves to it;
 * when the transformers (local ONNX) and openai-compatible providers land, `auto` will prefer them and
 * `kind` will grow to `transformers` | `openai`.
 */
export function createEmbedder(config: EmbedderConfig): Embedder {
  switch (config.kind) {
    case 'lexical':
    case 'auto':
      return new LexicalEmbedder({ dimension: config.dimension });
  }
  // Unreachable for typed callers; guards configuration that arrived untyped.
  throw new RangeError(`unknown embedder kind: ${String((config as { kind: unknown }).kind)}`);
}
