// Rules of quotes and orders: how one is made (its customer's, its stops at the company's places,
// numbered, priced), and the moves between states — Dreft → Quote → (approve) Order → (close)
// Closed; Deleted from any but Closed. A move the state does not allow is a 400 naming the rule and
// writes nothing; bulk moves are all or nothing, naming each refused id. Every change writes the
// order's activity log, an audit row and (state changes) the company event log, in its transaction.
import { randomUUID } from 'node:crypto';
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { fail, failAll, type Problem } from '../../platform/errors.js';
import type { CompanyEvent } from '../../platform/events.js';
import { text } from '../../platform/writes.js';
import { chargeTypeRecords } from '../charge-types/index.js';
import { type AddressRow, type ContactRow, type CustomerRow, contactRecords, placesByIds, requireCustomer } from '../customers/index.js';
import { shipmentTypeRecords } from '../pricing/index.js';
import { logActivity } from './order-activity.js';
import { orderChange, STOP_RANK, today } from './order-state.js';
import { orderFromRows, ordersOf } from './orders.answers.js';
import { OrdersErrors } from './orders.errors.js';
import { orderClosed, orderDeleted, orderPurged, orderPurging, quoteApproved, quoteCreated } from './orders.events.js';
import { priceOrder } from './orders.pricing.js';
import * as repo from './orders.repository.js';
import { searchTextOf } from './orders.reprice.js';
import type { OrderInputT, OrdersQueryT, OrderT } from './orders.schemas.js';
import type { OrderStatus, StopType } from './orders.tables.js';
import { type ListScope, listOrders } from './orders-list.js';
import { checkBarcodes, itemValues, keepStopPlaces, placesFor, stopValues } from './stop-places.js';

/** Generated order numbers start above this, so they read as order numbers (1001, 1002...). */
const FIRST_NUMBER = 1000;

/** What a new order without a number of its own is written with until it is numbered, last
 *  (`create`): unique, never a number a client could send (64 characters at most), seen by no
 *  other transaction. */
const provisionalNumber = () => `provisional ${randomUUID()} ${randomUUID()}`;

const complete = (types: readonly StopType[]) => types.includes('Pickup') && types.includes('Delivery');

/** The records a new order's body names, as the route's id gate read them (platform/id-gate.ts);
 *  its shipment type and charge types are only checked, by the gate. */
export interface OrderRefs {
  customer: CustomerRow;
  contact: ContactRow | undefined;
  /** The places of the stops' addressIds. */
  places: readonly AddressRow[];
}

/** The order's contact is one of its customer's. */
function checkContact(customer: CustomerRow, contact: ContactRow | undefined): void {
  if (contact !== undefined && contact.customer_id !== customer.id)
    throw fail(OrdersErrors.contactOfAnotherCustomer, `Contact ${contact.id} is not a contact of customer ${customer.id} (${customer.name}).`);
}

/** The records the body names, read here for a caller without the gate (an import's orderJson, a
 *  repeat, the demo): 404 naming the first one missing (a missing place is refused by placesFor). */
async function refsOf(t: Tenant, input: OrderInputT): Promise<OrderRefs> {
  const customer = await requireCustomer(t, input.customerId);
  const contact = input.contactId != null ? await contactRecords.requireOne(t, input.contactId) : undefined;
  checkContact(customer, contact);
  if (input.shipmentTypeId != null) await shipmentTypeRecords.requireOne(t, input.shipmentTypeId);
  await chargeTypeRecords.requireAll(t, input.chargeTypeIds ?? []);
  return {
    customer,
    contact,
    places: await placesByIds(
      t,
      input.stops.flatMap((s) => (s.addressId != null ? [s.addressId] : [])),
    ),
  };
}

