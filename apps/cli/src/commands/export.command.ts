import { existsSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import { ExportProject, ExportProjectCommand, FindProject } from '@lectern/application';
import { CliError } from '../cli-error';
import { findProject } from '../project-lookup';

export interface ExportDeps {
  projects: FindProject;
  exportProject: ExportProject;
}

/** `lectern export --project <name> --out <file.sqlite>`: a consistent snapshot that opens in plain sqlite3. */
export async function exportCommand(
  deps: ExportDeps,
  options: { project: string; out: string; force?: boolean; withPdfs?: boolean },
  err: NodeJS.WritableStream,
): Promise<number> {
  const project = findProject(deps.projects, options.project);
  const target = path.resolve(options.out);
  if (existsSync(target) && !options.force) throw new CliError(`${options.out} already exists (use --force to replace it)`);
  if (!existsSync(path.dirname(target))) throw new CliError(`folder ${path.dirname(target)} does not exist`);
  rmSync(target, { force: true });
  const { stats } = await deps.exportProject.execute(
    ExportProjectCommand.create({ projectId: project.id, file: target, withPdfs: options.withPdfs ?? false }),
  );
  const pdfs = options.withPdfs ? `, ${stats.pdfs} PDFs` : '';
  err.write(`exported ${stats.articles} articles, ${stats.sections} sections, ${stats.contexts} contexts${pdfs} to ${target}\n`);
  return 0;
}
