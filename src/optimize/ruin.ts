// Ruin: take jobs out of the plan. The string removal of SISR (Christiaens and Vanden Berghe, 2020)
// removes a few strings of consecutive stops from routes that are near one another: start from a
// random stop, walk its nearest stops, and from each not-yet-ruined route they ride cut a string
// (or a "split string", keeping a few stops in its middle). Removing close stops from several
// routes leaves room that recreate can refill differently. A shipment leaves with both stops.
// Locked stops never leave.
import type { Context, Plan } from './plan.js';

export interface RuinParams {
  /** Average number of jobs removed (c̄). */
  averageRemoved: number;
  /** Longest string (L_max). */
  maxString: number;
  /** Chance that a string is a split string. */
  splitRate: number;
}

export const DEFAULT_RUIN: RuinParams = { averageRemoved: 10, maxString: 10, splitRate: 0.5 };

/** Removes strings from the plan; the removed jobs are appended to `removed`. */
export function ruinStrings(ctx: Context, plan: Plan, params: RuinParams, removed: number[]): void {
  const { inst, rng } = ctx;
  let stops = 0;
  let used = 0;
  for (const route of plan.routes) {
    const free = route.n - route.lockedCount;
    if (free > 0) {
      stops += free;
      used++;
    }
  }
  if (used === 0) return;
  const lsMax = Math.min(params.maxString, stops / used);
  const ksMax = (4 * params.averageRemoved) / (1 + lsMax) - 1;
  const ks = Math.floor(rng.next() * Math.max(1, ksMax)) + 1;
  const seed = randomPlacedNode(ctx, plan);
  if (seed < 0) return;
  const { K, neighbors, job } = inst;
  const ruined: number[] = [];
  for (let k = -1; k < K && ruined.length < ks; k++) {
    const node = k < 0 ? seed : neighbors[seed * K + k];
    const r = plan.jobRoute[job[node]];
    if (r < 0 || ruined.includes(r)) continue;
    const route = plan.routes[r];
    const pos = route.indexOf(node);
    if (pos <= route.lockedCount) continue;
    const free = route.n - route.lockedCount;
    const lMax = Math.min(free, lsMax);
    const l = Math.floor(rng.next() * lMax) + 1;
    if (rng.next() < params.splitRate && free > l) splitString(ctx, route.n, route.lockedCount, pos, l, route.nodes, free);
    else cutString(ctx, route.n, route.lockedCount, pos, l, route.nodes);
    plan.touch(r);
    ruined.push(r);
  }
  for (const r of ruined) takeMarked(ctx, plan, r, removed);
}

/** A job stop in a route and free to move, chosen uniformly; −1 when there is none. */
function randomPlacedNode(ctx: Context, plan: Plan): number {
  const { inst, rng } = ctx;
  for (let tries = 0; tries < 32; tries++) {
    const node = rng.int(inst.S);
    const r = plan.jobRoute[inst.job[node]];
    if (r < 0) continue;
    const route = plan.routes[r];
    const pos = route.indexOf(node);
    if (pos > route.lockedCount) return node;
  }
  const candidates: number[] = [];
  for (const route of plan.routes) for (let pos = route.lockedCount + 1; pos <= route.n; pos++) candidates.push(route.nodes[pos]);
  return candidates.length === 0 ? -1 : candidates[rng.int(candidates.length)];
}

/** Marks `l` consecutive free stops that include position `pos`. */
function cutString(ctx: Context, n: number, locked: number, pos: number, l: number, nodes: Int32Array): void {
  const lo = Math.max(locked + 1, pos - l + 1);
  const hi = Math.min(pos, n - l + 1);
  const first = lo + Math.floor(ctx.rng.next() * (hi - lo + 1));
  for (let p = first; p < first + l; p++) ctx.mark[nodes[p]] = 1;
}

/** Marks a string of l + m stops around `pos` but for m consecutive ones inside it. */
function splitString(ctx: Context, n: number, locked: number, pos: number, l: number, nodes: Int32Array, free: number): void {
  const { rng } = ctx;
  let m = 1;
  while (m < free - l && rng.next() < 0.5) m++;
  const size = l + m;
  const lo = Math.max(locked + 1, pos - size + 1);
  const hi = Math.min(pos, n - size + 1);
  const first = lo + Math.floor(rng.next() * (hi - lo + 1));
  const keep = first + Math.floor(rng.next() * (l + 1)); // the kept block starts within the string
  for (let p = first; p < first + size; p++) if (p < keep || p >= keep + m) ctx.mark[nodes[p]] = 1;
}

/** Takes the marked stops (and their shipment partners) out of route r. */
function takeMarked(ctx: Context, plan: Plan, r: number, removed: number[]): void {
  const { inst, mark } = ctx;
  const route = plan.routes[r];
  const { nodes } = route;
  const { partner, job, jobPinnedDelivery } = inst;
  for (let pos = route.lockedCount + 1; pos <= route.n; pos++) {
    const node = nodes[pos];
    if (mark[node] === 1 && partner[node] >= 0 && jobPinnedDelivery[job[node]] === 0) mark[partner[node]] = 1;
  }
  let w = route.lockedCount + 1;
  for (let pos = route.lockedCount + 1; pos <= route.n + 1; pos++) {
    const node = nodes[pos];
    if (pos <= route.n && mark[node] === 1) {
      mark[node] = 0;
      const j = job[node];
      if (plan.jobRoute[j] >= 0) {
        plan.jobRoute[j] = -1;
        removed.push(j);
      }
      continue;
    }
    nodes[w++] = node;
  }
  route.n = w - 2;
  route.update(inst);
}

/** Takes every free stop out of route r (the route-removal step of fleet minimization). */
export function emptyRoute(ctx: Context, plan: Plan, r: number, removed: number[]): void {
  const route = plan.routes[r];
  for (let pos = route.lockedCount + 1; pos <= route.n; pos++) ctx.mark[route.nodes[pos]] = 1;
  plan.touch(r);
  takeMarked(ctx, plan, r, removed);
}
