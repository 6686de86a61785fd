// Rules of routes: a route's driver and truck are the company's, Active, and on no other active
// route that day (checked first to name the clash; the partial unique indexes hold it when two
// dispatchers save at once); its start and end are a warehouse's place or an address of the
// company. State moves: Planned → Next → InProgress → Completed, Archive from any but InProgress,
// Restore back to the state before Archive. Completing or archiving a route puts its legs not yet
// done back in the unassigned pool; a route with done legs is archived, never deleted.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import type { Paged } from '../../platform/envelope.js';
import { type AppError, fail, invalid, isUniqueViolationOf } from '../../platform/errors.js';
import { text } from '../../platform/writes.js';
import { type AddressRow, addressRecords } from '../customers/index.js';
import { driverRecords } from '../drivers/index.js';
import { truckRecords } from '../fleet/index.js';
import { toWarehouse, type WarehouseT, warehouseRecords } from '../settings/index.js';
import type { AssignService } from './assign.service.js';
import { DispatchErrors } from './dispatch.errors.js';
import { type RouteChange, routeCreated, routeDeleted, routeStatusChanged, routeUpdated } from './dispatch.events.js';
import { ACTIVE_STATES, type RouteState } from './dispatch.tables.js';
import { legsOnRoutes, mirrorStops, unassignLegs } from './legs.repository.js';
import { type AnswerOptions, routeAnswers } from './route-answers.js';
import { payoutOf } from './route-payout.js';
import * as repo from './routes.repository.js';
import type {
  ActiveRoutesQueryT,
  OrderRoutesQueryT,
  RouteInputT,
  RouteOperation,
  RouteResponseT,
  RoutesQueryT,
  RouteUpdateT,
  WarehouseMoveT,
} from './routes.schemas.js';

const isActive = (state: RouteState) => ACTIVE_STATES.includes(state);

type DriverRow = Awaited<ReturnType<typeof driverRecords.reread>>;
type TruckRow = Awaited<ReturnType<typeof truckRecords.reread>>;
type WarehouseRow = Awaited<ReturnType<typeof warehouseRecords.reread>>;

/** The records a route's header names, as the route's id gate read them: absent when the id was
 *  not sent, or sent null. */
export interface HeaderRecords {
  driver?: DriverRow;
  truck?: TruckRow;
  startWarehouse?: WarehouseRow;
  endWarehouse?: WarehouseRow;
  startAddress?: AddressRow;
  endAddress?: AddressRow;
}

/** The header's records of ids that did not come through the id gate (the demo's): a missing one is 404. */
export async function readHeader(t: Tenant, input: RouteUpdateT): Promise<HeaderRecords> {
  const one = async <R>(id: number | null | undefined, read: (t: Tenant, id: number) => Promise<R>) => (id == null ? undefined : read(t, id));
  return {
    driver: await one(input.driverId, (t, id) => driverRecords.requireOne(t, id)),
    truck: await one(input.truckId, (t, id) => truckRecords.requireOne(t, id)),
    startWarehouse: await one(input.startWarehouseId, (t, id) => warehouseRecords.requireOne(t, id)),
    endWarehouse: await one(input.endWarehouseId, (t, id) => warehouseRecords.requireOne(t, id)),
    startAddress: await one(input.startAddressId, (t, id) => addressRecords.requireOne(t, id)),
    endAddress: await one(input.endAddressId, (t, id) => addressRecords.requireOne(t, id)),
  };
}

/** The crew a route holds (its own ids, not sent): read, a truck deleted since is 404 as ever. */
const heldDriver = async (t: Tenant, id: number | null) => (id === null ? null : driverRecords.requireOne(t, id));
const heldTruck = async (t: Tenant, id: number | null) => (id === null ? null : truckRecords.requireOne(t, id));

const change = (r: repo.RouteRow, status: RouteState = r.status): RouteChange => ({
  routeId: r.id,
  name: r.name,
  date: r.date,
  driverId: r.driver_id,
  truckId: r.truck_id,
  status,
});

/** The unique index that refused a second active route of a driver or truck, as our refusal. */
function clashOf(err: unknown): AppError | null {
  if (isUniqueViolationOf(err, 'routes_driver_day_idx'))
    return fail(DispatchErrors.driverBusy, 'The driver was put on another active route that day meanwhile.');
  if (isUniqueViolationOf(err, 'routes_truck_day_idx')) return fail(DispatchErrors.truckBusy, 'The truck was put on another active route that day meanwhile.');
  return null;
}

async function clashSafe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw clashOf(err) ?? err;
  }
}

