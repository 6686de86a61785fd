// The quote actions besides its states: swapping pickups and deliveries (the return trip), repeating
// an order as a new quote, the driver's copy (no prices), the order's trips, the buying price, the
// warehouses check, recent addresses and contacts, and a customer's order statistics.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { fail, failAll, notFound, type Problem } from '../../platform/errors.js';
import { type AddressT, placesByIds, requireCustomer, toAddress } from '../customers/index.js';
import { warehouseRecords } from '../settings/index.js';
import * as repo from './actions.repository.js';
import type { CustomerStatsT, DriverCopyQueryT, OrderTripT, QuoteWarehousesRequestT, UpdateBuyingPriceT } from './actions.schemas.js';
import { logActivity } from './order-activity.js';
import { openOrder, orderChange, STOP_RANK } from './order-state.js';
import { OrdersErrors } from './orders.errors.js';
import { orderUpdated } from './orders.events.js';
import * as orders from './orders.repository.js';
import { reprice } from './orders.reprice.js';
import type { OrderInputT, OrderT } from './orders.schemas.js';
import type { OrdersService } from './orders.service.js';
import type { StopType } from './orders.tables.js';
import { moveItems, updateStop } from './stops.repository.js';

const SWAPPED: Record<StopType, StopType> = { Pickup: 'Delivery', Delivery: 'Pickup', Transfer: 'Transfer' };

export function actionsService(ordersService: OrdersService) {
  const read = (t: Tenant, id: number) => ordersService.read(t, id);

  return {
    /** Pickups become deliveries and deliveries pickups (the way back); stops are ordered again
     *  pickups first, transfers in reverse; the items go to the new first pickup; the order is
     *  priced again. */
    async swap(t: Tenant, id: number): Promise<null> {
      const order = await openOrder(t, id, 'swapping its stops');
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
    async repeat(t: Tenant, id: number): Promise<OrderT> {
      const source = await read(t, id);
      if (source.status === 'Deleted') throw fail(OrdersErrors.deleted, `Order ${id} (${source.orderNumber}) is deleted: restore it before repeating it.`);
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

    /** The order as the driver gets it: no prices; one stop, or the stops of one route, when asked. */
    async driverCopy(t: Tenant, id: number, query: DriverCopyQueryT) {
      const order = await read(t, id);
      let stops = order.stops;
      if (query.orderStopId != null) {
        stops = stops.filter((s) => s.id === query.orderStopId);
        if (stops.length === 0) throw notFound('Order stop', query.orderStopId);
      }
      if (query.routeId != null) stops = stops.filter((s) => s.routeId === query.routeId);
      const { totalPrice, buyingPrice, isCustomPrice, priceLines, priceWarnings, chargeTypeIds, currency, ...rest } = order;
      return { ...rest, stops };
    },

    /** The legs of the order: pickups → each transfer → deliveries, with where each leg stands. */
    async trips(t: Tenant, id: number): Promise<OrderTripT[]> {
      const order = await read(t, id);
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

    async setBuyingPrice(t: Tenant, id: number, input: UpdateBuyingPriceT): Promise<null> {
      const order = await openOrder(t, id, 'changing its buying price');
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

    /** Each warehouse must be the company's, active, and placed (coordinates), to route through it. */
    async validateWarehouses(t: Tenant, input: QuoteWarehousesRequestT): Promise<null> {
      const rows = await warehouseRecords.requireAll(t, input.warehouseIds);
      const problems: Problem[] = [];
      for (const w of rows) {
        if (!w.is_active) problems.push({ code: OrdersErrors.warehouseUnusable, message: `Warehouse ${w.id} "${w.name}" is inactive.` });
        else if (w.latitude === null || w.longitude === null)
          problems.push({ code: OrdersErrors.warehouseUnusable, message: `Warehouse ${w.id} "${w.name}" has no coordinates: routes cannot go through it.` });
      }
      if (problems.length > 0) throw failAll(problems);
      return null;
    },

    async recentAddresses(t: Tenant, count: number, customerId: number | null): Promise<AddressT[]> {
      if (customerId !== null) await requireCustomer(t, customerId);
      const ids = await repo.recentAddressIds(t, count, customerId);
      const byId = new Map((await placesByIds(t, ids)).map((p) => [p.id, p]));
      return ids.flatMap((i) => (byId.has(i) ? [toAddress(byId.get(i)!)] : []));
    },

    async recentContact(t: Tenant, customerId: number): Promise<number | null> {
      await requireCustomer(t, customerId);
      return repo.recentContactId(t, customerId);
    },

    async customerStats(t: Tenant, customerId: number): Promise<CustomerStatsT> {
      await requireCustomer(t, customerId, [0, 1]);
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
