// The demo book of quotes and orders (`fds demo`): 300 over the last 90 days, in every state,
// priced, with holds and notes, between the demo customers' places; and the dispatch board's 24
// approved local orders of yesterday and today.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chargeTypesDemo } from '../../src/areas/charge-types/charge-types.demo.js';
import { customersDemo } from '../../src/areas/customers/customers.demo.js';
import { ordersDemo } from '../../src/areas/orders/orders.demo.js';
import { pricingDemo } from '../../src/areas/pricing/pricing.demo.js';
import { settingsDemo } from '../../src/areas/settings/settings.demo.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { createCompany, demoContext, signInAdmin } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

describe('orders demo data', () => {
  it('books 300 priced quotes and orders over 90 days in every state, with holds and notes', async () => {
    const company = await createCompany(t);
    const admin = await signInAdmin(t, company);
    const ctx = demoContext(t, company);
    for (const seeder of [customersDemo, settingsDemo, chargeTypesDemo, pricingDemo, ordersDemo]) await seeder.seed(ctx);
    const get = async (url: string) => (await call(t, 'GET', `/api/v1${url}`, { token: admin.token })).body.data;
    const count = async (status: string) => (await get(`/Quotes?OrderStatus=${status}&ItemsPerPage=1`)).totalCount;
    const counts = Object.fromEntries(await Promise.all(['Dreft', 'Quote', 'Order', 'Closed', 'Deleted', 'OnHold'].map(async (s) => [s, await count(s)])));
    assert.equal(counts.Dreft + counts.Quote + counts.Order + counts.Closed + counts.Deleted, 300 + 24, JSON.stringify(counts));
    for (const [status, n] of Object.entries(counts)) assert.ok((n as number) > 0, `${status}: ${n}`);
    const all = (await get('/Quotes?ItemsPerPage=1000&SortBy=createdAt&SortDirection=0')).list;
    const oldest = Date.now() - new Date(all[0].createdAt).getTime();
    assert.ok(oldest > 80 * 86_400_000 && oldest < 92 * 86_400_000, `oldest ${oldest / 86_400_000} days`);
    const priced = all.filter((o: any) => o.status !== 'Dreft' && o.totalPrice > 0);
    assert.ok(priced.length > 250, `${priced.length} priced`);
    assert.ok(priced.every((o: any) => o.priceLines.length > 0));
    // The board: approved orders of yesterday and today, each within a local run (130 km).
    const days = [new Date(Date.now() - 86_400_000).toISOString().slice(0, 10), new Date().toISOString().slice(0, 10)];
    const board = all.filter((o: any) => o.stops.every((s: any) => days.includes(s.date)) && /^PO-41/.test(o.referenceNumber ?? ''));
    assert.equal(board.length, 24);
    assert.ok(board.every((o: any) => o.status === 'Order'));
    const km = (a: any, b: any) => Math.hypot(a.latitude - b.latitude, (a.longitude - b.longitude) * Math.cos((a.latitude * Math.PI) / 180)) * 111.2;
    assert.ok(
      board.every((o: any) => km(o.stops[0].address, o.stops[1].address) <= 131),
      'local runs',
    );
    const closed = all.find((o: any) => o.status === 'Closed');
    const log = (await get(`/Orders/${closed.id}/ActivityLog`)).list;
    assert.deepEqual(log.map((a: any) => a.type).reverse(), ['order.created', 'order.order', 'order.closed']);
    assert.ok(new Date(log[2].createdAt).getTime() < Date.now() - 86_400_000 || Date.now() - new Date(closed.createdAt).getTime() < 86_400_000);
  });
});
