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
import { addressRecords } from '../customers/index.js';
import { driverRecords } from '../drivers/index.js';
import { truckRecords } from '../fleet/index.js';
import { orderRecords } from '../orders/index.js';
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
async function checkCrew(t: Tenant, values: { driver_id: number | null; truck_id: number | null; date: string }, routeId: number | null): Promise<void> {
  if (values.driver_id !== null) {
    const driver = await driverRecords.requireOne(t, values.driver_id);
    if (driver.deleted_at || driver.status !== 'Active')
      throw fail(
        DispatchErrors.driverUnavailable,
        `Driver ${driver.id} (${driver.first_name} ${driver.last_name}) is ${driver.deleted_at ? 'deleted' : driver.status}: only Active drivers take routes.`,
      );
    const other = await repo.activeRouteWith(t, 'driver_id', values.driver_id, values.date, routeId);
    if (other) throw fail(DispatchErrors.driverBusy, `Driver ${values.driver_id} is on route ${other.id} "${other.name}" on ${values.date}.`);
  }
  if (values.truck_id !== null) {
    const truck = await truckRecords.requireOne(t, values.truck_id);
    if (truck.status !== 'Active')
      throw fail(DispatchErrors.truckUnavailable, `Truck ${truck.id} (${truck.name}) is ${truck.status}: only Active trucks take routes.`);
    const other = await repo.activeRouteWith(t, 'truck_id', values.truck_id, values.date, routeId);
    if (other) throw fail(DispatchErrors.truckBusy, `Truck ${values.truck_id} is on route ${other.id} "${other.name}" on ${values.date}.`);
  }
}

/** Where a route starts or ends: a warehouse's place, or an address of the company — one of them. */
async function placeOf(t: Tenant, end: 'start' | 'end', warehouseId: number | null | undefined, addressId: number | null | undefined): Promise<number | null> {
  const warehouse = warehouseId == null ? null : await warehouseRecords.requireOne(t, warehouseId);
  const address = addressId == null ? null : await addressRecords.requireOne(t, addressId);
  if (warehouse && address) throw invalid(`${end}AddressId`, `Send ${end}WarehouseId or ${end}AddressId, not both.`);
  return warehouse?.address_id ?? address?.id ?? null;
}

