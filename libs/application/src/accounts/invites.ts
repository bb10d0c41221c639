import type { CatalogDb, InviteRow, MembershipRow } from '@lectern/corpus';
import { ForbiddenError, InviteNotFoundError, InviteUnusableError } from './accounts.errors';
import { parseNewInvite, type NewInviteInput } from './accounts.commands';
import type { Clock } from './accounts.service';
import type { AuditTrail } from './audit-trail';
import { roleAtLeast, type Principal } from './principal';
import type { ProjectAccess } from './project-access';
import { hashToken, newToken } from './tokens';

export type CreatedInvite = InviteRow & { token: string };

/** Join links: an owner or instructor invites with a role up to their own, an expiry and an optional use limit. */
export class Invites {
  constructor(
    private readonly catalog: CatalogDb,
    private readonly access: ProjectAccess,
    private readonly audit: AuditTrail,
    private readonly clock: Clock = Date.now,
  ) {}

  create(actor: Principal, projectId: string, input: NewInviteInput): CreatedInvite {
    const { role, expiresInHours, maxUses } = parseNewInvite(input);
    const own = this.access.require(actor, projectId, 'instructor');
    if (!roleAtLeast(own, role)) throw new ForbiddenError(`an ${own} cannot invite an ${role}`);
    const token = newToken();
    const invite = this.catalog.invites.create({
      tokenHash: hashToken(token),
      projectId,
      role,
      createdBy: actor.via === 'auth-off' ? null : actor.user.id,
      expiresAt: this.clock() + expiresInHours * 3_600_000,
      maxUses: maxUses ?? null,
    });
    this.audit.record(actor, 'invite.create', projectId, invite.id, { role, expiresAt: new Date(invite.expiresAt).toISOString(), maxUses });
    return { ...invite, token };
  }

  list(projectId: string): InviteRow[] {
    return this.catalog.invites.listByProject(projectId);
  }

  revoke(actor: Principal, projectId: string, inviteId: string): void {
    const invite = this.catalog.invites.findById(inviteId);
    if (!invite || invite.projectId !== projectId) throw new InviteNotFoundError();
    this.catalog.invites.revoke(inviteId, new Date(this.clock()).toISOString());
    this.audit.record(actor, 'invite.revoke', projectId, inviteId);
  }

  /** What an invite link leads to, for the page that offers to join; errors when it cannot be used. */
  preview(token: string): { invite: InviteRow; projectName: string } {
    const invite = this.usable(token);
    return { invite, projectName: this.catalog.projects.findById(invite.projectId)?.name ?? '' };
  }

  /** The signed-in user joins the project (a member keeps a higher role they already have). */
  accept(actor: Principal, token: string): MembershipRow {
    if (actor.via !== 'session') throw new ForbiddenError('open an invite link signed in as yourself, not with an API key');
    const invite = this.usable(token);
    return this.catalog.transaction(() => {
      const current = this.catalog.memberships.find(invite.projectId, actor.user.id);
      if (current && roleAtLeast(current.role, invite.role)) return current;
      if (!this.catalog.invites.consume(invite.id, this.clock())) throw new InviteUnusableError('this invite link was used up');
      const membership = this.catalog.memberships.set(invite.projectId, actor.user.id, invite.role);
      this.audit.record(actor, 'invite.accept', invite.projectId, actor.user.email, { invite: invite.id, role: invite.role });
      return membership;
    });
  }

  private usable(token: string): InviteRow {
    const invite = this.catalog.invites.findByHash(hashToken(String(token ?? '')));
    if (!invite) throw new InviteNotFoundError();
    if (invite.revokedAt) throw new InviteUnusableError('this invite link was revoked');
    if (invite.expiresAt <= this.clock()) throw new InviteUnusableError('this invite link has expired');
    if (invite.maxUses !== null && invite.uses >= invite.maxUses) throw new InviteUnusableError('this invite link was used up');
    return invite;
  }
}
