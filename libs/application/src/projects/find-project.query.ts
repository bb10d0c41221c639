import type { CatalogDb, ProjectRow } from '@lectern/corpus';
import { ProjectNotFoundError } from '@lectern/ingest';

/** Answers "which project is this?" for the use cases (by id) and the CLI (by name or id). */
export class FindProject {
  constructor(private readonly catalog: CatalogDb) {}

  /** The project with this id; ProjectNotFoundError when there is none. */
  byId(projectId: string): ProjectRow {
    const project = this.catalog.projects.findById(projectId);
    if (!project) throw new ProjectNotFoundError(projectId);
    return project;
  }

  /** The project with this name, else with this id; null when neither exists. */
  byNameOrId(nameOrId: string): ProjectRow | null {
    const wanted = nameOrId.trim();
    return this.catalog.projects.findByName(wanted) ?? this.catalog.projects.findById(wanted) ?? null;
  }

  /** `lectern ingest --project new-name` creates the project it names. */
  byNameOrIdOrCreate(nameOrId: string): ProjectRow {
    return this.byNameOrId(nameOrId) ?? this.catalog.projects.create(nameOrId.trim());
  }
}
