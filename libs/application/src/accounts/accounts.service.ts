import type { CatalogDb, UserRow } from '@lectern/corpus';
import { InvalidCredentialsError, SetupClosedError, UserNotFoundError } from './accounts.errors';
import { parseNewUser, type NewUserInput } from './accounts.commands';
import type { PasswordHasher } from './password-hasher';
import type { Principal } from './principal';
import { hashToken, newToken } from './tokens';

export type Clock = () => number;

/** A key's last use is recorded to the minute: a busy key must not cost a catalog write on every request. */
const KEY_USE_RECORDED_EVERY_MS = 60_000;

/** API keys look like `lk_<8 characters>_<secret>`; the part before the second `_` is the prefix shown in lists. */
const API_KEY = /^lk_([A-Za-z0-9]{8})_[A-Za-z0-9_-]{20,}$/;

export interface SignedIn {
  user: UserRow;
  /** The cookie's value; only its hash is stored. */
  sessionToken: string;
  expiresAt: number;
}

/** Users, sign-in and sessions, API-key authentication and the first-run setup. */
export class Accounts {
  /** Hash of the one-time setup token while there is no user; null otherwise. */
  private setupTokenHash: string | null = null;
  /** A hash to verify against when the email is unknown, so both failures take as long. */
  private decoyHash: Promise<string> | null = null;

  constructor(
    private readonly catalog: CatalogDb,
    private readonly hasher: PasswordHasher,
    private readonly sessionMs: number,
    private readonly clock: Clock = Date.now,
  ) {}

  async createUser(input: NewUserInput): Promise<UserRow> {
    const { email, password, displayName, admin } = parseNewUser(input);
    return this.catalog.users.create({
      email,
      displayName: displayName || email.split('@')[0],
      passwordHash: password ? await this.hasher.hash(password) : null,
      role: admin ? 'admin' : 'user',
    });
  }

  listUsers(): UserRow[] {
    return this.catalog.users.list();
  }

  findUser(email: string): UserRow {
    const user = this.catalog.users.findByEmail(email);
    if (!user) throw new UserNotFoundError(email);
    return user;
  }

  hasUsers(): boolean {
    return this.catalog.users.count() > 0;
  }

  async signIn(email: string, password: string): Promise<SignedIn> {
    const user = this.catalog.users.findByEmailWithSecret(String(email ?? ''));
    if (!user?.passwordHash) {
      this.decoyHash ??= this.hasher.hash(newToken());
      await this.hasher.verify(await this.decoyHash, String(password ?? ''));
      throw new InvalidCredentialsError();
    }
    if (!(await this.hasher.verify(user.passwordHash, String(password ?? '')))) throw new InvalidCredentialsError();
    const { passwordHash: _secret, ...plain } = user;
    return this.openSession(plain);
  }

  /** A new session for a user already identified (password, OIDC, setup). */
  openSession(user: UserRow): SignedIn {
    const now = this.clock();
    const sessionToken = newToken();
    const expiresAt = now + this.sessionMs;
    this.catalog.sessions.create(hashToken(sessionToken), { userId: user.id, createdAt: now, expiresAt });
    this.catalog.sessions.purgeExpired(now);
    return { user, sessionToken, expiresAt };
  }

  signOut(sessionToken: string): void {
    this.catalog.sessions.delete(hashToken(sessionToken));
  }

  /** The caller behind a session cookie, or null when the session is unknown or expired. */
  bySession(sessionToken: string): Principal | null {
    const hash = hashToken(sessionToken);
    const session = this.catalog.sessions.find(hash);
    if (!session) return null;
    if (session.expiresAt <= this.clock()) {
      this.catalog.sessions.delete(hash);
      return null;
    }
    const user = this.catalog.users.findById(session.userId);
    return user ? { user, via: 'session', key: null } : null;
  }

  /** The caller behind an API key, or null when the key is malformed, unknown or revoked. */
  byApiKey(key: string): Principal | null {
    if (!API_KEY.test(key)) return null;
    const row = this.catalog.apiKeys.findByHash(hashToken(key));
    if (!row || row.revokedAt) return null;
    const user = this.catalog.users.findById(row.userId);
    if (!user) return null;
    const now = this.clock();
    if (row.lastUsedAt === null || now - Date.parse(row.lastUsedAt) >= KEY_USE_RECORDED_EVERY_MS) {
      this.catalog.apiKeys.markUsed(row.id, new Date(now).toISOString());
    }
    return { user, via: 'api-key', key: { id: row.id, projectId: row.projectId, role: row.role } };
  }

  /**
   * On a start with no user: a fresh one-time token for the setup link (valid until used, or until the next start);
   * null when a user exists.
   */
  openSetup(): string | null {
    if (this.hasUsers()) return null;
    const token = newToken();
    this.setupTokenHash = hashToken(token);
    return token;
  }

  setupOpen(): boolean {
    return this.setupTokenHash !== null && !this.hasUsers();
  }

  /** Creates the first admin through the setup link, and signs them in. */
  async completeSetup(token: string, input: NewUserInput): Promise<SignedIn> {
    if (!this.setupOpen() || hashToken(String(token ?? '')) !== this.setupTokenHash) throw new SetupClosedError();
    const user = await this.createUser({ ...input, admin: true });
    this.setupTokenHash = null;
    return this.openSession(user);
  }

  /** LECTERN_ADMIN_EMAIL/PASSWORD: the first admin, created at start when there is no user. Null when nothing was done. */
  async ensureInitialAdmin(admin: { email: string; password: string } | null): Promise<UserRow | null> {
    if (!admin || this.hasUsers()) return null;
    return this.createUser({ email: admin.email, password: admin.password, admin: true });
  }
}

export { API_KEY as API_KEY_PATTERN };
