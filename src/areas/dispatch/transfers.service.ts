// Transfers through hubs. A transfer is a Transfer stop of the order (the orders area adds, moves
// and removes it); its legs follow it into the pool (legs.service.ts) and run on two routes.
// TransferOptions ranks the hubs by what going through each adds to the way from the order's last
// pickup to its first delivery: the optimizer's insertion code (rankInsertions) places the hub on a
// vehicle driving that way, one hub at a time. A transfer with a done leg stays as it is.
import type { Tenant } from '../../db/tenant.js';
import type { MatrixProvider } from '../../integrations/geo/matrix/index.js';
import { rankInsertions } from '../../optimize/index.js';
import { fail, invalid } from '../../platform/errors.js';
import { type AddressRow, placesByIds, toAddress } from '../customers/index.js';
import { driverRecords } from '../drivers/index.js';
import { ordersService, stopRecords, stopsService } from '../orders/index.js';
import type { warehouseRecords } from '../settings/index.js';
import type { AssignService } from './assign.service.js';
import { DispatchErrors } from './dispatch.errors.js';
import { legDetails, legsOfOrders, legsOfStops, legsOnRoutes } from './legs.repository.js';
import { legAnswers } from './route-answers.js';
import { lockRoutes, type RouteRow, routeRecords } from './routes.repository.js';
import { hubs } from './transfers.repository.js';
import type { TransferStopInputT } from './transfers.schemas.js';

const HORIZON = 10 ** 9;

type StopRow = Awaited<ReturnType<typeof stopRecords.reread>>;

/** The hub a request names, as the route's id gate read it: a warehouse, an address, or (refused) both or neither. */
export interface HubRecords {
  warehouse?: Awaited<ReturnType<typeof warehouseRecords.reread>>;
  address?: AddressRow;
}

