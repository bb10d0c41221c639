import type { CatalogDb, ProjectRole } from '@lectern/corpus';
import { ArticleNotFoundError, DocumentNotFoundError, ProjectNotFoundError } from '@lectern/ingest';
import { ForbiddenError, NotSignedInError } from './accounts.errors';
import { isAdmin, lowerRole, roleAtLeast, type Principal } from './principal';

/** Where a route finds its project: a path parameter holding a project, document or article id. */
export type ProjectRef = { project: string } | { document: string } | { article: string };

/** Who may call a route; every route declares one. */
export type AccessPolicy =
  | { kind: 'public' }
  /** Any signed-in caller; `projectKeys: false` refuses keys limited to one project. */
  | { kind: 'signed-in'; projectKeys: boolean }
  | { kind: 'admin' }
  | { kind: 'project'; role: ProjectRole; ref: ProjectRef };

export interface AccessGrant {
  projectId: string | null;
  /** The caller's effective role in that project (admins count as owners). */
  role: ProjectRole | null;
}

/**
 * Answers "may this caller do this?" once per request. A project the caller is not a member of answers exactly
 * as a project that does not exist (404), so its existence does not leak; a member lacking the role gets 403.
 */
export class ProjectAccess {
  constructor(private readonly catalog: CatalogDb) {}

  check(principal: Principal | null, policy: AccessPolicy, params: Record<string, string | undefined>): AccessGrant {
    const none: AccessGrant = { projectId: null, role: null };
    if (policy.kind === 'public') return none;
    if (!principal) throw new NotSignedInError();
    if (policy.kind === 'signed-in') {
      if (!policy.projectKeys && principal.key?.projectId) throw new ForbiddenError('this API key is limited to one project');
      return none;
    }
    if (policy.kind === 'admin') {
      if (!isAdmin(principal)) throw new ForbiddenError('only an admin may do this');
      return none;
    }
    const { projectId, notFound } = this.resolve(policy.ref, params);
    const role = projectId ? this.roleIn(principal, projectId) : null;
    if (!projectId || !role) throw notFound;
    if (!roleAtLeast(role, policy.role)) throw new ForbiddenError(`this needs the ${policy.role} role in the project (you are ${role})`);
    return { projectId, role };
  }

  /** The caller's role in the project: admins are owners, keys are narrowed to their project and role; null when none. */
  roleIn(principal: Principal, projectId: string): ProjectRole | null {
    const key = principal.key;
    if (key?.projectId && key.projectId !== projectId) return null;
    const own = principal.user.role === 'admin' ? 'owner' : (this.catalog.memberships.find(projectId, principal.user.id)?.role ?? null);
    if (!own) return null;
    return key?.role ? lowerRole(own, key.role) : own;
  }

  /** The same check for use cases that name a project themselves (API keys, invites). */
  require(principal: Principal, projectId: string, role: ProjectRole): ProjectRole {
    const has = this.catalog.projects.findById(projectId) ? this.roleIn(principal, projectId) : null;
    if (!has) throw new ProjectNotFoundError(projectId);
    if (!roleAtLeast(has, role)) throw new ForbiddenError(`this needs the ${role} role in the project (you are ${has})`);
    return has;
  }

  /** The projects the caller may see: those `memberRoles` lists; null: all of them (an admin). */
  visibleProjectIds(principal: Principal): Set<string> | null {
    if (isAdmin(principal)) return null;
    return new Set(this.memberRoles(principal).map((m) => m.projectId));
  }

  /**
   * The caller's projects with its role in each, from one membership query (what `roleIn` answers for each of them);
   * an admin's is empty: an admin sees every project as an owner without being a member.
   */
  memberRoles(principal: Principal): Array<{ projectId: string; role: ProjectRole }> {
    const key = principal.key;
    if (key?.projectId) {
      const role = this.roleIn(principal, key.projectId);
      return role ? [{ projectId: key.projectId, role }] : [];
    }
    if (isAdmin(principal)) return [];
    return this.catalog.memberships
      .listByUser(principal.user.id)
      .map((m) => ({ projectId: m.projectId, role: key?.role ? lowerRole(m.role, key.role) : m.role }));
  }

  /** The creator of a project becomes its owner (AUTH=off has no real user to record). */
  recordCreator(principal: Principal, projectId: string): void {
    if (principal.via !== 'auth-off') this.catalog.memberships.set(projectId, principal.user.id, 'owner');
  }

  private resolve(ref: ProjectRef, params: Record<string, string | undefined>): { projectId: string | null; notFound: Error } {
    if ('project' in ref) {
      const id = params[ref.project] ?? '';
      return { projectId: this.catalog.projects.findById(id) ? id : null, notFound: new ProjectNotFoundError(id) };
    }
    if ('document' in ref) {
      const id = params[ref.document] ?? '';
      return { projectId: this.catalog.documents.findById(id)?.projectId ?? null, notFound: new DocumentNotFoundError(id) };
    }
    const id = params[ref.article] ?? '';
    return { projectId: this.catalog.documents.findByArticleId(id)?.projectId ?? null, notFound: new ArticleNotFoundError(id) };
  }
}
