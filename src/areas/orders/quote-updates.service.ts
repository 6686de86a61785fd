// One step of a quote as the portal's wizard saves it (PUT /Quotes/{id}/{quoteUpdateType}):
//  - PickupDraft / PickupDone: the pickup stops are those sent; DeliveryDraft / DeliveryDone: the
//    delivery and transfer stops. A sent stop with an id is the order's stop, changed; one without
//    is new; a stop of those kinds not sent is removed (refused while it is on a route). Items go
//    the same way within a stop. A Done step makes a draft a quote once it has a pickup and a
//    delivery.
//  - Pricing: shipment type, accessorials, currency, distance, units, a price by hand (null: the
//    model's again). Recurrence and OrderRouteBehavior: those two fields.
// Every step also takes the order's own fields when sent (contact, reference, notes) and prices
// the order again. A closed or deleted order does not change.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { fail, invalid, notFoundAll } from '../../platform/errors.js';
import { text } from '../../platform/writes.js';
import { type AddressRow, type ContactRow, type CustomerRow, customerFromQuote, customerRecords } from '../customers/index.js';
import { logActivity } from './order-activity.js';
import { checkOpen, STOP_RANK } from './order-state.js';
import { OrdersErrors } from './orders.errors.js';
import { orderRouteItemsCompleted, orderUpdated, quoteStepSaved } from './orders.events.js';
import * as orders from './orders.repository.js';
import { reprice } from './orders.reprice.js';
import type { OrderT } from './orders.schemas.js';
import type { OrdersService } from './orders.service.js';
import type { StopType } from './orders.tables.js';
import * as repo from './quote-updates.repository.js';
import { QUOTE_UPDATE_TYPES, type QuoteStepBodyT, type QuoteStepQueryT, type StopUpdateT } from './quote-updates.schemas.js';
import { checkShapes, itemValues, placesFor, stopValues } from './stop-places.js';
import { updateStop } from './stops.repository.js';

const STEP_NAMES = Object.fromEntries(Object.entries(QUOTE_UPDATE_TYPES).map(([name, n]) => [n, name])) as Record<number, string>;
const KINDS: Record<number, StopType[]> = { 0: ['Pickup'], 1: ['Pickup'], 2: ['Delivery', 'Transfer'], 3: ['Delivery', 'Transfer'] };

const sent = <T extends object>(body: T, key: keyof T) => Object.hasOwn(body, key);

/** The records a step's body names, as the route's id gate read them (platform/id-gate.ts); its
 *  shipment type and charge types are only checked, by the gate, whatever the step; its stops' and
 *  items' ids are checked against the order's here. */
export interface StepRefs {
  /** Active or deleted (`STEP_CUSTOMER`): the order's own customer may be deleted; another one must be active. */
  customer: CustomerRow | undefined;
  contact: ContactRow | undefined;
  /** The places of the stops' addressIds. */
  places: readonly AddressRow[];
}

