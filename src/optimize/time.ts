// Time windows of one node: the earliest start of service for an arrival, and the latest start
// that still meets a deadline. Both are monotone in their argument, which is what makes the
// forward/backward feasibility tests of route.ts exact even with several windows per stop.
import type { Instance } from './compile.js';

/** Start of service when arriving at `arrival`: the first window not yet closed; Infinity if none. */
export function earliest(inst: Instance, node: number, arrival: number): number {
  if (inst.multi[node] === 0) {
    if (arrival > inst.tw1[node]) return Infinity;
    return arrival < inst.tw0[node] ? inst.tw0[node] : arrival;
  }
  const { winStart, winEnd } = inst;
  for (let w = inst.winOff[node], end = inst.winOff[node + 1]; w < end; w++) {
    if (arrival <= winEnd[w]) return arrival < winStart[w] ? winStart[w] : arrival;
  }
  return Infinity;
}

/** The latest start of service no later than `bound` inside a window; −Infinity if none. */
export function latest(inst: Instance, node: number, bound: number): number {
  if (inst.multi[node] === 0) {
    if (bound < inst.tw0[node]) return -Infinity;
    return bound > inst.tw1[node] ? inst.tw1[node] : bound;
  }
  const { winStart, winEnd } = inst;
  for (let w = inst.winOff[node + 1] - 1, first = inst.winOff[node]; w >= first; w--) {
    if (bound >= winStart[w]) return bound > winEnd[w] ? winEnd[w] : bound;
  }
  return -Infinity;
}
