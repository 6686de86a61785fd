// What taking a pool order's legs adds to a route, for the suggestions: its jobs on the route's
// problem (route-problem.ts) put in one after another, each where the optimizer's insertion
// (rankInsertions) adds least with those before it in place. A pickup with its one delivery is one
// job (a shipment); an order with more legs in the pool (a pickup and two deliveries) is several,
// and all of them must fit for the route to take it.
import { type Job, type Problem, rankInsertions, type StopRef } from '../../optimize/index.js';
import { VEHICLE_ID } from './route-problem.js';

export interface PoolInsertion {
  fits: boolean;
  /** Why not, from the first job that did not fit (rankInsertions' reason). */
  reason: string | null;
  addedDistance: number;
  addedDuration: number;
  /** The route's stops with the jobs in place (null when they do not fit). */
  stops: StopRef[] | null;
}

/** The jobs (the stop's own first) put on the route as it is: its problem and its stops in order. */
export function insertInTurn(route: { problem: Problem; stops: StopRef[] }, jobs: readonly Job[]): PoolInsertion {
  const { matrix, vehicles, dimensions } = route.problem;
  let onRoute = route.problem.jobs;
  let stops = route.stops;
  let addedDistance = 0;
  let addedDuration = 0;
  for (const job of jobs) {
    const [rank] = rankInsertions({ matrix, vehicles, jobs: onRoute, dimensions }, [{ vehicleId: VEHICLE_ID, stops }], job);
    if (!rank?.feasible || !rank.stops) return { fits: false, reason: rank?.reason ?? 'no-room', addedDistance: 0, addedDuration: 0, stops: null };
    addedDistance += rank.addedDistance;
    addedDuration += rank.addedDuration;
    onRoute = [...onRoute, job];
    stops = rank.stops;
  }
  return { fits: true, reason: null, addedDistance, addedDuration, stops };
}
