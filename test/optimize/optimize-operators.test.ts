// Each search operator on a small hand-made plan: the cheapest insertion (windows, capacity,
// shipments), relocate, exchange, 2-opt*, or-opt and 2-opt within a route, the string removal,
// recreate, fleet minimization, and the departure that makes a route shortest. Each asserts the
// exact plan the operator leaves and that every route stays feasible.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compile, type Instance } from '../../src/optimize/compile.js';
import { minimizeFleet } from '../../src/optimize/fleet.js';
import type { Problem } from '../../src/optimize/index.js';
import { bestInsertion, newBest } from '../../src/optimize/insertion.js';
import { localSearch } from '../../src/optimize/local-search.js';
import { exchange } from '../../src/optimize/operators/exchange.js';
import { intraRoute } from '../../src/optimize/operators/intra.js';
import { relocate } from '../../src/optimize/operators/relocate.js';
import { twoOptStar } from '../../src/optimize/operators/two-opt-star.js';
import { type Context, makeContext, Plan } from '../../src/optimize/plan.js';
import { loadRoutes, type RoutePlan } from '../../src/optimize/plan-input.js';
import { Rng } from '../../src/optimize/random.js';
import { jobKeys, recreate } from '../../src/optimize/recreate.js';
import { DEFAULT_RUIN, ruinStrings } from '../../src/optimize/ruin.js';
import { timing } from '../../src/optimize/schedule.js';
import { delivery, type Point, planeMatrix, ref, shipment, vehicle } from './helpers/problems.js';

interface Setup {
  inst: Instance;
  plan: Plan;
  backup: Plan;
  ctx: Context;
}

function setup(problem: Problem, routes: RoutePlan[], seed = 1): Setup {
  const inst = compile(problem);
  const plan = new Plan(inst);
  loadRoutes(inst, plan, routes);
  plan.clearTouched();
  const ctx = makeContext(inst, new Rng(seed), new Uint8Array(inst.J).fill(1));
  return { inst, plan, backup: new Plan(inst), ctx };
}

/** The stops of each used vehicle, by job id ("+" marks a shipment's pickup). */
function routesOf(s: Setup): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const route of s.plan.routes) {
    if (route.n === 0) continue;
    assert.equal(route.feasible, true, `route ${s.inst.vehicleIds[route.v]} is feasible`);
    out[s.inst.vehicleIds[route.v]] = Array.from(
      route.nodes.subarray(1, route.n + 1),
      (node) => s.inst.jobIds[s.inst.job[node]] + (s.inst.kind[node] === 2 ? '+' : ''),
    );
  }
  return out;
}

const plane = (...points: Point[]): Problem['matrix'] => planeMatrix([[0, 0], ...points]);
const stops = (...ids: string[]): RoutePlan['stops'] =>
  ids.map((id) => (id.endsWith('+') ? ref(id.slice(0, -1), 'pickup') : ref(id, id.startsWith('s') ? 'delivery' : 'delivery')));

describe('cheapest insertion', () => {
  // a and b at (10, 0) and (10, 10); j at (11, 5), cheapest between them.
  const matrix = plane([10, 0], [10, 10], [11, 5]);
  it('takes the cheapest position that keeps every window', () => {
    // Between a and b is cheapest, but j must be served by 16, before a is left at 10 + 5 = 15.
    const problem: Problem = {
      matrix,
      objective: 'distance-first',
      vehicles: [vehicle('v')],
      jobs: [delivery('a', 1, { service: 5 }), delivery('b', 2), delivery('j', 3, { windows: [[0, 16]] })],
    };
    const s = setup(problem, [{ vehicleId: 'v', stops: stops('a', 'b') }]);
    const best = bestInsertion(s.ctx, s.plan, 2, newBest(), 0);
    assert.equal(best.i, 0, 'first, before a');
    const loose = setup({ ...problem, jobs: [...problem.jobs.slice(0, 2), delivery('j', 3)] }, [{ vehicleId: 'v', stops: stops('a', 'b') }]);
    assert.equal(bestInsertion(loose.ctx, loose.plan, 2, newBest(), 0).i, 1, 'between a and b');
  });

  it('finds no place over capacity', () => {
    const problem: Problem = {
      matrix,
      objective: 'distance-first',
      vehicles: [vehicle('v', { capacity: [2] })],
      jobs: [delivery('a', 1), delivery('b', 2), delivery('j', 3)],
    };
    const s = setup(problem, [{ vehicleId: 'v', stops: stops('a', 'b') }]);
    assert.equal(bestInsertion(s.ctx, s.plan, 2, newBest(), 0).r, -1);
  });

  it('places a shipment pickup first, as close as capacity allows', () => {
    // Capacity 1 and a shipment a → b on board: the new shipment must not overlap it.
    const problem: Problem = {
      matrix: plane([10, 0], [20, 0], [11, 0], [21, 0]),
      objective: 'distance-first',
      vehicles: [vehicle('v', { capacity: [1] })],
      jobs: [shipment('s1', 1, 2), shipment('s2', 3, 4)],
    };
    const s = setup(problem, [{ vehicleId: 'v', stops: stops('s1+', 's1') }]);
    const best = bestInsertion(s.ctx, s.plan, 1, newBest(), 0);
    assert.deepEqual([best.i, best.j], [2, 2], 'after s1 is delivered');
  });
});

