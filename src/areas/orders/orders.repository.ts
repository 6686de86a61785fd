// SQL of orders, their stops and items, through the company door. An order is answered whole in
// three statements whatever the number of orders (orders with their customer's name; their stops;
// their items), the stops' addresses through the customers area.
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { holdCounterQuery, nextValueQuery } from '../../platform/counters.js';
import { companyRecords } from '../../platform/records.js';
import type { OrderItemsTable, OrderStatus, OrderStopsTable, OrdersTable } from './orders.tables.js';
import { shiftStatusCounts } from './status-counts.js';

export const ORDER_COLUMNS = [
  'o.id',
  'o.order_number',
  'o.status',
  'o.status_before_delete',
  'o.customer_id',
  'c.name as customer_name',
  'o.contact_id',
  'o.shipment_type_id',
  'o.reference_number',
  'o.notes',
  'o.currency',
  'o.total_price',
  'o.buying_price',
  'o.price_lines',
  'o.price_warnings',
  'o.is_custom_price',
  'o.distance',
  'o.is_distance_given',
  'o.distance_unit',
  'o.weight_unit',
  'o.charge_type_ids',
  'o.recurrence',
  'o.route_behavior',
  'o.created_by',
  'o.approved_at',
  'o.closed_at',
  'o.deleted_at',
  'o.created_at',
  'o.updated_at',
] as const;

export type OrderRow = Omit<Selectable<OrdersTable>, 'company_id' | 'number_key' | 'search_text' | 'approved_by' | 'closed_by' | 'deleted_by'> & {
  customer_name: string;
};
export type StopRow = Omit<Selectable<OrderStopsTable>, 'company_id' | 'created_at' | 'updated_at'>;
export type ItemRow = Omit<Selectable<OrderItemsTable>, 'company_id' | 'created_at'>;

/** The company's orders with their customer's name; deleted ones only when asked for. */
export function orders(t: Tenant, includeDeleted = false) {
  const q = t.select('orders as o').innerJoin('customers as c', (j) => j.onRef('c.company_id', '=', 'o.company_id').onRef('c.id', '=', 'o.customer_id'));
  return includeDeleted ? q : q.where('o.status', '<>', 'Deleted');
}

export const selectOrders = (t: Tenant, includeDeleted = false) => orders(t, includeDeleted).select(ORDER_COLUMNS);

/** Quotes and orders by id: live ones, or (`includeDeleted`) deleted ones too; `lock` reads them
 *  FOR UPDATE, so a move decided on their status commits before another request's move reads it. */
export const orderRecords = companyRecords<OrderRow, number, { includeDeleted?: boolean; lock?: boolean } | undefined>({
  name: 'order',
  what: 'Order',
  read: (t, ids, options) =>
    selectOrders(t, options?.includeDeleted ?? false)
      .where('o.id', 'in', ids)
      .$if(options?.lock === true, (q) => q.forUpdate('o'))
      .execute() as Promise<OrderRow[]>,
});

/** How a route declares an order it reads whatever its status, deleted ones too (GET /Quotes/{id},
 *  its history, its papers): the id gate reads it so (platform/id-gate.ts). */
export const anyOrderRecords = orderRecords.with({ includeDeleted: true });

/** How a route declares an order it moves or changes: deleted ones too (the service refuses them by
 *  name: orders.deleted), locked until the change commits, as `openOrder` reads it. */
export const lockedOrderRecords = orderRecords.with({ includeDeleted: true, lock: true });

export function stopsOf(t: Tenant, orderIds: readonly number[]): Promise<StopRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return t
    .select('order_stops as s')
    .select([
      's.id',
      's.order_id',
      's.type',
      's.sequence',
      's.address_id',
      's.date',
      's.time_window_start',
      's.time_window_end',
      's.priority',
      's.appointment_status',
      's.appointment_code',
      's.appointment_email',
      's.call_outcome',
      's.driver_instructions',
      's.notes',
      's.contact_name',
      's.contact_phone',
      's.is_on_hold',
      's.route_id',
      's.route_sequence',
      's.route_status',
      's.done_at',
    ])
    .where('s.order_id', 'in', [...orderIds])
    .orderBy('s.order_id')
    .orderBy('s.sequence')
    .execute();
}

export function itemsOf(t: Tenant, orderIds: readonly number[]): Promise<ItemRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return t
    .select('order_items as i')
    .select(['i.id', 'i.order_id', 'i.stop_id', 'i.description', 'i.quantity', 'i.weight', 'i.pallets', 'i.barcode'])
    .where('i.order_id', 'in', [...orderIds])
    .orderBy('i.stop_id')
    .orderBy('i.id')
    .execute();
}