/** The stops of `kinds` become those sent (by id: changed; without: new; absent: removed). */
async function saveStops(t: Tenant, order: orders.OrderRow, kinds: StopType[], stops: readonly StopUpdateT[], named: readonly AddressRow[]): Promise<void> {
  stops.forEach((s, i) => {
    if (!kinds.includes(s.type))
      throw invalid(`stops[${i}].type`, `This step saves ${kinds.join(' and ').toLowerCase()} stops; a ${s.type} stop is saved by its own step.`);
  });
  const existing = await orders.stopsOf(t, [order.id]);
  const mine = existing.filter((s) => kinds.includes(s.type));
  const unknown = stops.flatMap((s) => (s.id != null && !mine.some((m) => m.id === s.id) ? [s.id] : []));
  if (unknown.length > 0) throw notFoundAll('Order stop', 'Order stops', unknown);
  const removed = mine.filter((m) => !stops.some((s) => s.id === m.id));
  const onRoute = removed.filter((m) => m.route_id !== null);
  if (onRoute.length > 0)
    throw fail(OrdersErrors.stopOnRoute, `Stop ${onRoute[0]!.id} is on route ${onRoute[0]!.route_id}: take it off the route before removing it.`);
  // A stop's legs on routes follow its type: a routed stop keeps it.
  const retyped = stops.flatMap((s) => mine.filter((m) => m.id === s.id && m.type !== s.type && m.route_id !== null));
  if (retyped.length > 0)
    throw fail(OrdersErrors.stopOnRoute, `Stop ${retyped[0]!.id} is on route ${retyped[0]!.route_id}: take it off the route before changing its type.`);

  // Barcodes: those new or changed must be free (an item keeping its own is not a clash).
  const items = await orders.itemsOf(t, [order.id]);
  const codes = stops.flatMap((s, i) =>
    (s.items ?? []).flatMap((item, j) => {
      const code = text(item.barcode);
      const current = item.id != null ? items.find((x) => x.id === item.id)?.barcode : undefined;
      return code !== null && code !== current ? [{ code, field: `stops[${i}].items[${j}].barcode` }] : [];
    }),
  );
  const taken = await orders.barcodesTaken(
    t,
    codes.map((c) => c.code),
  );
  const clash = codes.find((c) => taken.includes(c.code));
  if (clash) throw invalid(clash.field, `The barcode ${clash.code} is already used by another item of the company.`);

  await repo.deleteStops(
    t,
    removed.map((m) => m.id),
  );
  const places = await placesFor(t, order.customer_id, stops, named);
  const ids: number[] = [];
  for (const [k, s] of stops.entries()) {
    const values = stopValues(s, places[k]!.id);
    if (s.id != null) {
      await updateStop(t, s.id, values);
      ids.push(s.id);
    } else ids.push((await orders.insertStops(t, order.id, [{ ...values, sequence: 1000 + k }]))[0]!);
  }
  // Items of each sent stop: by id changed, without id new, absent removed.
  for (const [k, s] of stops.entries()) {
    const stopId = ids[k]!;
    const own = items.filter((x) => x.stop_id === stopId);
    const strange = (s.items ?? []).flatMap((item) => (item.id != null && !own.some((x) => x.id === item.id) ? [item.id] : []));
    if (strange.length > 0) throw notFoundAll('Item', 'Items', strange);
    await repo.deleteItems(
      t,
      own.filter((x) => !(s.items ?? []).some((item) => item.id === x.id)).map((x) => x.id),
    );
    for (const item of s.items ?? []) if (item.id != null) await repo.updateItem(t, item.id, itemValues(item));
    await orders.insertItems(
      t,
      order.id,
      (s.items ?? []).filter((item) => item.id == null).map((item) => ({ stop_id: stopId, ...itemValues(item) })),
    );
  }
  // Every stop of the order in its place again: by kind, then as sent (or as it was).
  const all = await orders.stopsOf(t, [order.id]);
  const position = (id: number, sequence: number) => {
    const at = ids.indexOf(id);
    return at >= 0 ? at : sequence;
  };
  const ordered = [...all].sort((a, b) => STOP_RANK[a.type] - STOP_RANK[b.type] || position(a.id, a.sequence) - position(b.id, b.sequence));
  for (const [k, s] of ordered.entries()) if (s.sequence !== k + 1) await updateStop(t, s.id, { sequence: k + 1 });
}

