import type Database from 'better-sqlite3';
import type { MemberRow, MembershipRow, ProjectRole } from './accounts.types';

interface MembershipRecord {
  project_id: string;
  user_id: string;
  role: ProjectRole;
  created_at: string;
}

const toMembership = (r: MembershipRecord): MembershipRow => ({
  projectId: r.project_id,
  userId: r.user_id,
  role: r.role,
  createdAt: r.created_at,
});

export class MembershipsRepository {
  private readonly upsert: Database.Statement;
  private readonly one: Database.Statement<[string, string], MembershipRecord>;
  private readonly ofProject: Database.Statement<[string], MembershipRecord & { email: string; display_name: string }>;
  private readonly ofUser: Database.Statement<[string], MembershipRecord>;
  private readonly owners: Database.Statement<[string], { n: number }>;
  private readonly deleteOne: Database.Statement<[string, string]>;

  constructor(db: Database.Database) {
    this.upsert = db.prepare(
      `INSERT INTO memberships (project_id, user_id, role, created_at) VALUES (@projectId, @userId, @role, @createdAt)
       ON CONFLICT (project_id, user_id) DO UPDATE SET role = excluded.role`,
    );
    this.one = db.prepare('SELECT * FROM memberships WHERE project_id = ? AND user_id = ?');
    this.ofProject = db.prepare(`
      SELECT m.*, u.email, u.display_name FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.project_id = ? ORDER BY m.created_at, m.rowid`);
    this.ofUser = db.prepare('SELECT * FROM memberships WHERE user_id = ? ORDER BY created_at, rowid');
    this.owners = db.prepare("SELECT COUNT(*) AS n FROM memberships WHERE project_id = ? AND role = 'owner'");
    this.deleteOne = db.prepare('DELETE FROM memberships WHERE project_id = ? AND user_id = ?');
  }

  /** Adds the member, or sets the role of one already there. */
  set(projectId: string, userId: string, role: ProjectRole): MembershipRow {
    this.upsert.run({ projectId, userId, role, createdAt: new Date().toISOString() });
    return this.find(projectId, userId)!;
  }

  find(projectId: string, userId: string): MembershipRow | null {
    const row = this.one.get(projectId, userId);
    return row ? toMembership(row) : null;
  }

  listByProject(projectId: string): MemberRow[] {
    return this.ofProject.all(projectId).map((r) => ({ ...toMembership(r), email: r.email, displayName: r.display_name }));
  }

  listByUser(userId: string): MembershipRow[] {
    return this.ofUser.all(userId).map(toMembership);
  }

  countOwners(projectId: string): number {
    return this.owners.get(projectId)!.n;
  }

  /** False when the user was not a member. */
  remove(projectId: string, userId: string): boolean {
    return this.deleteOne.run(projectId, userId).changes > 0;
  }
}
