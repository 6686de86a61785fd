// The pool's count (pool.repository.ts) reads the legs alone unless a filter on their stops,
// orders or places is present: a parameter the list does not declare changes nothing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countsLegsAlone } from '../../src/areas/dispatch/pool.repository.js';

describe('unassigned pool count', () => {
  it('counts the legs alone with paging, sorting, the legs’ own filters and unknown parameters', () => {
    assert.equal(countsLegsAlone({}), true);
    assert.equal(countsLegsAlone({ Page: 3, ItemsPerPage: 20, SortBy: 'date', SortDirection: 1 }), true);
    assert.equal(countsLegsAlone({ orderId: 7, orderStopId: 9 }), true);
    // A client's own paging names, which the list ignores.
    assert.equal(countsLegsAlone({ PageNumber: 1, PageSize: 20 } as Record<string, unknown>), true);
    // Blank or empty filters are not filters.
    assert.equal(countsLegsAlone({ SearchTerm: '  ', Customers: [], Cities: [] }), true);
  });

  it('counts through the joins when a filter reads the stops, orders or places', () => {
    for (const query of [
      { Customers: [1] },
      { Cities: ['Odessa'] },
      { SearchTerm: 'O26' },
      { StopType: 'Pickup' },
      { Date: '2026-12-01' },
      { DateRange: '2026-12-01,2026-12-02' },
      { orderItemId: 4 },
      { orderId: 7, Customers: [1] },
    ]) {
      assert.equal(countsLegsAlone(query), false, JSON.stringify(query));
    }
  });
});
