import type { CatalogDb, ProjectRow } from '@lectern/corpus';
import { ProjectNotFoundError, removeProject, type CorpusRegistry } from '@lectern/ingest';
import type { ObjectStore } from '@lectern/storage';

export type ProjectListing = ProjectRow & { documentCount: number };

export interface ProjectStats {
  documents: number;
  ready: number;
  failed: number;
  /** Queued, parsing or embedding. */
  inProgress: number;
  articles: number;
  sections: number;
  contexts: number;
  /** Pages of the ready documents. */
  pages: number;
}

/** Creates, lists, renames and deletes projects; the project routes of the API. */
export class ProjectCatalog {
  constructor(
    private readonly catalog: CatalogDb,
    private readonly corpora: CorpusRegistry,
    private readonly store: ObjectStore,
  ) {}

  create(name: string): ProjectListing {
    return { ...this.catalog.projects.create(name), documentCount: 0 };
  }

  list(): ProjectListing[] {
    return this.catalog.projects.list();
  }

  /** The project with its counts; counting opens the project's corpus. */
  get(id: string): ProjectListing & { stats: ProjectStats } {
    const project = this.list().find((p) => p.id === id);
    if (!project) throw new ProjectNotFoundError(id);
    return { ...project, stats: this.stats(id) };
  }

  rename(id: string, name: string): ProjectListing & { stats: ProjectStats } {
    if (!this.catalog.projects.rename(id, name)) throw new ProjectNotFoundError(id);
    return this.get(id);
  }

  /** The project with every document, article and stored PDF in it. */
  async remove(id: string): Promise<void> {
    const { catalog, store, corpora } = this;
    if (!(await removeProject({ catalog, store, corpora }, id))) throw new ProjectNotFoundError(id);
  }

  private stats(id: string): ProjectStats {
    const documents = this.catalog.documents.listByProject(id);
    const ready = documents.filter((d) => d.status === 'ready');
    const failed = documents.filter((d) => d.status === 'failed').length;
    const corpus = ready.length > 0 ? this.corpora.get(id).stats() : { articles: 0, sections: 0, contexts: 0 };
    return {
      documents: documents.length,
      ready: ready.length,
      failed,
      inProgress: documents.length - ready.length - failed,
      ...corpus,
      pages: ready.reduce((sum, d) => sum + (d.pageCount ?? 0), 0),
    };
  }
}
