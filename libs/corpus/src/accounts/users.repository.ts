import type Database from 'better-sqlite3';
import { nanoid } from 'nanoid';
import { EmailTakenError } from '../errors';
import { isUniqueViolation } from '../projects.repository';
import type { InstanceRole, UserRow, UserWithSecret } from './accounts.types';

interface UserRecord {
  id: string;
  email: string;
  display_name: string;
  password_hash: string | null;
  role: InstanceRole;
  oidc_subject: string | null;
  created_at: string;
}

const toUser = (r: UserRecord): UserRow => ({
  id: r.id,
  email: r.email,
  displayName: r.display_name,
  role: r.role,
  createdAt: r.created_at,
});

export interface NewUser {
  email: string;
  displayName: string;
  passwordHash: string | null;
  role: InstanceRole;
  oidcSubject?: string | null;
}

export class UsersRepository {
  private readonly insert: Database.Statement;
  private readonly byId: Database.Statement<[string], UserRecord>;
  private readonly byEmail: Database.Statement<[string], UserRecord>;
  private readonly bySubject: Database.Statement<[string], UserRecord>;
  private readonly all: Database.Statement<[], UserRecord>;
  private readonly total: Database.Statement<[], { n: number }>;
  private readonly setPassword: Database.Statement<[string, string]>;
  private readonly setSubject: Database.Statement<[string, string]>;

  constructor(db: Database.Database) {
    this.insert = db.prepare(
      `INSERT INTO users (id, email, display_name, password_hash, role, oidc_subject, created_at)
       VALUES (@id, @email, @displayName, @passwordHash, @role, @oidcSubject, @createdAt)`,
    );
    this.byId = db.prepare('SELECT * FROM users WHERE id = ?');
    this.byEmail = db.prepare('SELECT * FROM users WHERE email = ?');
    this.bySubject = db.prepare('SELECT * FROM users WHERE oidc_subject = ?');
    this.all = db.prepare('SELECT * FROM users ORDER BY created_at, rowid');
    this.total = db.prepare('SELECT COUNT(*) AS n FROM users');
    this.setPassword = db.prepare('UPDATE users SET password_hash = ? WHERE id = ?');
    this.setSubject = db.prepare('UPDATE users SET oidc_subject = ? WHERE id = ?');
  }

  create(user: NewUser): UserRow {
    const row = { id: nanoid(), ...user, oidcSubject: user.oidcSubject ?? null, createdAt: new Date().toISOString() };
    try {
      this.insert.run(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new EmailTakenError(user.email);
      throw error;
    }
    return toUser({ ...row, display_name: row.displayName, password_hash: null, oidc_subject: null, created_at: row.createdAt });
  }

  findById(id: string): UserRow | null {
    const row = this.byId.get(id);
    return row ? toUser(row) : null;
  }

  /** The user with this email (any case) and its password hash, for sign-in. */
  findByEmailWithSecret(email: string): UserWithSecret | null {
    const row = this.byEmail.get(email.trim());
    return row ? { ...toUser(row), passwordHash: row.password_hash } : null;
  }

  findByEmail(email: string): UserRow | null {
    const row = this.byEmail.get(email.trim());
    return row ? toUser(row) : null;
  }

  findByOidcSubject(subject: string): UserRow | null {
    const row = this.bySubject.get(subject);
    return row ? toUser(row) : null;
  }

  linkOidcSubject(id: string, subject: string): void {
    this.setSubject.run(subject, id);
  }

  changePassword(id: string, passwordHash: string): void {
    this.setPassword.run(passwordHash, id);
  }

  list(): UserRow[] {
    return this.all.all().map(toUser);
  }

  count(): number {
    return this.total.get()!.n;
  }
}
