import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type DriverPayoutT, routePayout } from '../../src/areas/drivers/index.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { createDriver, createQuote, createRoute, type Session, signIn } from '../helpers/factories.js';

const base: DriverPayoutT = {
  type: 'Hourly',
  hourlyRate: null,
  salaryAmount: null,
  salaryPeriod: null,
  ratePerDistance: null,
  distanceUnit: 'mi',
  revenuePercent: null,
  fixedCostPerRoute: null,
  ratePerPallet: null,
  currency: 'USD',
};
// 8.5 hours, 100 miles, $1,234.56 of revenue, 12 pallets.
const basis = { hours: 8.5, distanceMeters: 160_934.4, revenue: 1234.56, pallets: 12 };

describe('routePayout: every payout type', () => {
  const cases: Array<[Partial<DriverPayoutT>, number]> = [
    [{ type: 'Hourly', hourlyRate: 27.5 }, 233.75],
    [{ type: 'FixedSalary', salaryAmount: 5200, salaryPeriod: 'Monthly' }, 0],
    [{ type: 'Distance', ratePerDistance: 0.625 }, 62.5],
    [{ type: 'Distance', ratePerDistance: 0.4, distanceUnit: 'km' }, 64.37],
    [{ type: 'FixDistance', fixedCostPerRoute: 50, ratePerDistance: 0.5 }, 100],
    [{ type: 'FixHourly', fixedCostPerRoute: 40, hourlyRate: 20 }, 210],
    [{ type: 'Percent', revenuePercent: 25 }, 308.64],
    [{ type: 'DistanceAndPercent', ratePerDistance: 0.5, revenuePercent: 10 }, 173.46],
    [{ type: 'FixedCost', fixedCostPerRoute: 180 }, 180],
    [{ type: 'Pallets', ratePerPallet: 7.25 }, 87],
  ];
  for (const [payout, expected] of cases)
    it(`${payout.type}${payout.distanceUnit === 'km' ? ' (km)' : ''}: ${expected}`, () => {
      assert.equal(routePayout({ ...base, ...payout } as DriverPayoutT, basis), expected);
    });
  it('rounds half up to the cent, exactly', () => {
    assert.equal(routePayout({ ...base, type: 'Percent', revenuePercent: 10 }, { ...basis, revenue: 0.05 }), 0.01);
    assert.equal(routePayout({ ...base, type: 'Hourly', hourlyRate: 0.1 }, { ...basis, hours: 3 }), 0.3, 'no 0.30000000000000004');
  });
});

describe('a completed route fixes its payout', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());
  const api = (s: Session, method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) =>
    call(t, method, `/api/v1${url}`, { token: s.token, ...(body !== undefined ? { body } : {}) });

  it("from the driver's payout type, when completed; none for a driver without one", async () => {
    const admin = await signIn(t);
    const driver = await createDriver(t, admin, { payout: { type: 'FixDistance', fixedCostPerRoute: 50, ratePerDistance: 0.5, distanceUnit: 'mi' } });
    const route = await createRoute(t, admin, { date: '2026-12-01', driverId: driver.id });
    const q = await createQuote(t, admin);
    await api(admin, 'PUT', `/Quotes/ApproveQuote?quoteId=${q.id}`);
    await api(admin, 'POST', `/Routes/${route.id}/assign-unassigned-stop`, { orderStopIds: q.stops.map((s: any) => s.id) });
    const before = (await api(admin, 'GET', `/Routes/${route.id}`)).body.data;
    assert.deepEqual([before.payoutStatus, before.payoutAmount], ['Draft', null]);
    await api(admin, 'PUT', `/Routes/${route.id}/RouteItems/CloseAll`);
    const after = (await api(admin, 'GET', `/Routes/${route.id}`)).body.data;
    const expected = Math.round((50 + (0.5 * before.distanceMeters) / 1609.344) * 100) / 100;
    assert.deepEqual([after.payoutStatus, after.payoutAmount, after.payoutCurrency], ['Open', expected, 'USD']);
    const none = await createRoute(t, admin, { date: '2026-12-01' });
    await api(admin, 'PUT', `/Routes/${none.id}/updateStatus/Completed`);
    const unpaid = (await api(admin, 'GET', `/Routes/${none.id}`)).body.data;
    assert.deepEqual([unpaid.payoutStatus, unpaid.payoutAmount], ['Draft', null]);
  });
});
