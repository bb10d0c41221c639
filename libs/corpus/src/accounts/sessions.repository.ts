import type Database from 'better-sqlite3';

export interface SessionRow {
  userId: string;
  /** Epoch milliseconds. */
  createdAt: number;
  expiresAt: number;
}

/** Web sessions, keyed by the SHA-256 of the cookie's token (the token itself is never stored). */
export class SessionsRepository {
  private readonly insert: Database.Statement;
  private readonly byHash: Database.Statement<[string], { user_id: string; created_at: number; expires_at: number }>;
  private readonly deleteOne: Database.Statement<[string]>;
  private readonly deleteExpired: Database.Statement<[number]>;

  constructor(db: Database.Database) {
    this.insert = db.prepare('INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)');
    this.byHash = db.prepare('SELECT user_id, created_at, expires_at FROM sessions WHERE token_hash = ?');
    this.deleteOne = db.prepare('DELETE FROM sessions WHERE token_hash = ?');
    this.deleteExpired = db.prepare('DELETE FROM sessions WHERE expires_at <= ?');
  }

  create(tokenHash: string, session: SessionRow): void {
    this.insert.run(tokenHash, session.userId, session.createdAt, session.expiresAt);
  }

  find(tokenHash: string): SessionRow | null {
    const row = this.byHash.get(tokenHash);
    return row ? { userId: row.user_id, createdAt: row.created_at, expiresAt: row.expires_at } : null;
  }

  delete(tokenHash: string): void {
    this.deleteOne.run(tokenHash);
  }

  /** Removes sessions that expired at or before `now`; returns how many. */
  purgeExpired(now: number): number {
    return this.deleteExpired.run(now).changes;
  }
}
