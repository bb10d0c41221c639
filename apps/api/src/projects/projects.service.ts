import { Inject, Injectable } from '@nestjs/common';
import { CATALOG, CORPUS_REGISTRY, OBJECT_STORE } from '@lectern/application';
import type { CatalogDb } from '@lectern/corpus';
import { ProjectNotFoundError, removeProject, type CorpusRegistry } from '@lectern/ingest';
import type { ObjectStore } from '@lectern/storage';
import type { ProjectResponseDto, ProjectStatsDto } from './dto/project.response.dto';

@Injectable()
export class ProjectsService {
  constructor(
    @Inject(CATALOG) private readonly catalog: CatalogDb,
    @Inject(CORPUS_REGISTRY) private readonly corpora: CorpusRegistry,
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
  ) {}

  create(name: string): ProjectResponseDto {
    const project = this.catalog.projects.create(name);
    return { ...project, documentCount: 0 };
  }

  list(): ProjectResponseDto[] {
    return this.catalog.projects.list();
  }

  get(id: string): ProjectResponseDto {
    const project = this.list().find((p) => p.id === id);
    if (!project) throw new ProjectNotFoundError(id);
    return { ...project, stats: this.stats(id) };
  }

  rename(id: string, name: string): ProjectResponseDto {
    if (!this.catalog.projects.rename(id, name)) throw new ProjectNotFoundError(id);
    return this.get(id);
  }

  async remove(id: string): Promise<void> {
    const { catalog, store, corpora } = this;
    if (!(await removeProject({ catalog, store, corpora }, id))) throw new ProjectNotFoundError(id);
  }

  private stats(id: string): ProjectStatsDto {
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
