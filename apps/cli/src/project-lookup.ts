import type { CatalogDb, ProjectRow } from '@lectern/corpus';
import { CliError } from './cli-error';

/** `--project` takes a name or an id; ingest may create the project, the other commands may not. */
export function findProject(catalog: CatalogDb, nameOrId: string, options: { create?: boolean } = {}): ProjectRow {
  const wanted = nameOrId.trim();
  if (wanted === '') throw new CliError('--project must not be empty');
  const found = catalog.projects.findByName(wanted) ?? catalog.projects.findById(wanted);
  if (found) return found;
  if (options.create) return catalog.projects.create(wanted);
  throw new CliError(`no project ${JSON.stringify(wanted)} (lectern ingest <files> --project ${wanted} creates it)`);
}
