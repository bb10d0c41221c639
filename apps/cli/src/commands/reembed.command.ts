import { existsSync } from 'node:fs';
import type { LecternConfig } from '@lectern/config';
import type { FindProject } from '@lectern/application';
import { CorpusDb, type ReembedProgress } from '@lectern/corpus';
import {
  embedderConfigFrom,
  LEXICAL_MODEL_ID,
  resolveEmbedder,
  type EmbedderConfig,
  type ResolvedEmbedder,
} from '@lectern/embeddings';
import { CliError } from '../cli-error';
import { findProject } from '../project-lookup';

/** What the command needs of the Lectern parts; `resolve` is replaceable for tests. */
export interface ReembedDeps {
  projects: FindProject;
  corpora: { fileOf(projectId: string): string; closeAll(): void };
  config: LecternConfig;
  resolve?: (config: EmbedderConfig) => Promise<ResolvedEmbedder>;
}

export interface ReembedCommandOptions {
  project: string;
  /** Model to re-embed with; default EMBEDDING_MODEL. `lectern/lexical-hash-v1` goes back to the lexical embedder. */
  model?: string;
  batchSize?: number;
}

/**
 * `lectern reembed --project <name> [--model <id>]`: re-embeds a project's corpus under the configured (or given)
 * model, printing progress to `err`. Interrupted runs resume; the corpus switches models in one transaction at
 * the end, so searches keep working under the old model until then.
 */
export async function reembedCommand(
  deps: ReembedDeps,
  options: ReembedCommandOptions,
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): Promise<number> {
  const project = findProject(deps.projects, options.project);
  const file = deps.corpora.fileOf(project.id);
  if (!existsSync(file)) throw new CliError(`project "${project.name}" has no corpus yet: nothing has been ingested into it`);

  const resolved = await (deps.resolve ?? resolveEmbedder)(targetConfig(deps.config, options.model));
  const { embedder } = resolved;
  try {
    err.write(`embedder: ${resolved.reason}\n`);
    const before = currentModel(file);
    if (before.modelId === embedder.modelId && before.dimension === embedder.dimension) {
      out.write(`project "${project.name}" is already embedded with ${embedder.modelId} (${embedder.dimension} dimensions); nothing to do\n`);
      return 0;
    }
    // This process must not keep a handle whose vector index has the old dimension.
    deps.corpora.closeAll();
    const started = Date.now();
    const result = await CorpusDb.reembed(file, embedder, { batchSize: options.batchSize, onProgress: progressPrinter(err) });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    out.write(
      `project "${project.name}": ${result.contexts} contexts re-embedded with ${result.to.modelId} ` +
        `(${result.to.dimension} dimensions) in ${seconds} s; was ${result.from.modelId} (${result.from.dimension} dimensions)` +
        `${result.resumed > 0 ? `; ${result.resumed} resumed from an interrupted run` : ''}\n`,
    );
    if (result.overLength > 0) {
      err.write(
        `warning: ${result.overLength} contexts are longer than the model's ${embedder.maxTokens}-token window and were ` +
          `embedded truncated; re-ingest with CONTEXT_MAX_TOKENS=${embedder.maxTokens} to embed them whole\n`,
      );
    }
    err.write(`from now on, run Lectern with ${settingsFor(resolved)} to use this corpus\n`);
    return 0;
  } finally {
    await (embedder as { dispose?: () => Promise<void> }).dispose?.();
  }
}

/** The configured embedder, with `--model` taking the place of EMBEDDING_MODEL; a named model is never `auto`. */
function targetConfig(config: LecternConfig, model: string | undefined): EmbedderConfig {
  const base = embedderConfigFrom(config.embeddings, config.llm);
  if (model === undefined) return base;
  if (model === LEXICAL_MODEL_ID) return { kind: 'lexical' };
  // With `auto`, an absent model would quietly mean lexical: asking for one by name must fail instead.
  return { ...base, model, kind: base.kind === 'auto' || base.kind === 'lexical' ? 'transformers' : base.kind };
}

function currentModel(file: string): { modelId: string; dimension: number } {
  const corpus = CorpusDb.openReadonly(file);
  try {
    return corpus.embedding;
  } finally {
    corpus.close();
  }
}

function settingsFor(resolved: ResolvedEmbedder): string {
  if (resolved.kind === 'lexical') return 'EMBEDDINGS=lexical';
  const kind = resolved.kind === 'transformers' ? 'EMBEDDINGS=transformers (or auto)' : 'EMBEDDINGS=openai';
  return `${kind} EMBEDDING_MODEL=${resolved.config.model}`;
}

/** One line per tenth of the way, so a long run shows life without flooding a log. */
function progressPrinter(err: NodeJS.WritableStream): (progress: ReembedProgress) => void {
  let lastTenth = -1;
  return ({ done, total }) => {
    const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
    if (tenth === lastTenth) return;
    lastTenth = tenth;
    err.write(`… ${done}/${total} contexts re-embedded\n`);
  };
}
