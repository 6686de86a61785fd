// What the orders area's services share about an order's state: which orders may still change
// (and locking them while they do), how stops are ordered, what an announcement says, and today.
import type { Tenant } from '../../db/tenant.js';
import { fail } from '../../platform/errors.js';
import { OrdersErrors } from './orders.errors.js';
import { type OrderRow, orderRecords } from './orders.repository.js';
import type { OrderStatus, StopType } from './orders.tables.js';

/** Stops are kept pickups first, then transfers, then deliveries. */
export const STOP_RANK: Record<StopType, number> = { Pickup: 0, Transfer: 1, Delivery: 2 };

/** Today in UTC, 'YYYY-MM-DD' (the day prices and files are dated). */
export const today = () => new Date().toISOString().slice(0, 10);

/** The order, when it may still change (not closed, not deleted): `row` read locked, deleted ones
 *  too (a route's `lockedOrderRecords`), so that a close or delete of the order waits for this
 *  change, and this one for theirs. */
export function checkOpen(row: OrderRow, doing: string): OrderRow {
  if (row.status === 'Deleted') throw fail(OrdersErrors.deleted, `Order ${row.id} (${row.order_number}) is deleted: restore it before ${doing}.`);
  if (row.status === 'Closed') throw fail(OrdersErrors.closed, `Order ${row.id} (${row.order_number}) is closed: it can no longer be changed.`);
  return row;
}

/** As checkOpen, for an order id the request did not send (a stop's order, another area's call). */
export async function openOrder(t: Tenant, id: number, doing: string): Promise<OrderRow> {
  return checkOpen(await orderRecords.requireOne(t, id, { includeDeleted: true, lock: true }), doing);
}

/** What an order's announcement says: the order and its status (the new one, when it moves). */
export const orderChange = (row: { id: number; order_number: string; customer_id: number; status: OrderStatus }, status: OrderStatus = row.status) => ({
  orderId: row.id,
  orderNumber: row.order_number,
  customerId: row.customer_id,
  status,
});
