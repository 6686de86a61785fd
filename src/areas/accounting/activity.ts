// The invoice's activity (GET /Accounting/AuditLog): what happened to it, in words, by whom, written
// by every change in the change's transaction. Audit rows (before/after) are apart.
import type { Tenant } from '../../db/tenant.js';

export async function logInvoiceActivity(
  t: Tenant,
  invoiceIds: readonly number[],
  type: string,
  description: string,
  about: { orderId?: number | null; paymentId?: number | null } = {},
): Promise<void> {
  if (invoiceIds.length === 0) return;
  await t
    .insert(
      'invoice_activity',
      invoiceIds.map((invoiceId) => ({
        invoice_id: invoiceId,
        order_id: about.orderId ?? null,
        payment_id: about.paymentId ?? null,
        type,
        description,
        user_id: t.userId,
      })),
    )
    .execute();
}
