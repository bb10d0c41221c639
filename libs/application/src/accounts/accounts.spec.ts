import Database from 'better-sqlite3';
import * as path from 'node:path';
import { CATALOG_FILE_NAME, CatalogDb } from '@lectern/corpus';
import { useTempDir } from '../../../corpus/src/testing/temp-dir.fixture';
import { InvalidCredentialsError, InviteUnusableError, LastOwnerError, SetupClosedError } from './accounts.errors';
import { Accounts } from './accounts.service';
import { ApiKeys } from './api-keys';
import { AuditTrail } from './audit-trail';
import { Invites } from './invites';
import { Argon2Hasher } from './password-hasher';
import type { Principal } from './principal';
import { ProjectAccess } from './project-access';
import { ProjectMembers } from './project-members';

const HOUR = 3_600_000;

describe(Accounts.name, () => {
  const dir = useTempDir('lectern-accounts-');
  let catalog: CatalogDb;
  let now: number;
  let accounts: Accounts;

  beforeEach(() => {
    catalog = CatalogDb.open(dir());
    now = Date.UTC(2026, 0, 1);
    accounts = new Accounts(catalog, new Argon2Hasher(), 8 * HOUR, () => now);
  });
  afterEach(() => catalog.close());

  const raw = () => new Database(path.join(dir(), CATALOG_FILE_NAME), { readonly: true });

  it('stores an argon2id hash, never the password, and signs in with it', async () => {
    await accounts.createUser({ email: 'Ada@Example.edu', password: 'correct horse' });
    const db = raw();
    const stored = db.prepare('SELECT password_hash FROM users').get() as { password_hash: string };
    db.close();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored.password_hash).not.toContain('correct horse');
    const signedIn = await accounts.signIn('ada@example.edu', 'correct horse');
    expect(signedIn.user.email).toBe('Ada@Example.edu');
  });

  it('answers a wrong password and an unknown email with the same error', async () => {
    await accounts.createUser({ email: 'ada@example.edu', password: 'correct horse' });
    await expect(accounts.signIn('ada@example.edu', 'wrong horse')).rejects.toThrow(InvalidCredentialsError);
    await expect(accounts.signIn('nobody@example.edu', 'correct horse')).rejects.toThrow(InvalidCredentialsError);
  });

  it('ends a session at its expiry, and at sign-out', async () => {
    const user = await accounts.createUser({ email: 'ada@example.edu', password: 'correct horse' });
    const { sessionToken, expiresAt } = accounts.openSession(user);
    expect(expiresAt).toBe(now + 8 * HOUR);
    now += 8 * HOUR - 1;
    expect(accounts.bySession(sessionToken)?.user.id).toBe(user.id);
    now += 1;
    expect(accounts.bySession(sessionToken)).toBeNull();
    const second = accounts.openSession(user).sessionToken;
    accounts.signOut(second);
    expect(accounts.bySession(second)).toBeNull();
  });

  it('stores only the hash of session tokens and API keys', async () => {
    const user = await accounts.createUser({ email: 'ada@example.edu', password: 'correct horse' });
    const { sessionToken } = accounts.openSession(user);
    const access = new ProjectAccess(catalog);
    const created = new ApiKeys(catalog, access, new AuditTrail(catalog)).create({ user, via: 'session', key: null }, { name: 'grader' });
    const dump = JSON.stringify([...rows('sessions'), ...rows('api_keys')]);
    expect(dump).not.toContain(sessionToken);
    expect(dump).not.toContain(created.key);
    expect(dump).toContain(created.prefix);
    expect(accounts.byApiKey(created.key)?.user.id).toBe(user.id);
  });

  it('records when a key was last used, to the minute: at most one write a minute per key', async () => {
    const user = await accounts.createUser({ email: 'ada@example.edu', password: 'correct horse' });
    const keys = new ApiKeys(catalog, new ProjectAccess(catalog), new AuditTrail(catalog));
    const created = keys.create({ user, via: 'session', key: null }, { name: 'grader' });
    const lastUsed = () => catalog.apiKeys.findById(created.id)?.lastUsedAt;
    expect(lastUsed()).toBeNull();
    accounts.byApiKey(created.key);
    expect(lastUsed()).toBe(new Date(now).toISOString());
    const first = now;
    now += 59_999;
    accounts.byApiKey(created.key);
    expect(lastUsed()).toBe(new Date(first).toISOString());
    now += 1;
    accounts.byApiKey(created.key);
    expect(lastUsed()).toBe(new Date(now).toISOString());
  });

  it('opens the setup link once, and only while there is no user', async () => {
    const token = accounts.openSetup()!;
    await expect(accounts.completeSetup('not-the-token', { email: 'a@b.c', password: 'long enough' })).rejects.toThrow(SetupClosedError);
    const { user } = await accounts.completeSetup(token, { email: 'admin@example.edu', password: 'long enough' });
    expect(user.role).toBe('admin');
    await expect(accounts.completeSetup(token, { email: 'again@example.edu', password: 'long enough' })).rejects.toThrow(SetupClosedError);
    expect(accounts.openSetup()).toBeNull();
  });

  function rows(table: string): unknown[] {
    const db = raw();
    try {
      return db.prepare(`SELECT * FROM ${table}`).all();
    } finally {
      db.close();
    }
  }
});

