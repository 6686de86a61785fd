// 2-opt*: cut two routes and swap their tails, A = a1 a2 | a3 a4, B = b1 | b2 b3 → a1 a2 b2 b3 and
// b1 a3 a4, each tail keeping its own order. Candidates link a stop to one of its nearest stops on
// another route (u → w, or w → u). A cut may not separate a shipment's stops (no shipment open at
// the cut) nor fall inside a locked start.
import type { Instance } from '../compile.js';
import type { Context, Plan } from '../plan.js';
import type { Route } from '../route.js';
import { earliest } from '../time.js';
import { commit, GAIN_EPS, movableTo, routeCost, save } from './common.js';

const NEAR = 20;

/** Distance of route A cut after position i, continued with B's stops after position j, ending at A's end. */
function joinedDistance(inst: Instance, A: Route, i: number, B: Route, j: number): number {
  const { loc, dist, L } = inst;
  const end = A.nodes[A.n + 1];
  if (j >= B.n) return A.cdist[i] + dist[loc[A.nodes[i]] * L + loc[end]];
  return A.cdist[i] + dist[loc[A.nodes[i]] * L + loc[B.nodes[j + 1]]] + (B.cdist[B.n] - B.cdist[j + 1]) + dist[loc[B.nodes[B.n]] * L + loc[end]];
}

/** Whether A cut after i and continued with B after j keeps its loads within A's capacity. */
function joinedLoadFits(inst: Instance, A: Route, i: number, B: Route, j: number): boolean {
  const { D, cap } = inst;
  for (let d = 0; d < D; d++) {
    const c = cap[A.v * D + d];
    // Single deliveries of the new tail come on board at the start instead of those of the old one.
    const shift = B.sadd[(B.n + 1) * D + d] - B.sadd[j * D + d] - (A.sadd[(A.n + 1) * D + d] - A.sadd[i * D + d]);
    if (A.pmax[i * D + d] + shift > c) return false;
    if (j < B.n && A.load[i * D + d] + shift - B.load[j * D + d] + B.smax[(j + 1) * D + d] > c) return false;
  }
  return true;
}

/** Whether A's head up to i reaches B's tail after j in time (exact when both routes end alike). */
function joinedTimeFits(inst: Instance, A: Route, i: number, B: Route, j: number): boolean {
  const { loc, dur, service, L } = inst;
  const u = A.nodes[i];
  const next = j >= B.n ? A.nodes[A.n + 1] : B.nodes[j + 1];
  const s = earliest(inst, next, A.est[i] + service[u] + dur[loc[u] * L + loc[next]]);
  return j >= B.n ? s <= A.lst[A.n + 1] : s <= B.lst[j + 1];
}

function tailMovable(inst: Instance, from: Route, after: number, v: number): boolean {
  for (let pos = after + 1; pos <= from.n; pos++) if (!movableTo(inst, from.nodes[pos], v)) return false;
  return true;
}

/** Tries cutting A after i and B after j; true when it was done. */
function tryCut(ctx: Context, plan: Plan, backup: Plan, A: Route, i: number, B: Route, j: number): boolean {
  const { inst } = ctx;
  if (i < A.lockedCount || j < B.lockedCount || A.open[i] !== 0 || B.open[j] !== 0) return false;
  if (i === A.n && j === B.n) return false;
  const nA = i + (B.n - j);
  const nB = j + (A.n - i);
  const before = A.cost + B.cost;
  const after = routeCost(inst, A.v, nA, joinedDistance(inst, A, i, B, j)) + routeCost(inst, B.v, nB, joinedDistance(inst, B, j, A, i));
  if (after - before >= -GAIN_EPS) return false;
  if (!joinedLoadFits(inst, A, i, B, j) || !joinedLoadFits(inst, B, j, A, i)) return false;
  // The constant-time test uses the other route's latest times: exact when both end at the same
  // place by the same time; otherwise commit() decides.
  const sameEnd = inst.loc[A.nodes[A.n + 1]] === inst.loc[B.nodes[B.n + 1]] && inst.shift1[A.v] === inst.shift1[B.v];
  if (sameEnd && (!joinedTimeFits(inst, A, i, B, j) || !joinedTimeFits(inst, B, j, A, i))) return false;
  if (!tailMovable(inst, B, j, A.v) || !tailMovable(inst, A, i, B.v)) return false;
  const ra = A.v;
  const rb = B.v;
  save(plan, backup, [ra, rb]);
  const tailA = A.nodes.slice(i + 1, A.n + 1);
  const tailB = B.nodes.slice(j + 1, B.n + 1);
  const stopsA = [...A.nodes.subarray(1, i + 1), ...tailB];
  const stopsB = [...B.nodes.subarray(1, j + 1), ...tailA];
  A.setStops(stopsA, stopsA.length);
  B.setStops(stopsB, stopsB.length);
  return commit(inst, plan, backup, [ra, rb]);
}

/** One pass of 2-opt*; the count of moves made. */
export function twoOptStar(ctx: Context, plan: Plan, backup: Plan): number {
  const { inst, rng } = ctx;
  const { K, neighbors, job } = inst;
  const near = Math.min(K, NEAR);
  const order: number[] = [];
  for (let u = 0; u < inst.S; u++) if (plan.jobRoute[job[u]] >= 0) order.push(u);
  rng.shuffle(order);
  let moves = 0;
  for (const u of order) {
    for (let k = 0; k < near; k++) {
      const w = neighbors[u * K + k];
      const ra = plan.jobRoute[job[u]];
      const rb = plan.jobRoute[job[w]];
      if (ra < 0 || rb < 0 || ra === rb) continue;
      const A = plan.routes[ra];
      const B = plan.routes[rb];
      const a = A.indexOf(u);
      const b = B.indexOf(w);
      if (a < 0 || b < 0) continue;
      // u → w: A keeps up to u, then B from w on; w → u: B keeps up to w, then A from u on.
      if (tryCut(ctx, plan, backup, A, a, B, b - 1) || tryCut(ctx, plan, backup, B, b, A, a - 1)) {
        moves++;
        break;
      }
    }
  }
  return moves;
}
