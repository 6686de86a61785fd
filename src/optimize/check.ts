// An independent check of a solution against its problem, written from the model alone (it shares
// no code with the solver): every job served once or reported unassigned, shipments paired and in
// order, time windows, capacities at every point, shifts, maximum durations, allowed vehicles and
// locked route starts. It replays each route itself, serving every stop as early as it can from
// the route's departure, and recomputes distance and duration. Each violation is one line that
// begins with its kind (README.md lists them).
import type { Job, JobStop, Problem, StopRef, Vehicle } from './model.js';

/** What the check reads of a route: a Route of a Solution fits. */
export interface CheckedRoute {
  vehicleId: string;
  /** Departure from the vehicle's start (or arrival at the first stop when the start is open);
   *  the shift start when absent. */
  start?: number;
  stops: StopRef[];
  /** When given, it must match the recomputed distance. */
  distance?: number;
}

/** What the check reads of a solution: a Solution fits. */
export interface CheckedSolution {
  routes: CheckedRoute[];
  unassigned?: { jobId: string }[];
}

export interface CheckResult {
  feasible: boolean;
  violations: string[];
  /** Routes with at least one stop. */
  vehicles: number;
  distance: number;
  duration: number;
}

const EPS = 1e-6;

/** A number as a message shows it, without floating-point noise. */
const show = (n: number): string => String(Math.round(n * 1e6) / 1e6);
const showVector = (v: number[]): string => `[${v.map(show).join(', ')}]`;
const stopName = (ref: StopRef): string => `job ${ref.jobId} ${ref.type}`;

function stopOf(job: Job, type: StopRef['type']): JobStop {
  if (job.kind === 'shipment') return type === 'pickup' ? job.pickup : job.delivery;
  return job;
}

/** The stops a job needs served. */
function neededStops(job: Job): StopRef['type'][] {
  return job.kind === 'shipment' ? ['pickup', 'delivery'] : [job.kind];
}

interface Seen {
  vehicleId: string;
  index: number;
}

export function checkSolution(problem: Problem, solution: CheckedSolution): CheckResult {
  const violations: string[] = [];
  const jobs = new Map(problem.jobs.map((job) => [job.id, job]));
  const vehicles = new Map(problem.vehicles.map((vehicle) => [vehicle.id, vehicle]));
  const dims = Math.max(0, ...problem.vehicles.map((v) => v.capacity.length), ...problem.jobs.map((j) => j.demand.length));
  const seen = new Map<string, Seen[]>();
  const routesOf = new Map<string, StopRef[]>();
  let used = 0;
  let distance = 0;
  let duration = 0;

  for (const route of solution.routes) {
    const vehicle = vehicles.get(route.vehicleId);
    if (!vehicle) {
      violations.push(`unknown vehicle: a route names vehicle ${route.vehicleId}, not in the problem`);
      continue;
    }
    if (routesOf.has(vehicle.id)) {
      violations.push(`vehicle twice: vehicle ${vehicle.id} has more than one route`);
      continue;
    }
    routesOf.set(vehicle.id, route.stops);
    const known: { ref: StopRef; job: Job }[] = [];
    route.stops.forEach((ref, index) => {
      const job = jobs.get(ref.jobId);
      if (!job) {
        violations.push(`unknown job: vehicle ${vehicle.id} serves job ${ref.jobId}, not in the problem`);
        return;
      }
      if (job.kind !== 'shipment' && job.kind !== ref.type) {
        violations.push(`stop kind: vehicle ${vehicle.id} serves ${stopName(ref)}, but the job is a ${job.kind}`);
        return;
      }
      const key = `${ref.jobId}\u0000${ref.type}`;
      seen.set(key, [...(seen.get(key) ?? []), { vehicleId: vehicle.id, index }]);
      if (job.allowedVehicles && !job.allowedVehicles.includes(vehicle.id)) {
        violations.push(`allowed vehicles: vehicle ${vehicle.id} serves ${stopName(ref)}, allowed only on ${job.allowedVehicles.join(', ')}`);
      }
      known.push({ ref, job });
    });
    if (known.length === 0) continue;
    used += 1;
    const replay = replayRoute(problem, vehicle, route, known, dims, violations);
    if (route.distance !== undefined && Math.abs(route.distance - replay.distance) > EPS * Math.max(1, replay.distance)) {
      violations.push(`reported distance: vehicle ${vehicle.id} reports ${show(route.distance)}, the route is ${show(replay.distance)}`);
    }
    distance += replay.distance;
    duration += replay.duration;
  }

  checkServedOnce(problem, solution, seen, violations);
  checkLocked(problem, routesOf, violations);
  return { feasible: violations.length === 0, violations, vehicles: used, distance, duration };
}

