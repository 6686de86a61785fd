// rankInsertions(): for a job not yet planned, how well each given route takes it: whether it fits
// at all, at what cheapest place, and what that adds in distance and in route duration. Routes are
// listed best first: feasible ones by added cost (distance × cost per distance, plus the fixed cost
// of a vehicle not used yet), then added duration; infeasible ones last, each with its reason.
import { compile, type Instance } from './compile.js';
import { insertPair, insertSingle, newBest, placedNode } from './insertion.js';
import type { Job, Problem, StopRef, UnassignedReason } from './model.js';
import { stopRef } from './output.js';
import { makeContext, Plan } from './plan.js';
import { loadRoutes, type RoutePlan } from './plan-input.js';
import { Rng } from './random.js';
import { servedAlone } from './reasons.js';
import { timing } from './schedule.js';

/** What rankInsertions needs of a problem: the matrix, the fleet, the jobs on the routes, the locked stops. */
export type RouteContext = Pick<Problem, 'matrix' | 'vehicles' | 'jobs'> & Partial<Pick<Problem, 'locked' | 'dimensions'>>;

export interface InsertionRank {
  vehicleId: string;
  feasible: boolean;
  /** Why not, when infeasible: the job alone does not fit the vehicle, or `no-room` beside its stops
   *  (`route-infeasible` when the route itself already breaks a constraint). */
  reason?: UnassignedReason | 'route-infeasible';
  /** Added distance and duration (0 when infeasible). */
  addedDistance: number;
  addedDuration: number;
  /** Added cost, what the ranking sorts by (Infinity when infeasible). */
  addedCost: number;
  /** Where the job goes, as indexes in the new stop list: the single stop or pickup, and the delivery. */
  position: { index: number; deliveryIndex?: number } | null;
  /** The route's stops with the job in place. */
  stops: StopRef[] | null;
}

/** Ranks the given routes by how well they take `job` (best first). */
export function rankInsertions(context: RouteContext, routes: RoutePlan[], job: Job): InsertionRank[] {
  const jobs = context.jobs.filter((j) => j.id !== job.id).concat(job);
  const problem: Problem = { ...context, jobs, objective: 'distance-first' };
  const inst = compile(problem, { neighbors: false });
  const plan = new Plan(inst);
  loadRoutes(inst, plan, routes);
  const j = inst.J - 1;
  if (plan.jobRoute[j] >= 0) throw new Error(`rankInsertions: job ${job.id} is already on a route`);
  const ctx = makeContext(inst, new Rng(1), new Uint8Array(inst.J).fill(1));
  const ranks = routes.map((given) => rankOne(inst, ctx, plan, inst.vehicleIds.indexOf(given.vehicleId), j));
  return ranks.sort(
    (a, b) =>
      (a.feasible === b.feasible ? 0 : a.feasible ? -1 : 1) ||
      a.addedCost - b.addedCost ||
      a.addedDuration - b.addedDuration ||
      a.vehicleId.localeCompare(b.vehicleId),
  );
}

function rankOne(inst: Instance, ctx: ReturnType<typeof makeContext>, plan: Plan, v: number, j: number): InsertionRank {
  const route = plan.routes[v];
  const infeasible = (reason: InsertionRank['reason']): InsertionRank => ({
    vehicleId: inst.vehicleIds[v],
    feasible: false,
    reason,
    addedDistance: 0,
    addedDuration: 0,
    addedCost: Infinity,
    position: null,
    stops: null,
  });
  const tied = inst.jobLockedTo[j];
  if (tied >= 0 && tied !== v) return infeasible('allowed-vehicles');
  const alone = servedAlone(inst, j, [v]);
  if (alone) return infeasible(alone.reason);
  if (!route.feasible) return infeasible('route-infeasible');
  const best = newBest();
  const node = placedNode(inst, j);
  const extra = route.n === 0 ? inst.fixed[v] : 0;
  if (inst.jobIsPair[j] && !inst.jobPinnedDelivery[j]) insertPair(ctx, route, v, node, extra, best, 0);
  else insertSingle(ctx, route, v, node, extra, best, 0);
  if (best.r < 0) return infeasible('no-room');
  const before = route.n > 0 ? timing(inst, v, route.nodes, route.n + 2).duration : 0;
  const distanceBefore = route.n > 0 ? route.distance : 0;
  const nodes: number[] = [];
  for (let pos = 1; pos <= route.n; pos++) {
    nodes.push(route.nodes[pos]);
    if (pos === best.i) nodes.push(node);
    if (best.j >= 0 && pos === best.j) nodes.push(node + 1);
  }
  // Inserting after the start sentinel (position 0): the job leads the route.
  if (best.i === 0) nodes.unshift(...(best.j === 0 ? [node, node + 1] : [node]));
  const seq = [inst.S + 2 * v, ...nodes, inst.S + 2 * v + 1];
  const after = timing(inst, v, seq, seq.length);
  let distance = 0;
  for (let k = 1; k < seq.length; k++) distance += inst.dist[inst.loc[seq[k - 1]] * inst.L + inst.loc[seq[k]]];
  const index = nodes.indexOf(node);
  const deliveryIndex = best.j >= 0 ? nodes.indexOf(node + 1) : undefined;
  return {
    vehicleId: inst.vehicleIds[v],
    feasible: true,
    addedDistance: distance - distanceBefore,
    addedDuration: after.duration - before,
    addedCost: best.cost,
    position: deliveryIndex === undefined ? { index } : { index, deliveryIndex },
    stops: nodes.map((n) => stopRef(inst, n)),
  };
}
