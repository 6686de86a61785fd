// One vehicle's route as the search holds it: [start sentinel, stops..., end sentinel] and, per
// position, what makes a change testable in constant time: the earliest start of service (est,
// forward), the latest start that keeps the rest feasible (lst, backward), the load on board after
// the stop, its running maximum from either side, the distance driven so far, and how many
// shipments are open (picked up, not yet delivered). update() recomputes them in one pass each way.
import { END, type Instance, SHIP_DELIVERY, SHIP_PICKUP } from './compile.js';
import { timing } from './schedule.js';
import { earliest, latest } from './time.js';

export class Route {
  readonly v: number;
  readonly D: number;
  /** Stops, sentinels excluded. */
  n = 0;
  /** Positions 1..lockedCount hold locked stops: nothing moves there. */
  lockedCount = 0;
  nodes: Int32Array;
  est: Float64Array;
  lst: Float64Array;
  cdist: Float64Array;
  open: Int32Array;
  load: Float64Array;
  pmax: Float64Array;
  smax: Float64Array;
  /** Load single deliveries up to and including the position put on board at the start, position × D. */
  sadd: Float64Array;
  distance = 0;
  /** fixed cost + cost per distance × distance; 0 for an empty route. */
  cost = 0;
  /** The shortest duration the route can take (computed for vehicles with a maxDuration only). */
  duration = 0;
  feasible = true;

  constructor(inst: Instance, v: number, size = 16) {
    this.v = v;
    this.D = inst.D;
    this.nodes = new Int32Array(size);
    this.est = new Float64Array(size);
    this.lst = new Float64Array(size);
    this.cdist = new Float64Array(size);
    this.open = new Int32Array(size);
    this.load = new Float64Array(size * this.D);
    this.pmax = new Float64Array(size * this.D);
    this.smax = new Float64Array(size * this.D);
    this.sadd = new Float64Array(size * this.D);
    this.nodes[0] = inst.S + 2 * v;
    this.nodes[1] = inst.S + 2 * v + 1;
  }

  /** Room for `positions` positions (sentinels included). */
  private reserve(positions: number): void {
    if (positions <= this.nodes.length) return;
    const size = Math.max(positions, this.nodes.length * 2);
    const grow = <T extends Int32Array | Float64Array>(a: T, width = 1): T => {
      const b = new (a.constructor as new (n: number) => T)(size * width);
      b.set(a);
      return b;
    };
    this.nodes = grow(this.nodes);
    this.est = grow(this.est);
    this.lst = grow(this.lst);
    this.cdist = grow(this.cdist);
    this.open = grow(this.open);
    this.load = grow(this.load, this.D);
    this.pmax = grow(this.pmax, this.D);
    this.smax = grow(this.smax, this.D);
    this.sadd = grow(this.sadd, this.D);
  }

  copyFrom(o: Route): void {
    const len = o.n + 2;
    this.reserve(len);
    this.n = o.n;
    this.lockedCount = o.lockedCount;
    this.nodes.set(o.nodes.subarray(0, len));
    this.est.set(o.est.subarray(0, len));
    this.lst.set(o.lst.subarray(0, len));
    this.cdist.set(o.cdist.subarray(0, len));
    this.open.set(o.open.subarray(0, len));
    const D = this.D;
    this.load.set(o.load.subarray(0, len * D));
    this.pmax.set(o.pmax.subarray(0, len * D));
    this.smax.set(o.smax.subarray(0, len * D));
    this.sadd.set(o.sadd.subarray(0, len * D));
    this.distance = o.distance;
    this.cost = o.cost;
    this.duration = o.duration;
    this.feasible = o.feasible;
  }

  /** Puts `node` right after position `i` (call update() after the last change). */
  insertAfter(i: number, node: number): void {
    this.reserve(this.n + 3);
    this.nodes.copyWithin(i + 2, i + 1, this.n + 2);
    this.nodes[i + 1] = node;
    this.n++;
  }

