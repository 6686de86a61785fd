// A whole solution as the search holds it (one Route per vehicle, where each job rides, the jobs
// left out), how it scores, and the copies the search makes of it. The search keeps a current plan
// and a candidate; a move changes a few routes of the candidate and marks them touched, so
// accepting or undoing it copies only those routes.
import type { Instance } from './compile.js';
import type { Rng } from './random.js';
import { Route } from './route.js';

/** What a search run shares: the instance, the generator, which jobs are in play, which vehicles may be opened. */
export interface Context {
  inst: Instance;
  rng: Rng;
  /** Jobs the search places (the others cannot be served at all and are reported with their reason). */
  active: Uint8Array;
  /** Vehicles whose empty route may receive a first job. */
  usable: Uint8Array;
  /** Scratch: one stamp per vehicle class, so identical empty vehicles are tried once per job. */
  classStamp: Int32Array;
  stamp: number;
  /** Scratch: a mark per node. */
  mark: Uint8Array;
}

export function makeContext(inst: Instance, rng: Rng, active: Uint8Array): Context {
  let classes = 0;
  for (let v = 0; v < inst.V; v++) classes = Math.max(classes, inst.vClass[v] + 1);
  return {
    inst,
    rng,
    active,
    usable: new Uint8Array(inst.V).fill(1),
    classStamp: new Int32Array(classes),
    stamp: 0,
    mark: new Uint8Array(inst.S + 2 * inst.V),
  };
}

/** Lexicographic: unassigned jobs by priority level (highest level first), then vehicles (vehicle-first only), then cost. */
export interface Score {
  unassigned: Int32Array;
  vehicles: number;
  cost: number;
}

export class Plan {
  readonly routes: Route[];
  /** The vehicle serving each job, −1 when unassigned (or not in play). */
  readonly jobRoute: Int32Array;
  /** Active jobs not served. */
  unassigned: number[] = [];
  readonly touched: Uint8Array;
  touchedList: number[] = [];

  constructor(inst: Instance) {
    this.routes = Array.from({ length: inst.V }, (_, v) => new Route(inst, v));
    this.jobRoute = new Int32Array(inst.J).fill(-1);
    this.touched = new Uint8Array(inst.V);
    for (let v = 0; v < inst.V; v++) {
      const route = this.routes[v];
      const locked = inst.locked[v];
      route.setStops(locked, locked.length);
      route.lockedCount = locked.length;
      route.update(inst);
      this.assign(inst, v);
    }
  }

  /** Records the jobs on route r as riding it. A shipment whose pickup is locked counts only once
   *  its delivery is on the route too. */
  assign(inst: Instance, r: number): void {
    const route = this.routes[r];
    for (let pos = 1; pos <= route.n; pos++) {
      const node = route.nodes[pos];
      const j = inst.job[node];
      if (inst.jobPinnedDelivery[j] === 0 || node !== inst.jobNode[j]) this.jobRoute[j] = r;
    }
  }

  touch(r: number): void {
    if (this.touched[r] === 0) {
      this.touched[r] = 1;
      this.touchedList.push(r);
    }
  }

  clearTouched(): void {
    for (const r of this.touchedList) this.touched[r] = 0;
    this.touchedList.length = 0;
  }

  copyFrom(o: Plan): void {
    for (let r = 0; r < this.routes.length; r++) this.routes[r].copyFrom(o.routes[r]);
    this.jobRoute.set(o.jobRoute);
    this.unassigned = o.unassigned.slice();
    this.clearTouched();
  }

  /** Copies from `o` the routes in `list`, and the assignment. */
  copyRoutes(o: Plan, list: number[]): void {
    for (const r of list) this.routes[r].copyFrom(o.routes[r]);
    this.jobRoute.set(o.jobRoute);
    this.unassigned = o.unassigned.slice();
  }

  vehicles(): number {
    let used = 0;
    for (const route of this.routes) if (route.n > 0) used++;
    return used;
  }

  cost(): number {
    let cost = 0;
    for (const route of this.routes) cost += route.cost;
    return cost;
  }

  distance(): number {
    let distance = 0;
    for (const route of this.routes) if (route.n > 0) distance += route.distance;
    return distance;
  }

  score(inst: Instance, out: Score): Score {
    out.unassigned.fill(0);
    for (const j of this.unassigned) out.unassigned[inst.jobLevel[j]]++;
    out.vehicles = this.vehicles();
    out.cost = this.cost();
    return out;
  }
}

export function newScore(inst: Instance): Score {
  return { unassigned: new Int32Array(Math.max(1, inst.levels)), vehicles: 0, cost: 0 };
}

export function copyScore(from: Score, to: Score): void {
  to.unassigned.set(from.unassigned);
  to.vehicles = from.vehicles;
  to.cost = from.cost;
}

/** < 0 when `a` is better, ignoring cost: unassigned by level, then vehicles for vehicle-first. */
export function compareService(inst: Instance, a: Score, b: Score): number {
  for (let l = a.unassigned.length - 1; l >= 0; l--) {
    if (a.unassigned[l] !== b.unassigned[l]) return a.unassigned[l] - b.unassigned[l];
  }
  if (inst.problem.objective === 'vehicle-first' && a.vehicles !== b.vehicles) return a.vehicles - b.vehicles;
  return 0;
}

/** Relative tolerance under which two costs are the same (float sums in another order). */
const COST_EPS = 1e-9;

/** < 0 when `a` is strictly better than `b`. */
export function compareScores(inst: Instance, a: Score, b: Score): number {
  const service = compareService(inst, a, b);
  if (service !== 0) return service;
  const diff = a.cost - b.cost;
  return Math.abs(diff) <= COST_EPS * Math.max(1, Math.abs(b.cost)) ? 0 : diff;
}
