// Relocate: move one job (a single stop, or a shipment's two stops together) from its route to its
// cheapest place in another route, when that costs less than it saves where it was.
import type { Instance } from '../compile.js';
import { bestInsertion, newBest, placedNode } from '../insertion.js';
import type { Context, Plan } from '../plan.js';
import type { Route } from '../route.js';
import { commit, GAIN_EPS, save } from './common.js';

/** What taking the job out of its route saves (its cost share, and the vehicle when it was alone). */
export function removalSaving(inst: Instance, route: Route, job: number): number {
  const { loc, dist, L } = inst;
  const { nodes } = route;
  const edge = (a: number, b: number): number => dist[loc[a] * L + loc[b]];
  const cut = (pos: number): number => edge(nodes[pos - 1], nodes[pos]) + edge(nodes[pos], nodes[pos + 1]) - edge(nodes[pos - 1], nodes[pos + 1]);
  const node = placedNode(inst, job);
  const pair = inst.jobIsPair[job] === 1 && inst.jobPinnedDelivery[job] === 0;
  const a = route.indexOf(node);
  let saving: number;
  let stops = 1;
  if (!pair) {
    saving = cut(a);
  } else {
    stops = 2;
    const b = route.indexOf(node + 1);
    saving =
      b === a + 1 ? edge(nodes[a - 1], nodes[a]) + edge(nodes[a], nodes[b]) + edge(nodes[b], nodes[b + 1]) - edge(nodes[a - 1], nodes[b + 1]) : cut(a) + cut(b);
  }
  return inst.cpd[route.v] * saving + (route.n === stops ? inst.fixed[route.v] : 0);
}

/** Takes the job's stops out of the route (no update). */
export function takeOut(inst: Instance, route: Route, job: number): void {
  const node = placedNode(inst, job);
  if (inst.jobIsPair[job] === 1 && inst.jobPinnedDelivery[job] === 0) route.removeAt(route.indexOf(node + 1));
  route.removeAt(route.indexOf(node));
}

const best = newBest();

/** One pass of relocate over the jobs in a random order; the count of moves made. */
export function relocate(ctx: Context, plan: Plan, backup: Plan): number {
  const { inst, rng } = ctx;
  const jobs: number[] = [];
  for (let j = 0; j < inst.J; j++) if (plan.jobRoute[j] >= 0 && inst.jobLockedTo[j] < 0) jobs.push(j);
  rng.shuffle(jobs);
  let moves = 0;
  for (const job of jobs) {
    const r = plan.jobRoute[job];
    const saving = removalSaving(inst, plan.routes[r], job);
    bestInsertion(ctx, plan, job, best, 0, r, saving - GAIN_EPS);
    if (best.r < 0) continue;
    const to = best.r;
    save(plan, backup, [r, to]);
    const target = plan.routes[to];
    const node = placedNode(inst, job);
    if (best.j >= 0) target.insertAfter(best.j, node + 1);
    target.insertAfter(best.i, node);
    takeOut(inst, plan.routes[r], job);
    if (commit(inst, plan, backup, [r, to])) moves++;
  }
  return moves;
}
