import type { ApiKeyRow, CatalogDb } from '@lectern/corpus';
import { ApiKeyNotFoundError, ForbiddenError } from './accounts.errors';
import { parseNewApiKey, type NewApiKeyInput } from './accounts.commands';
import type { AuditTrail } from './audit-trail';
import { isAdmin, roleAtLeast, type Principal } from './principal';
import type { ProjectAccess } from './project-access';
import { hashToken, newToken } from './tokens';

export type CreatedApiKey = ApiKeyRow & { key: string };

/** API keys for programs: the key is shown once; a key with a project acts only there, with at most its creator's role. */
export class ApiKeys {
  constructor(
    private readonly catalog: CatalogDb,
    private readonly access: ProjectAccess,
    private readonly audit: AuditTrail,
  ) {}

  create(actor: Principal, input: NewApiKeyInput): CreatedApiKey {
    const { name, projectId, role } = parseNewApiKey(input);
    if (actor.via === 'api-key') throw new ForbiddenError('an API key cannot create API keys');
    let keyRole = role ?? null;
    if (projectId) {
      const own = this.access.require(actor, projectId, 'student');
      if (keyRole && !roleAtLeast(own, keyRole)) throw new ForbiddenError(`a key cannot have more than your role (${own})`);
      keyRole ??= own;
    }
    const prefix = `lk_${newToken(12)
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 8)
      .padEnd(8, '0')}`;
    const key = `${prefix}_${newToken(24)}`;
    const row = this.catalog.apiKeys.create({
      userId: this.ownerId(actor),
      name,
      prefix,
      keyHash: hashToken(key),
      projectId: projectId ?? null,
      role: keyRole,
    });
    this.audit.record(actor, 'api-key.create', row.projectId, row.prefix, { name, role: keyRole });
    return { ...row, key };
  }

  /** The caller's own keys; with a project, that project's keys (for its owners). */
  list(actor: Principal, projectId?: string): ApiKeyRow[] {
    if (projectId) {
      this.access.require(actor, projectId, 'owner');
      return this.catalog.apiKeys.listByProject(projectId);
    }
    return this.catalog.apiKeys.listByUser(this.ownerId(actor));
  }

  /** Its creator, an admin, or an owner of the key's project may revoke a key. */
  revoke(actor: Principal, id: string): void {
    const key = this.catalog.apiKeys.findById(id);
    const mayRevoke =
      key &&
      (key.userId === this.ownerId(actor) ||
        isAdmin(actor) ||
        (key.projectId !== null && this.access.roleIn(actor, key.projectId) === 'owner'));
    if (!key || !mayRevoke) throw new ApiKeyNotFoundError(id);
    this.catalog.apiKeys.revoke(id, new Date().toISOString());
    this.audit.record(actor, 'api-key.revoke', key.projectId, key.prefix, { name: key.name });
  }

  /** AUTH=off has no user row: its keys belong to the first admin, created on demand. */
  private ownerId(actor: Principal): string {
    if (actor.via !== 'auth-off') return actor.user.id;
    const local = this.catalog.users.findByEmail('local@localhost');
    return (local ?? this.catalog.users.create({ email: 'local@localhost', displayName: 'Local user', passwordHash: null, role: 'admin' }))
      .id;
  }
}
