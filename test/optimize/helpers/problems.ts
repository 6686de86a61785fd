// Small hand-made problems for the optimizer tests: points on a plane (travel time = distance),
// vehicles and jobs with defaults, and a brute force that finds the true optimum of tiny problems
// by trying every order of the stops split over the vehicles, judged by the independent checker.
import {
  checkSolution,
  type Job,
  type Problem,
  type ShipmentJob,
  type SingleJob,
  type StopRef,
  type TimeWindow,
  type Vehicle,
} from '../../../src/optimize/index.js';

export type Point = [x: number, y: number];

export function planeMatrix(points: Point[]): Problem['matrix'] {
  const distances = points.map(([ax, ay]) => points.map(([bx, by]) => Math.hypot(ax - bx, ay - by)));
  return { distances, durations: distances.map((row) => [...row]) };
}

export function vehicle(id: string, over: Partial<Vehicle> = {}): Vehicle {
  return { id, start: 0, end: 0, shift: [0, 1000], capacity: [100], ...over };
}

export function delivery(id: string, location: number, over: Partial<SingleJob> = {}): Job {
  return { id, kind: 'delivery', location, service: 0, windows: [[0, 1000]], demand: [1], ...over };
}

export function pickup(id: string, location: number, over: Partial<SingleJob> = {}): Job {
  return { id, kind: 'pickup', location, service: 0, windows: [[0, 1000]], demand: [1], ...over };
}

export function shipment(
  id: string,
  from: number,
  to: number,
  over: Partial<ShipmentJob> & { fromWindows?: TimeWindow[]; toWindows?: TimeWindow[] } = {},
): Job {
  const { fromWindows, toWindows, ...rest } = over;
  return {
    id,
    kind: 'shipment',
    demand: [1],
    pickup: { location: from, service: 0, windows: fromWindows ?? [[0, 1000]] },
    delivery: { location: to, service: 0, windows: toWindows ?? [[0, 1000]] },
    ...rest,
  };
}

export const ref = (jobId: string, type: StopRef['type'] = 'delivery'): StopRef => ({ jobId, type });

/** Every stop of the problem's jobs. */
function allStops(problem: Problem): StopRef[] {
  return problem.jobs.flatMap((j): StopRef[] => (j.kind === 'shipment' ? [ref(j.id, 'pickup'), ref(j.id, 'delivery')] : [ref(j.id, j.kind)]));
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

/** All ways to cut `order` into `k` consecutive (possibly empty) parts. */
function splits<T>(order: T[], k: number): T[][][] {
  if (k === 1) return [[order]];
  const out: T[][][] = [];
  for (let cut = 0; cut <= order.length; cut++) for (const rest of splits(order.slice(cut), k - 1)) out.push([order.slice(0, cut), ...rest]);
  return out;
}

/** The optimum under the problem's objective, every job served: { vehicles, distance }. */
export function bruteForce(problem: Problem): { vehicles: number; distance: number } {
  let best = { vehicles: Infinity, distance: Infinity };
  for (const order of permutations(allStops(problem))) {
    for (const parts of splits(order, problem.vehicles.length)) {
      const routes = parts.map((stops, i) => ({ vehicleId: problem.vehicles[i].id, stops }));
      const check = checkSolution(problem, { routes, unassigned: [] });
      if (!check.feasible) continue;
      const better =
        problem.objective === 'vehicle-first'
          ? check.vehicles < best.vehicles || (check.vehicles === best.vehicles && check.distance < best.distance - 1e-9)
          : check.distance < best.distance - 1e-9;
      if (better) best = { vehicles: check.vehicles, distance: check.distance };
    }
  }
  return best;
}

/** A fixed pseudo-random sequence for building test instances. */
export function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}
