// Exchange: swap two single stops of different routes, each taking the other's place, when that
// costs less. Candidates are each stop's nearest stops (the granular neighbourhood). Shipments
// move by relocate; swapping them would need four positions at once.
import { DELIVERY, type Instance, PICKUP } from '../compile.js';
import type { Context, Plan } from '../plan.js';
import type { Route } from '../route.js';
import { earliest } from '../time.js';
import { commit, GAIN_EPS, movableTo, save } from './common.js';

/** How many nearest stops each stop tries. */
const NEAR = 20;

/** Whether single stop `w` fits in place of the stop at position `a` (loads, windows). */
export function replaceFits(inst: Instance, route: Route, a: number, w: number): boolean {
  const { D, cap, startAdd, delta, loc, dur, service, L } = inst;
  const u = route.nodes[a];
  const v = route.v;
  for (let d = 0; d < D; d++) {
    const c = cap[v * D + d];
    const shift = startAdd[w * D + d] - startAdd[u * D + d]; // on board from the start
    if (route.pmax[(a - 1) * D + d] + shift > c) return false;
    if (route.load[(a - 1) * D + d] + shift + delta[w * D + d] > c) return false;
    if (route.smax[(a + 1) * D + d] + shift + delta[w * D + d] - delta[u * D + d] > c) return false;
  }
  const prev = route.nodes[a - 1];
  const next = route.nodes[a + 1];
  const s = earliest(inst, w, route.est[a - 1] + service[prev] + dur[loc[prev] * L + loc[w]]);
  if (s === Infinity) return false;
  return earliest(inst, next, s + service[w] + dur[loc[w] * L + loc[next]]) <= route.lst[a + 1];
}

/** Cost change of putting `w` in place of the stop at position `a`. */
function replaceDelta(inst: Instance, route: Route, a: number, w: number): number {
  const { loc, dist, L } = inst;
  const prev = loc[route.nodes[a - 1]];
  const next = loc[route.nodes[a + 1]];
  const u = loc[route.nodes[a]];
  const lw = loc[w];
  return inst.cpd[route.v] * (dist[prev * L + lw] + dist[lw * L + next] - dist[prev * L + u] - dist[u * L + next]);
}

const isSingle = (inst: Instance, node: number): boolean => inst.kind[node] === PICKUP || inst.kind[node] === DELIVERY;

/** One pass of exchange; the count of moves made. */
export function exchange(ctx: Context, plan: Plan, backup: Plan): number {
  const { inst, rng } = ctx;
  const { K, neighbors, job } = inst;
  const near = Math.min(K, NEAR);
  const nodes: number[] = [];
  for (let u = 0; u < inst.S; u++) if (isSingle(inst, u) && plan.jobRoute[job[u]] >= 0 && inst.jobLockedTo[job[u]] < 0) nodes.push(u);
  rng.shuffle(nodes);
  let moves = 0;
  for (const u of nodes) {
    for (let k = 0; k < near; k++) {
      const w = neighbors[u * K + k];
      const ra = plan.jobRoute[job[u]];
      const rb = plan.jobRoute[job[w]];
      if (rb < 0 || rb === ra || !isSingle(inst, w) || inst.jobLockedTo[job[w]] >= 0) continue;
      const A = plan.routes[ra];
      const B = plan.routes[rb];
      const a = A.indexOf(u);
      const b = B.indexOf(w);
      if (replaceDelta(inst, A, a, w) + replaceDelta(inst, B, b, u) >= -GAIN_EPS) continue;
      if (!movableTo(inst, w, A.v) || !movableTo(inst, u, B.v)) continue;
      if (!replaceFits(inst, A, a, w) || !replaceFits(inst, B, b, u)) continue;
      save(plan, backup, [ra, rb]);
      A.nodes[a] = w;
      B.nodes[b] = u;
      if (commit(inst, plan, backup, [ra, rb])) {
        moves++;
        break; // u has moved: its neighbourhood is another one now
      }
    }
  }
  return moves;
}
