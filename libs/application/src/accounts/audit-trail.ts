import type { AuditRow, CatalogDb } from '@lectern/corpus';
import type { Principal } from './principal';

/** Records destructive and permission-changing actions (who, what, when); owners read a project's trail. */
export class AuditTrail {
  constructor(private readonly catalog: CatalogDb) {}

  record(
    actor: Principal | null,
    action: string,
    projectId: string | null,
    target: string | null,
    detail: Record<string, unknown> = {},
  ): void {
    this.catalog.audit.record({
      actorId: actor?.user.id ?? null,
      actorEmail: actor?.user.email ?? null,
      projectId,
      action,
      target,
      detail: actor?.key ? { ...detail, apiKey: actor.key.id } : detail,
    });
  }

  list(projectId: string): AuditRow[] {
    return this.catalog.audit.listByProject(projectId);
  }
}
