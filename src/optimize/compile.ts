// The problem as the search reads it: flat typed arrays indexed by node, job and vehicle, checked
// once. A node is one stop: a single job has one, a shipment two (pickup, then delivery), and each
// vehicle has a start and an end sentinel, so every route reads [start, stops..., end] and the
// search never special-cases its ends. An open start or end sits at an extra "anywhere" location,
// zero away from everything.
import type { Job, JobStop, Problem, TimeWindow } from './model.js';

export const PICKUP = 0; // single pickup: loads its demand, keeps it to the route's end
export const DELIVERY = 1; // single delivery: on board from the start, unloaded at the stop
export const SHIP_PICKUP = 2;
export const SHIP_DELIVERY = 3;
export const START = 4;
export const END = 5;

export class ProblemError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProblemError';
  }
}

export interface Instance {
  problem: Problem;
  /** Demand/capacity dimensions (at least 1). */
  D: number;
  /** Matrix side: the problem's locations plus the "anywhere" location `anywhere`. */
  L: number;
  anywhere: number;
  dist: Float64Array;
  dur: Float64Array;
  /** Job stops are nodes 0..S−1; vehicle v's sentinels are S + 2v (start) and S + 2v + 1 (end). */
  S: number;
  loc: Int32Array;
  service: Float64Array;
  /** First window's start and last window's end; `multi` marks nodes with several windows. */
  tw0: Float64Array;
  tw1: Float64Array;
  multi: Uint8Array;
  /** Windows of node i: winStart/winEnd[winOff[i] .. winOff[i + 1]), sorted and disjoint. */
  winOff: Int32Array;
  winStart: Float64Array;
  winEnd: Float64Array;
  kind: Uint8Array;
  /** Load change at the stop, node × D (a delivery's is negative). */
  delta: Float64Array;
  /** Load a single delivery puts on board at the route's start, node × D. */
  startAdd: Float64Array;
  /** A shipment stop's other stop, else −1. */
  partner: Int32Array;
  job: Int32Array;
  J: number;
  jobIds: string[];
  /** A job's first node (a shipment's pickup). */
  jobNode: Int32Array;
  jobIsPair: Uint8Array;
  /** Rank of the job's priority among the distinct priorities, 0 = lowest. */
  jobLevel: Int32Array;
  levels: number;
  /** allowed[j × V + v]: job j may ride vehicle v. */
  allowed: Uint8Array;
  /** The vehicle a job is locked to (stops in a locked route start, or a locked pickup's delivery), else −1. */
  jobLockedTo: Int32Array;
  /** A shipment whose pickup is locked and whose delivery is free: the delivery is placed alone. */
  jobPinnedDelivery: Uint8Array;
  V: number;
  vehicleIds: string[];
  cap: Float64Array;
  maxDur: Float64Array;
  hasMaxDur: Uint8Array;
  fixed: Float64Array;
  cpd: Float64Array;
  shift0: Float64Array;
  shift1: Float64Array;
  /** Vehicles of the same class are interchangeable when empty. */
  vClass: Int32Array;
  locked: Int32Array[];
  /** Up to K nearest job nodes of each job node, nearest first. */
  K: number;
  neighbors: Int32Array;
}

const fail = (message: string): never => {
  throw new ProblemError(message);
};

function isNumber(n: unknown): n is number {
  return typeof n === 'number' && !Number.isNaN(n);
}

/** Sorted, merged windows; throws on an empty or reversed one. */
function normalizeWindows(windows: TimeWindow[] | undefined, what: string): TimeWindow[] {
  if (!Array.isArray(windows) || windows.length === 0) fail(`${what}: at least one time window is needed`);
  const sorted = windows!
    .map(([s, e]) => {
      if (!isNumber(s) || !isNumber(e) || e < s) fail(`${what}: window [${s}, ${e}] is not a [start, end] pair with start ≤ end`);
      return [s, e] as TimeWindow;
    })
    .sort((a, b) => a[0] - b[0]);
  const merged: TimeWindow[] = [];
  for (const w of sorted) {
    const last = merged[merged.length - 1];
    if (last && w[0] <= last[1]) last[1] = Math.max(last[1], w[1]);
    else merged.push([w[0], w[1]]);
  }
  return merged;
}

/** `neighbors: false` leaves the nearest-node lists empty (K = 0): only the search's removals read
 *  them, and they cost O(S² log K) — most of what ranking one job's insertions would spend. */
