// The route optimizer's public face: solve a whole problem, reorder one route, rank routes for a
// new job (each also in a worker thread), and check a solution independently. README.md next to
// this file documents the model, the operations and the search.
export { type CheckedRoute, type CheckedSolution, type CheckResult, checkSolution } from './check.js';
export { ProblemError } from './compile.js';
export { reoptimizeRouteInWorker, solveInWorker, type WorkerOptions } from './in-worker.js';
export type {
  Coordinate,
  Job,
  JobStop,
  LockedRoute,
  Objective,
  Problem,
  Route,
  RouteStop,
  ShipmentJob,
  SingleJob,
  Solution,
  StopRef,
  TimeWindow,
  Totals,
  TravelMatrix,
  Unassigned,
  UnassignedReason,
  Vehicle,
} from './model.js';
export type { RoutePlan } from './plan-input.js';
export { type InsertionRank, type RouteContext, rankInsertions } from './rank.js';
export { type ReoptimizedRoute, type RouteToReoptimize, reoptimizeRoute } from './reoptimize.js';
export type { SearchStats } from './search.js';
export { type SolveOptions, type SolveResult, solve } from './solve.js';
