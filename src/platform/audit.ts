// Audit rows: who changed what, when, before and after — written in the transaction of the change.
import type { Tenant } from '../db/tenant.js';

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

export async function audit(tenant: Tenant, entry: AuditEntry): Promise<void> {
  await tenant
    .insert('audit_log', {
      user_id: tenant.userId,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      request_id: tenant.requestId,
    })
    .execute();
}
