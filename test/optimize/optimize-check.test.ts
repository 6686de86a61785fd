// The independent solution checker on small hand-made problems: a feasible solution with its
// recomputed distance and duration, then one case per kind of violation, each asserting the exact
// message.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type CheckedSolution, checkSolution, type Problem } from '../../src/optimize/index.js';

/** Locations on a line at x = 0 (the depot), 10, 20, 30; travel time = distance. */
function line(): Problem['matrix'] {
  const xs = [0, 10, 20, 30];
  const m = xs.map((a) => xs.map((b) => Math.abs(a - b)));
  return { distances: m, durations: m.map((row) => [...row]) };
}

/** Two vehicles at the depot; a delivery at 1, a pickup at 2, a shipment 1 → 3. */
function problem(over: Partial<Problem> = {}): Problem {
  return {
    matrix: line(),
    vehicles: [
      { id: 'v1', start: 0, end: 0, shift: [0, 100], capacity: [10, 2] },
      { id: 'v2', start: 0, end: 0, shift: [0, 100], capacity: [10, 2] },
    ],
    jobs: [
      { id: 'a', kind: 'delivery', location: 1, service: 5, windows: [[0, 50]], demand: [4, 1] },
      {
        id: 'b',
        kind: 'pickup',
        location: 2,
        service: 5,
        windows: [
          [0, 10],
          [40, 60],
        ],
        demand: [3, 0],
      },
      {
        id: 's',
        kind: 'shipment',
        pickup: { location: 1, service: 0, windows: [[0, 100]] },
        delivery: { location: 3, service: 0, windows: [[0, 100]] },
        demand: [5, 1],
      },
    ],
    objective: 'distance-first',
    ...over,
  };
}

/** v1: a, s pickup, b, s delivery, back: 0 →10 (a, 10–15) →10 (s, 15) →20 (b, 25 → waits to 40, 45) →30 (s, 55) →0 at 85. */
function solution(): CheckedSolution {
  return {
    routes: [
      {
        vehicleId: 'v1',
        stops: [
          { jobId: 'a', type: 'delivery' },
          { jobId: 's', type: 'pickup' },
          { jobId: 'b', type: 'pickup' },
          { jobId: 's', type: 'delivery' },
        ],
        distance: 60,
      },
    ],
    unassigned: [],
  };
}

const violations = (p: Problem, s: CheckedSolution): string[] => checkSolution(p, s).violations;

describe('checkSolution: a feasible solution', () => {
  it('is feasible, with the distance and duration recomputed', () => {
    assert.deepEqual(checkSolution(problem(), solution()), { feasible: true, violations: [], vehicles: 1, distance: 60, duration: 85 });
  });

  it('counts only routes with stops, and accepts a job reported unassigned', () => {
    const s = solution();
    s.routes[0].stops.splice(2, 1);
    s.routes[0].distance = 60;
    s.routes.push({ vehicleId: 'v2', stops: [] });
    s.unassigned = [{ jobId: 'b' }];
    assert.deepEqual(checkSolution(problem(), s), { feasible: true, violations: [], vehicles: 1, distance: 60, duration: 65 });
  });

  it('replays open starts and ends from the route start', () => {
    const p = problem({ vehicles: [{ id: 'v1', start: null, end: null, shift: [0, 100], capacity: [10, 2] }] });
    const s: CheckedSolution = {
      routes: [
        {
          vehicleId: 'v1',
          start: 20,
          stops: [
            { jobId: 'a', type: 'delivery' },
            { jobId: 's', type: 'pickup' },
            { jobId: 's', type: 'delivery' },
          ],
        },
      ],
      unassigned: [{ jobId: 'b' }],
    };
    // At 1 from 20: a 20–25, s pickup 25, 20 to location 3: 45.
    assert.deepEqual(checkSolution(p, s), { feasible: true, violations: [], vehicles: 1, distance: 20, duration: 25 });
  });
});