export function ordersService() {
  /** The order of a row read (deleted ones too), answered whole. */
  async function answer(t: Tenant, row: repo.OrderRow, options: { moveCompletedToTheEnd?: boolean } = {}): Promise<OrderT> {
    const [order] = await ordersOf(t, [row]);
    if (options.moveCompletedToTheEnd)
      order!.stops.sort((a, b) => Number(a.routeStatus === 'Done') - Number(b.routeStatus === 'Done') || a.sequence - b.sequence);
    return order!;
  }

  /** The order of this id (deleted ones too), or 404: for an id the request did not send (other areas'). */
  async function read(t: Tenant, id: number, options: { moveCompletedToTheEnd?: boolean } = {}): Promise<OrderT> {
    return answer(t, await repo.orderRecords.requireOne(t, id, { includeDeleted: true }), options);
  }

  /** The order this request read already, after its change. */
  const reread = async (t: Tenant, id: number): Promise<OrderT> => answer(t, await repo.orderRecords.reread(t, id, { includeDeleted: true }));

  /** Moves orders to `to` and says so: activity, audit and the company event. */
  async function move(
    t: Tenant,
    rows: readonly repo.OrderRow[],
    to: OrderStatus,
    event: CompanyEvent<ReturnType<typeof orderChange>>,
    words: string,
    set: Parameters<typeof repo.updateOrder>[2],
  ) {
    if (rows.length === 0) return;
    await repo.updateOrder(t, rows, { status: to, ...set });
    for (const row of rows) {
      await logActivity(t, [row.id], `order.${to.toLowerCase()}`, words);
      await audit(t, { action: event.name, entityType: 'order', entityId: row.id, before: { status: row.status }, after: { status: to } });
      await t.announce(event, orderChange(row, to));
    }
  }

  /** The rows of these orders (deleted ones too), locked, or a 404 naming every id the company lacks:
   *  for ids other areas hand over (the gate reads a request's). */
  const rowsOf = (t: Tenant, ids: readonly number[]) => repo.orderRecords.requireAll(t, ids, { includeDeleted: true, lock: true });

  /** Why an order cannot be approved, if it cannot. */
  async function approvalProblems(t: Tenant, rows: readonly repo.OrderRow[]): Promise<Problem[]> {
    const stops = await repo.stopsOf(
      t,
      rows.map((r) => r.id),
    );
    const problems: Problem[] = [];
    for (const row of rows) {
      if (row.status === 'Deleted')
        problems.push({ code: OrdersErrors.deleted, message: `Order ${row.id} (${row.order_number}) is deleted: restore it before approving it.` });
      else if (row.status === 'Closed')
        problems.push({ code: OrdersErrors.notAQuote, message: `Order ${row.id} (${row.order_number}) is closed: only a quote can be approved.` });
      else if (row.status !== 'Order' && !complete(stops.filter((s) => s.order_id === row.id).map((s) => s.type)))
        problems.push({
          code: OrdersErrors.incompleteQuote,
          message: `Quote ${row.id} (${row.order_number}) needs a pickup and a delivery stop to be approved.`,
        });
    }
    return problems;
  }

  /** `rows` read locked, deleted ones too. */
  async function approve(t: Tenant, rows: readonly repo.OrderRow[]): Promise<null> {
    const problems = await approvalProblems(t, rows);
    if (problems.length > 0) throw failAll(problems);
    // An order approved already stays as it is: a repeated request changes nothing.
    await move(
      t,
      rows.filter((r) => r.status === 'Dreft' || r.status === 'Quote'),
      'Order',
      quoteApproved,
      'Quote approved: it is an order now.',
      { approved_at: new Date(), approved_by: t.userId },
    );
    return null;
  }

  /** `rows` read locked, deleted ones too. */
  async function remove(t: Tenant, rows: readonly repo.OrderRow[]): Promise<null> {
    const closed = rows.filter((r) => r.status === 'Closed');
    if (closed.length > 0)
      throw failAll(
        closed.map((r) => ({ code: OrdersErrors.closed, message: `Order ${r.id} (${r.order_number}) is closed: a closed order is kept, not deleted.` })),
      );
    const live = rows.filter((r) => r.status !== 'Deleted');
    // One statement for all (each keeps its status to come back to), then what each says.
    await repo.markDeleted(t, live);
    for (const row of live) {
      await logActivity(t, [row.id], 'order.deleted', 'Deleted.');
      await audit(t, { action: orderDeleted.name, entityType: 'order', entityId: row.id, before: { status: row.status }, after: { status: 'Deleted' } });
      await t.announce(orderDeleted, orderChange(row, 'Deleted'));
    }
    return null;
  }

  /** `row` read locked, deleted ones too. */
  async function close(t: Tenant, row: repo.OrderRow): Promise<OrderT> {
    const id = row.id;
    if (row.status === 'Deleted') throw fail(OrdersErrors.deleted, `Order ${id} (${row.order_number}) is deleted: restore it before closing it.`);
    if (row.status === 'Dreft' || row.status === 'Quote')
      throw fail(
        OrdersErrors.notAnOrder,
        `Order ${id} (${row.order_number}) is a ${row.status === 'Dreft' ? 'draft' : 'quote'}: approve it before closing it.`,
      );
    // Closed already: a repeated request changes nothing.
    if (row.status === 'Order') {
      await move(t, [row], 'Closed', orderClosed, 'Order closed.', { closed_at: new Date(), closed_by: t.userId });
      await keepStopPlaces(t, [id]);
    }
    return reread(t, id);
  }

  return {
    read,
    answer,

    list: (t: Tenant, query: OrdersQueryT, scope: ListScope) => listOrders(t, query, scope),

    /** `refs`: the records the body names as the route's id gate read them; absent, read here. */
    async create(t: Tenant, input: OrderInputT, refs?: OrderRefs): Promise<OrderT> {
      const { customer, contact, places: named } = refs ?? (await refsOf(t, input));
      checkContact(customer, contact);
      const types = input.stops.map((s) => s.type);
      const status = input.status ?? (complete(types) ? 'Quote' : 'Dreft');
      if (status === 'Quote' && !complete(types))
        throw fail(OrdersErrors.incompleteQuote, 'A quote needs a pickup and a delivery stop; save it as a draft (status Dreft) until then.');
      await checkBarcodes(t, input.stops);

      // Stops in their kept order, each with its place.
      const sent = input.stops.map((stop, i) => ({ stop, i })).sort((a, b) => STOP_RANK[a.stop.type] - STOP_RANK[b.stop.type] || a.i - b.i);
      const places = await placesFor(
        t,
        customer.id,
        sent.map((s) => s.stop),
        named,
      );
      const price = await priceOrder(
        t,
        {
          customerId: customer.id,
          currency: input.currency ?? null,
          distance: input.distance ?? null,
          distanceUnit: input.distanceUnit ?? null,
          weightUnit: input.weightUnit ?? 'lb',
          shipmentTypeId: input.shipmentTypeId ?? null,
          chargeTypeIds: input.chargeTypeIds ?? [],
          customTotal: input.totalPrice ?? null,
        },
        sent.map(({ stop }, k) => ({ type: stop.type, place: places[k]!, items: stop.items ?? [] })),
        today(),
      );
      // A number asked for is checked now, under the numbers' lock (two orders asking one number,
      // or a generated one, wait for each other); a generated one is given last (below).
      const asked = text(input.orderNumber);
      if (asked !== null) {
        await repo.holdNumbers(t);
        if (await repo.numberTaken(t, asked)) throw fail(OrdersErrors.duplicateNumber, `Another order of the company has the number ${asked}.`);
      }
      const order = await repo.insertOrder(t, {
        order_number: asked ?? provisionalNumber(),
        status,
        customer_id: customer.id,
        contact_id: input.contactId ?? null,
        shipment_type_id: input.shipmentTypeId ?? null,
        reference_number: text(input.referenceNumber),
        notes: text(input.notes),
        currency: price.currency,
        total_price: price.total,
        price_lines: JSON.stringify(price.lines),
        price_warnings: JSON.stringify(price.warnings),
        is_custom_price: input.totalPrice != null,
        distance: price.distance,
        is_distance_given: input.distance != null,
        distance_unit: price.distanceUnit,
        weight_unit: input.weightUnit ?? 'lb',
        charge_type_ids: input.chargeTypeIds ?? [],
        search_text: asked !== null ? searchTextOf(asked, customer.name, places) : '',
        created_by: t.userId,
      });
      const id = order.id;
      const stops = await repo.insertStopRows(
        t,
        id,
        // Kept pickups first, then transfers, then deliveries, each kind in the order sent.
        sent.map(({ stop }, k) => ({ ...stopValues(stop, places[k]!.id), sequence: k + 1 })),
      );
      const items = await repo.insertItems(
        t,
        id,
        sent.flatMap(({ stop }, k) => (stop.items ?? []).map((item) => ({ stop_id: stops[k]!.id, ...itemValues(item) }))),
      );
      await logActivity(t, [id], 'order.created', status === 'Dreft' ? 'Draft quote created.' : 'Quote created.');
      // Last, the company's rows every new order takes in turn, each locked until commit: the
      // number counter (numbers without gaps), then the event log and the status counts. Taken
      // here, one company's orders wait for each other for these few statements only, not for
      // the whole order's (bench -- orders).
      let orderNumber = asked;
      // A number a client gave by hand is skipped, not reused.
      for (let tries = 1; orderNumber === null; tries++) {
        const next = await repo.nextNumber(t, FIRST_NUMBER);
        if (await repo.giveNumber(t, id, next, searchTextOf(next, customer.name, places))) orderNumber = next;
        else if (tries === 1000) throw new Error(`order ${id}: no free number after 1,000 tries`);
      }
      await repo.countNewOrder(t, status);
      // The answer from the rows as written (what GET /Quotes/{id} reads back, without reading it).
      const created = orderFromRows({ ...order, order_number: orderNumber, customer_name: customer.name }, stops, items, places);
      await audit(t, { action: quoteCreated.name, entityType: 'order', entityId: id, after: created });
      await t.announce(quoteCreated, { orderId: id, orderNumber, customerId: customer.id, status });
      return created;
    },

    /** The quote read locked, deleted ones too (PUT /Quotes/ApproveQuote). */
    approve: (t: Tenant, row: repo.OrderRow) => approve(t, [row]),
    /** The quotes read locked, deleted ones too, in the order sent (PUT /Quotes/ApproveQuotesBulk). */
    approveMany: (t: Tenant, rows: readonly repo.OrderRow[]) => approve(t, rows),
    /** The orders read locked, deleted ones too, in the order sent (DELETE /Quotes). */
    removeMany: (t: Tenant, rows: readonly repo.OrderRow[]) => remove(t, rows),
    /** The order read locked, deleted ones too (DELETE /Quotes/{id}). */
    removeOne: (t: Tenant, row: repo.OrderRow) => remove(t, [row]),

    /** For other areas (an invoice paid, a route done): the order by id. */
    close: async (t: Tenant, id: number): Promise<OrderT> => close(t, (await rowsOf(t, [id]))[0]!),
    /** The order read locked, deleted ones too (PUT /Orders/{id}/close). */
    closeOne: close,

    /** The order's stops keep their places as they are now (its invoice was approved). */
    keepPlaces(t: Tenant, id: number): Promise<void> {
      return keepStopPlaces(t, [id]);
    },

    /** Removes the order (`row` read deleted or not) and everything hanging on it (stops, items and
     *  their events, holds, activities); its audit rows and company events stay, as history. */
    async purge(t: Tenant, row: repo.OrderRow): Promise<null> {
      const id = row.id;
      const before = await answer(t, row);
      // Routes keep their history: an order with a stop on a route is not purged.
      const routed = before.stops.find((s) => s.routeId !== null);
      if (routed)
        throw fail(OrdersErrors.stopOnRoute, `Stop ${routed.id} is on route ${routed.routeId}: an order on a route is deleted (restorable), not purged.`);
      await t.announce(orderPurging, { orderId: id, orderNumber: before.orderNumber });
      await repo.deleteOrder(t, id);
      await audit(t, { action: orderPurged.name, entityType: 'order', entityId: id, before });
      await t.announce(orderPurged, { orderId: id, orderNumber: before.orderNumber, customerId: before.customerId, status: before.status });
      return null;
    },

    /** Whether the company has an order with this number (any case, deleted ones included). */
    numberExists: (t: Tenant, orderNumber: string) => repo.numberTaken(t, orderNumber.trim()),
  };
}

export type OrdersService = ReturnType<typeof ordersService>;
