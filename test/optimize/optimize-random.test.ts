// Random small problems using every part of the model at once (several windows and dimensions,
// shipments and single stops, allowed vehicles, maximum durations, open starts and ends, costs,
// priorities, asymmetric matrices): every solution the independent checker accepts, with the
// totals it recomputes; every route rankInsertions offers and every route reoptimizeRoute answers
// feasible too, and never longer than the route it was given.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkSolution, type Job, type Problem, rankInsertions, reoptimizeRoute, solve, type TimeWindow, type Vehicle } from '../../src/optimize/index.js';
import { lcg } from './helpers/problems.js';

function randomProblem(seed: number): Problem {
  const rand = lcg(seed);
  const int = (n: number): number => Math.floor(rand() * n);
  const L = 4 + int(10);
  const points = Array.from({ length: L }, () => [int(100), int(100)]);
  const asymmetric = rand() < 0.3;
  const distances = points.map(([ax, ay], i) => points.map(([bx, by], j) => Math.round(Math.hypot(ax - bx, ay - by) * (asymmetric && i < j ? 1.3 : 1))));
  const D = 1 + int(3);
  const windows = (): TimeWindow[] =>
    Array.from({ length: rand() < 0.3 ? 1 + int(3) : 1 }, (): TimeWindow => {
      const open = int(400);
      return [open, open + 20 + int(200)];
    });
  const vehicles: Vehicle[] = Array.from({ length: 1 + int(4) }, (_, i) => ({
    id: `v${i}`,
    start: rand() < 0.15 ? null : int(L),
    end: rand() < 0.15 ? null : int(L),
    shift: [int(50), 400 + int(300)],
    capacity: Array.from({ length: D }, () => 3 + int(8)),
    maxDuration: rand() < 0.3 ? 100 + int(300) : null,
    fixedCost: rand() < 0.3 ? int(50) : null,
    costPerDistance: rand() < 0.3 ? 0.5 + rand() : null,
  }));
  const jobs: Job[] = Array.from({ length: 2 + int(10) }, (_, i): Job => {
    const common = {
      id: `j${i}`,
      demand: Array.from({ length: D }, () => int(4)),
      priority: rand() < 0.2 ? int(3) : undefined,
      allowedVehicles: rand() < 0.2 ? vehicles.filter(() => rand() < 0.5).map((v) => v.id) : undefined,
    };
    const kind = rand();
    if (kind < 0.4) {
      return {
        ...common,
        kind: 'shipment',
        pickup: { location: int(L), service: int(15), windows: windows() },
        delivery: { location: int(L), service: int(15), windows: windows() },
      };
    }
    return { ...common, kind: kind < 0.7 ? 'delivery' : 'pickup', location: int(L), service: int(15), windows: windows() };
  });
  return { matrix: { distances, durations: distances.map((row) => [...row]) }, vehicles, jobs, objective: rand() < 0.5 ? 'vehicle-first' : 'distance-first' };
}

describe('random problems', () => {
  it('are solved feasibly, ranked and reoptimized feasibly (60 problems)', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const problem = randomProblem(seed);
      const solution = solve(problem, { seed, iterations: 150, timeLimitMs: 10_000 });
      const check = checkSolution(problem, solution);
      assert.equal(check.feasible, true, `problem ${seed}: ${check.violations.join('; ')}`);
      assert.ok(
        Math.abs(check.distance - solution.totals.distance) < 1e-6 && Math.abs(check.duration - solution.totals.duration) < 1e-6,
        `problem ${seed}: totals`,
      );

      const routes = solution.routes.map((r) => ({ vehicleId: r.vehicleId, stops: r.stops.map(({ jobId, type }) => ({ jobId, type })) }));
      const served = problem.jobs.filter((j) => solution.routes.some((r) => r.stops.some((s) => s.jobId === j.id)));
      const left = solution.unassigned[0] && problem.jobs.find((j) => j.id === solution.unassigned[0].jobId);
      if (left) {
        for (const rank of rankInsertions({ matrix: problem.matrix, vehicles: problem.vehicles, jobs: served }, routes, left).filter((r) => r.feasible)) {
          const changed = routes.map((r) => (r.vehicleId === rank.vehicleId ? { vehicleId: r.vehicleId, stops: rank.stops! } : r));
          const ranked = checkSolution({ ...problem, jobs: [...served, left] }, { routes: changed, unassigned: [] });
          assert.equal(ranked.feasible, true, `problem ${seed}, rank on ${rank.vehicleId}: ${ranked.violations.join('; ')}`);
        }
      }
      for (const route of solution.routes) {
        const vehicle = problem.vehicles.find((v) => v.id === route.vehicleId)!;
        const jobs = served.filter((j) => route.stops.some((s) => s.jobId === j.id));
        const result = reoptimizeRoute(
          { matrix: problem.matrix, vehicle, jobs, stops: routes.find((r) => r.vehicleId === vehicle.id)!.stops },
          { iterations: 100 },
        );
        assert.ok(
          result.route && result.unassigned.length === 0 && result.route.distance <= route.distance + 1e-9,
          `problem ${seed}: reoptimized ${vehicle.id}`,
        );
        const again = checkSolution({ ...problem, vehicles: [vehicle], jobs }, { routes: [result.route], unassigned: [] });
        assert.equal(again.feasible, true, `problem ${seed}, reoptimized ${vehicle.id}: ${again.violations.join('; ')}`);
      }
    }
  });
});
