import type Database from 'better-sqlite3';
import { nanoid } from 'nanoid';
import type { ProjectRow, ProjectWithCount } from './catalog.types';
import { ProjectNameTakenError } from './errors';

interface ProjectRecord {
  id: string;
  name: string;
  created_at: string;
}

function toProject(row: ProjectRecord): ProjectRow {
  return { id: row.id, name: row.name, createdAt: row.created_at };
}

export class ProjectsRepository {
  private readonly insert: Database.Statement;
  private readonly byId: Database.Statement<[string], ProjectRecord>;
  private readonly byName: Database.Statement<[string], ProjectRecord>;
  private readonly all: Database.Statement<[], ProjectRecord & { document_count: number }>;
  private readonly setName: Database.Statement<[string, string]>;
  private readonly deleteById: Database.Statement<[string]>;

  constructor(db: Database.Database) {
    this.insert = db.prepare('INSERT INTO projects (id, name, created_at) VALUES (@id, @name, @createdAt)');
    this.byId = db.prepare('SELECT * FROM projects WHERE id = ?');
    this.byName = db.prepare('SELECT * FROM projects WHERE name = ?');
    this.all = db.prepare(`
      SELECT p.*, (SELECT COUNT(*) FROM documents d WHERE d.project_id = p.id) AS document_count
      FROM projects p ORDER BY p.created_at, p.rowid`);
    this.setName = db.prepare('UPDATE projects SET name = ? WHERE id = ?');
    // Documents and jobs go with it (ON DELETE CASCADE).
    this.deleteById = db.prepare('DELETE FROM projects WHERE id = ?');
  }

  /** `id`: given by an import, which writes the corpus before the catalog row exists. */
  create(name: string, id: string = nanoid()): ProjectRow {
    const project: ProjectRow = { id, name, createdAt: new Date().toISOString() };
    try {
      this.insert.run(project);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ProjectNameTakenError(name);
      throw error;
    }
    return project;
  }

  /** The renamed project, or null when there is none; another project's name is refused. */
  rename(id: string, name: string): ProjectRow | null {
    try {
      if (this.setName.run(name, id).changes === 0) return null;
    } catch (error) {
      if (isUniqueViolation(error)) throw new ProjectNameTakenError(name);
      throw error;
    }
    return this.findById(id);
  }

  /** False when no project has this id. */
  delete(id: string): boolean {
    return this.deleteById.run(id).changes > 0;
  }

  findById(id: string): ProjectRow | null {
    const row = this.byId.get(id);
    return row ? toProject(row) : null;
  }

  findByName(name: string): ProjectRow | null {
    const row = this.byName.get(name);
    return row ? toProject(row) : null;
  }

  list(): ProjectWithCount[] {
    return this.all.all().map((row) => ({ ...toProject(row), documentCount: row.document_count }));
  }
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE';
}