export function compile(problem: Problem, options: { neighbors?: boolean } = {}): Instance {
  const { matrix, vehicles, jobs } = problem;
  if (problem.objective !== 'vehicle-first' && problem.objective !== 'distance-first') fail(`objective "${String(problem.objective)}"`);
  const side = matrix?.durations?.length ?? 0;
  if (!matrix || matrix.distances?.length !== side) fail('matrix: durations and distances must be square and of the same size');
  for (const m of [matrix.durations, matrix.distances]) {
    for (const row of m) if (!Array.isArray(row) || row.length !== side) fail('matrix: every row must have one entry per location');
  }
  if (vehicles.length === 0) fail('vehicles: at least one is needed');
  const D = Math.max(1, ...vehicles.map((v) => v.capacity.length), ...jobs.map((j) => j.demand.length));
  const L = side + 1;
  const anywhere = side;
  const dist = new Float64Array(L * L);
  const dur = new Float64Array(L * L);
  for (let a = 0; a < side; a++) {
    for (let b = 0; b < side; b++) {
      // null (an unreachable pair, as OSRM answers) becomes Infinity: never feasible, never cheaper.
      const d = matrix.distances[a][b] ?? Infinity;
      const t = matrix.durations[a][b] ?? Infinity;
      if (!isNumber(d) || !isNumber(t) || d < 0 || t < 0) fail(`matrix: entry [${a}][${b}] must be a number ≥ 0`);
      dist[a * L + b] = d;
      dur[a * L + b] = t;
    }
  }
  const checkLocation = (l: number | null, what: string): void => {
    if (l !== null && (!Number.isInteger(l) || l < 0 || l >= side)) fail(`${what}: location ${l} is not in the matrix (0..${side - 1})`);
  };

  const jobIds = jobs.map((j) => j.id);
  const jobIndex = new Map<string, number>();
  jobs.forEach((j, i) => {
    if (jobIndex.has(j.id)) fail(`jobs: id "${j.id}" appears twice`);
    jobIndex.set(j.id, i);
  });
  const vehicleIds = vehicles.map((v) => v.id);
  const vehicleIndex = new Map<string, number>();
  vehicles.forEach((v, i) => {
    if (vehicleIndex.has(v.id)) fail(`vehicles: id "${v.id}" appears twice`);
    vehicleIndex.set(v.id, i);
  });

  const stops: { job: number; kind: number; stop: JobStop }[] = [];
  const J = jobs.length;
  const jobNode = new Int32Array(J);
  const jobIsPair = new Uint8Array(J);
  jobs.forEach((j: Job, i) => {
    jobNode[i] = stops.length;
    if (j.kind === 'shipment') {
      jobIsPair[i] = 1;
      stops.push({ job: i, kind: SHIP_PICKUP, stop: j.pickup }, { job: i, kind: SHIP_DELIVERY, stop: j.delivery });
    } else if (j.kind === 'pickup' || j.kind === 'delivery') {
      stops.push({ job: i, kind: j.kind === 'pickup' ? PICKUP : DELIVERY, stop: j });
    } else {
      fail(`job ${(j as Job).id}: kind must be pickup, delivery or shipment`);
    }
    for (const q of j.demand) if (!isNumber(q) || q < 0 || !Number.isFinite(q)) fail(`job ${j.id}: demand must be finite numbers ≥ 0`);
  });
  const S = stops.length;
  const V = vehicles.length;
  const NN = S + 2 * V;
  const loc = new Int32Array(NN);
  const service = new Float64Array(NN);
  const tw0 = new Float64Array(NN);
  const tw1 = new Float64Array(NN);
  const multi = new Uint8Array(NN);
  const winOff = new Int32Array(NN + 1);
  const starts: number[] = [];
  const ends: number[] = [];
  const kind = new Uint8Array(NN);
  const delta = new Float64Array(NN * D);
  const startAdd = new Float64Array(NN * D);
  const partner = new Int32Array(NN).fill(-1);
  const job = new Int32Array(NN).fill(-1);

  const setWindows = (node: number, windows: TimeWindow[]): void => {
    winOff[node] = starts.length;
    for (const [s, e] of windows) {
      starts.push(s);
      ends.push(e);
    }
    tw0[node] = windows[0][0];
    tw1[node] = windows[windows.length - 1][1];
    multi[node] = windows.length > 1 ? 1 : 0;
  };
  stops.forEach(({ job: j, kind: k, stop }, node) => {
    const what = `job ${jobIds[j]}${k >= SHIP_PICKUP ? (k === SHIP_PICKUP ? ' pickup' : ' delivery') : ''}`;
    checkLocation(stop.location, what);
    if (!isNumber(stop.service) || stop.service < 0) fail(`${what}: service must be a number ≥ 0`);
    loc[node] = stop.location;
    service[node] = stop.service;
    kind[node] = k;
    job[node] = j;
    setWindows(node, normalizeWindows(stop.windows, what));
    const demand = jobs[j].demand;
    for (let d = 0; d < D; d++) {
      const q = demand[d] ?? 0;
      if (k === PICKUP || k === SHIP_PICKUP) delta[node * D + d] = q;
      else delta[node * D + d] = -q;
      if (k === DELIVERY) startAdd[node * D + d] = q;
    }
    if (k === SHIP_PICKUP) partner[node] = node + 1;
    if (k === SHIP_DELIVERY) partner[node] = node - 1;
  });

  const cap = new Float64Array(V * D);
  const maxDur = new Float64Array(V).fill(Infinity);
  const hasMaxDur = new Uint8Array(V);
  const fixed = new Float64Array(V);
  const cpd = new Float64Array(V).fill(1);
  const shift0 = new Float64Array(V);
  const shift1 = new Float64Array(V);
  const vClass = new Int32Array(V);
  const classes = new Map<string, number>();
  vehicles.forEach((v, i) => {
    const what = `vehicle ${v.id}`;
    checkLocation(v.start, `${what} start`);
    checkLocation(v.end, `${what} end`);
    const [s0, s1] = normalizeWindows([v.shift], `${what} shift`)[0];
    shift0[i] = s0;
    shift1[i] = s1;
    for (let d = 0; d < D; d++) {
      const c = v.capacity[d] ?? 0;
      if (!isNumber(c) || c < 0) fail(`${what}: capacity must be numbers ≥ 0`);
      cap[i * D + d] = c;
    }
    if (v.maxDuration != null) {
      if (!isNumber(v.maxDuration) || v.maxDuration < 0) fail(`${what}: maxDuration must be a number ≥ 0`);
      maxDur[i] = v.maxDuration;
      hasMaxDur[i] = 1;
    }
    if (v.fixedCost != null) {
      if (!isNumber(v.fixedCost) || v.fixedCost < 0) fail(`${what}: fixedCost must be a number ≥ 0`);
      fixed[i] = v.fixedCost;
    }
    if (v.costPerDistance != null) {
      if (!isNumber(v.costPerDistance) || v.costPerDistance < 0) fail(`${what}: costPerDistance must be a number ≥ 0`);
      cpd[i] = v.costPerDistance;
    }
    for (const [node, at, k] of [
      [S + 2 * i, v.start, START],
      [S + 2 * i + 1, v.end, END],
    ] as const) {
      loc[node] = at ?? anywhere;
      kind[node] = k;
      setWindows(node, [[s0, s1]]);
    }
  });
  winOff[NN] = starts.length;

  // Priorities: levels in increasing order, so the search compares unassigned counts level by level.
  const distinct = [...new Set(jobs.map((j) => j.priority ?? 0))].sort((a, b) => a - b);
  distinct.forEach((p) => {
    if (!isNumber(p)) fail('jobs: priority must be a number');
  });
  const jobLevel = Int32Array.from(jobs.map((j) => distinct.indexOf(j.priority ?? 0)));

  const allowed = new Uint8Array(J * V).fill(1);
  jobs.forEach((j, i) => {
    if (!j.allowedVehicles) return;
    const ids = new Set(j.allowedVehicles);
    for (let v = 0; v < V; v++) allowed[i * V + v] = ids.has(vehicleIds[v]) ? 1 : 0;
  });

  const { locked, jobLockedTo, jobPinnedDelivery } = compileLocked(problem, jobIndex, vehicleIndex, jobNode, jobIsPair, V);
  vehicles.forEach((v, i) => {
    // A vehicle with locked stops is one of a kind: its route is never interchangeable with another.
    const key =
      locked[i].length > 0
        ? `locked:${i}`
        : JSON.stringify([v.start, v.end, shift0[i], shift1[i], Array.from(cap.subarray(i * D, i * D + D)), maxDur[i], fixed[i], cpd[i]]);
    if (!classes.has(key)) classes.set(key, classes.size);
    vClass[i] = classes.get(key)!;
  });

  const K = options.neighbors === false ? 0 : Math.min(Math.max(S - 1, 0), 100);
  const neighbors = nearestNodes(S, K, loc, dist, L);
  return {
    problem,
    D,
    L,
    anywhere,
    dist,
    dur,
    S,
    loc,
    service,
    tw0,
    tw1,
    multi,
    winOff,
    winStart: Float64Array.from(starts),
    winEnd: Float64Array.from(ends),
    kind,
    delta,
    startAdd,
    partner,
    job,
    J,
    jobIds,
    jobNode,
    jobIsPair,
    jobLevel,
    levels: distinct.length,
    allowed,
    jobLockedTo,
    jobPinnedDelivery,
    V,
    vehicleIds,
    cap,
    maxDur,
    hasMaxDur,
    fixed,
    cpd,
    shift0,
    shift1,
    vClass,
    locked,
    K,
    neighbors,
  };
}

