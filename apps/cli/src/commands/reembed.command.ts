import {
  FindProject,
  ProjectHasNoCorpusError,
  ReembedProject,
  ReembedProjectCommand,
  type ReembedProgress,
  type ReembedTarget,
} from '@lectern/application';
import { CliError } from '../cli-error';
import { findProject, flagName } from '../project-lookup';

/** What the command needs of the Lectern parts. */
export interface ReembedDeps {
  projects: FindProject;
  reembedProject: ReembedProject;
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
  const command = ReembedProjectCommand.create({ projectId: project.id, model: options.model, batchSize: options.batchSize }, flagName);
  const outcome = await deps.reembedProject
    .execute(command, { embedder: (target) => err.write(`embedder: ${target.reason}\n`), progress: progressPrinter(err) })
    .catch((error: unknown) => {
      if (error instanceof ProjectHasNoCorpusError) throw new CliError(error.message);
      throw error;
    });
  const { target } = outcome;
  if (outcome.status === 'unchanged') {
    out.write(`project "${project.name}" is already embedded with ${target.modelId} (${target.dimension} dimensions); nothing to do\n`);
    return 0;
  }
  const { result } = outcome;
  const seconds = (outcome.elapsedMs / 1000).toFixed(1);
  out.write(
    `project "${project.name}": ${result.contexts} contexts re-embedded with ${result.to.modelId} ` +
      `(${result.to.dimension} dimensions) in ${seconds} s; was ${result.from.modelId} (${result.from.dimension} dimensions)` +
      `${result.resumed > 0 ? `; ${result.resumed} resumed from an interrupted run` : ''}\n`,
  );
  if (result.overLength > 0) {
    err.write(
      `warning: ${result.overLength} contexts are longer than the model's ${target.maxTokens}-token window and were ` +
        `embedded truncated; re-ingest with CONTEXT_MAX_TOKENS=${target.maxTokens} to embed them whole\n`,
    );
  }
  err.write(`from now on, run Lectern with ${settingsFor(target)} to use this corpus\n`);
  return 0;
}

function settingsFor(target: ReembedTarget): string {
  if (target.kind === 'lexical') return 'EMBEDDINGS=lexical';
  const kind = target.kind === 'transformers' ? 'EMBEDDINGS=transformers (or auto)' : 'EMBEDDINGS=openai';
  return `${kind} EMBEDDING_MODEL=${target.model}`;
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
