// The route optimizer's vocabulary: the problem it is given (vehicles, jobs, locked route starts,
// a travel matrix, an objective) and the solution it answers. Plain data with JS numbers, indexes
// and string ids, so callers build it from rows or benchmark files alike; README.md states what
// every field means.

export type Objective = 'vehicle-first' | 'distance-first';

/** [start, end], inclusive, in the time unit of the matrix durations. */
export type TimeWindow = [start: number, end: number];

/** A point on a plane, kept only to describe where a location is (benchmarks, debugging). */
export interface Coordinate {
  x: number;
  y: number;
}

export interface Vehicle {
  id: string;
  /** Location index it leaves from, or null: the route begins at its first stop. */
  start: number | null;
  /** Location index it must come back to, or null: the route ends at its last stop. */
  end: number | null;
  shift: TimeWindow;
  /** One number per dimension (see Problem.dimensions); a missing dimension holds 0. */
  capacity: number[];
  maxDuration?: number | null;
  fixedCost?: number | null;
  costPerDistance?: number | null;
}

/** Where and when one stop of a job is served. */
export interface JobStop {
  location: number;
  /** Time spent serving, from start of service to departure. */
  service: number;
  /** One or more windows; service must start inside one of them. */
  windows: TimeWindow[];
}

interface JobCommon {
  id: string;
  /** Higher is served first when not every job fits; 0 when absent. */
  priority?: number;
  /** Ids of the vehicles that may serve the job; absent or null: any vehicle. */
  allowedVehicles?: string[] | null;
}

/** A single stop: a pickup loads its demand there and carries it to the route's end; a delivery
 *  carries its demand from the route's start and unloads it there. */
export interface SingleJob extends JobCommon, JobStop {
  kind: 'pickup' | 'delivery';
  demand: number[];
}

/** A pickup and its delivery: the same vehicle, the pickup first; `demand` is on board between them. */
export interface ShipmentJob extends JobCommon {
  kind: 'shipment';
  pickup: JobStop;
  delivery: JobStop;
  demand: number[];
}

export type Job = SingleJob | ShipmentJob;

/** Which stop of which job: a single job's own kind, or one end of a shipment. */
export interface StopRef {
  jobId: string;
  type: 'pickup' | 'delivery';
}

/** Stops a vehicle's route must begin with, in this order (already done, or fixed by a dispatcher). */
export interface LockedRoute {
  vehicleId: string;
  stops: StopRef[];
}

/** By location index: matrix.durations[from][to], matrix.distances[from][to]. */
export interface TravelMatrix {
  durations: number[][];
  distances: number[][];
}

export interface Problem {
  name?: string;
  /** Names of the demand and capacity dimensions, e.g. ['weight', 'pallets', 'volume', 'items']. */
  dimensions?: string[];
  /** Optional description of each location index. */
  locations?: Coordinate[];
  matrix: TravelMatrix;
  vehicles: Vehicle[];
  jobs: Job[];
  locked?: LockedRoute[];
  objective: Objective;
}

export interface RouteStop extends StopRef {
  location: number;
  arrival: number;
  /** Start of service (arrival, or later when waiting for a window). */
  start: number;
  departure: number;
  /** What is on board after the stop, per dimension. */
  load: number[];
}

export interface Route {
  vehicleId: string;
  /** Departure from the vehicle's start (or arrival at the first stop when the start is open). */
  start: number;
  /** Arrival at the vehicle's end (or departure from the last stop when the end is open). */
  end: number;
  stops: RouteStop[];
  distance: number;
  /** end − start. */
  duration: number;
}

export type UnassignedReason =
  | 'allowed-vehicles' // no vehicle of the problem may serve it
  | 'capacity' // its demand exceeds every allowed vehicle's capacity
  | 'time-window' // no allowed vehicle reaches it within a window and gets back within its shift
  | 'max-duration' // serving it alone already exceeds every allowed vehicle's maxDuration
  | 'no-room'; // feasible alone, but it did not fit with the jobs served

export interface Unassigned {
  jobId: string;
  reason: UnassignedReason;
  detail?: string;
}

export interface Totals {
  vehicles: number;
  distance: number;
  duration: number;
  unassigned: number;
}

export interface Solution {
  routes: Route[];
  unassigned: Unassigned[];
  totals: Totals;
}