/** Locked route starts as node lists; which jobs they tie to a vehicle. */
function compileLocked(
  problem: Problem,
  jobIndex: Map<string, number>,
  vehicleIndex: Map<string, number>,
  jobNode: Int32Array,
  jobIsPair: Uint8Array,
  V: number,
): { locked: Int32Array[]; jobLockedTo: Int32Array; jobPinnedDelivery: Uint8Array } {
  const J = jobNode.length;
  const locked: Int32Array[] = Array.from({ length: V }, () => new Int32Array(0));
  const jobLockedTo = new Int32Array(J).fill(-1);
  const jobPinnedDelivery = new Uint8Array(J);
  const seen = new Set<number>();
  for (const route of problem.locked ?? []) {
    const v = vehicleIndex.get(route.vehicleId);
    if (v === undefined) fail(`locked: vehicle ${route.vehicleId} is not in the problem`);
    if (locked[v!].length > 0) fail(`locked: vehicle ${route.vehicleId} has two locked routes`);
    const nodes: number[] = [];
    for (const ref of route.stops) {
      const j = jobIndex.get(ref.jobId);
      if (j === undefined) fail(`locked: job ${ref.jobId} is not in the problem`);
      const job = problem.jobs[j!];
      if (job.kind !== 'shipment' && job.kind !== ref.type) fail(`locked: job ${ref.jobId} is a ${job.kind}, not a ${ref.type}`);
      const node = jobNode[j!] + (jobIsPair[j!] && ref.type === 'delivery' ? 1 : 0);
      if (seen.has(node)) fail(`locked: job ${ref.jobId} ${ref.type} is locked twice`);
      if (jobIsPair[j!] && ref.type === 'delivery' && !seen.has(node - 1)) {
        fail(`locked: shipment ${ref.jobId} is delivered in a locked route without its pickup locked before it`);
      }
      seen.add(node);
      nodes.push(node);
      jobLockedTo[j!] = v!;
    }
    locked[v!] = Int32Array.from(nodes);
  }
  for (let j = 0; j < J; j++) {
    if (jobIsPair[j] && seen.has(jobNode[j]) && !seen.has(jobNode[j] + 1)) jobPinnedDelivery[j] = 1;
  }
  return { locked, jobLockedTo, jobPinnedDelivery };
}

