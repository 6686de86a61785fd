// Each constraint of the model, solved on a tiny hand-made problem, the answer checked by the
// independent checker and its exact shape asserted: time windows (one and several), shifts,
// capacities in several dimensions, shipments (same vehicle, pickup first), allowed vehicles,
// maximum duration, open starts and ends, locked stops, priorities, costs, and the reason of every
// job left unassigned.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkSolution, type Problem, ProblemError, type Solution, solve } from '../../src/optimize/index.js';
import { delivery, type Point, pickup, planeMatrix, ref, shipment, vehicle } from './helpers/problems.js';

/** Locations on the x axis: index i at x = xs[i]; location 0 is the depot at 0. */
const line = (...xs: number[]): Problem['matrix'] => planeMatrix([0, ...xs].map((x): Point => [x, 0]));

function solved(problem: Problem, iterations = 300): Solution {
  const solution = solve(problem, { seed: 1, iterations, timeLimitMs: 20_000 });
  const check = checkSolution(problem, solution);
  assert.equal(check.feasible, true, check.violations.join('\n'));
  assert.ok(Math.abs(check.distance - solution.totals.distance) < 1e-6);
  return solution;
}

const order = (s: Solution, vehicleId?: string): string[] =>
  (s.routes.find((r) => vehicleId === undefined || r.vehicleId === vehicleId)?.stops ?? []).map((x) =>
    x.type === 'pickup' && x.jobId.startsWith('s') ? `${x.jobId}+` : x.jobId,
  );
const reasons = (s: Solution): Record<string, string> => Object.fromEntries(s.unassigned.map((u) => [u.jobId, u.reason]));

describe('time windows and shifts', () => {
  it('serves a stop whose window closes early first, waiting for the other', () => {
    const s = solved({
      matrix: line(10, 20),
      objective: 'distance-first',
      vehicles: [vehicle('v')],
      jobs: [delivery('a', 1, { windows: [[100, 110]] }), delivery('b', 2, { windows: [[0, 40]] })],
    });
    assert.deepEqual(order(s), ['b', 'a']);
    assert.equal(s.routes[0].stops[1].start, 100);
  });

  it('uses the window a stop can make among several', () => {
    // The shift starts at 20: the first window [0, 5] is gone, service starts at 50.
    const s = solved({
      matrix: line(10),
      objective: 'distance-first',
      vehicles: [vehicle('v', { shift: [20, 200] })],
      jobs: [
        delivery('a', 1, {
          windows: [
            [0, 5],
            [50, 60],
            [90, 95],
          ],
        }),
      ],
    });
    assert.equal(s.routes[0].stops[0].start, 50);
    // With the shift ending at 40 only the first window of [[10, 20], [200, 300]] fits.
    const t = solved({
      matrix: line(10),
      objective: 'distance-first',
      vehicles: [vehicle('v', { shift: [0, 40] })],
      jobs: [
        delivery('a', 1, {
          windows: [
            [200, 300],
            [10, 20],
          ],
        }),
      ],
    });
    assert.equal(t.routes[0].stops[0].start, 10);
  });

  it('orders stops by windows that overlap only in their later parts', () => {
    const s = solved({
      matrix: line(10, 20, 30),
      objective: 'distance-first',
      vehicles: [vehicle('v')],
      jobs: [
        delivery('a', 1, {
          windows: [
            [0, 5],
            [70, 80],
          ],
        }),
        delivery('b', 2, { windows: [[40, 50]] }),
        delivery('c', 3, { windows: [[10, 35]] }),
      ],
    });
    assert.deepEqual(order(s), ['c', 'b', 'a']);
  });

  it('keeps a route inside its shift, and reports a stop it can never reach in time', () => {
    const s = solved({
      matrix: line(20, 30),
      objective: 'distance-first',
      vehicles: [vehicle('v', { shift: [0, 50] })],
      jobs: [delivery('near', 1), delivery('far', 2)],
    });
    assert.deepEqual(order(s), ['near']);
    assert.deepEqual(reasons(s), { far: 'time-window' });
    assert.ok(s.routes[0].end <= 50);
  });
});

