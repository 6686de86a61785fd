// FX rates: newest first, one per pair per day (a second POST that day replaces it).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { countRows, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (s: Session, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
  call(t, method, `/api/v1/FxRates${path}`, { token: s.token, body });

describe('FxRates', () => {
  it('lists newest first and replaces the rate of a pair entered again the same day', async () => {
    const s = await signIn(t);
    const older = (await api(s, 'POST', '', { fromCurrency: 'usd', toCurrency: 'cad', rate: 1.36, date: '2026-11-02' })).body.data;
    assert.equal(older.fromCurrency, 'USD');
    assert.equal(older.date, '2026-11-02');
    const newer = (await api(s, 'POST', '', { fromCurrency: 'USD', toCurrency: 'CAD', rate: 1.38, date: '2026-11-03' })).body.data;
    const again = (await api(s, 'POST', '', { fromCurrency: 'USD', toCurrency: 'CAD', rate: 1.385, date: '2026-11-03' })).body.data;
    assert.equal(again.id, newer.id, 'same pair, same day: replaced');
    assert.equal(again.rate, 1.385);
    await api(s, 'POST', '', { fromCurrency: 'USD', toCurrency: 'MXN', rate: 17.2, date: '2026-11-01' });
    const list = (await api(s, 'GET', '')).body.data;
    assert.deepEqual(
      list.map((r: any) => [r.date, r.toCurrency, r.rate]),
      [
        ['2026-11-03', 'CAD', 1.385],
        ['2026-11-02', 'CAD', 1.36],
        ['2026-11-01', 'MXN', 17.2],
      ],
    );
    assert.equal((await api(s, 'GET', '?toCurrency=mxn')).body.data.length, 1);
    const today = (await api(s, 'POST', '', { fromCurrency: 'EUR', toCurrency: 'USD', rate: 1.08 })).body.data;
    assert.equal(today.date, new Date().toISOString().slice(0, 10));
    assert.equal((await api(s, 'DELETE', `/${older.id}`)).status, 200);
    assert.equal(await countRows(t, 'fx_rates', s.companyId), 3);
    expectNotFound(await api(s, 'DELETE', `/${older.id}`));
  });

  it('takes the day as a date or as a date-time (its UTC day), as every day the API takes', async () => {
    const s = await signIn(t);
    const made = (await api(s, 'POST', '', { fromCurrency: 'USD', toCurrency: 'CAD', rate: 1.35, date: '2023-02-01T00:00:00Z' })).body.data;
    assert.equal(made.date, '2023-02-01');
    const late = (await api(s, 'POST', '', { fromCurrency: 'USD', toCurrency: 'MXN', rate: 17.1, date: '2023-02-01T22:30:00-05:00' })).body.data;
    assert.equal(late.date, '2023-02-02', 'the UTC day of a date-time with an offset');
    expectProblem(await api(s, 'POST', '', { fromCurrency: 'USD', toCurrency: 'EUR', rate: 0.9, date: '2023-02-30' }), 'date');
    expectProblem(await api(s, 'POST', '', { fromCurrency: 'USD', toCurrency: 'EUR', rate: 0.9, date: 'soon' }), 'date');
    assert.equal(await countRows(t, 'fx_rates', s.companyId), 2);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const s = await signIn(t);
    expectProblem(await api(s, 'POST', '', { fromCurrency: 'USD', toCurrency: 'USD', rate: 1 }), 'toCurrency');
    expectProblem(await api(s, 'POST', '', { fromCurrency: 'US', toCurrency: 'CAD', rate: 1 }), 'fromCurrency');
    expectProblem(await api(s, 'POST', '', { fromCurrency: 'USD', toCurrency: 'CAD', rate: 0 }), 'rate');
    expectProblem(await api(s, 'POST', '', { fromCurrency: 'USD', toCurrency: 'CAD', rate: 1.3, date: '2026-02-30' }), 'date');
    expectProblem(await api(s, 'POST', '', { fromCurrency: 'USD', toCurrency: 'CAD', rate: 1.3, date: 'yesterday' }), 'date');
    // 8 decimals are kept: a rate that would be kept as 0 is refused, not a 500.
    expectProblem(await api(s, 'POST', '', { fromCurrency: 'USD', toCurrency: 'CAD', rate: 0.000000001 }), 'rate');
    expectProblem(await api(s, 'POST', '', { fromCurrency: 'USD', toCurrency: 'CAD', rate: 2e9 }), 'rate');
    expectProblem(await api(s, 'POST', '', { toCurrency: 'CAD', rate: 1.3 }), 'fromCurrency');
    expectProblem(await api(s, 'DELETE', '/abc'), 'id');
    assert.equal(await countRows(t, 'fx_rates', s.companyId), 0);
    const smallest = (await api(s, 'POST', '', { fromCurrency: 'VND', toCurrency: 'USD', rate: 0.00000004 })).body.data;
    assert.equal(smallest.rate, 0.00000004);
  });

  it('keeps one rate of a pair for a day when entries of that day arrive together', async () => {
    const s = await signIn(t);
    const res = await Promise.all([1.31, 1.32, 1.33].map((rate) => api(s, 'POST', '', { fromCurrency: 'USD', toCurrency: 'CAD', rate, date: '2026-11-05' })));
    assert.deepEqual(
      res.map((r) => r.status),
      [200, 200, 200],
    );
    assert.equal(new Set(res.map((r) => r.body.data.id)).size, 1);
    const list = (await api(s, 'GET', '')).body.data;
    assert.equal(list.length, 1);
    assert.ok([1.31, 1.32, 1.33].includes(list[0].rate));
    // The other direction of the pair is another pair.
    await api(s, 'POST', '', { fromCurrency: 'CAD', toCurrency: 'USD', rate: 0.75, date: '2026-11-05' });
    assert.equal(await countRows(t, 'fx_rates', s.companyId), 2);
  });

  it('needs the zone permissions', async () => {
    const none = await signIn(t, { permissions: [] });
    const viewer = await signIn(t, { permissions: ['Zones - view Zones'] });
    expectForbidden(await api(none, 'GET', ''), 'Zones - view Zones');
    expectForbidden(await api(viewer, 'POST', '', { fromCurrency: 'USD', toCurrency: 'CAD', rate: 1 }), 'Zones - create/edit/delete Zones');
    expectForbidden(await api(viewer, 'DELETE', '/1'), 'Zones - create/edit/delete Zones');
  });

  it("treats another company's rate as missing", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const theirs = (await api(b, 'POST', '', { fromCurrency: 'USD', toCurrency: 'CAD', rate: 1.4 })).body.data;
    expectNotFound(await api(a, 'DELETE', `/${theirs.id}`));
    assert.deepEqual((await api(a, 'GET', '')).body.data, []);
    assert.equal(await countRows(t, 'fx_rates', b.companyId), 1);
  });
});
