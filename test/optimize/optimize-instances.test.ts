// The benchmark readers against the real files of ../shared/bench-data/vrp/: counts, known values,
// depot horizons, Li & Lim pairs, the best-known table, and the two distance conventions.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { ShipmentJob, SingleJob } from '../../src/optimize/index.js';
import { edgeLength, euclideanMatrix, InstanceError, parseBks, parseLiLim, parseSolomon, readBks, readInstance } from '../../src/optimize/instances/index.js';

// A copy of ../shared/bench-data/vrp/ (its README names the public sources), so CI needs nothing beside the repository.
const VRP = new URL('../fixtures/vrp', import.meta.url).pathname;
const file = (name: string): string => join(VRP, name);

describe('Solomon 100-customer files', () => {
  it('reads C101: 100 delivery jobs, 25 vehicles of capacity 200 at the depot, horizon 1236', () => {
    const p = readInstance(file('solomon-100/C101.txt'));
    assert.equal(p.name, 'C101');
    assert.equal(p.jobs.length, 100);
    assert.ok(p.jobs.every((j) => j.kind === 'delivery'));
    assert.equal(p.vehicles.length, 25);
    assert.deepEqual(p.vehicles[0], { id: 'v1', start: 0, end: 0, shift: [0, 1236], capacity: [200] });
    assert.deepEqual(p.jobs[0], { id: '1', kind: 'delivery', location: 1, service: 90, windows: [[912, 967]], demand: [10] });
    assert.deepEqual(p.jobs[99], { id: '100', kind: 'delivery', location: 100, service: 90, windows: [[647, 726]], demand: [20] });
    assert.deepEqual(p.locations?.[0], { x: 40, y: 50 });
    assert.equal(p.matrix.distances.length, 101);
    assert.equal(p.objective, 'vehicle-first');
  });

  it('reads the horizons of R101 (230) and RC101 (240)', () => {
    assert.deepEqual(readInstance(file('solomon-100/R101.txt')).vehicles[0].shift, [0, 230]);
    assert.deepEqual(readInstance(file('solomon-100/RC101.txt')).vehicles[0].shift, [0, 240]);
  });

  it('takes the objective and convention it is given', () => {
    const p = readInstance(file('solomon-100/C101.txt'), { objective: 'distance-first', distance: 'trunc1' });
    assert.equal(p.objective, 'distance-first');
    assert.equal(p.matrix.distances[0][1], 18.6); // (40,50) → (45,68): √349 = 18.68…
  });
});

describe('Solomon 25-customer files (LKH-3 format)', () => {
  for (const [name, vehicles] of [
    ['C101.25.3', 3],
    ['R101.25.8', 8],
    ['RC101.25.4', 4],
  ] as const) {
    it(`reads ${name}: ${vehicles} vehicles, the first 25 customers of the 100-customer file`, () => {
      const small = readInstance(file(`solomon-25/${name}.vrptw`));
      const full = readInstance(file(`solomon-100/${name.split('.')[0]}.txt`));
      assert.equal(small.name, name.split('.')[0]);
      assert.equal(small.jobs.length, 25);
      assert.equal(small.vehicles.length, vehicles);
      assert.deepEqual(small.vehicles[0].shift, full.vehicles[0].shift);
      assert.deepEqual(small.vehicles[0].capacity, [200]);
      assert.deepEqual(small.jobs, full.jobs.slice(0, 25));
      assert.deepEqual(small.matrix.distances[3], full.matrix.distances[3].slice(0, 26));
    });
  }

  it('reads C201 and R201 with their long horizons', () => {
    const c201 = readInstance(file('solomon-25/C201.25.2.vrptw'));
    assert.equal(c201.vehicles.length, 2);
    assert.deepEqual(c201.vehicles[0].shift, [0, 3390]);
    assert.equal(readInstance(file('solomon-25/R201.25.4.vrptw')).vehicles[0].shift[1], 1000);
  });
});