describe('capacities', () => {
  it('holds every dimension: pallets split three light jobs over two vehicles', () => {
    const s = solved({
      matrix: line(10, 11, 12),
      objective: 'vehicle-first',
      dimensions: ['weight', 'pallets'],
      vehicles: [vehicle('a', { capacity: [100, 2] }), vehicle('b', { capacity: [100, 2] })],
      jobs: [delivery('x', 1, { demand: [1, 1] }), delivery('y', 2, { demand: [1, 1] }), delivery('z', 3, { demand: [1, 1] })],
    });
    assert.equal(s.totals.vehicles, 2);
    for (const route of s.routes) assert.ok(route.stops.length <= 2);
  });

  it('carries single pickups to the end and single deliveries from the start', () => {
    // Capacity 2: two deliveries go out loaded; the pickup can only come after the first delivery.
    const s = solved({
      matrix: line(10, 20, 30),
      objective: 'distance-first',
      vehicles: [vehicle('v', { capacity: [2] })],
      jobs: [delivery('d1', 1), delivery('d2', 3), pickup('p', 2)],
    });
    const stops = s.routes[0].stops;
    assert.notEqual(stops[0].jobId, 'p', 'the vehicle leaves full: the pickup cannot come first');
    // The load after each stop: 2 on board at the start, −1 per delivery, +1 for the pickup.
    let load = 2;
    assert.deepEqual(
      stops.map((x) => x.load),
      stops.map((x) => [(load += x.jobId === 'p' ? 1 : -1)]),
    );
    assert.ok(Math.max(...stops.map((x) => x.load[0])) <= 2);
  });

  it('reports a job heavier than every vehicle as capacity', () => {
    const s = solved({
      matrix: line(10),
      objective: 'distance-first',
      vehicles: [vehicle('v', { capacity: [5, 1] })],
      jobs: [delivery('big', 1, { demand: [3, 2] }), delivery('ok', 1, { demand: [3, 1] })],
    });
    assert.deepEqual(reasons(s), { big: 'capacity' });
  });
});

describe('shipments', () => {
  it('picks up before delivering, on the same vehicle, within capacity', () => {
    // Capacity 1: the two shipments cannot overlap on board.
    const s = solved({
      matrix: line(10, 20, 30, 40),
      objective: 'distance-first',
      vehicles: [vehicle('v', { capacity: [1] })],
      jobs: [shipment('s1', 1, 3), shipment('s2', 2, 4)],
    });
    assert.deepEqual(order(s), ['s1+', 's1', 's2+', 's2']);
  });

  it('serves a shipment whose delivery lies behind its pickup', () => {
    const s = solved({
      matrix: line(10, 30),
      objective: 'distance-first',
      vehicles: [vehicle('v')],
      jobs: [shipment('s1', 2, 1), delivery('d', 1)],
    });
    const stops = order(s);
    assert.ok(stops.indexOf('s1+') < stops.indexOf('s1'));
  });
});

describe('vehicles: allowed, maximum duration, open ends, costs', () => {
  it('puts a job only on its allowed vehicles, and reports one no vehicle may take', () => {
    const s = solved({
      matrix: line(10),
      objective: 'distance-first',
      vehicles: [vehicle('a'), vehicle('b', { costPerDistance: 5 })],
      jobs: [delivery('x', 1, { allowedVehicles: ['b'] }), delivery('y', 1, { allowedVehicles: ['z'] })],
    });
    assert.deepEqual(order(s, 'b'), ['x']);
    assert.deepEqual(reasons(s), { y: 'allowed-vehicles' });
  });

  it('splits routes that would exceed their maximum duration', () => {
    const s = solved({
      matrix: planeMatrix([
        [0, 0],
        [20, 0],
        [-20, 0],
      ]),
      objective: 'vehicle-first',
      vehicles: [vehicle('a', { maxDuration: 50 }), vehicle('b', { maxDuration: 50 })],
      jobs: [delivery('e', 1), delivery('w', 2)],
    });
    assert.equal(s.totals.vehicles, 2);
    for (const route of s.routes) assert.ok(route.duration <= 50);
  });

  it('leaves as late as the windows allow to stay within the maximum duration', () => {
    const s = solved({
      matrix: line(10),
      objective: 'distance-first',
      vehicles: [vehicle('v', { maxDuration: 25 })],
      jobs: [delivery('a', 1, { service: 2, windows: [[100, 110]] })],
    });
    assert.equal(s.routes[0].start, 90);
    assert.equal(s.routes[0].duration, 22);
  });

  it('reports a job that alone takes longer than the maximum duration', () => {
    const s = solved({ matrix: line(30), objective: 'distance-first', vehicles: [vehicle('v', { maxDuration: 50 })], jobs: [delivery('far', 1)] });
    assert.deepEqual(reasons(s), { far: 'max-duration' });
  });

  it('drives open starts and ends only between stops', () => {
    const jobs = [delivery('a', 1), delivery('b', 2), delivery('c', 3)];
    const open = solved({ matrix: line(10, 20, 30), objective: 'distance-first', vehicles: [vehicle('v', { start: null, end: null })], jobs });
    assert.equal(open.totals.distance, 20);
    const openEnd = solved({ matrix: line(10, 20, 30), objective: 'distance-first', vehicles: [vehicle('v', { end: null })], jobs });
    assert.equal(openEnd.totals.distance, 30);
    assert.deepEqual(order(openEnd), ['a', 'b', 'c']);
  });

  it('prefers the cheaper vehicle per distance, and avoids a fixed cost when it can', () => {
    const s = solved({
      matrix: line(10, 12),
      objective: 'distance-first',
      vehicles: [vehicle('dear', { costPerDistance: 3 }), vehicle('cheap', { fixedCost: 10 }), vehicle('spare', { fixedCost: 10 })],
      jobs: [delivery('a', 1), delivery('b', 2)],
    });
    assert.equal(s.routes.length, 1);
    assert.equal(s.routes[0].vehicleId, 'cheap');
  });
});