describe(Invites.name, () => {
  const dir = useTempDir('lectern-invites-');
  let catalog: CatalogDb;
  let now: number;
  let invites: Invites;
  let owner: Principal;
  let student: Principal;
  let projectId: string;

  beforeEach(() => {
    catalog = CatalogDb.open(dir());
    now = Date.UTC(2026, 0, 1);
    invites = new Invites(catalog, new ProjectAccess(catalog), new AuditTrail(catalog), () => now);
    projectId = catalog.projects.create('course').id;
    const user = (email: string) => catalog.users.create({ email, displayName: email, passwordHash: null, role: 'user' });
    owner = { user: user('owner@example.edu'), via: 'session', key: null };
    student = { user: user('student@example.edu'), via: 'session', key: null };
    catalog.memberships.set(projectId, owner.user.id, 'owner');
  });
  afterEach(() => catalog.close());

  it('stops working at its expiry', () => {
    const { token } = invites.create(owner, projectId, { role: 'student', expiresInHours: 2 });
    now += 2 * HOUR;
    expect(() => invites.accept(student, token)).toThrow(InviteUnusableError);
    expect(catalog.memberships.find(projectId, student.user.id)).toBeNull();
  });

  it('stops working once revoked, and after its last use', () => {
    const revoked = invites.create(owner, projectId, { role: 'student' });
    invites.revoke(owner, projectId, revoked.id);
    expect(() => invites.accept(student, revoked.token)).toThrow(/revoked/);
    const once = invites.create(owner, projectId, { role: 'student', maxUses: 1 });
    expect(invites.accept(student, once.token).role).toBe('student');
    const other: Principal = {
      ...student,
      user: catalog.users.create({ email: 'o@example.edu', displayName: 'o', passwordHash: null, role: 'user' }),
    };
    expect(() => invites.accept(other, once.token)).toThrow(/used up/);
    expect(new AuditTrail(catalog).list(projectId).map((e) => e.action)).toEqual([
      'invite.accept',
      'invite.create',
      'invite.revoke',
      'invite.create',
    ]);
  });

  it('keeps a project owner: the last one can neither step down nor leave', () => {
    const members = new ProjectMembers(catalog, new AuditTrail(catalog));
    expect(() => members.changeRole(owner, projectId, owner.user.id, 'student')).toThrow(LastOwnerError);
    expect(() => members.remove(owner, projectId, owner.user.id)).toThrow(LastOwnerError);
  });
});