// ---- Writes

const NUMBER_COUNTER = 'order_number';

export type OrderValues = Omit<Insertable<OrdersTable>, 'company_id' | 'id'>;
export type StopValues = Omit<Insertable<OrderStopsTable>, 'company_id' | 'id' | 'order_id'>;
export type ItemValues = Omit<Insertable<OrderItemsTable>, 'company_id' | 'id' | 'order_id' | 'stop_id'>;

/** Inserts the order; answers its row as written (a new order's answer needs no second read).
 *  The caller counts it (`countNewOrder`) once it has its number, in the same transaction. */
export async function insertOrder(t: Tenant, values: OrderValues): Promise<Selectable<OrdersTable>> {
  return t.insert('orders', values).returningAll().executeTakeFirstOrThrow();
}

/** A new order enters the status counts (status-counts.ts). */
export async function countNewOrder(t: Tenant, status: OrderStatus): Promise<void> {
  await shiftStatusCounts(t, [{ from: null, to: status }]);
}

/** Inserts the stops (each with its own sequence); answers their rows in the order given. */
export async function insertStopRows(t: Tenant, orderId: number, stops: readonly StopValues[]): Promise<Array<Selectable<OrderStopsTable>>> {
  if (stops.length === 0) return [];
  const rows = await t
    .insert(
      'order_stops',
      stops.map((s) => ({ ...s, order_id: orderId })),
    )
    .returningAll()
    .execute();
  // By sequence (unique among the stops of one call): RETURNING promises no order.
  const bySequence = new Map(rows.map((r) => [r.sequence, r]));
  return stops.map((s) => bySequence.get(s.sequence)!);
}

/** Inserts the stops (each with its own sequence); answers their ids in the order given. */
export async function insertStops(t: Tenant, orderId: number, stops: readonly StopValues[]): Promise<number[]> {
  return (await insertStopRows(t, orderId, stops)).map((r) => r.id);
}

/** Inserts the items and records each one's first event (Created); answers the items' rows by
 *  stop and id, as itemsOf reads them. */
export async function insertItems(
  t: Tenant,
  orderId: number,
  items: ReadonlyArray<ItemValues & { stop_id: number }>,
): Promise<Array<Selectable<OrderItemsTable>>> {
  if (items.length === 0) return [];
  const rows = items.map((i) => ({ ...i, order_id: orderId }));
  const firstEvent = (m: { id: number; stop_id: number }) => ({ order_id: orderId, item_id: m.id, stop_id: m.stop_id, type: 'Created', user_id: t.userId });
  if (t.distributed) {
    // Citus runs a CTE's rows into another insert by COPY, which row security refuses: two statements.
    const made = await t.insert('order_items', rows).returningAll().execute();
    made.sort((a, b) => a.stop_id - b.stop_id || a.id - b.id);
    await t.insert('order_item_events', made.map(firstEvent)).execute();
    return made;
  }
  // One statement: the items, and from the rows written their first events.
  return t.db
    .with('i', () => t.insert('order_items', rows).returningAll())
    .with('e', (db) =>
      db
        .insertInto('order_item_events')
        .columns(['company_id', 'order_id', 'item_id', 'stop_id', 'type', 'user_id'])
        .expression((eb) =>
          eb
            .selectFrom('i')
            .select(['i.company_id', 'i.order_id', 'i.id', 'i.stop_id', sql<string>`'Created'`.as('type'), sql<string>`${t.userId}::text`.as('user_id')]),
        ),
    )
    .selectFrom('i')
    .selectAll()
    .orderBy('i.stop_id')
    .orderBy('i.id')
    .execute();
}

/** An order as its caller read it, locked (`lock: true`) when the write moves its status: the
 *  status it leaves is this one. */
export type LockedOrder = Pick<OrderRow, 'id' | 'status'>;

export async function updateOrder(t: Tenant, rows: readonly LockedOrder[], values: Omit<Partial<OrderValues>, 'created_at'>): Promise<void> {
  if (rows.length === 0) return;
  await t
    .update('orders')
    .set({ ...values, updated_at: new Date() })
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  const to = values.status;
  if (to)
    await shiftStatusCounts(
      t,
      rows.map((r) => ({ from: r.status, to })),
    );
}

