/** Rows of the catalog's account tables (catalog migration 0004), in camelCase. */

export type InstanceRole = 'admin' | 'user';
export type ProjectRole = 'owner' | 'instructor' | 'student';
export const PROJECT_ROLES: readonly ProjectRole[] = ['student', 'instructor', 'owner'];

export interface UserRow {
  id: string;
  email: string;
  displayName: string;
  role: InstanceRole;
  createdAt: string;
}

export interface UserWithSecret extends UserRow {
  passwordHash: string | null;
}

export interface MembershipRow {
  projectId: string;
  userId: string;
  role: ProjectRole;
  createdAt: string;
}

export type MemberRow = MembershipRow & { email: string; displayName: string };

export interface ApiKeyRow {
  id: string;
  userId: string;
  name: string;
  prefix: string;
  projectId: string | null;
  role: ProjectRole | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface InviteRow {
  id: string;
  projectId: string;
  role: ProjectRole;
  createdBy: string | null;
  createdAt: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  maxUses: number | null;
  uses: number;
  revokedAt: string | null;
}

export interface AuditRow {
  id: number;
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  projectId: string | null;
  action: string;
  target: string | null;
  detail: Record<string, unknown>;
}

export type NewAuditEntry = Omit<AuditRow, 'id' | 'at' | 'detail'> & { at?: string; detail?: Record<string, unknown> };