describe('Li & Lim files', () => {
  for (const [name, pairs, horizon] of [
    ['lc101', 53, 1236],
    ['lr101', 53, 230],
    ['lrc101', 53, 240],
  ] as const) {
    it(`reads ${name}: ${pairs} shipments covering every node once, horizon ${horizon}`, () => {
      const p = readInstance(file(`li-lim-100/${name}.txt`));
      assert.equal(p.name, name);
      assert.equal(p.jobs.length, pairs);
      assert.ok(p.jobs.every((j) => j.kind === 'shipment'));
      const nodes = (p.jobs as ShipmentJob[]).flatMap((j) => [j.pickup.location, j.delivery.location]).sort((a, b) => a - b);
      assert.deepEqual(
        nodes,
        Array.from({ length: p.matrix.distances.length - 1 }, (_, i) => i + 1),
      );
      assert.equal(p.vehicles.length, 25);
      assert.deepEqual(p.vehicles[0].shift, [0, horizon]);
    });
  }

  it('pairs lc101 pickup 3 with delivery 75, carrying 10', () => {
    const job = readInstance(file('li-lim-100/lc101.txt')).jobs.find((j) => j.id === '3-75');
    assert.deepEqual(job, {
      id: '3-75',
      kind: 'shipment',
      demand: [10],
      pickup: { location: 3, service: 90, windows: [[65, 146]] },
      delivery: { location: 75, service: 90, windows: [[997, 1068]] },
    });
  });

  it('refuses a delivery whose pickup does not name it', () => {
    const text = '2 10 1\n0 0 0 0 0 100 0 0 0\n1 1 0 5 0 100 0 0 2\n2 2 0 -5 0 100 0 1 0\n3 3 0 -5 0 100 0 1 0\n';
    assert.throws(() => parseLiLim(text), InstanceError);
    assert.equal(parseLiLim(text.split('\n').slice(0, 4).join('\n')).jobs.length, 1);
  });
});

describe('bks.csv', () => {
  const rows = readBks(file('bks.csv'));

  it('has 15 rows, each naming a file that exists', () => {
    assert.equal(rows.length, 15);
    for (const row of rows) assert.ok(existsSync(file(row.file)), row.file);
  });

  it('reads C101 distance-first: 10 vehicles, 827.3 under trunc1', () => {
    const row = rows.find((r) => r.instance === 'C101' && r.customers === 100 && r.objective === 'distance-first');
    assert.deepEqual(row, {
      instance: 'C101',
      customers: 100,
      file: 'solomon-100/C101.txt',
      objective: 'distance-first',
      vehicles: 10,
      distance: 827.3,
      distanceConvention: 'trunc1',
      source: 'LKH3 Solomon_100',
    });
  });

  it('matches each Solomon row to its file', () => {
    for (const row of rows.filter((r) => !r.file.startsWith('li-lim'))) {
      assert.equal(readInstance(file(row.file)).jobs.length, row.customers, row.file);
    }
  });

  it('refuses an unknown objective or convention', () => {
    const header = 'instance,customers,file,objective,vehicles,distance,distance_convention,source';
    assert.throws(() => parseBks(`${header}\nX,1,x.txt,cheapest,1,1,double,me`), InstanceError);
    assert.throws(() => parseBks(`${header}\nX,1,x.txt,vehicle-first,1,1,round,me`), InstanceError);
    assert.deepEqual(parseBks(`${header}\nX,1,x.txt,vehicle-first,1,2.5,double,a, b`)[0].source, 'a, b');
  });
});

describe('distance conventions', () => {
  it('truncates each edge to one decimal: trunc1 ≤ double, less than 0.1 apart', () => {
    const p = readInstance(file('solomon-100/RC101.txt'));
    const points = p.locations!;
    const double = euclideanMatrix(points, 'double');
    const trunc1 = euclideanMatrix(points, 'trunc1');
    let differ = 0;
    for (let i = 0; i < points.length; i++) {
      for (let j = 0; j < points.length; j++) {
        const [d, t] = [double.distances[i][j], trunc1.distances[i][j]];
        assert.ok(t <= d && d - t < 0.1, `${i}→${j}: ${t} vs ${d}`);
        assert.ok(Math.abs(t * 10 - Math.round(t * 10)) < 1e-9, `${i}→${j}: ${t} is not in tenths`);
        if (t < d) differ += 1;
      }
    }
    assert.ok(differ > 0);
    assert.deepEqual(trunc1.durations, trunc1.distances);
  });

  it('keeps whole lengths whole and cuts the rest', () => {
    assert.equal(edgeLength({ x: 0, y: 0 }, { x: 3, y: 4 }, 'trunc1'), 5);
    assert.equal(edgeLength({ x: 0, y: 0 }, { x: 1, y: 1 }, 'trunc1'), 1.4);
    assert.equal(edgeLength({ x: 0, y: 0 }, { x: 1, y: 1 }, 'double'), Math.SQRT2);
  });

  it('reads a Solomon text given inline', () => {
    const text = 'TINY\n\nVEHICLE\nNUMBER CAPACITY\n 2 50\n\nCUSTOMER\n 0 0 0 0 0 100 0\n 1 3 4 7 10 20 5\n';
    const p = parseSolomon(text, { distance: 'trunc1' });
    assert.equal(p.vehicles.length, 2);
    assert.deepEqual((p.jobs[0] as SingleJob).windows, [[10, 20]]);
    assert.equal(p.matrix.durations[0][1], 5);
  });
});