  /** Takes out position `pos` (a stop). */
  removeAt(pos: number): number {
    const node = this.nodes[pos];
    this.nodes.copyWithin(pos, pos + 1, this.n + 2);
    this.n--;
    return node;
  }

  /** Replaces the stops by `stops[0..count)` (sentinels kept). */
  setStops(stops: ArrayLike<number>, count: number): void {
    this.reserve(count + 2);
    const end = this.nodes[this.n + 1];
    for (let k = 0; k < count; k++) this.nodes[k + 1] = stops[k];
    this.nodes[count + 1] = end;
    this.n = count;
  }

  /** Position of `node`, or −1. */
  indexOf(node: number): number {
    const { nodes } = this;
    for (let pos = 1; pos <= this.n; pos++) if (nodes[pos] === node) return pos;
    return -1;
  }

  update(inst: Instance): void {
    const { D, nodes, est, lst, cdist, open, load, pmax, smax, sadd } = this;
    const { loc, service, dist, dur, L, delta, startAdd, kind, cap } = inst;
    const last = this.n + 1;
    // Single deliveries are on board from the start.
    for (let d = 0; d < D; d++) sadd[d] = 0;
    for (let pos = 1; pos <= last; pos++) {
      const base = nodes[pos] * D;
      for (let d = 0; d < D; d++) sadd[pos * D + d] = sadd[(pos - 1) * D + d] + startAdd[base + d];
    }
    for (let d = 0; d < D; d++) load[d] = sadd[last * D + d];
    est[0] = earliest(inst, nodes[0], inst.shift0[this.v]);
    cdist[0] = 0;
    open[0] = 0;
    for (let pos = 1; pos <= last; pos++) {
      const prev = nodes[pos - 1];
      const node = nodes[pos];
      const edge = loc[prev] * L + loc[node];
      est[pos] = earliest(inst, node, est[pos - 1] + service[prev] + dur[edge]);
      cdist[pos] = cdist[pos - 1] + dist[edge];
      const k = kind[node];
      open[pos] = open[pos - 1] + (k === SHIP_PICKUP ? 1 : k === SHIP_DELIVERY ? -1 : 0);
      const base = node * D;
      for (let d = 0; d < D; d++) load[pos * D + d] = load[(pos - 1) * D + d] + delta[base + d];
    }
    let capacityOk = true;
    const capBase = this.v * D;
    for (let d = 0; d < D; d++) pmax[d] = load[d];
    for (let pos = 1; pos <= last; pos++) {
      for (let d = 0; d < D; d++) {
        const a = pmax[(pos - 1) * D + d];
        const b = load[pos * D + d];
        pmax[pos * D + d] = a > b ? a : b;
      }
    }
    for (let d = 0; d < D; d++) {
      smax[last * D + d] = load[last * D + d];
      if (pmax[last * D + d] > cap[capBase + d]) capacityOk = false;
    }
    for (let pos = last - 1; pos >= 0; pos--) {
      for (let d = 0; d < D; d++) {
        const a = smax[(pos + 1) * D + d];
        const b = load[pos * D + d];
        smax[pos * D + d] = a > b ? a : b;
      }
    }
    lst[last] = latest(inst, nodes[last], inst.shift1[this.v]);
    for (let pos = last - 1; pos >= 0; pos--) {
      const node = nodes[pos];
      lst[pos] = latest(inst, node, lst[pos + 1] - dur[loc[node] * L + loc[nodes[pos + 1]]] - service[node]);
    }
    this.distance = cdist[last];
    this.cost = this.n > 0 ? inst.fixed[this.v] + inst.cpd[this.v] * this.distance : 0;
    let timeOk = est[last] <= lst[last] && kind[nodes[last]] === END;
    this.duration = 0;
    if (timeOk && inst.hasMaxDur[this.v] && this.n > 0) {
      const t = timing(inst, this.v, nodes, last + 1);
      this.duration = t.duration;
      timeOk = t.feasible;
    }
    this.feasible = timeOk && capacityOk;
  }
}
