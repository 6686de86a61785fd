// The demo's attachments (`fds demo`): closed orders carry a signed proof of delivery (two pages,
// previewed by the first) and their delivery stop a photo (previewed fitted in 800 × 800).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import { attachmentsDemo } from '../../src/areas/attachments/attachments.demo.js';
import { chargeTypesDemo } from '../../src/areas/charge-types/charge-types.demo.js';
import { customersDemo } from '../../src/areas/customers/customers.demo.js';
import { ordersDemo } from '../../src/areas/orders/orders.demo.js';
import { pricingDemo } from '../../src/areas/pricing/pricing.demo.js';
import { settingsDemo } from '../../src/areas/settings/settings.demo.js';
import { StoredFiles } from '../../src/platform/stored-files.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { dimensionsOf } from '../helpers/attachments.js';
import { createCompany, demoContext, signInAdmin } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

describe('attachments demo data', () => {
  it('attaches a signed POD to closed orders and a delivery photo to their delivery stop', async () => {
    const company = await createCompany(t);
    const admin = await signInAdmin(t, company);
    const ctx = demoContext(t, company);
    const attachments = attachmentsDemo(new StoredFiles(t.store, t.database.db));
    for (const seeder of [customersDemo, settingsDemo, chargeTypesDemo, pricingDemo, ordersDemo, attachments]) await seeder.seed(ctx);
    const get = (url: string) => call(t, 'GET', `/api/v1${url}`, { token: admin.token });
    const closed = (
      await t.database.db.selectFrom('orders').select('id').where('company_id', '=', company.companyId).where('status', '=', 'Closed').orderBy('id').execute()
    ).map((o) => o.id);
    assert.ok(closed.length >= 6, `${closed.length} closed orders`);
    const list = (await get(`/Attachments/Order/${closed[0]}`)).body.data;
    assert.deepEqual(
      list.map((a: any) => [a.entityType, a.contentType, a.pageType, a.pageLabel]),
      [
        [2, 'application/pdf', 'SignaturePage', 'Signed POD'],
        [4, 'image/jpeg', 'Other', 'Delivery photo'],
      ],
    );
    const pod = await get(`/Attachments/${list[0].id}`);
    assert.equal((await PDFDocument.load(pod.raw)).getPageCount(), 2);
    assert.equal((await PDFDocument.load((await get(`/Attachments/View/${list[0].id}`)).raw)).getPageCount(), 1);
    assert.deepEqual(await dimensionsOf((await get(`/Attachments/${list[1].id}`)).raw), { width: 1600, height: 1200, format: 'jpeg' });
    assert.deepEqual(await dimensionsOf((await get(`/Attachments/View/${list[1].id}`)).raw), { width: 800, height: 600, format: 'jpeg' });
    // The first six closed orders have their papers, the next ones none.
    const counts = await Promise.all(closed.slice(0, 8).map(async (id) => (await get(`/Attachments/Order/${id}`)).body.data.length));
    assert.deepEqual(counts, [2, 2, 2, 2, 2, 2, 0, 0]);
  });
});
