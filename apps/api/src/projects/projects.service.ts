import { Inject, Injectable } from '@nestjs/common';
import { IngestRuntime, ProjectNotFoundError } from '@lectern/ingest';
import { INGEST_RUNTIME } from '../core/tokens';
import type { ProjectResponseDto } from './dto/project.response.dto';

@Injectable()
export class ProjectsService {
  constructor(@Inject(INGEST_RUNTIME) private readonly runtime: IngestRuntime) {}

  create(name: string): ProjectResponseDto {
    const project = this.runtime.catalog.projects.create(name);
    return { ...project, documentCount: 0 };
  }

  list(): ProjectResponseDto[] {
    return this.runtime.catalog.projects.list();
  }

  get(id: string): ProjectResponseDto {
    const project = this.list().find((p) => p.id === id);
    if (!project) throw new ProjectNotFoundError(id);
    return project;
  }
}