/** The driver and truck can take the route that day. */
async function checkCrew(t: Tenant, values: { driver: DriverRow | null; truck: TruckRow | null; date: string }, routeId: number | null): Promise<void> {
  const { driver, truck } = values;
  if (driver !== null) {
    if (driver.deleted_at || driver.status !== 'Active')
      throw fail(
        DispatchErrors.driverUnavailable,
        `Driver ${driver.id} (${driver.first_name} ${driver.last_name}) is ${driver.deleted_at ? 'deleted' : driver.status}: only Active drivers take routes.`,
      );
    const other = await repo.activeRouteWith(t, 'driver_id', driver.id, values.date, routeId);
    if (other) throw fail(DispatchErrors.driverBusy, `Driver ${driver.id} is on route ${other.id} "${other.name}" on ${values.date}.`);
  }
  if (truck !== null) {
    if (truck.status !== 'Active')
      throw fail(DispatchErrors.truckUnavailable, `Truck ${truck.id} (${truck.name}) is ${truck.status}: only Active trucks take routes.`);
    const other = await repo.activeRouteWith(t, 'truck_id', truck.id, values.date, routeId);
    if (other) throw fail(DispatchErrors.truckBusy, `Truck ${truck.id} is on route ${other.id} "${other.name}" on ${values.date}.`);
  }
}

/** Where a route starts or ends: a warehouse's place, or an address of the company — one of them. */
function placeOf(end: 'start' | 'end', warehouse: WarehouseRow | undefined, address: AddressRow | undefined): number | null {
  if (warehouse && address) throw invalid(`${end}AddressId`, `Send ${end}WarehouseId or ${end}AddressId, not both.`);
  return warehouse?.address_id ?? address?.id ?? null;
}

/** The header's columns from what was sent (`sent`: only the fields present). */
function valuesOf(input: RouteUpdateT, header: HeaderRecords): repo.RouteValues {
  const values: repo.RouteValues = {};
  if (input.name !== undefined) {
    const name = text(input.name);
    if (!name) throw invalid('name', 'The name field is required.');
    values.name = name;
  }
  if (input.date !== undefined) values.date = new Date(input.date as string).toISOString().slice(0, 10);
  if (input.driverId !== undefined) values.driver_id = input.driverId;
  if (input.truckId !== undefined) values.truck_id = input.truckId;
  if (input.startWarehouseId !== undefined || input.startAddressId !== undefined)
    values.start_address_id = placeOf('start', header.startWarehouse, header.startAddress);
  if (input.endWarehouseId !== undefined || input.endAddressId !== undefined) values.end_address_id = placeOf('end', header.endWarehouse, header.endAddress);
  if (input.startTime !== undefined) values.start_time = input.startTime === null ? null : new Date(input.startTime);
  if (input.endTime !== undefined) values.end_time = input.endTime === null ? null : new Date(input.endTime);
  if (input.avoidTolls !== undefined) values.avoid_tolls = input.avoidTolls;
  if (input.notes !== undefined) values.notes = text(input.notes);
  return values;
}

/** Legs not done go back to the pool (a route completed or archived with stops left). */
async function releaseOpenLegs(t: Tenant, routeId: number): Promise<number> {
  const open = (await legsOnRoutes(t, [routeId])).filter((l) => l.status !== 'Done');
  await unassignLegs(
    t,
    open.map((l) => l.id),
  );
  await mirrorStops(
    t,
    open.map((l) => l.stop_id),
  );
  return open.length;
}

/** What each operation needs and gives: the states it applies to, and the state it leaves. */
const MOVES: Record<Exclude<RouteOperation, 'Restore'>, { from: readonly RouteState[]; to: RouteState }> = {
  StartNext: { from: ['Planned'], to: 'Next' },
  StartNow: { from: ['Planned', 'Next'], to: 'InProgress' },
  Completed: { from: ['Planned', 'Next', 'InProgress'], to: 'Completed' },
  Archive: { from: ['Planned', 'Next', 'Completed'], to: 'Archived' },
};