describe('locked stops', () => {
  it('keeps locked stops first and in order, and places the others after them', () => {
    const s = solved({
      matrix: line(10, 20, 30),
      objective: 'distance-first',
      vehicles: [vehicle('v'), vehicle('w')],
      jobs: [delivery('a', 1), delivery('b', 2), delivery('c', 3)],
      locked: [{ vehicleId: 'v', stops: [ref('c'), ref('a')] }],
    });
    assert.deepEqual(order(s, 'v').slice(0, 2), ['c', 'a']);
  });

  it('delivers a shipment whose pickup is locked on the same vehicle', () => {
    const s = solved({
      matrix: line(10, 20, 30),
      objective: 'distance-first',
      vehicles: [vehicle('v'), vehicle('w')],
      jobs: [shipment('s1', 1, 3), delivery('d', 2)],
      locked: [{ vehicleId: 'v', stops: [ref('s1', 'pickup')] }],
    });
    assert.equal(order(s, 'v')[0], 's1+');
    assert.ok(order(s, 'v').includes('s1'));
  });

  it('refuses a locked delivery without its pickup', () => {
    assert.throws(
      () =>
        solve(
          {
            matrix: line(10, 20),
            objective: 'distance-first',
            vehicles: [vehicle('v')],
            jobs: [shipment('s1', 1, 2)],
            locked: [{ vehicleId: 'v', stops: [ref('s1', 'delivery')] }],
          },
          { iterations: 10 },
        ),
      ProblemError,
    );
  });
});

describe('priorities and unassigned jobs', () => {
  it('serves the higher priority when not everything fits', () => {
    const s = solved({
      matrix: line(10, 40),
      objective: 'distance-first',
      vehicles: [vehicle('v', { capacity: [1] })],
      jobs: [delivery('near', 1), delivery('far', 2, { priority: 5 })],
    });
    assert.deepEqual(order(s), ['far']);
    assert.deepEqual(reasons(s), { near: 'no-room' });
  });

  it('serves as many jobs as fit at equal priority', () => {
    const s = solved({
      matrix: line(10, 20, 30),
      objective: 'distance-first',
      vehicles: [vehicle('v', { capacity: [2] })],
      jobs: [delivery('a', 1), delivery('b', 2), delivery('c', 3, { demand: [2] })],
    });
    assert.equal(s.routes[0].stops.length, 2);
    assert.deepEqual(reasons(s), { c: 'no-room' });
  });

  it('gives every unassigned job its reason and a detail', () => {
    const s = solved({
      matrix: line(10, 100),
      objective: 'distance-first',
      vehicles: [vehicle('v', { capacity: [3], shift: [0, 100], maxDuration: 60 })],
      jobs: [
        delivery('heavy', 1, { demand: [4] }),
        delivery('late', 1, { windows: [[500, 600]] }),
        delivery('long', 1, { service: 50 }),
        delivery('nobody', 1, { allowedVehicles: [] }),
        delivery('ok', 1, { demand: [3], priority: 1 }),
        delivery('crowded', 1, { demand: [1] }),
      ],
    });
    assert.deepEqual(reasons(s), { heavy: 'capacity', late: 'time-window', long: 'max-duration', nobody: 'allowed-vehicles', crowded: 'no-room' });
    assert.ok(s.unassigned.every((u) => typeof u.detail === 'string' && u.detail.length > 0));
    assert.equal(s.totals.unassigned, 5);
  });
});
