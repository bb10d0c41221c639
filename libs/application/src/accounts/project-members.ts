import type { CatalogDb, MemberRow, ProjectRole } from '@lectern/corpus';
import { LastOwnerError, UserNotFoundError } from './accounts.errors';
import { parseRole } from './accounts.commands';
import type { AuditTrail } from './audit-trail';
import type { Principal } from './principal';

/** A project's members: list, add by email, change a role, remove; a project always keeps an owner. */
export class ProjectMembers {
  constructor(
    private readonly catalog: CatalogDb,
    private readonly audit: AuditTrail,
  ) {}

  list(projectId: string): MemberRow[] {
    return this.catalog.memberships.listByProject(projectId);
  }

  add(actor: Principal | null, projectId: string, email: string, role: unknown): MemberRow {
    const wanted = parseRole(role);
    const user = this.catalog.users.findByEmail(String(email ?? ''));
    if (!user) throw new UserNotFoundError(String(email));
    this.catalog.memberships.set(projectId, user.id, wanted);
    this.audit.record(actor, 'member.add', projectId, user.email, { role: wanted });
    return this.member(projectId, user.id);
  }

  changeRole(actor: Principal, projectId: string, userId: string, role: unknown): MemberRow {
    const wanted = parseRole(role);
    return this.catalog.transaction(() => {
      const current = this.catalog.memberships.find(projectId, userId);
      if (!current) throw new UserNotFoundError(userId);
      if (current.role === 'owner' && wanted !== 'owner' && this.catalog.memberships.countOwners(projectId) <= 1)
        throw new LastOwnerError();
      this.catalog.memberships.set(projectId, userId, wanted);
      const member = this.member(projectId, userId);
      this.audit.record(actor, 'member.role', projectId, member.email, { from: current.role, to: wanted });
      return member;
    });
  }

  remove(actor: Principal, projectId: string, userId: string): void {
    this.catalog.transaction(() => {
      const current = this.catalog.memberships.find(projectId, userId);
      if (!current) throw new UserNotFoundError(userId);
      if (current.role === 'owner' && this.catalog.memberships.countOwners(projectId) <= 1) throw new LastOwnerError();
      const { email } = this.member(projectId, userId);
      this.catalog.memberships.remove(projectId, userId);
      this.audit.record(actor, 'member.remove', projectId, email, { role: current.role });
    });
  }

  private member(projectId: string, userId: string): MemberRow {
    return this.list(projectId).find((m) => m.userId === userId)!;
  }
}

export type { ProjectRole };
