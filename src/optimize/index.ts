// The route optimizer's public face (groundwork: the model, the independent checker, and the
// benchmark readers). README.md next to this file documents the model and the checks.
export { checkSolution, type CheckedRoute, type CheckedSolution, type CheckResult } from './check.js';
export type {
  Coordinate, Job, JobStop, LockedRoute, Objective, Problem, Route, RouteStop, ShipmentJob, SingleJob, Solution, StopRef, TimeWindow,
  Totals, TravelMatrix, Unassigned, UnassignedReason, Vehicle,
} from './model.js';
