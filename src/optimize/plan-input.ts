// Routes given by a caller (a vehicle and its stops in order, as dispatch holds them) loaded into a
// search plan, with the checks that make them usable: known vehicle and stops, each stop once, a
// shipment's two stops on one route pickup first, and the vehicle's locked stops first.
import { type Instance, ProblemError } from './compile.js';
import type { StopRef } from './model.js';
import type { Plan } from './plan.js';

/** A vehicle's route as a list of stops, first to last. */
export interface RoutePlan {
  vehicleId: string;
  stops: StopRef[];
}

/** The node of a stop reference. */
export function nodeOf(inst: Instance, jobIndex: Map<string, number>, ref: StopRef): number {
  const j = jobIndex.get(ref.jobId);
  if (j === undefined) throw new ProblemError(`routes: job ${ref.jobId} is not in the problem`);
  const job = inst.problem.jobs[j];
  if (job.kind !== 'shipment' && job.kind !== ref.type) throw new ProblemError(`routes: job ${ref.jobId} is a ${job.kind}, not a ${ref.type}`);
  return inst.jobNode[j] + (inst.jobIsPair[j] && ref.type === 'delivery' ? 1 : 0);
}

/** Puts the routes into the plan (updated, touched); jobs not on any route stay unassigned. */
export function loadRoutes(inst: Instance, plan: Plan, routes: RoutePlan[]): void {
  const jobIndex = new Map(inst.jobIds.map((id, i) => [id, i]));
  const vehicleIndex = new Map(inst.vehicleIds.map((id, i) => [id, i]));
  const seen = new Set<number>();
  const given = new Set<number>();
  for (const route of routes) {
    const v = vehicleIndex.get(route.vehicleId);
    if (v === undefined) throw new ProblemError(`routes: vehicle ${route.vehicleId} is not in the problem`);
    if (given.has(v)) throw new ProblemError(`routes: vehicle ${route.vehicleId} has two routes`);
    given.add(v);
    const nodes = route.stops.map((ref) => nodeOf(inst, jobIndex, ref));
    const locked = inst.locked[v];
    locked.forEach((node, k) => {
      if (nodes[k] !== node) throw new ProblemError(`routes: vehicle ${route.vehicleId} must begin with its locked stops`);
    });
    nodes.forEach((node, k) => {
      if (seen.has(node)) throw new ProblemError(`routes: job ${inst.jobIds[inst.job[node]]} is on the routes twice`);
      seen.add(node);
      const partner = inst.partner[node];
      if (partner >= 0) {
        const at = nodes.indexOf(partner);
        const isPickup = partner > node;
        // A locked pickup may wait for its delivery to be placed.
        const waiting = at < 0 && isPickup && inst.jobPinnedDelivery[inst.job[node]] === 1;
        if (!waiting && (at < 0 || (isPickup ? at < k : at > k))) {
          throw new ProblemError(`routes: shipment ${inst.jobIds[inst.job[node]]} needs its pickup before its delivery on the same route`);
        }
      }
    });
    const target = plan.routes[v];
    target.setStops(nodes, nodes.length);
    target.update(inst);
    plan.touch(v);
  }
  // Vehicles not given keep what the plan had (their locked stops).
  plan.jobRoute.fill(-1);
  for (const route of plan.routes) plan.assign(inst, route.v);
  plan.unassigned = [];
}
