// The operations dispatch calls: rankInsertions (every route's feasibility, added distance and
// time, best place, best first), reoptimizeRoute (never worse than the current order, locked stops
// kept), and solve / reoptimizeRoute in a worker thread (same answer, the event loop free, errors
// and aborts passed on).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  checkSolution,
  type Problem,
  ProblemError,
  rankInsertions,
  reoptimizeRoute,
  reoptimizeRouteInWorker,
  solve,
  solveInWorker,
} from '../../src/optimize/index.js';
import { readInstance } from '../../src/optimize/instances/index.js';
import { delivery, type Point, planeMatrix, ref, shipment, vehicle } from './helpers/problems.js';

const line = (...xs: number[]): Problem['matrix'] => planeMatrix([0, ...xs].map((x): Point => [x, 0]));

describe('rankInsertions', () => {
  const matrix = line(10, 20, 30, 40, -10);
  const context = {
    matrix,
    vehicles: [vehicle('east'), vehicle('west'), vehicle('small', { capacity: [1] }), vehicle('idle')],
    jobs: [delivery('e1', 1), delivery('e3', 3), delivery('w1', 5), delivery('s1', 2)],
  };
  const routes = [
    { vehicleId: 'west', stops: [ref('w1')] },
    { vehicleId: 'east', stops: [ref('e1'), ref('e3')] },
    { vehicleId: 'small', stops: [ref('s1')] },
    { vehicleId: 'idle', stops: [] },
  ];

  it('ranks feasible routes by added distance, with the place and the added time', () => {
    const ranks = rankInsertions(context, routes, delivery('new', 4, { service: 5 }));
    assert.deepEqual(
      ranks.map((r) => [r.vehicleId, r.feasible, r.addedDistance, r.addedDuration, r.reason]),
      [
        ['east', true, 20, 25, undefined], // 0 → 10 → 30 → 40 → 0: 80 instead of 60
        ['idle', true, 80, 85, undefined],
        ['west', true, 80, 85, undefined],
        ['small', false, 0, 0, 'no-room'],
      ],
    );
    // Before or after e3 adds the same 20; the first cheapest place is kept.
    assert.deepEqual(ranks[0].position, { index: 1 });
    assert.deepEqual(ranks[0].stops, [ref('e1'), ref('new'), ref('e3')]);
  });

  it('gives the reason a route cannot take the job', () => {
    const ranks = rankInsertions(context, routes, delivery('big', 1, { demand: [5], allowedVehicles: ['east', 'small'] }));
    assert.deepEqual(
      ranks.map((r) => [r.vehicleId, r.feasible, r.reason]),
      [
        ['east', true, undefined],
        ['idle', false, 'allowed-vehicles'],
        ['small', false, 'capacity'],
        ['west', false, 'allowed-vehicles'],
      ],
    );
  });

  it('places a shipment pickup first on the best route', () => {
    const ranks = rankInsertions(context, routes, shipment('sh', 2, 4));
    assert.equal(ranks[0].vehicleId, 'east');
    assert.deepEqual(ranks[0].position, { index: 1, deliveryIndex: 2 });
    assert.deepEqual(ranks[0].stops, [ref('e1'), ref('sh', 'pickup'), ref('sh', 'delivery'), ref('e3')]);
    assert.equal(ranks[0].addedDistance, 20);
  });

  it('refuses routes that break the model', () => {
    assert.throws(() => rankInsertions(context, [{ vehicleId: 'nope', stops: [] }], delivery('x', 1)), ProblemError);
    assert.throws(() => rankInsertions(context, [{ vehicleId: 'east', stops: [ref('e1'), ref('e1')] }], delivery('x', 1)), ProblemError);
  });
});

describe('reoptimizeRoute', () => {
  const matrix = line(10, 20, 30, 40);
  const jobs = ['a', 'b', 'c', 'd'].map((id, i) => delivery(id, i + 1));

  it('reorders a zigzag into a sweep and says it improved', () => {
    const result = reoptimizeRoute({ matrix, vehicle: vehicle('v'), jobs, stops: [ref('c'), ref('a'), ref('d'), ref('b')] });
    assert.deepEqual(result.before, { feasible: true, distance: 120, duration: 120 });
    assert.equal(result.route?.distance, 80);
    assert.equal(result.improved, true);
    assert.deepEqual(result.unassigned, []);
  });

  it('keeps an order that is already the best, and the locked stops first', () => {
    const best = reoptimizeRoute({ matrix, vehicle: vehicle('v'), jobs, stops: ['a', 'b', 'c', 'd'].map((id) => ref(id)) });
    assert.equal(best.improved, false);
    assert.equal(best.route?.distance, 80);
    const locked = reoptimizeRoute({ matrix, vehicle: vehicle('v'), jobs, stops: [ref('c'), ref('a'), ref('d'), ref('b')], locked: [ref('c'), ref('a')] });
    assert.deepEqual(
      locked.route?.stops.slice(0, 2).map((s) => s.jobId),
      ['c', 'a'],
    );
    // After c (30) and a (10), b and d in either order: 30 + 20 + 10 + 20 + 40 = 120, no better than given.
    assert.equal(locked.route?.distance, 120);
    assert.equal(locked.improved, false);
  });

  it('repairs an order that breaks a window, leaving out what cannot fit', () => {
    const timed = [delivery('a', 1, { windows: [[0, 15]] }), delivery('b', 2), delivery('far', 4, { windows: [[0, 10]] })];
    const result = reoptimizeRoute({ matrix, vehicle: vehicle('v'), jobs: timed, stops: [ref('b'), ref('a'), ref('far')] });
    assert.equal(result.before?.feasible, false);
    assert.equal(result.improved, true);
    assert.deepEqual(
      result.route?.stops.map((s) => s.jobId),
      ['a', 'b'],
    );
    assert.deepEqual(
      result.unassigned.map((u) => [u.jobId, u.reason]),
      [['far', 'time-window']],
    );
  });
});

describe('in a worker thread', () => {
  const VRP = new URL('../fixtures/vrp', import.meta.url).pathname;
  const problem = readInstance(join(VRP, 'solomon-25/R101.25.8.vrptw'), { distance: 'trunc1', objective: 'distance-first' });

  it('solves as the direct call does, the event loop free meanwhile', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const options = { seed: 3, iterations: 800, timeLimitMs: 20_000 };
    const inWorker = await solveInWorker(problem, options);
    clearInterval(timer);
    const direct = solve(problem, options);
    assert.deepEqual(inWorker.routes, direct.routes);
    assert.deepEqual(inWorker.totals, direct.totals);
    assert.equal(checkSolution(problem, inWorker).feasible, true);
    assert.ok(ticks > 0, 'timers ran while the worker solved');
  });

  it('reoptimizes a route in a worker', async () => {
    const result = await reoptimizeRouteInWorker({
      matrix: line(10, 20),
      vehicle: vehicle('v'),
      jobs: [delivery('a', 1), delivery('b', 2)],
      stops: [ref('b'), ref('a')],
    });
    assert.equal(result.route?.distance, 40);
  });

  it('passes a problem error back, and stops on abort', async () => {
    await assert.rejects(solveInWorker({ ...problem, vehicles: [] }, { timeLimitMs: 100 }), ProblemError);
    const controller = new AbortController();
    const pending = solveInWorker(problem, { timeLimitMs: 10_000 }, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('stop')), 50);
    await assert.rejects(pending, /stop/);
  });
});
