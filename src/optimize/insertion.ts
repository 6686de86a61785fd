// The cheapest feasible place for a job: each position of each route it may ride, tested in
// constant time against the route's cached schedule and loads (a shipment: each pickup position,
// then each delivery position after it, pushing the schedule forward as it goes). Cost is checked
// first, since it is cheapest and prunes most. With `blink` > 0 each position is skipped with that
// probability, the "blinks" that keep ruin-and-recreate from rebuilding the same routes. The draw
// comes last: skipping a place that would not have been taken changes nothing, so only places that
// would win are drawn for.
import type { Instance } from './compile.js';
import type { Context, Plan } from './plan.js';
import type { Route } from './route.js';
import { timing } from './schedule.js';
import { earliest } from './time.js';

/** The best place found: route, pickup (or single stop) after position `i`, delivery after position `j` (−1 for a single stop). */
export interface Best {
  cost: number;
  r: number;
  i: number;
  j: number;
}

export const newBest = (): Best => ({ cost: Infinity, r: -1, i: -1, j: -1 });

let scratch = new Int32Array(64);

/** The route's nodes with `u` after position `i` and, when w ≥ 0, `w` after position `j` (original positions). */
function trialFeasible(inst: Instance, route: Route, i: number, u: number, j: number, w: number): boolean {
  const len = route.n + (w >= 0 ? 4 : 3);
  if (scratch.length < len) scratch = new Int32Array(len * 2);
  let k = 0;
  for (let pos = 0; pos <= route.n + 1; pos++) {
    scratch[k++] = route.nodes[pos];
    if (pos === i) scratch[k++] = u;
    if (w >= 0 && pos === j) scratch[k++] = w;
  }
  return timing(inst, route.v, scratch, len).feasible;
}

/** Single stop `u` into `route` (vehicle r): updates `out` when cheaper than out.cost. */
export function insertSingle(ctx: Context, route: Route, r: number, u: number, extra: number, out: Best, blink: number): void {
  const { inst, rng } = ctx;
  const { D, L, loc, dist, dur, service, cap, startAdd, delta, tw1 } = inst;
  const { nodes, est, lst, load, pmax, smax } = route;
  const v = route.v;
  const cpd = inst.cpd[v];
  const lu = loc[u];
  const checkDuration = inst.hasMaxDur[v] === 1;
  // The running maxima only grow (pmax) or shrink (smax) along the route: when even the most
  // favourable position is over capacity, no position fits.
  const last = route.n + 1;
  for (let d = 0; d < D; d++) {
    const s = startAdd[u * D + d];
    if (pmax[route.lockedCount * D + d] + s > cap[v * D + d] || smax[last * D + d] + s + delta[u * D + d] > cap[v * D + d]) return;
  }
  for (let i = route.lockedCount; i <= route.n; i++) {
    if (est[i] > tw1[u]) break; // the vehicle is only later from here on
    const prev = nodes[i];
    const next = nodes[i + 1];
    const lp = loc[prev];
    const ln = loc[next];
    const cost = (dist[lp * L + lu] + dist[lu * L + ln] - dist[lp * L + ln]) * cpd + extra;
    if (!(cost < out.cost)) continue;
    let fits = true;
    for (let d = 0; d < D; d++) {
      const c = cap[v * D + d];
      const s = startAdd[u * D + d];
      const q = s + delta[u * D + d];
      if (pmax[i * D + d] + s > c || smax[(i + 1) * D + d] + q > c || load[i * D + d] + q > c) {
        fits = false;
        break;
      }
    }
    if (!fits) continue;
    const su = earliest(inst, u, est[i] + service[prev] + dur[lp * L + lu]);
    if (su === Infinity) continue;
    if (!(earliest(inst, next, su + service[u] + dur[lu * L + ln]) <= lst[i + 1])) continue;
    if (checkDuration && !trialFeasible(inst, route, i, u, -1, -1)) continue;
    if (blink > 0 && rng.next() < blink) continue;
    out.cost = cost;
    out.r = r;
    out.i = i;
    out.j = -1;
  }
}

