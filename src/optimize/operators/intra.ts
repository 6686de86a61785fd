// Moves within one route. Or-opt: move a string of one to three consecutive stops elsewhere in the
// route, as it is or reversed. 2-opt: reverse a stretch of the route. Only the stretch between the
// first and last changed positions is driven again (loads, windows, a shipment's pickup before its
// delivery); the rest is tested against the cached latest times.
import type { Instance } from '../compile.js';
import { SHIP_DELIVERY, SHIP_PICKUP } from '../compile.js';
import type { Context, Plan } from '../plan.js';
import type { Route } from '../route.js';
import { earliest } from '../time.js';
import { commit, GAIN_EPS, save } from './common.js';

const MAX_STRING = 3;
let span = new Int32Array(64);

/** Whether positions a..b of the route, holding `span[0..b − a]` instead, stay feasible. */
export function spanFits(inst: Instance, route: Route, a: number, b: number, seq: Int32Array, mark: Uint8Array): boolean {
  const { D, cap, delta, loc, dur, service, L, kind, partner } = inst;
  const len = b - a + 1;
  let ok = true;
  // A delivery may not come before its pickup when both are in the stretch.
  for (let k = 0; k < len; k++) mark[seq[k]] = 1;
  for (let k = 0; k < len && ok; k++) {
    const node = seq[k];
    if (kind[node] === SHIP_PICKUP) mark[node] = 2;
    else if (kind[node] === SHIP_DELIVERY && mark[partner[node]] === 1) ok = false;
  }
  for (let k = 0; k < len; k++) mark[seq[k]] = 0;
  if (!ok) return false;
  const v = route.v;
  for (let d = 0; d < D; d++) {
    let load = route.load[(a - 1) * D + d];
    const c = cap[v * D + d];
    for (let k = 0; k < len; k++) {
      load += delta[seq[k] * D + d];
      if (load > c) return false;
    }
  }
  let prev = route.nodes[a - 1];
  let time = route.est[a - 1];
  for (let k = 0; k < len; k++) {
    const node = seq[k];
    time = earliest(inst, node, time + service[prev] + dur[loc[prev] * L + loc[node]]);
    if (time === Infinity) return false;
    prev = node;
  }
  const next = route.nodes[b + 1];
  return earliest(inst, next, time + service[prev] + dur[loc[prev] * L + loc[next]]) <= route.lst[b + 1];
}

/** Writes `span[0..b − a]` into positions a..b and commits. */
function apply(ctx: Context, plan: Plan, backup: Plan, route: Route, a: number, b: number): boolean {
  save(plan, backup, [route.v]);
  for (let k = 0; k <= b - a; k++) route.nodes[a + k] = span[k];
  return commit(ctx.inst, plan, backup, [route.v]);
}

/** Copies positions s..e (reversed or not) into out from k; the next free index. */
function putString(out: Int32Array, k: number, nodes: Int32Array, s: number, e: number, reversed: boolean): number {
  if (reversed) for (let q = e; q >= s; q--) out[k++] = nodes[q];
  else for (let q = s; q <= e; q++) out[k++] = nodes[q];
  return k;
}

function ensureSpan(n: number): void {
  if (span.length < n + 2) span = new Int32Array(2 * (n + 2));
}

/** One improving or-opt move in the route, if any. */
function orOpt(ctx: Context, plan: Plan, backup: Plan, route: Route): boolean {
  const { inst } = ctx;
  const { loc, dist, L } = inst;
  const d = (x: number, y: number): number => dist[loc[x] * L + loc[y]];
  const nodes = route.nodes;
  const n = route.n;
  const first = route.lockedCount + 1;
  ensureSpan(n);
  for (let s = first; s <= n; s++) {
    for (let l = 1; l <= MAX_STRING && s + l - 1 <= n; l++) {
      const e = s + l - 1;
      const gap = d(nodes[s - 1], nodes[s]) + d(nodes[e], nodes[e + 1]) - d(nodes[s - 1], nodes[e + 1]);
      let inner = 0;
      let innerReversed = 0;
      for (let k = s; k < e; k++) {
        inner += d(nodes[k], nodes[k + 1]);
        innerReversed += d(nodes[k + 1], nodes[k]);
      }
      for (let p = first - 1; p <= n; p++) {
        if (p >= s - 1 && p <= e) continue;
        const x = nodes[p];
        const y = nodes[p + 1];
        for (let rev = 0; rev < 2; rev++) {
          if (rev === 1 && l === 1) continue;
          const head = rev === 1 ? nodes[e] : nodes[s];
          const tail = rev === 1 ? nodes[s] : nodes[e];
          const added = d(x, head) + (rev === 1 ? innerReversed : inner) + d(tail, y) - d(x, y);
          if (added - inner - gap >= -GAIN_EPS) continue;
          // The changed stretch: the string at p + 1 and what lay between.
          let k = 0;
          let a: number;
          let b: number;
          if (p < s) {
            a = p + 1;
            b = e;
            k = putString(span, k, nodes, s, e, rev === 1);
            for (let q = p + 1; q < s; q++) span[k++] = nodes[q];
          } else {
            a = s;
            b = p;
            for (let q = e + 1; q <= p; q++) span[k++] = nodes[q];
            k = putString(span, k, nodes, s, e, rev === 1);
          }
          if (spanFits(inst, route, a, b, span, ctx.mark) && apply(ctx, plan, backup, route, a, b)) return true;
        }
      }
    }
  }
  return false;
}

/** One improving 2-opt move (a reversed stretch) in the route, if any. */
function twoOpt(ctx: Context, plan: Plan, backup: Plan, route: Route): boolean {
  const { inst } = ctx;
  const { loc, dist, L } = inst;
  const d = (x: number, y: number): number => dist[loc[x] * L + loc[y]];
  const nodes = route.nodes;
  const n = route.n;
  ensureSpan(n);
  for (let a = route.lockedCount + 1; a < n; a++) {
    let reversed = 0;
    for (let b = a + 1; b <= n; b++) {
      reversed += d(nodes[b], nodes[b - 1]);
      const forward = route.cdist[b] - route.cdist[a];
      const change = d(nodes[a - 1], nodes[b]) + reversed + d(nodes[a], nodes[b + 1]) - d(nodes[a - 1], nodes[a]) - forward - d(nodes[b], nodes[b + 1]);
      if (change >= -GAIN_EPS) continue;
      for (let k = 0; k <= b - a; k++) span[k] = nodes[b - k];
      if (spanFits(inst, route, a, b, span, ctx.mark) && apply(ctx, plan, backup, route, a, b)) return true;
    }
  }
  return false;
}

/** Or-opt and 2-opt on every route until neither improves; the count of moves made. */
export function intraRoute(ctx: Context, plan: Plan, backup: Plan): number {
  let moves = 0;
  for (const route of plan.routes) {
    if (route.n - route.lockedCount < 2) continue;
    let guard = 0;
    while (guard++ < 1000 && (orOpt(ctx, plan, backup, route) || twoOpt(ctx, plan, backup, route))) moves++;
  }
  return moves;
}