describe('relocate', () => {
  it('moves a stop to the route it fits better', () => {
    const s = setup(
      {
        matrix: plane([-10, 0], [10, 0], [12, 0]),
        objective: 'distance-first',
        vehicles: [vehicle('v'), vehicle('w')],
        jobs: [delivery('a', 1), delivery('x', 2), delivery('b', 3)],
      },
      [
        { vehicleId: 'v', stops: stops('a', 'x') },
        { vehicleId: 'w', stops: stops('b') },
      ],
    );
    assert.equal(relocate(s.ctx, s.plan, s.backup), 1);
    assert.deepEqual(routesOf(s), { v: ['a'], w: ['x', 'b'] });
    assert.equal(s.plan.distance(), 44);
  });

  it('moves a shipment with both its stops', () => {
    const s = setup(
      {
        matrix: plane([-10, 0], [10, 0], [12, 0], [14, 0]),
        objective: 'distance-first',
        vehicles: [vehicle('v'), vehicle('w')],
        jobs: [delivery('a', 1), shipment('s1', 2, 4), delivery('b', 3)],
      },
      [
        { vehicleId: 'v', stops: stops('a', 's1+', 's1') },
        { vehicleId: 'w', stops: stops('b') },
      ],
    );
    assert.equal(relocate(s.ctx, s.plan, s.backup), 1);
    const { v, w } = routesOf(s);
    assert.deepEqual(v, ['a']);
    assert.deepEqual([...w].sort(), ['b', 's1', 's1+']);
    assert.ok(w.indexOf('s1+') < w.indexOf('s1'));
    assert.equal(s.plan.distance(), 20 + 28);
  });

  it('leaves a stop whose better route has no room', () => {
    const s = setup(
      {
        matrix: plane([-10, 0], [10, 0], [12, 0]),
        objective: 'distance-first',
        vehicles: [vehicle('v'), vehicle('w', { capacity: [1] })],
        jobs: [delivery('a', 1), delivery('x', 2), delivery('b', 3, { allowedVehicles: ['w'] })],
      },
      [
        { vehicleId: 'v', stops: stops('a', 'x') },
        { vehicleId: 'w', stops: stops('b') },
      ],
    );
    assert.equal(relocate(s.ctx, s.plan, s.backup), 0);
    assert.deepEqual(routesOf(s), { v: ['a', 'x'], w: ['b'] });
  });
});

describe('exchange', () => {
  // Two depots far apart; each vehicle serves the stop next to the other's depot.
  const problem = (capacity: number): Problem => ({
    matrix: planeMatrix([
      [-20, 0],
      [20, 0],
      [15, 0],
      [-15, 0],
    ]),
    objective: 'distance-first',
    vehicles: [vehicle('v', { start: 0, end: 0, capacity: [capacity] }), vehicle('w', { start: 1, end: 1, capacity: [2] })],
    jobs: [delivery('x', 2), delivery('y', 3, { demand: [2] })],
  });
  const routes = [
    { vehicleId: 'v', stops: stops('x') },
    { vehicleId: 'w', stops: stops('y') },
  ];

  it('swaps two stops between routes in one move', () => {
    const s = setup(problem(2), routes);
    assert.equal(exchange(s.ctx, s.plan, s.backup), 1);
    assert.deepEqual(routesOf(s), { v: ['y'], w: ['x'] });
    assert.equal(s.plan.distance(), 20);
  });

  it('does not swap into a route without the capacity', () => {
    const s = setup(problem(1), routes);
    assert.equal(exchange(s.ctx, s.plan, s.backup), 0, 'y (2) would exceed v (1)');
    assert.deepEqual(routesOf(s), { v: ['x'], w: ['y'] });
  });
});

