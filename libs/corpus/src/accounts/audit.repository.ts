import type Database from 'better-sqlite3';
import type { AuditRow, NewAuditEntry } from './accounts.types';

interface AuditRecord {
  id: number;
  at: string;
  actor_id: string | null;
  actor_email: string | null;
  project_id: string | null;
  action: string;
  target: string | null;
  detail: string;
}

/** Who did what, when: destructive and permission-changing actions, newest last. */
export class AuditRepository {
  private readonly insert: Database.Statement;
  private readonly ofProject: Database.Statement<[string, number], AuditRecord>;

  constructor(db: Database.Database) {
    this.insert = db.prepare(
      `INSERT INTO audit_log (at, actor_id, actor_email, project_id, action, target, detail)
       VALUES (@at, @actorId, @actorEmail, @projectId, @action, @target, @detail)`,
    );
    this.ofProject = db.prepare('SELECT * FROM audit_log WHERE project_id = ? ORDER BY id DESC LIMIT ?');
  }

  record(entry: NewAuditEntry): void {
    this.insert.run({ ...entry, at: entry.at ?? new Date().toISOString(), detail: JSON.stringify(entry.detail ?? {}) });
  }

  /** The project's latest entries, newest first. */
  listByProject(projectId: string, limit = 500): AuditRow[] {
    return this.ofProject.all(projectId, limit).map((r) => ({
      id: r.id,
      at: r.at,
      actorId: r.actor_id,
      actorEmail: r.actor_email,
      projectId: r.project_id,
      action: r.action,
      target: r.target,
      detail: JSON.parse(r.detail) as Record<string, unknown>,
    }));
  }
}