describe('checkSolution: each violation', () => {
  it('unknown vehicle', () => {
    const s = solution();
    s.routes[0].vehicleId = 'v9';
    assert.deepEqual(violations(problem(), s), [
      'unknown vehicle: a route names vehicle v9, not in the problem',
      'unserved: job a delivery is neither served nor reported unassigned',
      'unserved: job b pickup is neither served nor reported unassigned',
      'unserved: job s pickup is neither served nor reported unassigned',
      'unserved: job s delivery is neither served nor reported unassigned',
    ]);
  });

  it('vehicle twice', () => {
    const s = solution();
    s.routes.push({ vehicleId: 'v1', stops: [] });
    assert.deepEqual(violations(problem(), s), ['vehicle twice: vehicle v1 has more than one route']);
  });

  it('unknown job, served or reported unassigned', () => {
    const s = solution();
    s.routes[0].stops.push({ jobId: 'zz', type: 'pickup' });
    s.unassigned = [{ jobId: 'yy' }];
    assert.deepEqual(violations(problem(), s), [
      'unknown job: vehicle v1 serves job zz, not in the problem',
      'unknown job: job yy is reported unassigned, not in the problem',
    ]);
  });

  it('stop kind', () => {
    const s = solution();
    s.routes[0].stops[2] = { jobId: 'b', type: 'delivery' };
    assert.deepEqual(violations(problem(), s), [
      'stop kind: vehicle v1 serves job b delivery, but the job is a pickup',
      'unserved: job b pickup is neither served nor reported unassigned',
    ]);
  });

  it('unserved', () => {
    const s = solution();
    s.routes[0].stops.splice(0, 1);
    delete s.routes[0].distance;
    assert.deepEqual(violations(problem(), s), ['unserved: job a delivery is neither served nor reported unassigned']);
  });

  it('served twice: two visits, or served and reported unassigned', () => {
    const s = solution();
    s.routes.push({ vehicleId: 'v2', stops: [{ jobId: 'a', type: 'delivery' }] });
    s.unassigned = [{ jobId: 'b' }];
    assert.deepEqual(violations(problem(), s), ['served twice: job a delivery is served 2 times', 'served twice: job b is served and reported unassigned']);
  });

  it('pairing: a shipment split over two vehicles', () => {
    const s = solution();
    s.routes[0].stops.pop();
    s.routes[0].distance = 40;
    s.routes.push({ vehicleId: 'v2', stops: [{ jobId: 's', type: 'delivery' }] });
    assert.deepEqual(violations(problem(), s), ['pairing: shipment s is picked up by vehicle v1 and delivered by vehicle v2']);
  });

  it('precedence: a delivery before its pickup', () => {
    const p = problem({ jobs: problem().jobs.filter((j) => j.id === 's') });
    const s: CheckedSolution = {
      routes: [
        {
          vehicleId: 'v1',
          stops: [
            { jobId: 's', type: 'delivery' },
            { jobId: 's', type: 'pickup' },
          ],
        },
      ],
    };
    assert.deepEqual(violations(p, s), ['precedence: shipment s is delivered before it is picked up on vehicle v1']);
  });

  it('time window: service cannot start in any window', () => {
    const s = solution();
    // b first (20 → 20, after [0, 10], waits to 40), then a at 55: past [0, 50].
    s.routes[0].stops = [
      { jobId: 'b', type: 'pickup' },
      { jobId: 'a', type: 'delivery' },
      { jobId: 's', type: 'pickup' },
      { jobId: 's', type: 'delivery' },
    ];
    s.routes[0].distance = 80;
    const p = problem();
    p.vehicles[0].shift = [0, 200];
    assert.deepEqual(violations(p, s), ['time window: vehicle v1 reaches job a delivery at 55, after its windows [0, 50]']);
  });

  it('capacity: at the start (deliveries on board) and after a pickup', () => {
    const p = problem();
    // On board: [4, 1] at the start (a), [0, 0] after a, [5, 1] after s pickup, [8, 1] after b, [3, 0] after s delivery.
    p.vehicles[0].capacity = [7, 1];
    assert.deepEqual(violations(p, solution()), ['capacity: vehicle v1 carries [8, 1] after job b pickup, over its capacity [7, 1]']);
    p.vehicles[0].capacity = [3];
    assert.deepEqual(violations(p, solution()), [
      'capacity: vehicle v1 carries [4, 1] at its start, over its capacity [3, 0]',
      'capacity: vehicle v1 carries [5, 1] after job s pickup, over its capacity [3, 0]',
      'capacity: vehicle v1 carries [8, 1] after job b pickup, over its capacity [3, 0]',
    ]);
  });

  it('shift: leaving before the shift, or back after it ends', () => {
    const p = problem();
    p.vehicles[0].shift = [10, 80];
    const s = solution();
    s.routes[0].start = 5;
    assert.deepEqual(violations(p, s), [
      'shift: vehicle v1 starts at 5, before its shift starts at 10',
      'shift: vehicle v1 is back at 85, after its shift ends at 80',
    ]);
  });

  it('max duration', () => {
    const p = problem();
    p.vehicles[0].maxDuration = 84.5;
    assert.deepEqual(violations(p, solution()), ['max duration: vehicle v1 takes 85, over its maximum 84.5']);
  });

  it('allowed vehicles', () => {
    const p = problem();
    p.jobs[2].allowedVehicles = ['v2'];
    assert.deepEqual(violations(p, solution()), [
      'allowed vehicles: vehicle v1 serves job s pickup, allowed only on v2',
      'allowed vehicles: vehicle v1 serves job s delivery, allowed only on v2',
    ]);
  });

  it('locked: the route must begin with the locked stops', () => {
    const ok = problem({
      locked: [
        {
          vehicleId: 'v1',
          stops: [
            { jobId: 'a', type: 'delivery' },
            { jobId: 's', type: 'pickup' },
          ],
        },
      ],
    });
    assert.deepEqual(violations(ok, solution()), []);
    const moved = problem({
      locked: [
        {
          vehicleId: 'v1',
          stops: [
            { jobId: 'a', type: 'delivery' },
            { jobId: 'b', type: 'pickup' },
          ],
        },
      ],
    });
    assert.deepEqual(violations(moved, solution()), ['locked: vehicle v1 must serve job b pickup as stop 2, found job s pickup']);
    const elsewhere = problem({ locked: [{ vehicleId: 'v2', stops: [{ jobId: 'a', type: 'delivery' }] }] });
    assert.deepEqual(violations(elsewhere, solution()), ['locked: vehicle v2 must serve job a delivery as stop 1, found nothing']);
  });

  it('reported distance', () => {
    const s = solution();
    s.routes[0].distance = 59.5;
    assert.deepEqual(violations(problem(), s), ['reported distance: vehicle v1 reports 59.5, the route is 60']);
  });
});
