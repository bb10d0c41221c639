import type { EmbeddingsConfig, LlmConfig } from '@lectern/config';
import type { Embedder } from './embedder';
import { LexicalEmbedder } from './lexical/lexical.embedder';
import { OpenAiEmbedder } from './openai/openai.embedder';
import { missingFiles, modelDirectory } from './transformers/transformers.loader';
import { TransformersEmbedder } from './transformers/transformers.embedder';

export type EmbedderKind = 'auto' | 'lexical' | 'transformers' | 'openai';

/**
 * Which embedder to build. Plain data (structured-cloneable), so pool threads can rebuild the same embedder
 * from what the main thread resolved.
 */
export interface EmbedderConfig {
  kind: EmbedderKind;
  /** transformers: Hugging Face id (`<org>/<name>`); openai: the served model name. */
  model?: string;
  /** transformers: where models live, `<modelsDir>/<org>/<name>/`. */
  modelsDir?: string;
  /** transformers: whether a model missing from modelsDir may be downloaded into it. */
  allowDownload?: boolean;
  /** openai: the OpenAI-compatible server. */
  openai?: { baseUrl: string; apiKey?: string };
  /** lexical: number of buckets (768); openai: expected length (else learnt from the server). */
  dimension?: number;
  /** transformers: prefer q8 weights (default true). */
  quantized?: boolean;
  /** Texts per model run (transformers) or request (openai). */
  batchSize?: number;
  /** transformers: ONNX Runtime intra-op threads; pool threads should use 1. */
  threads?: number;
  /** transformers: a Hugging Face hub mirror to download from. */
  remoteHost?: string;
}

/** The configured provider settings as an EmbedderConfig; openai embeddings use the LLM server's URL and key. */
export function embedderConfigFrom(embeddings: EmbeddingsConfig, llm: LlmConfig | null): EmbedderConfig {
  return {
    kind: embeddings.kind,
    model: embeddings.model,
    modelsDir: embeddings.modelsDir,
    allowDownload: embeddings.allowDownload,
    openai: llm ? { baseUrl: llm.baseUrl, apiKey: llm.apiKey } : undefined,
  };
}

/** Whether the transformers model of `config` is complete in its modelsDir (no download needed). */
export function hasLocalModel(config: EmbedderConfig): boolean {
  return Boolean(config.model && config.modelsDir && missingFiles(modelDirectory(config.modelsDir, config.model)).length === 0);
}

/**
 * Builds an embedder synchronously, for callers that cannot await (pool threads rebuilding from a cloneable
 * config). `auto` is the transformers model when it is already in modelsDir, else lexical; it never downloads.
 * A transformers embedder built here loads its ONNX session on first use, and an openai one without a
 * `dimension` learns it from its first answer. Prefer `resolveEmbedder` on the main thread, then hand its
 * `config` to threads, so both sides agree.
 */
export function createEmbedder(config: EmbedderConfig): Embedder {
  switch (config.kind) {
    case 'lexical':
      return new LexicalEmbedder({ dimension: config.dimension });
    case 'auto':
      return hasLocalModel(config)
        ? TransformersEmbedder.fromLocalFiles(transformersOptions(config))
        : new LexicalEmbedder({ dimension: config.dimension });
    case 'transformers':
      return TransformersEmbedder.fromLocalFiles(transformersOptions(config));
    case 'openai':
      return new OpenAiEmbedder(openAiOptions(config));
  }
  // Unreachable for typed callers; guards configuration that arrived untyped.
  throw new RangeError(`unknown embedder kind: ${String((config as { kind: unknown }).kind)}`);
}

export function transformersOptions(config: EmbedderConfig) {
  if (!config.model || !config.modelsDir) {
    throw new RangeError('the transformers embedder needs a model id (EMBEDDING_MODEL) and a models directory (MODELS_DIR)');
  }
  return {
    model: config.model,
    modelsDir: config.modelsDir,
    allowDownload: config.allowDownload ?? false,
    quantized: config.quantized,
    batchSize: config.batchSize,
    threads: config.threads,
    remoteHost: config.remoteHost,
  };
}

export function openAiOptions(config: EmbedderConfig) {
  if (!config.openai || !config.model) {
    throw new RangeError('the openai embedder needs a server (OPENAI_BASE_URL) and a model name (EMBEDDING_MODEL)');
  }
  return {
    baseUrl: config.openai.baseUrl,
    apiKey: config.openai.apiKey,
    model: config.model,
    dimension: config.dimension,
    batchSize: config.batchSize,
  };
}
