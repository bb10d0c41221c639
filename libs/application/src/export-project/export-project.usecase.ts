import { rmSync } from 'node:fs';
import { ExportPdfWriter, type CatalogDb, type ExportedDocument, type ProjectRow } from '@lectern/corpus';
import type { CorpusRegistry } from '@lectern/ingest';
import type { ObjectStore } from '@lectern/storage';
import { FindProject } from '../projects/find-project.query';
import type { ExportProjectCommand } from './export-project.command';

export interface ExportProjectResult {
  project: ProjectRow;
  file: string;
  stats: { articles: number; sections: number; contexts: number; pdfs: number };
}

/**
 * Writes a consistent snapshot of a project's corpus that opens in plain sqlite3, listing its ready documents (and
 * with `withPdfs`, carrying their PDFs) so `lectern import` can rebuild the project: `GET /projects/:id/export`,
 * `lectern export`.
 */
export class ExportProject {
  private readonly projects: FindProject;

  constructor(
    private readonly catalog: CatalogDb,
    private readonly corpora: CorpusRegistry,
    private readonly store: ObjectStore,
  ) {
    this.projects = new FindProject(catalog);
  }

  async execute(command: ExportProjectCommand): Promise<ExportProjectResult> {
    const project = this.projects.byId(command.projectId);
    const corpus = this.corpora.get(project.id);
    const ready = this.catalog.documents.listByProject(project.id).filter((d) => d.status === 'ready' && d.articleId !== null);
    const documents: ExportedDocument[] = ready.map((d) => ({
      id: d.id,
      filename: d.filename,
      sha256: d.sha256,
      sizeBytes: d.sizeBytes,
      pageCount: d.pageCount,
      parsers: d.parsers,
      warnings: d.warnings,
    }));
    corpus.exportTo(command.file, documents);
    let pdfs = 0;
    if (command.withPdfs) {
      const writer = new ExportPdfWriter(command.file);
      try {
        for (const document of ready) {
          if (!(await this.store.exists(document.storageKey))) continue;
          writer.add(document.sha256, await this.store.get(document.storageKey));
          pdfs++;
        }
      } catch (error) {
        writer.close();
        rmSync(command.file, { force: true });
        throw error;
      } finally {
        writer.close();
      }
    }
    const { articles, sections, contexts } = corpus.stats();
    return { project, file: command.file, stats: { articles, sections, contexts, pdfs } };
  }
}