describe('2-opt*', () => {
  it('swaps route tails so that each route stays on its side', () => {
    // v: left then right; w: right then left. Cutting both after their first stop and swapping tails
    // fixes both (the shift, 50, is too short for one vehicle to take all four).
    const s = setup(
      {
        matrix: plane([-10, 5], [10, 10], [10, 5], [-10, 10]),
        objective: 'distance-first',
        vehicles: [vehicle('v', { shift: [0, 50] }), vehicle('w', { shift: [0, 50] })],
        jobs: [delivery('l1', 1), delivery('r2', 2), delivery('r1', 3), delivery('l2', 4)],
      },
      [
        { vehicleId: 'v', stops: stops('l1', 'r2') },
        { vehicleId: 'w', stops: stops('r1', 'l2') },
      ],
    );
    assert.ok(twoOptStar(s.ctx, s.plan, s.backup) >= 1);
    assert.deepEqual(routesOf(s), { v: ['l1', 'l2'], w: ['r1', 'r2'] });
  });

  it('never cuts between a shipment pickup and its delivery', () => {
    const s = setup(
      {
        matrix: plane([-10, 5], [10, 10], [10, 5], [-10, 10]),
        objective: 'distance-first',
        vehicles: [vehicle('v', { shift: [0, 50] }), vehicle('w', { shift: [0, 50] })],
        jobs: [shipment('s1', 1, 2), shipment('s2', 3, 4)],
      },
      [
        { vehicleId: 'v', stops: stops('s1+', 's1') },
        { vehicleId: 'w', stops: stops('s2+', 's2') },
      ],
    );
    assert.equal(twoOptStar(s.ctx, s.plan, s.backup), 0);
    assert.deepEqual(routesOf(s), { v: ['s1+', 's1'], w: ['s2+', 's2'] });
  });
});

describe('or-opt and 2-opt within a route', () => {
  const matrix = plane([10, 0], [20, 0], [30, 0], [40, 0]);
  it('reorders a zigzag into one sweep', () => {
    const s = setup({ matrix, objective: 'distance-first', vehicles: [vehicle('v')], jobs: ['a', 'b', 'c', 'd'].map((id, i) => delivery(id, i + 1)) }, [
      { vehicleId: 'v', stops: stops('c', 'a', 'd', 'b') },
    ]);
    assert.ok(intraRoute(s.ctx, s.plan, s.backup) >= 1);
    assert.equal(s.plan.distance(), 80);
  });

  it('keeps the order windows impose even when longer', () => {
    const s = setup(
      {
        matrix,
        objective: 'distance-first',
        vehicles: [vehicle('v')],
        jobs: [delivery('a', 1, { windows: [[100, 200]] }), delivery('d', 4, { windows: [[0, 45]] })],
      },
      [{ vehicleId: 'v', stops: stops('d', 'a') }],
    );
    assert.equal(intraRoute(s.ctx, s.plan, s.backup), 0);
    assert.deepEqual(routesOf(s), { v: ['d', 'a'] });
  });

  it('never moves a delivery before its pickup', () => {
    // Delivering at 10 first would be shorter, but the pickup is at 40.
    const s = setup({ matrix, objective: 'distance-first', vehicles: [vehicle('v')], jobs: [shipment('s1', 4, 1), delivery('b', 2)] }, [
      { vehicleId: 'v', stops: stops('b', 's1+', 's1') },
    ]);
    intraRoute(s.ctx, s.plan, s.backup);
    const order = routesOf(s).v;
    assert.ok(order.indexOf('s1+') < order.indexOf('s1'));
  });

  it('leaves locked stops where they are', () => {
    const s = setup(
      {
        matrix,
        objective: 'distance-first',
        vehicles: [vehicle('v')],
        jobs: ['a', 'b', 'c'].map((id, i) => delivery(id, i + 1)),
        locked: [{ vehicleId: 'v', stops: [ref('c')] }],
      },
      [{ vehicleId: 'v', stops: stops('c', 'a', 'b') }],
    );
    localSearch(s.ctx, s.plan, s.backup);
    assert.deepEqual(routesOf(s), { v: ['c', 'b', 'a'] });
  });
});

