import type Database from 'better-sqlite3';
import { nanoid } from 'nanoid';
import type { ApiKeyRow, ProjectRole } from './accounts.types';

interface ApiKeyRecord {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  project_id: string | null;
  role: ProjectRole | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

const toKey = (r: ApiKeyRecord): ApiKeyRow => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  prefix: r.prefix,
  projectId: r.project_id,
  role: r.role,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  revokedAt: r.revoked_at,
});

export interface NewApiKey {
  userId: string;
  name: string;
  prefix: string;
  keyHash: string;
  projectId: string | null;
  role: ProjectRole | null;
}

/** API keys: the SHA-256 of each key and its visible prefix, never the key. */
export class ApiKeysRepository {
  private readonly insert: Database.Statement;
  private readonly byHash: Database.Statement<[string], ApiKeyRecord>;
  private readonly byId: Database.Statement<[string], ApiKeyRecord>;
  private readonly ofUser: Database.Statement<[string], ApiKeyRecord>;
  private readonly ofProject: Database.Statement<[string], ApiKeyRecord>;
  private readonly touch: Database.Statement<[string, string]>;
  private readonly revokeOne: Database.Statement<[string, string]>;

  constructor(db: Database.Database) {
    this.insert = db.prepare(
      `INSERT INTO api_keys (id, user_id, name, prefix, key_hash, project_id, role, created_at)
       VALUES (@id, @userId, @name, @prefix, @keyHash, @projectId, @role, @createdAt)`,
    );
    this.byHash = db.prepare('SELECT * FROM api_keys WHERE key_hash = ?');
    this.byId = db.prepare('SELECT * FROM api_keys WHERE id = ?');
    this.ofUser = db.prepare('SELECT * FROM api_keys WHERE user_id = ? ORDER BY created_at, rowid');
    this.ofProject = db.prepare('SELECT * FROM api_keys WHERE project_id = ? ORDER BY created_at, rowid');
    this.touch = db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?');
    this.revokeOne = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
  }

  create(key: NewApiKey): ApiKeyRow {
    const id = nanoid();
    this.insert.run({ id, ...key, createdAt: new Date().toISOString() });
    return this.findById(id)!;
  }

  findByHash(keyHash: string): ApiKeyRow | null {
    const row = this.byHash.get(keyHash);
    return row ? toKey(row) : null;
  }

  findById(id: string): ApiKeyRow | null {
    const row = this.byId.get(id);
    return row ? toKey(row) : null;
  }

  listByUser(userId: string): ApiKeyRow[] {
    return this.ofUser.all(userId).map(toKey);
  }

  listByProject(projectId: string): ApiKeyRow[] {
    return this.ofProject.all(projectId).map(toKey);
  }

  markUsed(id: string, at: string): void {
    this.touch.run(at, id);
  }

  /** False when the key was already revoked. */
  revoke(id: string, at: string): boolean {
    return this.revokeOne.run(at, id).changes > 0;
  }
}