export function transfersService(matrix: MatrixProvider, assign: AssignService) {
  const orders = ordersService();
  const stops = stopsService();

  /** The hub's place: a warehouse's, or an address of the company marked isHub — one of them. */
  function hubOf({ warehouse, address }: HubRecords, field: string, required = true) {
    if (warehouse && address) throw invalid(field, 'Send warehouseId or the hub address, not both.');
    if (address && !address.is_hub) throw invalid(field, `Address ${address.id} is not a hub: mark it isHub, or send a warehouse.`);
    if (!warehouse && !address && required) throw invalid(field, 'Name the hub: warehouseId, or an address marked isHub.');
    return { warehouseId: warehouse?.id ?? null, addressId: warehouse?.address_id ?? address?.id ?? null };
  }

  /** A Transfer stop, with its legs; a transfer none of whose legs is done may change. */
  async function transferOf(t: Tenant, stop: StopRow, changing: boolean) {
    const stopId = stop.id;
    if (stop.type !== 'Transfer') throw invalid('transferStopId', `Stop ${stopId} is a ${stop.type}, not a transfer.`);
    const legs = await legsOfStops(t, [stopId]);
    const done = legs.find((l) => l.status === 'Done');
    if (changing && done) throw fail(DispatchErrors.itemDone, `Transfer stop ${stopId} is done on route ${done.route_id}: it stays as it is.`);
    return { stop, legs };
  }

  /** The transfer as it is after the change. */
  async function answer(t: Tenant, stopId: number) {
    const { stop, legs } = await transferOf(t, await stopRecords.reread(t, stopId), false);
    const [place] = await placesByIds(t, [stop.address_id]);
    const warehouse = (await hubs(t)).find((h) => h.address_id === stop.address_id && h.warehouse_id !== null);
    return {
      id: stopId,
      orderId: stop.order_id,
      warehouseId: warehouse?.warehouse_id ?? null,
      address: place ? toAddress(place) : null,
      legs: await legAnswers(t, await legDetails(t, { legIds: legs.map((l) => l.id) })),
      options: [],
    };
  }

  /** The order and the hub: the id gate read them (`hub`: its rows). */
  async function add(t: Tenant, input: TransferStopInputT, records: HubRecords) {
    const hub = hubOf(records, 'warehouseId');
    return stops.add(t, input.orderId, {
      type: 'Transfer',
      addressId: hub.addressId!,
      date: input.date ?? null,
      timeWindowStart: input.timeWindowStart ?? null,
      timeWindowEnd: input.timeWindowEnd ?? null,
      notes: input.notes ?? null,
    });
  }

  return {
    add,

    async assignHub(t: Tenant, input: TransferStopInputT, records: HubRecords): Promise<null> {
      await add(t, input, records);
      return null;
    },

    /** The hubs ranked for the order; writes nothing. */
    async options(t: Tenant, input: TransferStopInputT, records: HubRecords) {
      hubOf(records, 'warehouseId', false);
      const order = await orders.read(t, input.orderId);
      const located = (s: (typeof order.stops)[number] | undefined) => s && s.address.latitude != null && s.address.longitude != null;
      const from = order.stops.filter((s) => s.type === 'Pickup').at(-1);
      const to = order.stops.find((s) => s.type === 'Delivery');
      if (!located(from) || !located(to)) throw invalid('orderId', `Order ${order.id} needs a pickup and a delivery with coordinates to rank hubs.`);
      const candidates = (await hubs(t)).filter(
        (h) => h.latitude !== null && h.longitude !== null && h.address_id !== from!.address.id && h.address_id !== to!.address.id,
      );
      const points = [from!.address, to!.address]
        .map((a) => ({ lat: a.latitude!, lon: a.longitude! }))
        .concat(candidates.map((h) => ({ lat: h.latitude!, lon: h.longitude! })));
      const travel = await matrix.matrix(points);
      const vehicle = { id: 'way', start: 0, end: 1, shift: [0, HORIZON] as [number, number], capacity: [] };
      const options = candidates
        .map((h, k) => {
          const [rank] = rankInsertions({ matrix: travel, vehicles: [vehicle], jobs: [] }, [{ vehicleId: 'way', stops: [] }], {
            kind: 'delivery',
            id: 'hub',
            location: k + 2,
            service: 0,
            windows: [[0, HORIZON]],
            demand: [],
          });
          return {
            warehouseId: h.warehouse_id,
            addressId: h.address_id,
            name: h.name,
            city: h.city,
            addedDistanceMeters: Math.round(rank!.addedDistance),
            addedDurationSeconds: Math.round(rank!.addedDuration),
          };
        })
        .sort((a, b) => a.addedDistanceMeters - b.addedDistanceMeters || a.addressId - b.addressId);
      const best = options[0];
      const [place] = best ? await placesByIds(t, [best.addressId]) : [];
      return { id: null, orderId: order.id, warehouseId: best?.warehouseId ?? null, address: place ? toAddress(place) : null, legs: [], options };
    },

    async routeItems(t: Tenant, route: RouteRow, transferStopIds: readonly number[] | undefined) {
      const routeId = route.id;
      const ids = new Set(transferStopIds ?? []);
      const legs = (await legsOnRoutes(t, [routeId])).filter(
        (l) => (l.kind === 'DeliveryToTransfer' || l.kind === 'PickupFromTransfer') && (ids.size === 0 || ids.has(l.stop_id)),
      );
      return legAnswers(t, await legDetails(t, { legIds: legs.map((l) => l.id) }));
    },

    /** Removes the transfer: its legs leave their routes, then the stop goes. */
    async remove(t: Tenant, stop: StopRow): Promise<null> {
      const { legs } = await transferOf(t, stop, true);
      await assign.release(t, legs, 'route.transfer_removed');
      return stops.remove(t, stop.id);
    },

    /** The transfer through another hub; routes holding its legs keep them, measured again. */
    async move(t: Tenant, stop: StopRow, records: HubRecords) {
      const stopId = stop.id;
      const { legs } = await transferOf(t, stop, true);
      const hub = hubOf(records, 'id');
      await stops.move(t, stopId, hub.addressId!);
      const notices = [];
      const routeIds = [...new Set(legs.flatMap((l) => (l.route_id === null ? [] : [l.route_id])))].sort((a, b) => a - b);
      await lockRoutes(t, routeIds);
      for (const routeId of routeIds) {
        const order = (await legsOnRoutes(t, [routeId])).map((l) => l.id);
        notices.push(...(await assign.arrange(t, routeId, order, { action: 'route.transfer_moved' })));
        notices.push({ type: 'Warning', message: `Route ${routeId} keeps the transfer's leg at its new place: check its order.` });
      }
      return { answer: await answer(t, stopId), notices };
    },

    async snapshot(t: Tenant, orderRow: { id: number }) {
      const orderId = orderRow.id;
      const order = await orders.read(t, orderId);
      const legs = await legsOfOrders(t, [orderId]);
      const items = await legAnswers(t, await legDetails(t, { legIds: legs.map((l) => l.id) }));
      const routes = await routeRecords.findAll(t, [...new Set(legs.flatMap((l) => (l.route_id === null ? [] : [l.route_id])))]);
      const drivers = await driverRecords.findAll(
        t,
        routes.flatMap((r) => (r.driver_id === null ? [] : [r.driver_id])),
      );
      const sequence = new Map(order.stops.map((s) => [s.id, s.sequence]));
      const rank = { Pickup: 0, DeliveryToTransfer: 1, PickupFromTransfer: 2, Delivery: 3 };
      items.sort((a, b) => sequence.get(a.orderStopId)! - sequence.get(b.orderStopId)! || rank[a.type] - rank[b.type]);
      return {
        orderId,
        orderNumber: order.orderNumber,
        status: order.status,
        legs: items.map((item) => {
          const route = routes.find((r) => r.id === item.routeId);
          const driver = drivers.find((d) => d.id === route?.driver_id);
          return {
            routeItem: item,
            routeName: route?.name ?? null,
            routeDate: route?.date ?? null,
            routeStatus: route?.status ?? null,
            driverId: route?.driver_id ?? null,
            driverName: driver ? `${driver.first_name} ${driver.last_name}` : null,
            truckId: route?.truck_id ?? null,
          };
        }),
      };
    },
  };
}

export type TransfersService = ReturnType<typeof transfersService>;