describe('string removal and recreate', () => {
  const points: Point[] = Array.from({ length: 12 }, (_, i) => [10 * Math.cos(i), 10 * Math.sin(i)]);
  const problem: Problem = {
    matrix: plane(...points),
    objective: 'distance-first',
    vehicles: [vehicle('v'), vehicle('w'), vehicle('x')],
    jobs: [...Array.from({ length: 10 }, (_, i) => delivery(`d${i}`, i + 1)), shipment('s1', 11, 12)],
    locked: [{ vehicleId: 'v', stops: [ref('d0')] }],
  };
  const routes: RoutePlan[] = [
    { vehicleId: 'v', stops: stops('d0', 'd1', 'd2', 'd3') },
    { vehicleId: 'w', stops: stops('d4', 's1+', 'd5', 's1', 'd6') },
    { vehicleId: 'x', stops: stops('d7', 'd8', 'd9') },
  ];

  it('removes strings of stops, shipments whole, never a locked stop', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const s = setup(problem, routes, seed);
      const removed: number[] = [];
      ruinStrings(s.ctx, s.plan, { ...DEFAULT_RUIN, averageRemoved: 4 }, removed);
      assert.ok(removed.length >= 1);
      assert.ok(!removed.includes(0), 'd0 is locked');
      for (const j of removed) assert.equal(s.plan.jobRoute[j], -1);
      const left = Object.values(routesOf(s)).flat();
      assert.equal(left.includes('s1+'), left.includes('s1'), 'a shipment leaves whole');
      assert.equal(left.length + removed.length + (removed.includes(10) ? 1 : 0), 12);
    }
  });

  it('puts every removed job back where it is cheapest, a job that fits nowhere unassigned', () => {
    const s = setup(problem, routes, 3);
    const removed: number[] = [];
    ruinStrings(s.ctx, s.plan, DEFAULT_RUIN, removed);
    recreate(s.ctx, s.plan, jobKeys(s.inst), removed, 0);
    assert.deepEqual(s.plan.unassigned, []);
    assert.ok(s.plan.jobRoute.every((r) => r >= 0));
    routesOf(s);
    const full = setup({ ...problem, vehicles: problem.vehicles.map((v) => ({ ...v, capacity: [4] })) }, [{ vehicleId: 'v', stops: stops('d0') }]);
    recreate(
      full.ctx,
      full.plan,
      jobKeys(full.inst),
      Array.from({ length: 11 }, (_, j) => j).filter((j) => j !== 0),
      0,
    );
    // 9 deliveries and one shipment, 3 vehicles of capacity 4 (v already carries d0): 11 units of deliveries for 12 units.
    assert.equal(full.plan.unassigned.length, 0);
    const tight = setup({ ...problem, vehicles: problem.vehicles.map((v) => ({ ...v, capacity: [3] })) }, [{ vehicleId: 'v', stops: stops('d0') }]);
    recreate(
      tight.ctx,
      tight.plan,
      jobKeys(tight.inst),
      Array.from({ length: 11 }, (_, j) => j).filter((j) => j !== 0),
      0,
    );
    assert.equal(tight.plan.unassigned.length, 1, 'ten deliveries for nine places');
  });
});

describe('fleet minimization', () => {
  it('folds three routes into the one vehicle they need', () => {
    const s = setup(
      {
        matrix: plane([10, 0], [20, 0], [30, 0]),
        objective: 'vehicle-first',
        vehicles: [vehicle('a'), vehicle('b'), vehicle('c')],
        jobs: [delivery('x', 1), delivery('y', 2), delivery('z', 3)],
      },
      [
        { vehicleId: 'a', stops: stops('x') },
        { vehicleId: 'b', stops: stops('y') },
        { vehicleId: 'c', stops: stops('z') },
      ],
    );
    const clock = { iterations: 0, done: () => clock.iterations >= 200, improved: () => {} };
    minimizeFleet(s.ctx, s.plan, new Plan(s.inst), new Plan(s.inst), jobKeys(s.inst), DEFAULT_RUIN, clock, 1);
    assert.equal(s.plan.vehicles(), 1);
    assert.deepEqual(Object.values(routesOf(s)).flat().sort(), ['x', 'y', 'z']);
  });
});

describe('departure time', () => {
  it('leaves late enough not to wait, early enough to make an earlier window', () => {
    const inst = compile({
      matrix: plane([10, 0], [20, 0]),
      objective: 'distance-first',
      vehicles: [vehicle('v', { shift: [0, 500] })],
      jobs: [
        delivery('a', 1, { windows: [[50, 60]] }),
        delivery('b', 2, {
          windows: [
            [70, 75],
            [300, 400],
          ],
        }),
      ],
    });
    const t = timing(inst, 0, [inst.S, 0, 1, inst.S + 1], 4);
    // Leave at 55 (a at 65 would miss its window); leave at 40 → a at 50, b at 60 → wait to 70 → back at 90.
    assert.deepEqual({ feasible: t.feasible, departure: t.departure, duration: t.duration }, { feasible: true, departure: 50, duration: 40 });
  });
});