export function routesService(assign: AssignService) {
  /** The route measured again in its order (its start, end, truck or tolls changed); its version rises. */
  const remeasure = async (t: Tenant, id: number) =>
    assign.arrange(
      t,
      id,
      (await legsOnRoutes(t, [id])).map((l) => l.id),
      { action: 'route.measure' },
    );

  async function answer(t: Tenant, row: repo.RouteRow, options: AnswerOptions = {}): Promise<RouteResponseT> {
    return (await routeAnswers(t, [row], options))[0]!;
  }

  /** The route as it is now (after a change of this request): it is there. */
  const reread = async (t: Tenant, id: number, options: AnswerOptions = {}) => answer(t, await repo.routeRecords.reread(t, id), options);

  /** The route (the id gate's, locked for the change); refused when it is completed or archived. */
  function openRoute(row: repo.RouteRow, doing: string): repo.RouteRow {
    if (!isActive(row.status)) throw fail(DispatchErrors.routeClosed, `Route ${row.id} is ${row.status}: it cannot be changed (${doing}).`);
    return row;
  }

  // Lists of routes leave each leg's order items out (weight and pallets sum them); a route read
  // alone lists them.
  const pagedAnswers = async (t: Tenant, page: Paged<repo.RouteRow>, options: AnswerOptions = {}) => ({
    ...page,
    list: await routeAnswers(t, page.list, { ...options, orderItems: false }),
  });

  return {
    read: (t: Tenant, route: repo.RouteRow, options: AnswerOptions = {}) => answer(t, route, options),
    reread,

    list: async (t: Tenant, query: RoutesQueryT) =>
      pagedAnswers(t, await repo.listRoutes(t, query), { separateCompletedDirections: query.separateCompletedDirections ?? false }),

    active: async (t: Tenant, query: ActiveRoutesQueryT) => pagedAnswers(t, await repo.listActiveRoutes(t, query)),

    /** The routes of an order (the id gate's). */
    ofOrder: async (t: Tenant, order: { id: number }, query: OrderRoutesQueryT) => pagedAnswers(t, await repo.listOrderRoutes(t, query, order.id)),

    async create(t: Tenant, input: RouteInputT, header: HeaderRecords): Promise<RouteResponseT> {
      const values = { driver_id: null, truck_id: null, ...valuesOf(input, header) } as repo.RouteValues & { name: string; date: string };
      await checkCrew(t, { driver: header.driver ?? null, truck: header.truck ?? null, date: values.date }, null);
      const id = await clashSafe(() => repo.insertRoute(t, values));
      const row = await repo.routeRecords.reread(t, id);
      const created = await answer(t, row);
      await audit(t, { action: 'route.create', entityType: 'route', entityId: id, after: created });
      await t.announce(routeCreated, change(row));
      return created;
    },

    /** Changes the fields sent and keeps the others (`route`: the id gate's, locked). */
    async update(t: Tenant, route: repo.RouteRow, input: RouteUpdateT, header: HeaderRecords): Promise<RouteResponseT> {
      const id = route.id;
      const before = openRoute(route, 'update');
      const values = valuesOf(input, header);
      const next = { ...before, ...values };
      // The crew sent, or (a new day) the one the route holds.
      if (values.driver_id !== undefined || values.truck_id !== undefined || values.date !== undefined)
        await checkCrew(
          t,
          {
            driver: values.driver_id !== undefined ? (header.driver ?? null) : values.date !== undefined ? await heldDriver(t, before.driver_id) : null,
            truck: values.truck_id !== undefined ? (header.truck ?? null) : values.date !== undefined ? await heldTruck(t, before.truck_id) : null,
            date: next.date,
          },
          id,
        );
      await clashSafe(() => repo.updateRoute(t, id, values));
      const measured: Array<keyof repo.RouteValues> = ['start_address_id', 'end_address_id', 'truck_id', 'date', 'start_time', 'end_time', 'avoid_tolls'];
      if (measured.some((k) => values[k] !== undefined)) await remeasure(t, id);
      const row = await repo.routeRecords.reread(t, id);
      const after = await answer(t, row);
      await audit(t, { action: 'route.update', entityType: 'route', entityId: id, before: { ...before }, after });
      await t.announce(routeUpdated, change(row));
      return after;
    },

    /** Deletes a route with no done legs (`row`: the id gate's, locked); its legs go back to the pool. Answers it as it was. */
    async remove(t: Tenant, row: repo.RouteRow): Promise<RouteResponseT> {
      const id = row.id;
      if (await repo.hasDoneLegs(t, id))
        throw fail(DispatchErrors.hasDoneItems, `Route ${id} has done stops: archive it (PUT /Routes/${id}/updateStatus/Archive) instead.`);
      const before = await answer(t, row);
      await releaseOpenLegs(t, id);
      await repo.deleteRoute(t, id);
      await audit(t, { action: 'route.delete', entityType: 'route', entityId: id, before });
      await t.announce(routeDeleted, change(row));
      return before;
    },

    /** `row`: the route locked (the id gate's, or read again by Close All after its stops were done). */
    async changeStatus(t: Tenant, row: repo.RouteRow, operation: RouteOperation): Promise<null> {
      const id = row.id;
      const now = new Date();
      let to: RouteState;
      let values: repo.RouteValues;
      if (operation === 'Restore') {
        if (row.status !== 'Archived' || !row.status_before_archive)
          throw fail(DispatchErrors.statusChange, `Route ${id} is ${row.status}: only an archived route is restored.`);
        to = row.status_before_archive;
        if (isActive(to)) await checkCrew(t, { driver: await heldDriver(t, row.driver_id), truck: await heldTruck(t, row.truck_id), date: row.date }, id);
        values = { status: to, status_before_archive: null, archived_at: null };
      } else {
        const move = MOVES[operation];
        if (!move.from.includes(row.status))
          throw fail(
            DispatchErrors.statusChange,
            `Route ${id} is ${row.status}: ${operation} applies to a route that is ${move.from.join(' or ')}${row.status === 'InProgress' && operation === 'Archive' ? ' (complete it first)' : ''}.`,
          );
        to = move.to;
        values = { status: to };
        if (operation === 'StartNow') values.started_at = now;
        if (operation === 'Completed') values.completed_at = now;
        if (operation === 'Archive') Object.assign(values, { status_before_archive: row.status, archived_at: now });
      }
      // Completed or archived: the stops not done go back to the pool first, and the route is
      // measured again over those it keeps (its distance is what the payout reads).
      if (to === 'Completed' || to === 'Archived') {
        const kept = (await legsOnRoutes(t, [id])).filter((l) => l.status === 'Done');
        if ((await legsOnRoutes(t, [id])).length > kept.length)
          await assign.arrange(
            t,
            id,
            kept.map((l) => l.id),
            { action: `route.${operation.toLowerCase()}_release` },
          );
      }
      await clashSafe(() => repo.updateRoute(t, id, values));
      if (operation === 'Completed') {
        const pay = await payoutOf(t, await repo.routeRecords.reread(t, id), now);
        await repo.updateRoute(t, id, { payout_amount: pay.amount, payout_currency: pay.currency, payout_status: pay.amount === null ? 'Draft' : 'Open' });
      }
      await audit(t, { action: `route.${operation.toLowerCase()}`, entityType: 'route', entityId: id, before: { status: row.status }, after: { status: to } });
      await t.announce(routeStatusChanged, change(row, to));
      return null;
    },

    /** `route`: the id gate's, locked. */
    async avoidTolls(t: Tenant, route: repo.RouteRow, avoid: boolean): Promise<null> {
      const id = route.id;
      const row = openRoute(route, 'avoid tolls');
      await repo.updateRoute(t, id, { avoid_tolls: avoid });
      if (row.avoid_tolls !== avoid) await remeasure(t, id);
      await audit(t, { action: 'route.avoid_tolls', entityType: 'route', entityId: id, before: { avoidTolls: row.avoid_tolls }, after: { avoidTolls: avoid } });
      await t.announce(routeUpdated, change(row));
      return null;
    },

    /** The route (body.id, locked) starts and/or ends at the warehouse; answers the warehouse. Both the id gate's. */
    async moveToWarehouse(t: Tenant, warehouse: WarehouseRow, route: repo.RouteRow, move: WarehouseMoveT): Promise<WarehouseT> {
      const warehouseId = warehouse.id;
      const row = openRoute(route, 'move to a warehouse');
      const values: repo.RouteValues = {};
      if (move.start !== false) values.start_address_id = warehouse.address_id;
      if (move.end !== false) values.end_address_id = warehouse.address_id;
      await repo.updateRoute(t, row.id, values);
      await remeasure(t, row.id);
      await audit(t, {
        action: 'route.move_to_warehouse',
        entityType: 'route',
        entityId: row.id,
        before: { startAddressId: row.start_address_id, endAddressId: row.end_address_id },
        after: { warehouseId, startAddressId: values.start_address_id ?? row.start_address_id, endAddressId: values.end_address_id ?? row.end_address_id },
      });
      await t.announce(routeUpdated, change(row));
      return toWarehouse(warehouse);
    },
  };
}

export type RoutesService = ReturnType<typeof routesService>;

/** Drivers taken off their routes not started (PUT /Drivers/ChangeStatus with unassignPendingRoutes). */
export async function releaseDrivers(t: Tenant, driverIds: readonly number[]): Promise<void> {
  for (const row of await repo.pendingRoutesOf(t, driverIds)) {
    await repo.updateRoute(t, row.id, { driver_id: null });
    await audit(t, { action: 'route.update', entityType: 'route', entityId: row.id, before: { driverId: row.driver_id }, after: { driverId: null } });
    await t.announce(routeUpdated, { ...change(row), driverId: null });
  }
}