export function quoteUpdatesService(ordersService: OrdersService) {
  return {
    /** `row`: the order the route read, locked, deleted ones too (`lockedOrderRecords`). */
    async save(t: Tenant, row: orders.OrderRow, type: number, body: QuoteStepBodyT, query: QuoteStepQueryT, refs: StepRefs): Promise<OrderT | null> {
      const order = checkOpen(row, 'changing it');
      const id = order.id;
      const before = await ordersService.answer(t, order);
      const set: Parameters<typeof orders.updateOrder>[2] = {};

      let customerId = order.customer_id;
      if (query.createCustomerFromQuote) {
        if (!body.customer) throw invalid('customer', 'Send the customer to make (name, email, phone) with createCustomerFromQuote=true.');
        customerId = (await customerFromQuote(t, body.customer)).id;
      } else if (refs.customer !== undefined && refs.customer.id !== order.customer_id) {
        // The order moves to an active customer only (a deleted one is missing, as requireCustomer says).
        if (refs.customer.status !== 0) throw notFoundAll(customerRecords.what, customerRecords.plural, [refs.customer.id]);
        customerId = refs.customer.id;
      }
      if (customerId !== order.customer_id) {
        set.customer_id = customerId;
        // The old customer's contact does not follow the order to the new customer.
        if (!sent(body, 'contactId')) set.contact_id = null;
      }
      if (sent(body, 'contactId')) {
        const contact = refs.contact;
        if (contact !== undefined) {
          if (contact.customer_id !== customerId)
            throw fail(OrdersErrors.contactOfAnotherCustomer, `Contact ${contact.id} is not a contact of customer ${customerId}.`);
        }
        set.contact_id = body.contactId ?? null;
      }
      if (sent(body, 'referenceNumber')) set.reference_number = text(body.referenceNumber);
      if (sent(body, 'notes')) set.notes = text(body.notes);

      // A step without stops leaves them as they are.
      const kinds = KINDS[type];
      if (kinds && body.stops != null) {
        checkShapes(body.stops);
        await saveStops(t, { ...order, customer_id: customerId }, kinds, body.stops, refs.places);
        const types = (await orders.stopsOf(t, [id])).map((s) => s.type);
        if (order.status !== 'Dreft' && !(types.includes('Pickup') && types.includes('Delivery')))
          throw fail(
            OrdersErrors.incompleteQuote,
            `Order ${id} (${order.order_number}) is a ${order.status.toLowerCase()}: it keeps a pickup and a delivery stop.`,
          );
      }
      // The shipment type and charge types the body names were checked by the route's id gate,
      // whatever the step (another company's is a 404); they are saved by the step they belong to.
      if (type === QUOTE_UPDATE_TYPES.Pricing) {
        if (sent(body, 'shipmentTypeId')) set.shipment_type_id = body.shipmentTypeId ?? null;
        if (sent(body, 'chargeTypeIds')) set.charge_type_ids = body.chargeTypeIds ?? [];
        if (body.currency) set.currency = body.currency.toUpperCase();
        if (sent(body, 'distance')) {
          set.distance = body.distance ?? null;
          set.is_distance_given = body.distance != null;
        }
        if (body.distanceUnit) set.distance_unit = body.distanceUnit;
        if (body.weightUnit) set.weight_unit = body.weightUnit;
        if (sent(body, 'totalPrice')) {
          set.is_custom_price = body.totalPrice != null;
          if (body.totalPrice != null) set.total_price = Math.round(body.totalPrice * 100) / 100;
        }
      }
      if (type === QUOTE_UPDATE_TYPES.Recurrence) set.recurrence = body.recurrence ? JSON.stringify(body.recurrence) : null;
      if (type === QUOTE_UPDATE_TYPES.OrderRouteBehavior && body.routeBehavior) set.route_behavior = body.routeBehavior;

      // A done step makes a complete draft a quote.
      if ((type === QUOTE_UPDATE_TYPES.PickupDone || type === QUOTE_UPDATE_TYPES.DeliveryDone) && order.status === 'Dreft') {
        const types = (await orders.stopsOf(t, [id])).map((s) => s.type);
        if (types.includes('Pickup') && types.includes('Delivery')) set.status = 'Quote';
      }
      if (Object.keys(set).length > 0) await orders.updateOrder(t, [order], set);
      await reprice(t, id);
      // Stops on routes marked done by dispatch, which keeps the legs (orderRouteItemsCompleted).
      const completed = query.completeQuoteRouteItems ? await repo.stopsOnRoutesNotDone(t, id) : 0;
      if (completed > 0) await t.announce(orderRouteItemsCompleted, { orderId: id });

      const after = await ordersService.answer(t, await orders.orderRecords.reread(t, id, { includeDeleted: true }));
      const step = STEP_NAMES[type]!;
      await logActivity(
        t,
        [id],
        'order.updated',
        `${step} saved${set.status ? ': it is a quote now' : ''}${completed > 0 ? `; ${completed} stops done on their routes` : ''}.`,
      );
      await audit(t, { action: 'order.update', entityType: 'order', entityId: id, before, after });
      await t.announce(orderUpdated, { orderId: id, orderNumber: after.orderNumber, customerId: after.customerId, status: after.status });
      await t.announce(quoteStepSaved, { orderId: id, status: after.status, createInvoice: query.createInvoice !== false });
      return query.returnQuote === false ? null : after;
    },
  };
}

export type QuoteUpdatesService = ReturnType<typeof quoteUpdatesService>;
