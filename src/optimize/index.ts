// The route optimizer's public face: solve a whole problem, reorder one route, rank routes for a
// new job (each also in a worker thread), and check a solution independently. README.md next to
// this file documents the model, the operations and the search.
export { checkSolution, type CheckedRoute, type CheckedSolution, type CheckResult } from './check.js';
export { ProblemError } from './compile.js';
export { reoptimizeRouteInWorker, solveInWorker, type WorkerOptions } from './in-worker.js';
export type {
  Coordinate, Job, JobStop, LockedRoute, Objective, Problem, Route, RouteStop, ShipmentJob, SingleJob, Solution, StopRef, TimeWindow,
  Totals, TravelMatrix, Unassigned, UnassignedReason, Vehicle,
} from './model.js';
export type { RoutePlan } from './plan-input.js';
export { rankInsertions, type InsertionRank, type RouteContext } from './rank.js';
export { reoptimizeRoute, type ReoptimizedRoute, type RouteToReoptimize } from './reoptimize.js';
export type { SearchStats } from './search.js';
export { solve, type SolveOptions, type SolveResult } from './solve.js';