/** Shipment `p` (pickup) and `p + 1` (delivery) into `route`: the same vehicle, pickup first. */
export function insertPair(ctx: Context, route: Route, r: number, p: number, extra: number, out: Best, blink: number): void {
  const { inst, rng } = ctx;
  const { D, L, loc, dist, dur, service, cap, delta, tw1 } = inst;
  const { nodes, est, lst, load } = route;
  const v = route.v;
  const q = p + 1;
  const cpd = inst.cpd[v];
  const lp = loc[p];
  const lq = loc[q];
  const n = route.n;
  const checkDuration = inst.hasMaxDur[v] === 1;
  const pq = dist[lp * L + lq];
  for (let i = route.lockedCount; i <= n; i++) {
    if (est[i] > tw1[p]) break;
    const prev = nodes[i];
    const next = nodes[i + 1];
    const lprev = loc[prev];
    const lnext = loc[next];
    // Loads between the two stops rise by the shipment's demand.
    let fits = true;
    for (let d = 0; d < D; d++) {
      if (load[i * D + d] + delta[p * D + d] > cap[v * D + d]) {
        fits = false;
        break;
      }
    }
    if (!fits) continue;
    const sp = earliest(inst, p, est[i] + service[prev] + dur[lprev * L + lp]);
    if (sp === Infinity) continue;
    const toP = dist[lprev * L + lp] - dist[lprev * L + lnext];
    // Delivery right after the pickup.
    const adjacent = (toP + pq + dist[lq * L + lnext]) * cpd + extra;
    if (adjacent < out.cost) {
      const sq = earliest(inst, q, sp + service[p] + dur[lp * L + lq]);
      if (
        sq !== Infinity &&
        earliest(inst, next, sq + service[q] + dur[lq * L + lnext]) <= lst[i + 1] &&
        (!checkDuration || trialFeasible(inst, route, i, p, i, q)) &&
        !(blink > 0 && rng.next() < blink)
      ) {
        out.cost = adjacent;
        out.r = r;
        out.i = i;
        out.j = i;
      }
    }
    // Delivery after position j > i: the schedule from i + 1 on is pushed by the pickup.
    const pickupCost = toP + dist[lp * L + lnext];
    let time = sp;
    let last = p;
    for (let j = i + 1; j <= n; j++) {
      const node = nodes[j];
      const s = earliest(inst, node, time + service[last] + dur[loc[last] * L + loc[node]]);
      if (!(s <= lst[j])) break;
      let over = false;
      for (let d = 0; d < D; d++) {
        if (load[j * D + d] + delta[p * D + d] > cap[v * D + d]) {
          over = true;
          break;
        }
      }
      if (over) break;
      time = s;
      last = node;
      const after = nodes[j + 1];
      const ln = loc[node];
      const la = loc[after];
      const cost = (pickupCost + dist[ln * L + lq] + dist[lq * L + la] - dist[ln * L + la]) * cpd + extra;
      if (!(cost < out.cost)) continue;
      const sq = earliest(inst, q, s + service[node] + dur[ln * L + lq]);
      if (sq === Infinity) continue;
      if (!(earliest(inst, after, sq + service[q] + dur[lq * L + la]) <= lst[j + 1])) continue;
      if (checkDuration && !trialFeasible(inst, route, i, p, j, q)) continue;
      if (blink > 0 && rng.next() < blink) continue;
      out.cost = cost;
      out.r = r;
      out.i = i;
      out.j = j;
    }
  }
}

/** The node a job is placed by: a shipment's pickup, a single stop, or a pinned delivery (its pickup locked). */
export function placedNode(inst: Instance, job: number): number {
  return inst.jobPinnedDelivery[job] ? inst.jobNode[job] + 1 : inst.jobNode[job];
}

/** The cheapest place for `job` over the plan's routes (but `exclude`) cheaper than `bound`; out.r = −1 when there is none. */
export function bestInsertion(ctx: Context, plan: Plan, job: number, out: Best, blink: number, exclude = -1, bound = Infinity): Best {
  const { inst } = ctx;
  out.cost = bound;
  out.r = -1;
  const pair = inst.jobIsPair[job] === 1 && inst.jobPinnedDelivery[job] === 0;
  const node = placedNode(inst, job);
  const only = inst.jobLockedTo[job];
  const stamp = ++ctx.stamp;
  // A job tied to a vehicle by a locked route goes only there.
  const [from, to] = only >= 0 ? [only, only + 1] : [0, inst.V];
  for (let v = from; v < to; v++) {
    if ((inst.allowed[job * inst.V + v] === 0 && only < 0) || v === exclude) continue;
    const route = plan.routes[v];
    let extra = 0;
    if (route.n === 0) {
      if (ctx.usable[v] === 0) continue;
      const c = inst.vClass[v];
      if (ctx.classStamp[c] === stamp) continue;
      ctx.classStamp[c] = stamp;
      extra = inst.fixed[v];
    }
    if (pair) insertPair(ctx, route, v, node, extra, out, blink);
    else insertSingle(ctx, route, v, node, extra, out, blink);
  }
  return out;
}

/** Carries out `best` for `job` in the plan. */
export function applyInsertion(inst: Instance, plan: Plan, job: number, best: Best): void {
  const route = plan.routes[best.r];
  const node = placedNode(inst, job);
  if (best.j >= 0) route.insertAfter(best.j, node + 1);
  route.insertAfter(best.i, node);
  route.update(inst);
  plan.jobRoute[job] = best.r;
  plan.touch(best.r);
}
