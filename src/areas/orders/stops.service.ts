// Rules of single stops: one added to an order (kept with its kind: pickups, transfers,
// deliveries), and the changes a dispatcher makes on the phone — the appointment (and, asked for,
// its request mailed to the site), the call outcome, the driver's instructions, the priority.
// A closed or deleted order's stops do not change. Each change writes the activity log (on the
// stop), an audit row on the order and the company event order_stop.changed; adding a stop
// re-prices the order.
import type { Tenant } from '../../db/tenant.js';
import { enqueueMail } from '../../integrations/mail/outbox.js';
import { audit } from '../../platform/audit.js';
import { fail, notFound } from '../../platform/errors.js';
import { text } from '../../platform/writes.js';
import { type AddressRow, formatAddress, placesByIds } from '../customers/index.js';
import { logActivity } from './order-activity.js';
import { checkOpen, openOrder, orderChange, STOP_RANK } from './order-state.js';
import { ordersOf } from './orders.answers.js';
import { OrdersErrors } from './orders.errors.js';
import { orderStopAdded, orderStopChanged, orderUpdated } from './orders.events.js';
import * as orders from './orders.repository.js';
import { reprice } from './orders.reprice.js';
import { MAX_STOPS, type OrderStopT, type StopInputT } from './orders.schemas.js';
import type { AppointmentStatus, StopPriority, StopType } from './orders.tables.js';
import { deleteStops } from './quote-updates.repository.js';
import { checkBarcodes, itemValues, placesFor, stopValues } from './stop-places.js';
import * as repo from './stops.repository.js';
import type { AppointmentQueryT, DriverInstructionsT, OrderItemEventT } from './stops.schemas.js';

/** Adds stops to an order (open, read locked), each after the last stop of its kind or of an
 *  earlier kind (later stops move down), prices the order again, and says so; answers the new
 *  stops' ids. `named`: the places of their addressIds, as the route's id gate read them. */
async function addStops(t: Tenant, order: orders.OrderRow, inputs: readonly StopInputT[], named?: readonly AddressRow[]): Promise<number[]> {
  const orderId = order.id;
  const has = (await orders.stopsOf(t, [orderId])).length;
  if (has + inputs.length > MAX_STOPS)
    throw fail(OrdersErrors.tooManyStops, `Order ${orderId} has ${has} stops: ${inputs.length} more would pass the ${MAX_STOPS} an order takes.`);
  await checkBarcodes(t, inputs);
  const places = await placesFor(t, order.customer_id, inputs, named);
  // Each after the last stop of its kind or of an earlier kind, the later ones moved down: the
  // order's stops placed in memory, then written once each.
  const existing = await orders.stopsOf(t, [orderId]);
  const placed: Array<{ id: number | null; type: StopType; k: number }> = existing.map((s) => ({ id: s.id, type: s.type, k: -1 }));
  for (const [k, input] of inputs.entries()) {
    const at = placed.filter((p) => STOP_RANK[p.type] <= STOP_RANK[input.type]).length;
    placed.splice(at, 0, { id: null, type: input.type, k });
  }
  for (const [n, p] of placed.entries()) {
    const was = existing.find((s) => s.id === p.id);
    if (was && was.sequence !== n + 1) await repo.updateStop(t, was.id, { sequence: n + 1 });
  }
  const sequences = inputs.map((_, k) => placed.findIndex((p) => p.k === k) + 1);
  const ids = await orders.insertStops(
    t,
    orderId,
    inputs.map((input, k) => ({ ...stopValues(input, places[k]!.id), sequence: sequences[k]! })),
  );
  await orders.insertItems(
    t,
    orderId,
    inputs.flatMap((input, k) => (input.items ?? []).map((item) => ({ stop_id: ids[k]!, ...itemValues(item) }))),
  );
  for (const [k, input] of inputs.entries())
    await logActivity(t, [orderId], 'stop.added', `${input.type} stop ${sequences[k]} added: ${places[k]!.street}, ${places[k]!.city}.`, ids[k]!);
  await reprice(t, orderId);
  const [row] = await ordersOf(t, [await orders.orderRecords.reread(t, orderId)]);
  for (const id of ids) {
    await audit(t, { action: orderStopAdded.name, entityType: 'order', entityId: orderId, after: row!.stops.find((s) => s.id === id) });
    await t.announce(orderStopAdded, { ...orderChange(order), stopId: id });
  }
  return ids;
}