/** Marks the orders deleted in one statement, each keeping the status it had. */
export async function markDeleted(t: Tenant, rows: readonly LockedOrder[]): Promise<void> {
  const live = rows.filter((r) => r.status !== 'Deleted');
  if (live.length === 0) return;
  await t
    .update('orders')
    .set({ status_before_delete: sql`status`, status: 'Deleted', deleted_at: new Date(), deleted_by: t.userId, updated_at: new Date() } as never)
    .where(
      'id',
      'in',
      live.map((r) => r.id),
    )
    .execute();
  await shiftStatusCounts(
    t,
    live.map((r) => ({ from: r.status, to: 'Deleted' })),
  );
}

/** Raises the company's order-number counter and answers the number it gives (`first` + the
 *  counter). The counter's row stays locked until commit (counters.ts): the company's orders are
 *  numbered in turn, and a number given by hand is checked under the same lock (`holdNumbers`). */
export async function nextNumber(t: Tenant, first: number): Promise<string> {
  const row = await nextValueQuery(t, NUMBER_COUNTER).returning(sql<string>`(${first} + company_counters.value)::text`.as('number')).executeTakeFirstOrThrow();
  return row.number;
}

/** Takes the order-number counter's lock without moving it: before a number given by hand is
 *  checked, so no generated number is given meanwhile. */
export async function holdNumbers(t: Tenant): Promise<void> {
  await holdCounterQuery(t, NUMBER_COUNTER).execute();
}

/** Gives the order `number` and the search text that goes with it unless an order has that number
 *  already (one given by hand): then false. A statement of its own after the counter's: it reads
 *  what committed while it waited for the counter's lock. */
export async function giveNumber(t: Tenant, orderId: number, number: string, searchText: string): Promise<boolean> {
  const row = await t
    .update('orders as o')
    .set({ order_number: number, search_text: searchText })
    .where('o.id', '=', orderId)
    .where(({ not, exists }) => not(exists(t.select('orders as x').select(sql`1`.as('one')).where('x.number_key', '=', number.toLowerCase()))))
    .returning('o.id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function numberTaken(t: Tenant, orderNumber: string, exceptId: number | null = null): Promise<boolean> {
  let q = t.select('orders').select('id').where('number_key', '=', orderNumber.toLowerCase());
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function barcodesTaken(t: Tenant, barcodes: readonly string[]): Promise<string[]> {
  if (barcodes.length === 0) return [];
  const rows = await t
    .select('order_items')
    .select('barcode')
    .where('barcode', 'in', [...barcodes])
    .execute();
  return rows.map((r) => r.barcode!);
}

/** Deletes the order; its stops, items, item events, holds and activities go with it (ON DELETE CASCADE). */
export async function deleteOrder(t: Tenant, id: number): Promise<void> {
  const gone = await t.delete('orders').where('id', '=', id).returning('status').execute();
  await shiftStatusCounts(
    t,
    gone.map((r) => ({ from: r.status, to: null })),
  );
}

/**
 * Dates an order and its history back to `at` (the demo's book spans three months): its moves an
 * hour apart from then on, its activities ten minutes apart. Values are computed here, not as
 * `column - interval` in SQL: Citus refuses a STABLE function over a column in an UPDATE.
 */
export async function backdateOrder(t: Tenant, orderId: number, at: Date): Promise<void> {
  const row = await t.select('orders').select(['approved_at', 'closed_at', 'deleted_at']).where('id', '=', orderId).executeTakeFirstOrThrow();
  const later = (hours: number) => new Date(at.getTime() + hours * 3_600_000);
  await t
    .update('orders')
    .set({
      created_at: at,
      updated_at: later(3),
      approved_at: row.approved_at && later(1),
      closed_at: row.closed_at && later(2),
      deleted_at: row.deleted_at && later(3),
    } as never)
    .where('id', '=', orderId)
    .execute();
  const activities = await t.select('order_activities').select(['id', 'note']).where('order_id', '=', orderId).orderBy('id').execute();
  for (const [k, a] of activities.entries()) {
    const when = new Date(at.getTime() + k * 600_000);
    await t
      .update('order_activities')
      .set({ created_at: when, note_at: a.note === null ? null : when } as never)
      .where('id', '=', a.id)
      .execute();
  }
  await t
    .update('order_holds')
    .set({ held_at: later(2) } as never)
    .where('order_id', '=', orderId)
    .execute();
}

/** Points these orders' stops at `to` where they point at `from` (a kept copy of the place). */
export async function repointStops(t: Tenant, orderIds: readonly number[], from: number, to: number): Promise<void> {
  await t
    .update('order_stops')
    .set({ address_id: to })
    .where('order_id', 'in', [...orderIds])
    .where('address_id', '=', from)
    .execute();
}
