import type { CatalogDb, ProjectRow } from '@lectern/corpus';
import type { CorpusRegistry } from '@lectern/ingest';
import { FindProject } from '../projects/find-project.query';
import type { ExportProjectCommand } from './export-project.command';

export interface ExportProjectResult {
  project: ProjectRow;
  file: string;
  stats: { articles: number; sections: number; contexts: number };
}

/** Writes a consistent snapshot of a project's corpus that opens in plain sqlite3: `GET /projects/:id/export`, `lectern export`. */
export class ExportProject {
  private readonly projects: FindProject;

  constructor(
    catalog: CatalogDb,
    private readonly corpora: CorpusRegistry,
  ) {
    this.projects = new FindProject(catalog);
  }

  execute(command: ExportProjectCommand): ExportProjectResult {
    const project = this.projects.byId(command.projectId);
    const corpus = this.corpora.get(project.id);
    corpus.exportTo(command.file);
    const { articles, sections, contexts } = corpus.stats();
    return { project, file: command.file, stats: { articles, sections, contexts } };
  }
}
