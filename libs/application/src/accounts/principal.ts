import type { ProjectRole, UserRow } from '@lectern/corpus';

/** Who is calling: a signed-in user (cookie), a program (API key), or everyone on a laptop with AUTH=off. */
export interface Principal {
  readonly user: UserRow;
  readonly via: 'session' | 'api-key' | 'auth-off';
  /** Set when an API key authenticated the call; a key with a project acts only there, with its role. */
  readonly key: { readonly id: string; readonly projectId: string | null; readonly role: ProjectRole | null } | null;
}

/** AUTH=off: the one person at the keyboard, an admin. */
export const LOCAL_PRINCIPAL: Principal = {
  user: { id: 'local', email: 'local', displayName: 'Local user', role: 'admin', createdAt: new Date(0).toISOString() },
  via: 'auth-off',
  key: null,
};

/** An instance admin not narrowed to one project by an API key: sees every project, and /health details. */
export function isAdmin(principal: Principal | null | undefined): boolean {
  return principal?.user.role === 'admin' && !principal.key?.projectId;
}

const RANK: Record<ProjectRole, number> = { student: 1, instructor: 2, owner: 3 };

export function roleAtLeast(role: ProjectRole, required: ProjectRole): boolean {
  return RANK[role] >= RANK[required];
}

export function lowerRole(a: ProjectRole, b: ProjectRole): ProjectRole {
  return RANK[a] <= RANK[b] ? a : b;
}
