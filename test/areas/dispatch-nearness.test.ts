// The suggestions' choice of routes to rank (route-nearness.ts): the least detour through a route's
// places in order, not the nearest single place.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detour, nearestRoutes } from '../../src/areas/dispatch/route-nearness.js';

const P = { lat: 0, lon: 0 };

describe('route nearness', () => {
  it('measures the cheapest detour between consecutive places', () => {
    assert.equal(detour([], P, 1), 0, 'a route with no place takes anything');
    assert.equal(detour([0.5, 0], P, 1), 0.5, 'one place: before or after it');
    // A route from its start to its end: nothing goes before the one or after the other.
    assert.equal(detour([0, -1, 0, -2], P, 1), 1);
    assert.equal(detour([0, -1, 0, -2], P, 1, { start: true, end: true }), 2);
    assert.equal(detour([0, -1, 0, -1], P, 1, { start: true, end: true }), 2, 'a loop from a warehouse: there and back');
    assert.equal(detour([0, -1, 0, 1], P, 1), 0, 'on the way');
    // From (0,-1) to (5,5): via P costs 1 + √50 − √61 ≈ 0.26, less than going out from either end.
    assert.ok(Math.abs(detour([0, -1, 5, 5], P, 1) - (1 + Math.sqrt(50) - Math.sqrt(61))) < 1e-12);
    // Longitude shrinks with the cosine of the latitude.
    assert.equal(detour([0, 1], P, 0.5), 0.5);
  });

  it('ranks routes by the sum of the points’ detours, then by day and id, and keeps the best', () => {
    const row = (id: number, places: number[], fixedStart = false) => ({ id, date: '2026-12-01', places, fixedStart, fixedEnd: false });
    const rows = [row(1, [0.5, 0]), row(2, [0, -1, 5, 5]), row(3, [0, -1, 0, 1]), row(4, []), row(5, [0.4, 0.4, 9, 9], true)];
    // Route 5's first place is 0.57 away but is its start: the point goes after it (1.13).
    assert.deepEqual(
      nearestRoutes(rows, [P], 5).map((r) => r.id),
      [3, 4, 2, 1, 5],
    );
    assert.deepEqual(
      nearestRoutes(rows, [P, { lat: 0, lon: 0.5 }], 2).map((r) => r.id),
      [3, 4],
    );
  });
});