/** The header's columns from what was sent (`sent`: only the fields present). */
async function valuesOf(t: Tenant, input: RouteUpdateT): Promise<repo.RouteValues> {
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
    values.start_address_id = await placeOf(t, 'start', input.startWarehouseId, input.startAddressId);
  if (input.endWarehouseId !== undefined || input.endAddressId !== undefined)
    values.end_address_id = await placeOf(t, 'end', input.endWarehouseId, input.endAddressId);
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

  const read = async (t: Tenant, id: number, options: AnswerOptions = {}) => answer(t, await repo.routeRecords.requireOne(t, id), options);

  /** The route, locked for the change; refused when it is completed or archived. */
  async function openRoute(t: Tenant, id: number, doing: string): Promise<repo.RouteRow> {
    const row = await repo.routeRecords.requireOne(t, id, { lock: true });
    if (!isActive(row.status)) throw fail(DispatchErrors.routeClosed, `Route ${id} is ${row.status}: it cannot be changed (${doing}).`);
    return row;
  }

  // Lists of routes leave each leg's order items out (weight and pallets sum them); a route read
  // alone lists them.
  const pagedAnswers = async (t: Tenant, page: Paged<repo.RouteRow>, options: AnswerOptions = {}) => ({
    ...page,
    list: await routeAnswers(t, page.list, { ...options, orderItems: false }),
  });

  return {
    read,

    list: async (t: Tenant, query: RoutesQueryT) =>
      pagedAnswers(t, await repo.listRoutes(t, query), { separateCompletedDirections: query.separateCompletedDirections ?? false }),

    active: async (t: Tenant, query: ActiveRoutesQueryT) => pagedAnswers(t, await repo.listActiveRoutes(t, query)),

    async ofOrder(t: Tenant, orderId: number, query: OrderRoutesQueryT) {
      await orderRecords.requireOne(t, orderId);
      return pagedAnswers(t, await repo.listOrderRoutes(t, query, orderId));
    },

    async create(t: Tenant, input: RouteInputT): Promise<RouteResponseT> {
      const values = { driver_id: null, truck_id: null, ...(await valuesOf(t, input)) } as repo.RouteValues & { name: string; date: string };
      await checkCrew(t, { driver_id: values.driver_id ?? null, truck_id: values.truck_id ?? null, date: values.date }, null);
      const id = await clashSafe(() => repo.insertRoute(t, values));
      const row = await repo.routeRecords.requireOne(t, id);
      const created = await answer(t, row);
      await audit(t, { action: 'route.create', entityType: 'route', entityId: id, after: created });
      await t.announce(routeCreated, change(row));
      return created;
    },

    /** Changes the fields sent and keeps the others. */
    async update(t: Tenant, id: number, input: RouteUpdateT): Promise<RouteResponseT> {
      const before = await openRoute(t, id, 'update');
      const values = await valuesOf(t, input);
      const next = { ...before, ...values };
      if (values.driver_id !== undefined || values.truck_id !== undefined || values.date !== undefined)
        await checkCrew(
          t,
          {
            driver_id: values.driver_id !== undefined || values.date !== undefined ? next.driver_id : null,
            truck_id: values.truck_id !== undefined || values.date !== undefined ? next.truck_id : null,
            date: next.date,
          },
          id,
        );
      await clashSafe(() => repo.updateRoute(t, id, values));
      const measured: Array<keyof repo.RouteValues> = ['start_address_id', 'end_address_id', 'truck_id', 'date', 'start_time', 'end_time', 'avoid_tolls'];
      if (measured.some((k) => values[k] !== undefined)) await remeasure(t, id);
      const row = await repo.routeRecords.requireOne(t, id);
      const after = await answer(t, row);
      await audit(t, { action: 'route.update', entityType: 'route', entityId: id, before: { ...before }, after });
      await t.announce(routeUpdated, change(row));
      return after;
    },

    /** Deletes a route with no done legs; its legs go back to the pool. Answers it as it was. */
    async remove(t: Tenant, id: number): Promise<RouteResponseT> {
      const row = await repo.routeRecords.requireOne(t, id, { lock: true });
      if (await repo.hasDoneLegs(t, id))
        throw fail(DispatchErrors.hasDoneItems, `Route ${id} has done stops: archive it (PUT /Routes/${id}/updateStatus/Archive) instead.`);
      const before = await answer(t, row);
      await releaseOpenLegs(t, id);
      await repo.deleteRoute(t, id);
      await audit(t, { action: 'route.delete', entityType: 'route', entityId: id, before });
      await t.announce(routeDeleted, change(row));
      return before;
    },

    async changeStatus(t: Tenant, id: number, operation: RouteOperation): Promise<null> {
      const row = await repo.routeRecords.requireOne(t, id, { lock: true });
      const now = new Date();
      let to: RouteState;
      let values: repo.RouteValues;
      if (operation === 'Restore') {
        if (row.status !== 'Archived' || !row.status_before_archive)
          throw fail(DispatchErrors.statusChange, `Route ${id} is ${row.status}: only an archived route is restored.`);
        to = row.status_before_archive;
        if (isActive(to)) await checkCrew(t, { driver_id: row.driver_id, truck_id: row.truck_id, date: row.date }, id);
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
        const pay = await payoutOf(t, (await repo.routeRecords.requireOne(t, id))!, now);
        await repo.updateRoute(t, id, { payout_amount: pay.amount, payout_currency: pay.currency, payout_status: pay.amount === null ? 'Draft' : 'Open' });
      }
      await audit(t, { action: `route.${operation.toLowerCase()}`, entityType: 'route', entityId: id, before: { status: row.status }, after: { status: to } });
      await t.announce(routeStatusChanged, change(row, to));
      return null;
    },

    async avoidTolls(t: Tenant, id: number, avoid: boolean): Promise<null> {
      const row = await openRoute(t, id, 'avoid tolls');
      await repo.updateRoute(t, id, { avoid_tolls: avoid });
      if (row.avoid_tolls !== avoid) await remeasure(t, id);
      await audit(t, { action: 'route.avoid_tolls', entityType: 'route', entityId: id, before: { avoidTolls: row.avoid_tolls }, after: { avoidTolls: avoid } });
      await t.announce(routeUpdated, change(row));
      return null;
    },

    /** The route starts and/or ends at the warehouse; answers the warehouse. */
    async moveToWarehouse(t: Tenant, warehouseId: number, move: WarehouseMoveT): Promise<WarehouseT> {
      const warehouse = await warehouseRecords.requireOne(t, warehouseId);
      const row = await openRoute(t, move.id, 'move to a warehouse');
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
