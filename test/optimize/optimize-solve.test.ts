// solve() as a whole: the exact optimum of tiny problems (found by brute force through the
// checker), the same answer for the same seed, the anytime time limit, and two real benchmark
// instances from test/fixtures/vrp checked feasible (the 25-customer one at its proven optimum).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkSolution, type Problem, solve } from '../../src/optimize/index.js';
import { readInstance } from '../../src/optimize/instances/index.js';
import { bruteForce, delivery, lcg, type Point, planeMatrix, shipment, vehicle } from './helpers/problems.js';

const VRP = new URL('../fixtures/vrp', import.meta.url).pathname;

/** Six deliveries around a depot with windows and capacity 3 × 2 vehicles: the optimum is not the obvious one. */
function sixDeliveries(objective: Problem['objective'], seed: number): Problem {
  const rand = lcg(seed);
  const points: Point[] = [[50, 50]];
  for (let i = 0; i < 6; i++) points.push([Math.round(rand() * 100), Math.round(rand() * 100)]);
  const jobs = points.slice(1).map((_, i) => {
    const open = Math.round(rand() * 150);
    return delivery(`c${i + 1}`, i + 1, { service: 5, windows: [[open, open + 60 + Math.round(rand() * 120)]], demand: [1 + Math.floor(rand() * 2)] });
  });
  return {
    matrix: planeMatrix(points),
    objective,
    vehicles: [vehicle('a', { capacity: [5], shift: [0, 400] }), vehicle('b', { capacity: [5], shift: [0, 400] })],
    jobs,
  };
}

/** Three shipments across a plane, two vehicles of capacity 2. */
function threeShipments(objective: Problem['objective'], seed: number): Problem {
  const rand = lcg(seed);
  const points: Point[] = [[50, 50]];
  for (let i = 0; i < 6; i++) points.push([Math.round(rand() * 100), Math.round(rand() * 100)]);
  const jobs = [0, 1, 2].map((i) => shipment(`s${i + 1}`, 2 * i + 1, 2 * i + 2, { demand: [1 + (i % 2)], toWindows: [[0, 150 + 60 * i]] }));
  return { matrix: planeMatrix(points), objective, vehicles: [vehicle('a', { capacity: [2] }), vehicle('b', { capacity: [2] })], jobs };
}

describe('solve: exact small optima', () => {
  for (const seed of [1, 2, 3]) {
    for (const objective of ['distance-first', 'vehicle-first'] as const) {
      it(`six deliveries with windows and capacities (instance ${seed}, ${objective}) at the brute-force optimum`, () => {
        const problem = sixDeliveries(objective, seed);
        const optimum = bruteForce(problem);
        assert.ok(Number.isFinite(optimum.distance), 'the instance is feasible');
        const solution = solve(problem, { seed: 1, iterations: 2000, timeLimitMs: 20_000 });
        const check = checkSolution(problem, solution);
        assert.equal(check.feasible, true, check.violations.join('\n'));
        assert.equal(solution.unassigned.length, 0);
        if (objective === 'vehicle-first') assert.equal(check.vehicles, optimum.vehicles);
        assert.ok(Math.abs(check.distance - optimum.distance) < 1e-6, `${check.distance} vs optimum ${optimum.distance}`);
      });
    }
  }

  for (const seed of [4, 5]) {
    it(`three shipments (instance ${seed}) at the brute-force optimum`, () => {
      const problem = threeShipments('distance-first', seed);
      const optimum = bruteForce(problem);
      const solution = solve(problem, { seed: 1, iterations: 2000, timeLimitMs: 20_000 });
      const check = checkSolution(problem, solution);
      assert.equal(check.feasible, true, check.violations.join('\n'));
      assert.ok(Math.abs(check.distance - optimum.distance) < 1e-6, `${check.distance} vs optimum ${optimum.distance}`);
    });
  }
});

describe('solve: determinism and the time limit', () => {
  it('gives the same solution for the same seed (with an iteration budget)', () => {
    const problem = readInstance(join(VRP, 'solomon-25/RC101.25.4.vrptw'), { distance: 'trunc1', objective: 'distance-first' });
    const run = () => {
      const s = solve(problem, { seed: 7, iterations: 1500, timeLimitMs: 60_000 });
      return { routes: s.routes.map((r) => [r.vehicleId, ...r.stops.map((x) => x.jobId)]), totals: s.totals };
    };
    assert.deepEqual(run(), run());
  });

  it('answers within its time limit, with the best solution so far', () => {
    const problem = readInstance(join(VRP, 'solomon-100/R101.txt'), { objective: 'vehicle-first' });
    const started = performance.now();
    const solution = solve(problem, { timeLimitMs: 300, seed: 1 });
    const took = performance.now() - started;
    // Generous bound: construction and the last iteration may overrun slightly on a loaded machine.
    assert.ok(took < 3000, `took ${took} ms`);
    assert.equal(checkSolution(problem, solution).feasible, true);
    assert.equal(solution.unassigned.length, 0);
    assert.ok(solution.search.iterations + solution.search.fleetIterations > 0);
  });
});

describe('solve: benchmark instances from test/fixtures/vrp', () => {
  it('C101 cut to 25 customers (distance-first, trunc1): the proven optimum 191.3 with 3 vehicles', () => {
    const problem = readInstance(join(VRP, 'solomon-25/C101.25.3.vrptw'), { distance: 'trunc1', objective: 'distance-first' });
    const solution = solve(problem, { seed: 1, iterations: 3000, timeLimitMs: 20_000 });
    const check = checkSolution(problem, solution);
    assert.equal(check.feasible, true, check.violations.join('\n'));
    assert.equal(check.vehicles, 3);
    assert.equal(Math.round(check.distance * 10) / 10, 191.3);
  });

  it('Li & Lim lc101 (vehicle-first): feasible, every shipment paired and served', () => {
    const problem = readInstance(join(VRP, 'li-lim-100/lc101.txt'), { objective: 'vehicle-first' });
    const solution = solve(problem, { seed: 1, iterations: 400, timeLimitMs: 20_000 });
    const check = checkSolution(problem, solution);
    assert.equal(check.feasible, true, check.violations.join('\n'));
    assert.equal(solution.unassigned.length, 0);
    assert.equal(solution.totals.vehicles, check.vehicles);
    assert.ok(Math.abs(solution.totals.distance - check.distance) < 1e-6);
  });
});
