// Recreate: put the jobs back one at a time, each at its cheapest feasible place (with blinks),
// in an order drawn at random among a few (random, larger demand first, farther first, closer
// first, tighter window first, earlier deadline first; fleet minimization adds most absent first),
// after priority. A job with no feasible
// place stays unassigned. This is the "greedy insertion with blinks" of SISR (Christiaens and
// Vanden Berghe, 2020).
import type { Instance } from './compile.js';
import { applyInsertion, bestInsertion, newBest } from './insertion.js';
import type { Context, Plan } from './plan.js';

/** Per job, the values the orders sort by. */
export interface JobKeys {
  demand: Float64Array;
  far: Float64Array;
  windowLength: Float64Array;
  deadline: Float64Array;
  /** Fleet minimization's absence counters, for the "most absent first" order (6). */
  absences?: Float64Array;
}

export function jobKeys(inst: Instance): JobKeys {
  const { J, D, V, L } = inst;
  const demand = new Float64Array(J);
  const far = new Float64Array(J);
  const windowLength = new Float64Array(J);
  const deadline = new Float64Array(J);
  const maxCap = new Float64Array(D);
  for (let v = 0; v < V; v++) for (let d = 0; d < D; d++) maxCap[d] = Math.max(maxCap[d], inst.cap[v * D + d]);
  for (let j = 0; j < J; j++) {
    const node = inst.jobNode[j];
    for (let d = 0; d < D; d++) demand[j] += maxCap[d] > 0 ? Math.abs(inst.delta[node * D + d]) / maxCap[d] : 0;
    let nearest = Infinity;
    for (let v = 0; v < V; v++) {
      const d = inst.dist[inst.loc[inst.S + 2 * v] * L + inst.loc[node]];
      if (d < nearest) nearest = d;
    }
    far[j] = Number.isFinite(nearest) ? nearest : 0;
    let length = 0;
    for (let w = inst.winOff[node]; w < inst.winOff[node + 1]; w++) length += inst.winEnd[w] - inst.winStart[w];
    windowLength[j] = length;
    const last = inst.jobIsPair[j] ? node + 1 : node;
    deadline[j] = inst.tw1[last];
  }
  return { demand, far, windowLength, deadline };
}

const ORDER_WEIGHTS = [4, 4, 2, 1, 2, 2]; // random, demand, far, close, window length, deadline
const ORDER_TOTAL = ORDER_WEIGHTS.reduce((a, b) => a + b, 0);

/** Sorts `jobs` in place by one of the orders, priority first. */
export function orderJobs(ctx: Context, keys: JobKeys, jobs: number[], order = -1): void {
  const { rng, inst } = ctx;
  if (order < 0) {
    let pick = rng.next() * ORDER_TOTAL;
    order = 0;
    while (pick >= ORDER_WEIGHTS[order]) pick -= ORDER_WEIGHTS[order++];
  }
  rng.shuffle(jobs);
  const level = inst.jobLevel;
  const key = (j: number): number => {
    switch (order) {
      case 1:
        return -keys.demand[j];
      case 2:
        return -keys.far[j];
      case 3:
        return keys.far[j];
      case 4:
        return keys.windowLength[j];
      case 5:
        return keys.deadline[j];
      case 6:
        return keys.absences ? -keys.absences[j] : 0;
      default:
        return 0;
    }
  };
  // Insertion sort: the lists are short, and it keeps the shuffled order among ties.
  for (let a = 1; a < jobs.length; a++) {
    const j = jobs[a];
    const kj = key(j);
    let b = a - 1;
    while (b >= 0 && (level[jobs[b]] < level[j] || (level[jobs[b]] === level[j] && key(jobs[b]) > kj))) {
      jobs[b + 1] = jobs[b];
      b--;
    }
    jobs[b + 1] = j;
  }
}

const best = newBest();

/** Inserts `jobs` (each unassigned in the plan) in order; those without a place join plan.unassigned. */
export function insertAll(ctx: Context, plan: Plan, jobs: number[], blink: number): void {
  for (const job of jobs) {
    bestInsertion(ctx, plan, job, best, blink);
    if (best.r >= 0) applyInsertion(ctx.inst, plan, job, best);
    else plan.unassigned.push(job);
  }
}

/** Recreate: the plan's unassigned jobs and `removed`, in a drawn order. */
export function recreate(ctx: Context, plan: Plan, keys: JobKeys, removed: number[], blink: number, order = -1): void {
  const jobs = removed.concat(plan.unassigned);
  plan.unassigned.length = 0;
  orderJobs(ctx, keys, jobs, order);
  insertAll(ctx, plan, jobs, blink);
}
