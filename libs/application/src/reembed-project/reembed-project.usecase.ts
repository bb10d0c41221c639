import { existsSync } from 'node:fs';
import { ConflictError } from '@lectern/common';
import type { LecternConfig } from '@lectern/config';
import { CorpusDb, type CatalogDb, type ProjectRow, type ReembedProgress, type ReembedResult } from '@lectern/corpus';
import { embedderConfigFrom, LEXICAL_MODEL_ID, resolveEmbedder, type EmbedderConfig, type ResolvedEmbedder } from '@lectern/embeddings';
import type { CorpusRegistry } from '@lectern/ingest';
import { FindProject } from '../projects/find-project.query';
import type { ReembedProjectCommand } from './reembed-project.command';

/** A project into which nothing has been ingested: there is no corpus to re-embed. */
export class ProjectHasNoCorpusError extends ConflictError {
  override readonly name = 'ProjectHasNoCorpusError';
  constructor(projectName: string) {
    super(`project "${projectName}" has no corpus yet: nothing has been ingested into it`);
  }
}

/** The embedder a re-embed runs with, as resolved from the configuration and the command's model. */
export interface ReembedTarget {
  kind: ResolvedEmbedder['kind'];
  modelId: string;
  dimension: number;
  /** The model's window in tokens; longer contexts are embedded truncated. */
  maxTokens: number;
  /** Why this embedder, in one sentence. */
  reason: string;
  /** The model as the configuration names it (EMBEDDING_MODEL); unset for the lexical embedder. */
  model?: string;
}

/** Told as the re-embed goes, so a caller can show it: the embedder once resolved, then progress per batch. */
export interface ReembedListener {
  embedder?(target: ReembedTarget): void;
  progress?(progress: ReembedProgress): void;
}

export type ReembedOutcome =
  | { status: 'unchanged'; project: ProjectRow; target: ReembedTarget }
  | { status: 'reembedded'; project: ProjectRow; target: ReembedTarget; result: ReembedResult; elapsedMs: number };

/**
 * Re-embeds a project's corpus under the configured (or the command's) model: `lectern reembed`. Interrupted runs
 * resume; the corpus switches models in one transaction at the end, so searches keep working under the old model
 * until then. The embedder is loaded for this run only and disposed of after it.
 */
export class ReembedProject {
  private readonly projects: FindProject;

  constructor(
    private readonly config: LecternConfig,
    catalog: CatalogDb,
    private readonly corpora: Pick<CorpusRegistry, 'fileOf' | 'closeAll'>,
    private readonly resolve: (config: EmbedderConfig) => Promise<ResolvedEmbedder> = resolveEmbedder,
  ) {
    this.projects = new FindProject(catalog);
  }

  async execute(command: ReembedProjectCommand, listener: ReembedListener = {}): Promise<ReembedOutcome> {
    const project = this.projects.byId(command.projectId);
    const file = this.corpora.fileOf(project.id);
    if (!existsSync(file)) throw new ProjectHasNoCorpusError(project.name);

    const resolved = await this.resolve(targetConfig(this.config, command.model));
    const { embedder } = resolved;
    try {
      const target: ReembedTarget = {
        kind: resolved.kind,
        modelId: embedder.modelId,
        dimension: embedder.dimension,
        maxTokens: embedder.maxTokens,
        reason: resolved.reason,
        model: resolved.config.model,
      };
      listener.embedder?.(target);
      const before = currentModel(file);
      if (before.modelId === embedder.modelId && before.dimension === embedder.dimension) return { status: 'unchanged', project, target };
      // This process must not keep a handle whose vector index has the old dimension.
      this.corpora.closeAll();
      const started = Date.now();
      const result = await CorpusDb.reembed(file, embedder, { batchSize: command.batchSize, onProgress: listener.progress });
      return { status: 'reembedded', project, target, result, elapsedMs: Date.now() - started };
    } finally {
      await (embedder as { dispose?: () => Promise<void> }).dispose?.();
    }
  }
}

/** The configured embedder, with the command's model taking the place of EMBEDDING_MODEL; a named model is never `auto`. */
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
