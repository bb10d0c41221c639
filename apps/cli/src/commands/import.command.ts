import * as path from 'node:path';
import { ImportProject, ImportProjectCommand, type ReembedProgress } from '@lectern/application';
import { flagName } from '../project-lookup';

export interface ImportDeps {
  importProject: ImportProject;
}

export interface ImportCommandOptions {
  project: string;
  /** commander's `--no-reembed` sets `reembed: false`. */
  reembed?: boolean;
}

/**
 * `lectern import corpus.sqlite --project NAME`: a new project from an export, checked as untrusted input. With
 * another embedding model configured, the corpus is re-embedded after the import (progress on `err`) unless
 * `--no-reembed`, which refuses instead.
 */
export async function importCommand(
  deps: ImportDeps,
  file: string,
  options: ImportCommandOptions,
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): Promise<number> {
  const command = ImportProjectCommand.create(
    { file: path.resolve(file), name: options.project, reembed: options.reembed ?? true },
    (field) => (field === 'name' ? '--project' : flagName(field)),
  );
  let lastTenth = -1;
  const progress = ({ done, total }: ReembedProgress) => {
    const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
    if (tenth !== lastTenth) err.write(`… ${done}/${total} contexts re-embedded\n`);
    lastTenth = tenth;
  };
  const outcome = await deps.importProject.execute(command, { progress });
  const { stats, project, embedding } = outcome;
  out.write(
    `imported project "${project.name}" (${project.id}): ${stats.articles} articles, ${stats.contexts} contexts, ` +
      `${stats.documents} documents, ${stats.pdfs} PDFs; vectors from ${embedding.modelId} (${embedding.dimension} dimensions)\n`,
  );
  if (outcome.reembedding) {
    err.write(`the export's embedding model differs from this instance's: re-embedding…\n`);
    const result = await outcome.reembedding;
    if (result.status === 'reembedded') {
      out.write(`re-embedded ${result.result.contexts} contexts with ${result.target.modelId} (${result.target.dimension} dimensions)\n`);
    }
  }
  return 0;
}
