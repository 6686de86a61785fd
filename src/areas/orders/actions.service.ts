// The quote actions besides its states: swapping pickups and deliveries (the return trip), repeating
// an order as a new quote, the driver's copy (no prices), the order's trips, the buying price, the
// warehouses check, recent addresses and contacts, and a customer's order statistics.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { fail, failAll, notFound, type Problem } from '../../platform/errors.js';
import { type AddressT, type CustomerRow, placesByIds, toAddress } from '../customers/index.js';
import type { warehouseRecords } from '../settings/index.js';
import * as repo from './actions.repository.js';
import type { CustomerStatsT, DriverCopyQueryT, OrderTripT, UpdateBuyingPriceT } from './actions.schemas.js';
import { logActivity } from './order-activity.js';
import { checkOpen, orderChange, STOP_RANK } from './order-state.js';
import { OrdersErrors } from './orders.errors.js';
import { orderUpdated } from './orders.events.js';
import * as orders from './orders.repository.js';
import { reprice } from './orders.reprice.js';
import type { OrderInputT, OrderT } from './orders.schemas.js';
import type { OrdersService } from './orders.service.js';
import type { StopType } from './orders.tables.js';
import { moveItems, type StopRef, updateStop } from './stops.repository.js';

const SWAPPED: Record<StopType, StopType> = { Pickup: 'Delivery', Delivery: 'Pickup', Transfer: 'Transfer' };

type WarehouseRow = Awaited<ReturnType<typeof warehouseRecords.reread>>;

