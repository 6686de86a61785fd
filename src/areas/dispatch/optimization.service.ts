// Auto-reroute: a route's stops put in the order the optimizer finds shortest, in a worker thread so
// no request waits for it. The run is a row (route_optimizations), so any instance answers its
// status: Running while the worker searches (progress = elapsed / time limit), then Done, Failed or
// Discarded; a Done run that leaves the route as it was says why (reason). The request that starts
// it answers at once; the result is written in a transaction of its own, and only when the route is
// still at the version the run read — a dispatcher's change meanwhile wins (Discarded). Done stops
// stay first, in their order (the optimizer's locked stops); capacity, time windows and
// pickup-before-delivery hold (the route's problem: route-problem.ts). A run whose process died
// reads as Failed once its lease has passed.
//
// Suggestions for a pool stop rank the active routes of its day by what taking it (and its order's
// other pool legs) adds, with the optimizer's insertion (pool-insertion.ts), one route's problem at
// a time — the routes it would add least to by a rough detour over their kept places
// (route-nearness.ts), MAX_SUGGESTED_ROUTES of them: a far route is never the best, and ranking
// every route of a 200-route day cost 240 ms of CPU a request. With no route to rank,
// otherMessages says why (past-day, no-active-route).
import type { CompanyWork, Tenant, TenantMode } from '../../db/tenant.js';
import type { MatrixProvider } from '../../integrations/geo/matrix/index.js';
import { type ReoptimizedRoute, reoptimizeRouteInWorker, type StopRef } from '../../optimize/index.js';
import { audit } from '../../platform/audit.js';
import { type OtherMessageT, withNotices } from '../../platform/envelope.js';
import { fail } from '../../platform/errors.js';
import { placesByIds, toAddress } from '../customers/index.js';
import { driverRecords } from '../drivers/index.js';
import { truckRecords } from '../fleet/index.js';
import type { stopRecords } from '../orders/index.js';
import type { AssignService } from './assign.service.js';
import { DispatchErrors } from './dispatch.errors.js';
import { isLoading } from './dispatch.tables.js';
import { legDetails, legsOfOrders, problemLegs } from './legs.repository.js';
import * as runs from './optimizations.repository.js';
import { insertInTurn } from './pool-insertion.js';
import { legAnswers } from './route-answers.js';
import { nearestRoutes } from './route-nearness.js';
import { type ProblemLeg, pointsOf, problemLeg, routeProblem } from './route-problem.js';
import * as routes from './routes.repository.js';
import type { RouteItemT } from './routes.schemas.js';

/** Default and largest search time of one run. */
export const DEFAULT_TIME_LIMIT_MS = 2000;
export const MAX_TIME_LIMIT_MS = 30_000;
/** How long past its time limit a run may take before it reads as Failed. */
const LEASE_SLACK_MS = 60_000;

/** Why a run left its route as it was: the stops the optimizer could not keep (the reason of one
 *  that cannot be served at all first: optimize/reasons.ts), or no shorter order. */
function notImproved(result: ReoptimizedRoute): string {
  const reasons = result.unassigned.map((u) => u.reason);
  return reasons.find((r) => r !== 'no-room') ?? reasons[0] ?? 'already-shortest';
}

/** Why the suggestions rank no route (otherMessages): the stop's day is over, or has no active route. */
function noRouteNotice(stopId: number, day: string | null): OtherMessageT {
  const today = new Date().toISOString().slice(0, 10);
  if (day !== null && day < today) {
    return { type: 'Info', message: `past-day: stop ${stopId} is on ${day}, a past day; no route of that day is active to take it (change the stop's day).` };
  }
  return { type: 'Info', message: `no-active-route: no route is active on ${day ?? 'any day'} to take stop ${stopId}.` };
}

type StopRow = Awaited<ReturnType<typeof stopRecords.reread>>;

type InCompany = <T>(mode: TenantMode, work: CompanyWork<T>) => Promise<T>;

type Log = (err: unknown, message: string) => void;

