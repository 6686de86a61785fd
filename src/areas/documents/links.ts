// Links between documents and the orders and customers they belong to. A link is made at upload
// (fields orderId, customerId) or by the bulk actions link and unlink; the order or customer must
// be the company's (another company's reads as missing: 404). A link to a record deleted later is
// kept and listed with no label.
import type { Tenant } from '../../db/tenant.js';
import { customerRecords } from '../customers/index.js';
import { orderRecords } from '../orders/index.js';

export interface LinkTargets {
  orderId?: number | null | undefined;
  customerId?: number | null | undefined;
}

const targetsOf = (targets: LinkTargets) => {
  const out: Array<{ entity_type: 'Order' | 'Customer'; entity_id: number }> = [];
  if (targets.orderId !== null && targets.orderId !== undefined) out.push({ entity_type: 'Order', entity_id: targets.orderId });
  if (targets.customerId !== null && targets.customerId !== undefined) out.push({ entity_type: 'Customer', entity_id: targets.customerId });
  return out;
};

/** The targets exist in the company (else 404 naming them). */
export async function requireTargets(t: Tenant, targets: LinkTargets): Promise<void> {
  if (targets.orderId !== null && targets.orderId !== undefined) await orderRecords.requireOne(t, targets.orderId);
  if (targets.customerId !== null && targets.customerId !== undefined) await customerRecords.requireOne(t, targets.customerId);
}

export async function addLinks(t: Tenant, documentIds: number[], targets: LinkTargets): Promise<void> {
  const rows = documentIds.flatMap((document_id) => targetsOf(targets).map((target) => ({ document_id, ...target })));
  if (rows.length === 0) return;
  await t
    .insert('document_links', rows)
    .onConflict((oc) => oc.columns(['company_id', 'document_id', 'entity_type', 'entity_id']).doNothing())
    .execute();
}

export async function removeLinks(t: Tenant, documentIds: number[], targets: LinkTargets): Promise<void> {
  for (const target of targetsOf(targets)) {
    await t
      .delete('document_links')
      .where('document_id', 'in', documentIds)
      .where('entity_type', '=', target.entity_type)
      .where('entity_id', '=', target.entity_id)
      .execute();
  }
}

/** The document's links, orders first, with the order's number or the customer's name. */
export async function linksOf(t: Tenant, documentId: number) {
  const rows = await t
    .select('document_links as l')
    .select(['l.entity_type', 'l.entity_id', 'l.created_at'])
    .where('l.document_id', '=', documentId)
    .orderBy('l.entity_type', 'desc')
    .orderBy('l.entity_id')
    .execute();
  const orderIds = rows.filter((r) => r.entity_type === 'Order').map((r) => r.entity_id);
  const customerIds = rows.filter((r) => r.entity_type === 'Customer').map((r) => r.entity_id);
  const orders = new Map((orderIds.length ? await orderRecords.findAll(t, orderIds) : []).map((o) => [o.id, o.order_number as string | null]));
  const customers = new Map((customerIds.length ? await customerRecords.findAll(t, customerIds) : []).map((c) => [c.id, c.name as string | null]));
  return rows.map((r) => ({
    entityType: r.entity_type,
    entityId: r.entity_id,
    label: (r.entity_type === 'Order' ? orders.get(r.entity_id) : customers.get(r.entity_id)) ?? null,
    linkedAt: r.created_at,
  }));
}