// Each order is the route's, as its id gate read it: deleted ones too (`anyOrderRecords`), and
// locked for a change (`lockedOrderRecords`).
export function actionsService(ordersService: OrdersService) {
  const read = (t: Tenant, row: orders.OrderRow) => ordersService.answer(t, row);

  return {
    /** Pickups become deliveries and deliveries pickups (the way back); stops are ordered again
     *  pickups first, transfers in reverse; the items go to the new first pickup; the order is
     *  priced again. */
    async swap(t: Tenant, row: orders.OrderRow): Promise<null> {
      const order = checkOpen(row, 'swapping its stops');
      const id = order.id;
      const stops = await orders.stopsOf(t, [id]);
      // A stop's legs on routes follow its type: a pickup on a route cannot become a delivery there.
      const onRoute = stops.find((s) => s.route_id !== null);
      if (onRoute)
        throw fail(
          OrdersErrors.stopOnRoute,
          `Stop ${onRoute.id} is on route ${onRoute.route_id}: take the order's stops off their routes before swapping them.`,
        );
      const swapped = stops
        .map((s) => ({ ...s, type: SWAPPED[s.type] }))
        .sort((a, b) => STOP_RANK[a.type] - STOP_RANK[b.type] || (a.type === 'Transfer' ? b.sequence - a.sequence : a.sequence - b.sequence));
      for (const [k, s] of swapped.entries()) await updateStop(t, s.id, { type: s.type, sequence: k + 1 });
      // Items are loaded at pickups: those of the former pickups are loaded at the new first pickup.
      const firstPickup = swapped.find((s) => s.type === 'Pickup');
      const formerPickups = swapped.filter((s) => s.type === 'Delivery' && stops.find((o) => o.id === s.id)!.type === 'Pickup').map((s) => s.id);
      if (firstPickup) await moveItems(t, formerPickups, firstPickup.id);
      await reprice(t, id);
      await logActivity(t, [id], 'order.swapped', 'Pickups and deliveries swapped.');
      await audit(t, { action: 'order.swap', entityType: 'order', entityId: id, after: { stops: swapped.map((s) => ({ id: s.id, type: s.type })) } });
      await t.announce(orderUpdated, orderChange(order));
      return null;
    },

    /** A new quote with the order's customer, contact, stops (same places, no dates), items (no
     *  barcodes: those name one item) and terms, priced today. */
    async repeat(t: Tenant, row: orders.OrderRow): Promise<OrderT> {
      const source = await read(t, row);
      if (source.status === 'Deleted')
        throw fail(OrdersErrors.deleted, `Order ${source.id} (${source.orderNumber}) is deleted: restore it before repeating it.`);
      const input: OrderInputT = {
        customerId: source.customerId,
        contactId: source.contactId,
        shipmentTypeId: source.shipmentTypeId,
        referenceNumber: source.referenceNumber,
        notes: source.notes,
        currency: source.currency,
        distanceUnit: source.distanceUnit as 'mi' | 'km',
        weightUnit: source.weightUnit as 'lb' | 'kg',
        chargeTypeIds: source.chargeTypeIds,
        ...(source.isCustomPrice ? { totalPrice: source.totalPrice } : {}),
        stops: source.stops.map((s) => ({
          type: s.type,
          addressId: s.address.id,
          priority: s.priority,
          driverInstructions: s.driverInstructions,
          notes: s.notes,
          contactName: s.contactName,
          contactPhone: s.contactPhone,
          items: s.items.map((i) => ({ description: i.description, quantity: i.quantity, weight: i.weight, pallets: i.pallets })),
        })),
      };
      const made = await ordersService.create(t, input);
      await logActivity(t, [made.id], 'order.repeated', `Repeated from order ${source.orderNumber}.`);
      return made;
    },

    /** The order as the driver gets it: no prices; one stop (`stop`: the query's orderStopId, as the
     *  route's id gate read it; one of another order is missing), or the stops of one route, when asked. */
    async driverCopy(t: Tenant, row: orders.OrderRow, query: DriverCopyQueryT, stop: StopRef | undefined) {
      if (stop !== undefined && stop.order_id !== row.id) throw notFound('Order stop', stop.id);
      const order = await read(t, row);
      let stops = order.stops;
      if (stop !== undefined) stops = stops.filter((s) => s.id === stop.id);
      if (query.routeId != null) stops = stops.filter((s) => s.routeId === query.routeId);
      const { totalPrice, buyingPrice, isCustomPrice, priceLines, priceWarnings, chargeTypeIds, currency, ...rest } = order;
      return { ...rest, stops };
    },

    /** The legs of the order: pickups → each transfer → deliveries, with where each leg stands. */
    async trips(t: Tenant, row: orders.OrderRow): Promise<OrderTripT[]> {
      const order = await read(t, row);
      const phases: Array<typeof order.stops> = [];
      const pickups = order.stops.filter((s) => s.type === 'Pickup');
      const transfers = order.stops.filter((s) => s.type === 'Transfer');
      const deliveries = order.stops.filter((s) => s.type === 'Delivery');
      if (pickups.length > 0) phases.push(pickups);
      for (const tr of transfers) phases.push([tr]);
      if (deliveries.length > 0) phases.push(deliveries);
      const trips: OrderTripT[] = [];
      for (let k = 1; k < phases.length; k++) {
        const from = phases[k - 1]!;
        const to = phases[k]!;
        const legStops = [...from, ...to];
        const status = to.every((s) => s.routeStatus === 'Done')
          ? 'Delivered'
          : from.every((s) => s.routeStatus === 'Done')
            ? 'InTransit'
            : legStops.every((s) => s.routeId !== null)
              ? 'Assigned'
              : 'Open';
        trips.push({
          sequence: k,
          fromStopIds: from.map((s) => s.id),
          toStopIds: to.map((s) => s.id),
          fromCity: from[0]!.address.city,
          toCity: to[to.length - 1]!.address.city,
          status,
          routeIds: [...new Set(legStops.flatMap((s) => (s.routeId === null ? [] : [s.routeId])))],
        });
      }
      return trips;
    },

    async setBuyingPrice(t: Tenant, row: orders.OrderRow, input: UpdateBuyingPriceT): Promise<null> {
      const order = checkOpen(row, 'changing its buying price');
      const id = order.id;
      const price = input.buyingPrice === null ? null : Math.round(input.buyingPrice * 100) / 100;
      await repo.setBuyingPrice(t, id, price);
      await logActivity(t, [id], 'order.buying_price', price === null ? 'Buying price cleared.' : `Buying price set to ${price.toFixed(2)} ${order.currency}.`);
      await audit(t, {
        action: 'order.buying_price',
        entityType: 'order',
        entityId: id,
        before: { buyingPrice: order.buying_price },
        after: { buyingPrice: price },
      });
      return null;
    },

    /** Each warehouse (the company's: the route's id gate read them, in the order sent) must be
     *  active and placed (coordinates), to route through it. */
    validateWarehouses(rows: readonly WarehouseRow[]): null {
      const problems: Problem[] = [];
      for (const w of rows) {
        if (!w.is_active) problems.push({ code: OrdersErrors.warehouseUnusable, message: `Warehouse ${w.id} "${w.name}" is inactive.` });
        else if (w.latitude === null || w.longitude === null)
          problems.push({ code: OrdersErrors.warehouseUnusable, message: `Warehouse ${w.id} "${w.name}" has no coordinates: routes cannot go through it.` });
      }
      if (problems.length > 0) throw failAll(problems);
      return null;
    },

    /** `customer`: an active customer (the route's id gate read it), or none. */
    async recentAddresses(t: Tenant, count: number, customer: CustomerRow | undefined): Promise<AddressT[]> {
      const customerId = customer?.id ?? null;
      const ids = await repo.recentAddressIds(t, count, customerId);
      const byId = new Map((await placesByIds(t, ids)).map((p) => [p.id, p]));
      return ids.flatMap((i) => (byId.has(i) ? [toAddress(byId.get(i)!)] : []));
    },

    /** `customer`: an active customer (the route's id gate read it). */
    recentContact: (t: Tenant, customer: CustomerRow): Promise<number | null> => repo.recentContactId(t, customer.id),

    /** `customer`: active or deleted (the route's id gate read it so). */
    async customerStats(t: Tenant, customer: CustomerRow): Promise<CustomerStatsT> {
      const customerId = customer.id;
      const { counts, revenue } = await repo.statsOf(t, customerId);
      return {
        customerId,
        quotes: counts.quotes,
        openOrders: counts.open_orders,
        closedOrders: counts.closed_orders,
        deleted: counts.deleted,
        onHold: counts.on_hold,
        revenue: revenue.map((r) => ({ currency: r.currency, amount: Number(r.amount) })),
        averageOrderValue: revenue.map((r) => ({ currency: r.currency, amount: Number(r.average) })),
        firstOrderAt: counts.first_order_at,
        lastOrderAt: counts.last_order_at,
      };
    },
  };
}

export type ActionsService = ReturnType<typeof actionsService>;