export function optimizationService(matrix: MatrixProvider, assign: AssignService) {
  /** Routes' places, trucks and legs in order, as the optimizer reads them: a fixed number of
   *  statements however many routes (the legs as `legsOf` reads them, the routes' ends, trucks). */
  async function routesInputs<L extends ProblemLeg & { routeId: number | null }>(
    t: Tenant,
    list: readonly routes.RouteRow[],
    legsOf: (routeIds: number[]) => Promise<L[]>,
  ) {
    const legs = await legsOf(list.map((r) => r.id));
    const endIds = list.flatMap((r) => [r.start_address_id, r.end_address_id]).filter((id): id is number => id !== null);
    const ends = new Map((await placesByIds(t, [...new Set(endIds)])).map((p) => [p.id, toAddress(p)]));
    const trucks = await truckRecords.findAll(
      t,
      list.flatMap((r) => (r.truck_id === null ? [] : [r.truck_id])),
    );
    const byRoute = new Map<number, L[]>();
    for (const i of legs) {
      const mine = byRoute.get(i.routeId!);
      if (mine) mine.push(i);
      else byRoute.set(i.routeId!, [i]);
    }
    const place = (id: number | null) => (id === null ? null : (ends.get(id) ?? null));
    return new Map(
      list.map((r) => [
        r.id,
        {
          items: byRoute.get(r.id) ?? [],
          endsOf: { start: place(r.start_address_id), end: place(r.end_address_id) },
          truck: trucks.find((k) => k.id === r.truck_id) ?? null,
        },
      ]),
    );
  }

  /** A route's legs as RouteItems (auto-reroute reads their status and ids). */
  const routeInputs = async (t: Tenant, route: routes.RouteRow) =>
    (await routesInputs(t, [route], async (ids) => legAnswers(t, await legDetails(t, { routeIds: ids })))).get(route.id)!;

  /** The search, then its result written (or discarded), in a transaction of its own. */
  async function search(
    inCompany: InCompany,
    log: Log,
    runId: number,
    route: routes.RouteRow,
    inputs: Awaited<ReturnType<typeof routeInputs>>,
    timeLimitMs: number,
  ) {
    try {
      const { points } = pointsOf(inputs.endsOf, inputs.items);
      const travel = await matrix.matrix(points, { avoidTolls: route.avoid_tolls });
      const { problem, stops, legOf, unplaced } = routeProblem(route, inputs.endsOf, inputs.items, inputs.truck, travel);
      // Done legs open the route, in their order (the optimizer keeps them there); the search
      // starts from the route as it is, done legs moved to the front.
      const placed = inputs.items.filter((i) => !unplaced.includes(i));
      const locked = stops.filter((_, k) => placed[k]!.status === 1);
      const current = [...locked, ...stops.filter((_, k) => placed[k]!.status !== 1)];
      const result = await reoptimizeRouteInWorker(
        { matrix: travel, vehicle: problem.vehicles[0]!, jobs: problem.jobs, stops: current, locked, dimensions: problem.dimensions },
        { timeLimitMs, iterations: 1_000_000_000 },
      );
      const order = result.route ? legOrder(result.route.stops, legOf) : placed.map((i) => i.id);
      // Legs the optimizer could not keep (or could not measure) stay, after the others.
      const rest = inputs.items.map((i) => i.id).filter((id) => !order.includes(id));
      await inCompany('write', async (t) => {
        const now = await routes.routeRecords.requireOne(t, route.id, { lock: true });
        // A run given up on (its lease passed, another started) writes nothing.
        if (!(await runs.stillRunning(t, runId))) return;
        if (now.version !== route.version) {
          await runs.finish(t, runId, { status: 'Discarded', error: 'The route changed while the optimizer searched: its changes were kept.' });
          return;
        }
        const improved = result.improved && result.route !== null && result.unassigned.length === 0;
        if (improved) await assign.arrange(t, route.id, [...order, ...rest], { action: 'route.optimized' });
        const before = result.before ? Math.round(result.before.distance * 10) / 10 : null;
        // Not improved, the route keeps its order: its distance after is the one before (the
        // optimizer's partial route, without the stops it could not keep, is not the route).
        const after = improved ? Math.round(result.route!.distance * 10) / 10 : before;
        await runs.finish(t, runId, {
          status: 'Done',
          before_distance_m: before,
          after_distance_m: after,
          improved,
          reason: improved ? null : notImproved(result),
        });
        await audit(t, { action: 'route.optimize', entityType: 'route', entityId: route.id, after: { runId, improved } });
      });
    } catch (err) {
      log(err, 'route optimization failed');
      await inCompany('write', (t) => runs.finish(t, runId, { status: 'Failed', error: (err as Error).message.slice(0, 500) })).catch((e) =>
        log(e, 'route optimization not recorded'),
      );
    }
  }

  /** The legs in the optimizer's order: each stop reference back to its leg. */
  function legOrder(refs: readonly StopRef[], legOf: Map<string, RouteItemT[]>): number[] {
    return refs.map((ref) => {
      const legs = legOf.get(ref.jobId)!;
      return (legs.length === 1 ? legs[0]! : legs.find((l) => isLoading(l.type) === (ref.type === 'pickup'))!).id;
    });
  }

  return {
    /** Starts a run, or answers the one under way; the search runs after this returns. */
    async start(inCompany: InCompany, log: Log, routeId: number, timeLimitMs: number) {
      const started = await inCompany('write', async (t) => {
        // The id gate read the route in a transaction of its own: read again here, locked (one deleted meanwhile is 404).
        const route = await assign.lockRoute(t, routeId);
        const current = await runs.latest(t, routeId);
        if (current && runs.stateOf(current) === 'Running') return { answer: runs.statusOf(routeId, current), launch: null };
        if (current?.status === 'Running') await runs.finish(t, current.id, { status: 'Failed', error: 'The process running it stopped.' });
        const inputs = await routeInputs(t, route);
        if (inputs.items.length < 2) throw fail(DispatchErrors.notAssigned, `Route ${routeId} has ${inputs.items.length} stop(s): nothing to put in order.`);
        const run = await runs.insert(t, {
          route_id: routeId,
          route_version: route.version,
          time_limit_ms: timeLimitMs,
          lease_ms: timeLimitMs + LEASE_SLACK_MS,
        });
        await audit(t, { action: 'route.optimize_start', entityType: 'route', entityId: routeId, after: { runId: run.id, timeLimitMs } });
        return { answer: runs.statusOf(routeId, run), launch: { run, route, inputs } };
      });
      if (started.launch) {
        const { run, route, inputs } = started.launch;
        void search(inCompany, log, run.id, route, inputs, timeLimitMs);
      }
      return started.answer;
    },

    /** `route`: the id gate's. */
    status: async (t: Tenant, route: routes.RouteRow) => runs.statusOf(route.id, await runs.latest(t, route.id)),

    /** The active routes of the stop's day, best first for its legs in the pool. */
    async suggestions(t: Tenant, stop: StopRow) {
      const stopId = stop.id;
      // The order's legs (the stop's among them): the stop's in the pool, and the order's others
      // there it pairs with — a pickup and its delivery go as one shipment.
      const open = (l: { route_id: number | null; status: string }) => l.route_id === null && l.status !== 'Done';
      const orderLegs = await legsOfOrders(t, [stop.order_id]);
      const mine = orderLegs.filter((l) => l.stop_id === stopId && open(l));
      if (mine.length === 0) throw fail(DispatchErrors.stopTaken, `Stop ${stopId} has no leg in the unassigned pool.`);
      const others = orderLegs.filter((l) => l.stop_id !== stopId && open(l));
      const pool = [...mine, ...others];
      const poolItems = (await problemLegs(t, { legIds: pool.map((l) => l.id) })).map(problemLeg);
      const poolIds = new Set(pool.map((l) => l.id));
      const poolOrders = new Set(poolItems.map((i) => i.orderId));
      const day = poolItems.find((i) => i.orderStopId === stopId)!.date;
      const points = poolItems.flatMap((i) =>
        typeof i.address.latitude === 'number' && typeof i.address.longitude === 'number' ? [{ lat: i.address.latitude, lon: i.address.longitude }] : [],
      );
      const nearest = nearestRoutes(await routes.activeRoutePlaces(t, day), points, routes.MAX_SUGGESTED_ROUTES);
      if (nearest.length === 0) return withNotices([], [noRouteNotice(stopId, day)]);
      const rows = await routes.routeRecords.findAll(
        t,
        nearest.map((r) => r.id),
      );
      const candidates = nearest.map((r) => rows.find((row) => row.id === r.id)!);
      const inputsOf = await routesInputs(t, candidates, async (ids) => (await problemLegs(t, { routeIds: ids })).map(problemLeg));
      const drivers = await driverRecords.findAll(
        t,
        candidates.flatMap((r) => (r.driver_id === null ? [] : [r.driver_id])),
      );
      const ranked = [];
      for (const route of candidates) {
        const inputs = inputsOf.get(route.id)!;
        const driver = drivers.find((d) => d.id === route.driver_id);
        const base = {
          routeId: route.id,
          routeName: route.name,
          date: route.date,
          driverId: route.driver_id,
          driverName: driver ? `${driver.first_name} ${driver.last_name}` : null,
          truckId: route.truck_id,
        };
        const refused = (reason: string) => ({ ...base, fits: false, reason, addedDistanceMeters: null, addedDurationSeconds: null, position: null });
        // The stop's order is on the route already (another of its legs there): the insertion of a
        // shipment's half is not ranked; the dispatcher places it (assign-unassigned-stop).
        if (inputs.items.some((i) => poolOrders.has(i.orderId))) {
          ranked.push(refused('order-on-route'));
          continue;
        }
        const all = [...inputs.items, ...poolItems];
        const { points } = pointsOf(inputs.endsOf, all);
        const travel = await matrix.matrix(points, { avoidTolls: route.avoid_tolls });
        const whole = routeProblem(route, inputs.endsOf, all, inputs.truck, travel);
        const isPool = (jobId: string) => (whole.legOf.get(jobId) ?? []).some((l) => poolIds.has(l.id));
        // None of the pool's orders on the route: its own problem is the whole one without the
        // pool's jobs (the same jobs, stops and matrix indexes: its legs come first).
        const onRoute = {
          problem: { ...whole.problem, jobs: whole.problem.jobs.filter((j) => !isPool(j.id)) },
          stops: whole.stops.filter((ref) => !isPool(ref.jobId)),
        };
        // The stop's own job (its leg's), put in first; no job when its place has no coordinates.
        const [ownJob, ownLegs] = [...whole.legOf].find(([, legs]) => legs.some((l) => l.orderStopId === stopId)) ?? [];
        if (!ownJob || !ownLegs) {
          ranked.push(refused('no-coordinates'));
          continue;
        }
        const ownType = isLoading(ownLegs.find((l) => l.orderStopId === stopId)!.type) ? 'pickup' : 'delivery';
        const jobs = whole.problem.jobs.filter((j) => isPool(j.id)).sort((a, b) => Number(b.id === ownJob) - Number(a.id === ownJob));
        const taken = insertInTurn(onRoute, jobs);
        const at = taken.stops?.findIndex((ref) => ref.jobId === ownJob && ref.type === ownType) ?? -1;
        ranked.push({
          ...base,
          fits: taken.fits,
          reason: taken.reason,
          addedDistanceMeters: taken.fits ? Math.round(taken.addedDistance) : null,
          addedDurationSeconds: taken.fits ? Math.round(taken.addedDuration) : null,
          position: at >= 0 ? at + 1 : null,
        });
      }
      return withNotices(
        ranked.sort(
          (a, b) => Number(b.fits) - Number(a.fits) || (a.addedDistanceMeters ?? Infinity) - (b.addedDistanceMeters ?? Infinity) || a.routeId - b.routeId,
        ),
        [],
      );
    },
  };
}

export type OptimizationService = ReturnType<typeof optimizationService>;
