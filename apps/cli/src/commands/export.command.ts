import { existsSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { IngestRuntime } from '@lectern/ingest';
import { CliError } from '../cli-error';
import { findProject } from '../project-lookup';

/** `lectern export --project <name> --out <file.sqlite>`: a consistent snapshot that opens in plain sqlite3. */
export function exportCommand(
  runtime: IngestRuntime,
  options: { project: string; out: string; force?: boolean },
  err: NodeJS.WritableStream,
): number {
  const project = findProject(runtime.catalog, options.project);
  const target = path.resolve(options.out);
  if (existsSync(target) && !options.force) throw new CliError(`${options.out} already exists (use --force to replace it)`);
  if (!existsSync(path.dirname(target))) throw new CliError(`folder ${path.dirname(target)} does not exist`);
  const corpus = runtime.corpora.get(project.id);
  rmSync(target, { force: true });
  corpus.exportTo(target);
  const stats = corpus.stats();
  err.write(`exported ${stats.articles} articles, ${stats.sections} sections, ${stats.contexts} contexts to ${target}\n`);
  return 0;
}