/** Drives one route: times, windows, loads, shift and maximum duration. */
function replayRoute(
  problem: Problem,
  vehicle: Vehicle,
  route: CheckedRoute,
  stops: { ref: StopRef; job: Job }[],
  dims: number,
  violations: string[],
): { distance: number; duration: number } {
  const { durations, distances } = problem.matrix;
  const [shiftStart, shiftEnd] = vehicle.shift;
  const capacity = Array.from({ length: dims }, (_, d) => vehicle.capacity[d] ?? 0);
  const departure = route.start ?? shiftStart;
  if (departure < shiftStart - EPS) {
    violations.push(`shift: vehicle ${vehicle.id} starts at ${show(departure)}, before its shift starts at ${show(shiftStart)}`);
  }

  // Single deliveries are on board from the start.
  const load = Array.from({ length: dims }, () => 0);
  for (const { job } of stops) {
    if (job.kind === 'delivery')
      job.demand.forEach((q, d) => {
        load[d] += q;
      });
  }
  const overCapacity = (where: string): void => {
    if (load.some((q, d) => q > capacity[d] + EPS)) {
      violations.push(`capacity: vehicle ${vehicle.id} carries ${showVector(load)} ${where}, over its capacity ${showVector(capacity)}`);
    }
  };
  overCapacity('at its start');

  let time = departure;
  let distance = 0;
  let at = vehicle.start;
  for (const { ref, job } of stops) {
    const stop = stopOf(job, ref.type);
    if (at !== null) {
      time += durations[at][stop.location];
      distance += distances[at][stop.location];
    }
    const window = [...stop.windows].sort((a, b) => a[0] - b[0]).find(([, end]) => end >= time - EPS);
    if (!window) {
      const windows = stop.windows.map(([s, e]) => `[${show(s)}, ${show(e)}]`).join(' ');
      violations.push(`time window: vehicle ${vehicle.id} reaches ${stopName(ref)} at ${show(time)}, after its windows ${windows}`);
    } else {
      time = Math.max(time, window[0]);
    }
    time += stop.service;
    at = stop.location;
    const sign = ref.type === 'pickup' ? 1 : -1; // a pickup loads, a delivery unloads
    job.demand.forEach((q, d) => {
      load[d] += sign * q;
    });
    overCapacity(`after ${stopName(ref)}`);
  }
  if (vehicle.end !== null && at !== null) {
    time += durations[at][vehicle.end];
    distance += distances[at][vehicle.end];
  }
  // With an open start the route begins at the first stop, reached at `departure`.
  const duration = time - departure;
  if (time > shiftEnd + EPS) {
    const what = vehicle.end === null ? 'finishes its last stop' : 'is back';
    violations.push(`shift: vehicle ${vehicle.id} ${what} at ${show(time)}, after its shift ends at ${show(shiftEnd)}`);
  }
  if (vehicle.maxDuration != null && duration > vehicle.maxDuration + EPS) {
    violations.push(`max duration: vehicle ${vehicle.id} takes ${show(duration)}, over its maximum ${show(vehicle.maxDuration)}`);
  }
  return { distance, duration };
}

/** Every stop of every job served exactly once, or the job reported unassigned; shipments paired. */
function checkServedOnce(problem: Problem, solution: CheckedSolution, seen: Map<string, Seen[]>, violations: string[]): void {
  const unassigned = new Set((solution.unassigned ?? []).map((u) => u.jobId));
  const ids = new Set(problem.jobs.map((job) => job.id));
  for (const id of unassigned) {
    if (!ids.has(id)) violations.push(`unknown job: job ${id} is reported unassigned, not in the problem`);
  }
  for (const job of problem.jobs) {
    const visits = neededStops(job).map((type) => ({ type, at: seen.get(`${job.id}\u0000${type}`) ?? [] }));
    if (unassigned.has(job.id)) {
      if (visits.some((v) => v.at.length > 0)) violations.push(`served twice: job ${job.id} is served and reported unassigned`);
      continue;
    }
    for (const { type, at } of visits) {
      if (at.length === 0) violations.push(`unserved: job ${job.id} ${type} is neither served nor reported unassigned`);
      if (at.length > 1) violations.push(`served twice: job ${job.id} ${type} is served ${at.length} times`);
    }
    const [pickup, delivery] = visits.map((v) => v.at);
    if (job.kind !== 'shipment' || pickup.length !== 1 || delivery.length !== 1) continue;
    if (pickup[0].vehicleId !== delivery[0].vehicleId) {
      violations.push(`pairing: shipment ${job.id} is picked up by vehicle ${pickup[0].vehicleId} and delivered by vehicle ${delivery[0].vehicleId}`);
    } else if (delivery[0].index < pickup[0].index) {
      violations.push(`precedence: shipment ${job.id} is delivered before it is picked up on vehicle ${pickup[0].vehicleId}`);
    }
  }
}

/** Each locked route's stops begin the vehicle's route, in order. */
function checkLocked(problem: Problem, routesOf: Map<string, StopRef[]>, violations: string[]): void {
  for (const locked of problem.locked ?? []) {
    const stops = routesOf.get(locked.vehicleId) ?? [];
    const broken = locked.stops.findIndex((ref, i) => stops[i]?.jobId !== ref.jobId || stops[i]?.type !== ref.type);
    if (broken < 0) continue;
    const found = stops[broken] ? stopName(stops[broken]) : 'nothing';
    violations.push(`locked: vehicle ${locked.vehicleId} must serve ${stopName(locked.stops[broken])} as stop ${broken + 1}, found ${found}`);
  }
}
