// The search's plan as the model's Solution: each used vehicle's stops with their times (leaving
// as late as keeps the route shortest, then every stop served as early as it can be, which is how
// the checker replays it) and loads, the unassigned jobs with their reasons, and the totals.
import type { Instance } from './compile.js';
import type { Route as RouteOut, RouteStop, Solution, Unassigned } from './model.js';
import type { Plan } from './plan.js';
import type { Impossible } from './reasons.js';
import type { Route } from './route.js';
import { timing } from './schedule.js';
import { earliest } from './time.js';

export function stopRef(inst: Instance, node: number): { jobId: string; type: 'pickup' | 'delivery' } {
  const j = inst.job[node];
  const kind = inst.kind[node];
  return { jobId: inst.jobIds[j], type: kind === 0 || kind === 2 ? 'pickup' : 'delivery' };
}

export function routeOut(inst: Instance, route: Route): RouteOut {
  const { D, loc, service, dur, L } = inst;
  const len = route.n + 2;
  const nodes = route.nodes.subarray(0, len);
  const t = timing(inst, route.v, nodes, len);
  // An infeasible route (a locked start already late) still gets times: from the shift start, a
  // missed window served on arrival, as the checker replays it.
  const departure = t.end === Infinity ? inst.shift0[route.v] : t.departure;
  const stops: RouteStop[] = [];
  let time = departure;
  for (let pos = 1; pos < len; pos++) {
    const prev = nodes[pos - 1];
    const node = nodes[pos];
    const arrival = time + service[prev] + dur[loc[prev] * L + loc[node]];
    const start = earliest(inst, node, arrival);
    time = start === Infinity ? arrival : start;
    if (pos === len - 1) break;
    stops.push({
      ...stopRef(inst, node),
      location: loc[node],
      arrival,
      start: time,
      departure: time + service[node],
      load: Array.from(route.load.subarray(pos * D, pos * D + D)),
    });
  }
  return { vehicleId: inst.vehicleIds[route.v], start: departure, end: time, stops, distance: route.distance, duration: time - departure };
}

export function solutionOut(inst: Instance, plan: Plan, impossible: Map<number, Impossible>): Solution {
  const routes: RouteOut[] = [];
  for (const route of plan.routes) if (route.n > 0) routes.push(routeOut(inst, route));
  const unassigned: Unassigned[] = [];
  const left = new Set(plan.unassigned);
  for (let j = 0; j < inst.J; j++) {
    const why = impossible.get(j);
    if (why) unassigned.push({ jobId: inst.jobIds[j], reason: why.reason, detail: why.detail });
    else if (left.has(j) && inst.jobPinnedDelivery[j]) {
      // Its pickup is locked on a route: the route carries the load to its end, which the checker reports.
      const vehicle = inst.vehicleIds[inst.jobLockedTo[j]];
      unassigned.push({
        jobId: inst.jobIds[j],
        reason: 'no-room',
        detail: `its pickup is locked on vehicle ${vehicle}, and its delivery fits nowhere after it`,
      });
    } else if (left.has(j)) unassigned.push({ jobId: inst.jobIds[j], reason: 'no-room', detail: 'it fits no route alongside the jobs served' });
  }
  const distance = routes.reduce((s, r) => s + r.distance, 0);
  const duration = routes.reduce((s, r) => s + r.duration, 0);
  return { routes, unassigned, totals: { vehicles: routes.length, distance, duration, unassigned: unassigned.length } };
}
