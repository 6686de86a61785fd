// A fixed sequence of nodes, driven in time: whether it is feasible, and when to leave so that the
// route takes as little time as it can (the duration that `maxDuration` limits). With one window
// per stop, leaving as late as the route allows is best: waiting only shrinks. With several windows
// a later departure can miss a window and jump to the next one, so the best departure is the
// latest one, or the latest one that still makes some stop's earlier window, whichever is shortest.
// Among departures of equal duration the earliest is kept: the route leaves at its shift start
// unless waiting would make it longer.
import type { Instance } from './compile.js';
import { earliest, latest } from './time.js';

export interface Timing {
  feasible: boolean;
  /** Service start at the start sentinel: when the vehicle leaves (open start: reaches the first stop). */
  departure: number;
  /** Arrival at the end sentinel. */
  end: number;
  duration: number;
}

/** Drives `nodes[0..len)` leaving at `departure`; the arrival at the end, Infinity when a window is missed.
 *  `starts`, when given, receives every position's start of service. */
export function driveFrom(inst: Instance, nodes: ArrayLike<number>, len: number, departure: number, starts?: Float64Array): number {
  const { loc, service, dur, L } = inst;
  let time = earliest(inst, nodes[0], departure);
  if (starts) starts[0] = time;
  for (let pos = 1; pos < len; pos++) {
    const prev = nodes[pos - 1];
    const node = nodes[pos];
    time = earliest(inst, node, time + service[prev] + dur[loc[prev] * L + loc[node]]);
    if (time === Infinity) return Infinity;
    if (starts) starts[pos] = time;
  }
  return time;
}

/** The latest departure from which position `to` can start service by `bound`; −Infinity if none. */
export function latestDeparture(inst: Instance, nodes: ArrayLike<number>, to: number, bound: number): number {
  const { loc, service, dur, L } = inst;
  let t = latest(inst, nodes[to], bound);
  for (let pos = to - 1; pos >= 0 && t > -Infinity; pos--) {
    const node = nodes[pos];
    t = latest(inst, node, t - dur[loc[node] * L + loc[nodes[pos + 1]]] - service[node]);
  }
  return t;
}

/** How much earlier the vehicle could leave than `departure` without waiting anywhere: 0 when it waits. */
function earlierSlack(inst: Instance, nodes: ArrayLike<number>, len: number, departure: number): number {
  const { loc, service, dur, L, winOff, winStart, winEnd } = inst;
  let time = departure;
  let slack = Infinity;
  for (let pos = 1; pos < len; pos++) {
    const prev = nodes[pos - 1];
    const node = nodes[pos];
    const arrival = time + service[prev] + dur[loc[prev] * L + loc[node]];
    const start = earliest(inst, node, arrival);
    if (start === Infinity || start > arrival) return 0;
    for (let w = winOff[node]; w < winOff[node + 1]; w++) {
      if (start >= winStart[w] && start <= winEnd[w]) slack = Math.min(slack, start - winStart[w]);
    }
    time = start;
  }
  return slack === Infinity ? 0 : slack;
}

/** Feasibility (windows, shift, maxDuration) and the shortest-duration departure of a sequence. */
export function timing(inst: Instance, v: number, nodes: ArrayLike<number>, len: number): Timing {
  const shiftStart = inst.shift0[v];
  const earliestEnd = driveFrom(inst, nodes, len, shiftStart);
  if (earliestEnd === Infinity) return { feasible: false, departure: shiftStart, end: Infinity, duration: Infinity };
  let departure = shiftStart;
  let end = earliestEnd;
  // The shortest duration wins; among equal ones the earliest departure (no needless delay).
  const consider = (t: number): void => {
    if (!(t >= shiftStart) || t === departure) return;
    const e = driveFrom(inst, nodes, len, t);
    // Float noise can make the latest departure miss a window by an ulp: such a candidate is skipped.
    if (e === Infinity) return;
    const d = e - t;
    const best = end - departure;
    const tol = 1e-9 * Math.max(1, best);
    if (d < best - tol || (d <= best + tol && t < departure)) {
      departure = t;
      end = e;
    }
  };
  consider(latestDeparture(inst, nodes, len - 1, inst.shift1[v]));
  const { multi, winOff, winEnd } = inst;
  for (let pos = 1; pos < len - 1; pos++) {
    const node = nodes[pos];
    if (multi[node] === 0) continue;
    for (let w = winOff[node]; w < winOff[node + 1] - 1; w++) consider(latestDeparture(inst, nodes, pos, winEnd[w]));
  }
  // With no waiting on the way, leaving earlier keeps the duration until some stop reaches the
  // start of its window: leave that much earlier.
  const slack = earlierSlack(inst, nodes, len, departure);
  if (slack > 0) {
    const t = Math.max(shiftStart, departure - slack);
    const e = driveFrom(inst, nodes, len, t);
    if (e !== Infinity && e - t <= end - departure + 1e-9 * Math.max(1, end - departure)) {
      end = e;
      departure = t;
    }
  }
  const duration = end - departure;
  return { feasible: duration <= inst.maxDur[v], departure, end, duration };
}
