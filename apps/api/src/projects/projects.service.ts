import { Injectable } from '@nestjs/common';
import { ProjectCatalog } from '@lectern/application';
import type { ProjectResponseDto } from './dto/project.response.dto';

@Injectable()
export class ProjectsService {
  constructor(private readonly projects: ProjectCatalog) {}

  create(name: string): ProjectResponseDto {
    return this.projects.create(name);
  }

  list(): ProjectResponseDto[] {
    return this.projects.list();
  }

  get(id: string): ProjectResponseDto {
    return this.projects.get(id);
  }

  rename(id: string, name: string): ProjectResponseDto {
    return this.projects.rename(id, name);
  }

  remove(id: string): Promise<void> {
    return this.projects.remove(id);
  }
}
