import type Database from 'better-sqlite3';
import { nanoid } from 'nanoid';
import type { InviteRow, ProjectRole } from './accounts.types';

interface InviteRecord {
  id: string;
  project_id: string;
  role: ProjectRole;
  created_by: string | null;
  created_at: string;
  expires_at: number;
  max_uses: number | null;
  uses: number;
  revoked_at: string | null;
}

const toInvite = (r: InviteRecord): InviteRow => ({
  id: r.id,
  projectId: r.project_id,
  role: r.role,
  createdBy: r.created_by,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  maxUses: r.max_uses,
  uses: r.uses,
  revokedAt: r.revoked_at,
});

export type NewInvite = Pick<InviteRow, 'projectId' | 'role' | 'createdBy' | 'expiresAt' | 'maxUses'> & { tokenHash: string };

/** Invite links to a project, keyed by the SHA-256 of their token. */
export class InvitesRepository {
  private readonly insert: Database.Statement;
  private readonly byHash: Database.Statement<[string], InviteRecord>;
  private readonly byId: Database.Statement<[string], InviteRecord>;
  private readonly ofProject: Database.Statement<[string], InviteRecord>;
  private readonly use: Database.Statement<[string, number]>;
  private readonly revokeOne: Database.Statement<[string, string]>;

  constructor(db: Database.Database) {
    this.insert = db.prepare(
      `INSERT INTO invites (id, token_hash, project_id, role, created_by, created_at, expires_at, max_uses)
       VALUES (@id, @tokenHash, @projectId, @role, @createdBy, @createdAt, @expiresAt, @maxUses)`,
    );
    this.byHash = db.prepare('SELECT * FROM invites WHERE token_hash = ?');
    this.byId = db.prepare('SELECT * FROM invites WHERE id = ?');
    this.ofProject = db.prepare('SELECT * FROM invites WHERE project_id = ? ORDER BY created_at, rowid');
    // One statement, so two people accepting the last use at once cannot both get it.
    this.use = db.prepare(`
      UPDATE invites SET uses = uses + 1
      WHERE id = ? AND revoked_at IS NULL AND expires_at > ? AND (max_uses IS NULL OR uses < max_uses)`);
    this.revokeOne = db.prepare('UPDATE invites SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
  }

  create(invite: NewInvite): InviteRow {
    const id = nanoid();
    this.insert.run({ id, ...invite, createdAt: new Date().toISOString() });
    return this.findById(id)!;
  }

  findByHash(tokenHash: string): InviteRow | null {
    const row = this.byHash.get(tokenHash);
    return row ? toInvite(row) : null;
  }

  findById(id: string): InviteRow | null {
    const row = this.byId.get(id);
    return row ? toInvite(row) : null;
  }

  listByProject(projectId: string): InviteRow[] {
    return this.ofProject.all(projectId).map(toInvite);
  }

  /** Counts one use; false when the invite is revoked, expired at `now` or used up. */
  consume(id: string, now: number): boolean {
    return this.use.run(id, now).changes > 0;
  }

  revoke(id: string, at: string): boolean {
    return this.revokeOne.run(at, id).changes > 0;
  }
}