/** Each job node's nearest job nodes (by the mean of both directions), for the string removals:
 *  a bounded max-heap keeps the K nearest of each row, O(S log K) per node. */
function nearestNodes(S: number, K: number, loc: Int32Array, dist: Float64Array, L: number): Int32Array {
  const out = new Int32Array(S * K);
  if (K === 0) return out;
  const heapKey = new Float64Array(K);
  const heapNode = new Int32Array(K);
  // The heap's root is the worst (largest key; on equal keys, larger node) of the K kept.
  const worse = (ka: number, na: number, kb: number, nb: number): boolean => ka > kb || (ka === kb && na > nb);
  for (let a = 0; a < S; a++) {
    let size = 0;
    for (let b = 0; b < S; b++) {
      if (b === a) continue;
      const key = dist[loc[a] * L + loc[b]] + dist[loc[b] * L + loc[a]];
      let i: number;
      if (size < K) {
        i = size++;
        while (i > 0) {
          const parent = (i - 1) >> 1;
          if (!worse(key, b, heapKey[parent], heapNode[parent])) break;
          heapKey[i] = heapKey[parent];
          heapNode[i] = heapNode[parent];
          i = parent;
        }
      } else {
        if (!worse(heapKey[0], heapNode[0], key, b)) continue;
        i = 0;
        for (;;) {
          const l = 2 * i + 1;
          if (l >= size) break;
          const r = l + 1;
          const c = r < size && worse(heapKey[r], heapNode[r], heapKey[l], heapNode[l]) ? r : l;
          if (!worse(heapKey[c], heapNode[c], key, b)) break;
          heapKey[i] = heapKey[c];
          heapNode[i] = heapNode[c];
          i = c;
        }
      }
      heapKey[i] = key;
      heapNode[i] = b;
    }
    const order = Array.from({ length: size }, (_, k) => k).sort((x, y) => (worse(heapKey[x], heapNode[x], heapKey[y], heapNode[y]) ? 1 : -1));
    for (let k = 0; k < K; k++) out[a * K + k] = k < size ? heapNode[order[k]] : a;
  }
  return out;
}