// A stop or order a route names is as its id gate read it (platform/id-gate.ts): an order to change
// read locked, deleted ones too (`lockedOrderRecords`); the ids of other areas' calls are read here.
export function stopsService() {
  /** The stop as its order answers it, after its change. */
  async function answer(t: Tenant, orderId: number, stopId: number): Promise<OrderStopT> {
    const row = await orders.orderRecords.reread(t, orderId, { includeDeleted: true });
    return (await ordersOf(t, [row]))[0]!.stops.find((s) => s.id === stopId)!;
  }

  /** The stop and its order (read here, locked), when the order may change. */
  async function openStop(t: Tenant, stop: repo.StopRef, doing: string) {
    const order = await openOrder(t, stop.order_id, doing);
    return { stop, order };
  }

  /** As openStop, for a stop id another area sends (dispatch's transfers). */
  const openStopById = async (t: Tenant, stopId: number, doing: string) => openStop(t, await repo.stopRecords.requireOne(t, stopId), doing);

  async function changed(t: Tenant, order: orders.OrderRow, stop: repo.StopRef, action: string, words: string, after: Record<string, unknown>) {
    await logActivity(t, [order.id], `stop.${action}`, words, stop.id);
    await audit(t, { action: `order_stop.${action}`, entityType: 'order', entityId: order.id, after: { stopId: stop.id, ...after } });
    await t.announce(orderStopChanged, {
      orderId: order.id,
      orderNumber: order.order_number,
      customerId: order.customer_id,
      status: order.status,
      stopId: stop.id,
    });
  }

  const label = (stop: repo.StopRef) => `${stop.type} stop ${stop.sequence}`;

  return {
    /** For another area (dispatch's transfers): a stop added to the order of this id. */
    async add(t: Tenant, orderId: number, input: StopInputT): Promise<OrderStopT> {
      const [id] = await addStops(t, await openOrder(t, orderId, 'adding stops'), [input]);
      return answer(t, orderId, id!);
    },

    /** A stop added to the order the route read (locked, deleted ones too); `places`: the place of its addressId, if any. */
    async addTo(t: Tenant, order: orders.OrderRow, input: StopInputT, places: readonly AddressRow[]): Promise<OrderStopT> {
      const [id] = await addStops(t, checkOpen(order, 'adding stops'), [input], places);
      return answer(t, order.id, id!);
    },

    /** Removes a stop that holds no items (a transfer through a hub, say); the later stops move up
     *  and the order is priced again. Dispatch takes the stop off its routes first. */
    async remove(t: Tenant, stopId: number): Promise<null> {
      const { stop, order } = await openStopById(t, stopId, 'removing its stops');
      const items = (await orders.itemsOf(t, [order.id])).filter((i) => i.stop_id === stopId);
      if (items.length > 0)
        throw fail(OrdersErrors.stopHasItems, `${label(stop)} of order ${order.order_number} holds ${items.length} item(s): move them first.`);
      await deleteStops(t, [stopId]);
      for (const later of (await orders.stopsOf(t, [order.id])).filter((s) => s.sequence > stop.sequence))
        await repo.updateStop(t, later.id, { sequence: later.sequence - 1 });
      await logActivity(t, [order.id], 'stop.removed', `${label(stop)} removed.`);
      await reprice(t, order.id);
      await audit(t, { action: 'order_stop.remove', entityType: 'order', entityId: order.id, before: { stopId, type: stop.type, addressId: stop.address_id } });
      await t.announce(orderUpdated, orderChange(order));
      return null;
    },

    /** The stop at another place of the company (a transfer moved to another hub); priced again. */
    async move(t: Tenant, stopId: number, addressId: number): Promise<OrderStopT> {
      const { stop, order } = await openStopById(t, stopId, 'changing its stops');
      await repo.updateStop(t, stopId, { address_id: addressId });
      await reprice(t, order.id);
      await changed(t, order, stop, 'moved', `${label(stop)} moved to another place.`, { addressId, from: stop.address_id });
      return answer(t, order.id, stopId);
    },

    /** Stops of an import, added at once (the order priced once) to the order the route read (locked, deleted ones too). */
    addMany: (t: Tenant, order: orders.OrderRow, inputs: readonly StopInputT[]) => addStops(t, checkOpen(order, 'adding stops'), inputs),

    async setAppointment(t: Tenant, row: repo.StopRef, status: AppointmentStatus, query: AppointmentQueryT): Promise<OrderStopT> {
      const { stop, order } = await openStop(t, row, 'changing its stops');
      const stopId = stop.id;
      const email = text(query.appointmentEmail) ?? stop.appointment_email;
      if (query.sendRequest && !email)
        throw fail(
          OrdersErrors.noAppointmentEmail,
          `${label(stop)} of order ${order.order_number} has no appointment email: send appointmentEmail to mail the request.`,
        );
      await repo.updateStop(t, stopId, {
        appointment_status: status,
        ...(query.appointmentCode !== undefined ? { appointment_code: text(query.appointmentCode) } : {}),
        ...(email !== stop.appointment_email ? { appointment_email: email } : {}),
      });
      if (query.sendRequest) {
        const [place] = await placesByIds(t, [stop.address_id]);
        const where = place
          ? formatAddress({
              street: place.street,
              street2: place.street2,
              city: place.city,
              state: place.state,
              postalCode: place.postal_code,
              country: place.country,
            })
          : '';
        await enqueueMail(t, {
          kind: 'order.appointment_request',
          to: email!,
          subject: `Appointment request: order ${order.order_number}, ${stop.type.toLowerCase()} at ${place?.city ?? 'your site'}`,
          text:
            `Hello,\n\nWe would like to book an appointment for the ${stop.type.toLowerCase()} of order ${order.order_number} at\n${where}.\n\n` +
            `Please reply with a time that suits you and your appointment code.\n\nThank you.`,
        });
      }
      await changed(t, order, stop, 'appointment', `Appointment of ${label(stop)}: ${status}${query.sendRequest ? `, request mailed to ${email}` : ''}.`, {
        appointmentStatus: status,
        requestSentTo: query.sendRequest ? email : null,
      });
      return answer(t, order.id, stopId);
    },

    async setCallOutcome(t: Tenant, row: repo.StopRef, outcome: number): Promise<OrderStopT> {
      const { stop, order } = await openStop(t, row, 'changing its stops');
      const stopId = stop.id;
      await repo.updateStop(t, stopId, { call_outcome: outcome });
      const words = ['', 'call not made', 'possible', 'not possible'][outcome];
      await changed(t, order, stop, 'call_outcome', `Call outcome of ${label(stop)}: ${words}.`, { callOutcome: outcome });
      return answer(t, order.id, stopId);
    },

    async setDriverInstructions(t: Tenant, row: repo.StopRef, input: DriverInstructionsT): Promise<null> {
      const { stop, order } = await openStop(t, row, 'changing its stops');
      const stopId = stop.id;
      const instructions = text(input.driverInstructions);
      await repo.updateStop(t, stopId, { driver_instructions: instructions });
      await changed(t, order, stop, 'driver_instructions', `Driver instructions of ${label(stop)} ${instructions ? 'set' : 'cleared'}.`, {
        driverInstructions: instructions,
      });
      return null;
    },

    async setPriority(t: Tenant, row: repo.StopRef, priority: StopPriority): Promise<null> {
      const { stop, order } = await openStop(t, row, 'changing its stops');
      const stopId = stop.id;
      await repo.updateStop(t, stopId, { priority });
      await changed(t, order, stop, 'priority', `Priority of ${label(stop)}: ${priority}.`, { priority });
      return null;
    },

    /** The item's events when it is the order's (both as the route's id gate read them: the order deleted or not). */
    async itemEvents(t: Tenant, order: orders.OrderRow, item: { id: number; order_id: number }): Promise<OrderItemEventT[]> {
      if (item.order_id !== order.id) throw notFound('Item', item.id);
      return (await repo.itemEventsOf(t, item.id)).map((e) => ({
        id: e.id,
        itemId: e.item_id,
        orderId: e.order_id,
        stopId: e.stop_id,
        type: e.type,
        note: e.note,
        userId: e.user_id,
        createdAt: e.created_at,
      }));
    },
  };
}

export type StopsService = ReturnType<typeof stopsService>;
