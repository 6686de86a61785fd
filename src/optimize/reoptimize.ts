// reoptimizeRoute(): reorder one vehicle's stops for the least distance, its locked stops first and
// in place. The search starts from the current order when that order is feasible, so the answer is
// never worse than it; stops that cannot all be kept on the route come back unassigned.
import { compile } from './compile.js';
import type { Job, Route, StopRef, TravelMatrix, Unassigned, Vehicle } from './model.js';
import { routeOut, solutionOut } from './output.js';
import { Plan } from './plan.js';
import { loadRoutes } from './plan-input.js';
import { search } from './search.js';
import type { SolveOptions } from './solve.js';

export interface RouteToReoptimize {
  matrix: TravelMatrix;
  vehicle: Vehicle;
  /** The jobs on the route (a shipment with both its stops). */
  jobs: Job[];
  /** The current order; when absent, the jobs are placed from scratch. */
  stops?: StopRef[];
  /** Stops the route must begin with, in this order (already done, or fixed by a dispatcher). */
  locked?: StopRef[];
  dimensions?: string[];
}

export interface ReoptimizedRoute {
  /** The new route (null when no job fits at all). */
  route: Route | null;
  unassigned: Unassigned[];
  /** The current order as it stands (null when no order was given). */
  before: { feasible: boolean; distance: number; duration: number } | null;
  /** True when the new order is shorter than the current one (or the current one was not feasible). */
  improved: boolean;
}

export function reoptimizeRoute(input: RouteToReoptimize, options: SolveOptions = {}): ReoptimizedRoute {
  const { vehicle } = input;
  const startedAt = performance.now();
  const inst = compile({
    matrix: input.matrix,
    vehicles: [vehicle],
    jobs: input.jobs,
    dimensions: input.dimensions,
    locked: input.locked && input.locked.length > 0 ? [{ vehicleId: vehicle.id, stops: input.locked }] : [],
    objective: 'distance-first',
  });
  let before: ReoptimizedRoute['before'] = null;
  let current: Plan | null = null;
  if (input.stops) {
    current = new Plan(inst);
    loadRoutes(inst, current, [{ vehicleId: vehicle.id, stops: input.stops }]);
    const route = current.routes[0];
    const out = routeOut(inst, route);
    const complete = current.jobRoute.every((r) => r >= 0);
    before = { feasible: route.feasible && complete, distance: out.distance, duration: out.duration };
  }
  // A single route is small: a short budget, and an iteration cap that makes the answer repeatable.
  const { timeLimitMs = 200, seed = 1, iterations = 5000, ...rest } = options;
  const result = search(inst, {
    ...rest,
    timeLimitMs,
    seed,
    iterations,
    startedAt,
    start: before?.feasible ? (_inst, plan) => plan.copyFrom(current!) : undefined,
  });
  const solution = solutionOut(inst, result.plan, result.impossible);
  const route = solution.routes[0] ?? null;
  const improved = before === null ? false : !before.feasible || (route !== null && route.distance < before.distance - 1e-9);
  return { route, unassigned: solution.unassigned, before, improved };
}
