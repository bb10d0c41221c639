import type { Embedder } from './embedder';
import { hasLocalModel, openAiOptions, transformersOptions, type EmbedderConfig } from './embedder.factory';
import { EmbeddingModelUnavailableError } from './errors';
import { LexicalEmbedder } from './lexical/lexical.embedder';
import { OpenAiEmbedder } from './openai/openai.embedder';
import { TransformersEmbedder } from './transformers/transformers.embedder';
import { modelDirectory } from './transformers/transformers.loader';

export interface ResolvedEmbedder {
  embedder: Embedder;
  kind: 'lexical' | 'transformers' | 'openai';
  /** Why this provider, in one sentence for the start-up log and `lectern reembed`. */
  reason: string;
  /**
   * A concrete config (never `auto`; openai with its dimension) that `createEmbedder` turns into the same
   * embedder synchronously: what pool threads should receive.
   */
  config: EmbedderConfig;
}

/**
 * Builds the configured embedder, loading models and asking servers as needed. `auto` takes the transformers
 * model when it is in modelsDir (or can be downloaded, when allowed), else the lexical embedder, and says why.
 * An explicit `transformers` or `openai` that cannot be had fails with a named error instead of falling back.
 */
export async function resolveEmbedder(config: EmbedderConfig): Promise<ResolvedEmbedder> {
  switch (config.kind) {
    case 'lexical':
      return lexical(config, 'EMBEDDINGS=lexical');
    case 'transformers':
      return transformers(config, `EMBEDDINGS=transformers and EMBEDDING_MODEL=${config.model}`);
    case 'openai': {
      const embedder = await OpenAiEmbedder.connect(openAiOptions(config));
      return {
        embedder,
        kind: 'openai',
        reason: `EMBEDDINGS=openai: ${config.model} at ${config.openai?.baseUrl} (${embedder.dimension} dimensions)`,
        config: { ...config, kind: 'openai', dimension: embedder.dimension },
      };
    }
    case 'auto':
      return auto(config);
  }
  throw new RangeError(`unknown embedder kind: ${String((config as { kind: unknown }).kind)}`);
}

async function auto(config: EmbedderConfig): Promise<ResolvedEmbedder> {
  if (!config.model || !config.modelsDir) return lexical(config, 'EMBEDDINGS=auto and no EMBEDDING_MODEL/MODELS_DIR is set');
  const dir = modelDirectory(config.modelsDir, config.model);
  // A model that is there but does not load is an error worth seeing, not a reason to switch models quietly.
  if (hasLocalModel(config)) return transformers(config, `EMBEDDINGS=auto and ${config.model} is in ${dir}`);
  if (!config.allowDownload) {
    return lexical(
      config,
      `EMBEDDINGS=auto, ${config.model} is not in ${dir} and downloads are disallowed ` +
        '(set ALLOW_MODEL_DOWNLOAD=true or copy the model there to use it)',
    );
  }
  try {
    return await transformers(config, `EMBEDDINGS=auto and ${config.model} was downloaded into ${dir}`);
  } catch (error) {
    if (!(error instanceof EmbeddingModelUnavailableError)) throw error;
    return lexical(config, `EMBEDDINGS=auto and ${config.model} could not be downloaded (${error.message})`);
  }
}

function lexical(config: EmbedderConfig, why: string): ResolvedEmbedder {
  const embedder = new LexicalEmbedder({ dimension: config.dimension });
  return {
    embedder,
    kind: 'lexical',
    reason: `${why}: using the offline lexical embedder (${embedder.dimension} dimensions)`,
    config: { kind: 'lexical', dimension: embedder.dimension },
  };
}

async function transformers(config: EmbedderConfig, why: string): Promise<ResolvedEmbedder> {
  const embedder = await TransformersEmbedder.load(transformersOptions(config));
  return {
    embedder,
    kind: 'transformers',
    reason: `${why}: using it locally (${embedder.dtype}, ${embedder.dimension} dimensions, ${embedder.window}-token window)`,
    // Downloads are done: threads only ever read the local copy.
    config: { ...config, kind: 'transformers', allowDownload: false },
  };
}
