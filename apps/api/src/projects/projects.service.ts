import { Injectable } from '@nestjs/common';
import { AuditTrail, FindProject, ProjectAccess, ProjectCatalog, type Principal } from '@lectern/application';
import type { ProjectResponseDto } from './dto/project.response.dto';

@Injectable()
export class ProjectsService {
  constructor(
    private readonly projects: ProjectCatalog,
    private readonly access: ProjectAccess,
    private readonly audit: AuditTrail,
    private readonly findProject: FindProject,
  ) {}

  create(auth: Principal, name: string): ProjectResponseDto {
    const project = this.projects.create(name);
    this.access.recordCreator(auth, project.id);
    this.audit.record(auth, 'project.create', project.id, project.name);
    return project;
  }

  /** Only the projects the caller may open. */
  list(auth: Principal): ProjectResponseDto[] {
    const visible = this.access.visibleProjectIds(auth);
    const all = this.projects.list();
    return visible ? all.filter((p) => visible.has(p.id)) : all;
  }

  get(id: string): ProjectResponseDto {
    return this.projects.get(id);
  }

  rename(auth: Principal, id: string, name: string): ProjectResponseDto {
    // The name only: `get` would open the corpus to count it.
    const before = this.findProject.byId(id).name;
    const project = this.projects.rename(id, name);
    this.audit.record(auth, 'project.rename', id, name, { from: before });
    return project;
  }

  async remove(auth: Principal, id: string): Promise<void> {
    const { name } = this.findProject.byId(id);
    await this.projects.remove(id);
    this.audit.record(auth, 'project.delete', id, name);
  }
}
