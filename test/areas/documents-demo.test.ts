// The documents library's demo (`fds demo`): a rate confirmation linked to the overflow order it
// hands a carrier, that carrier's W-9 and a fuel receipt photo, uploaded through the upload's path
// (audited as uploads, Pending for the extraction job), labelled, downloadable, and — once the job
// has read them — the rate confirmation found by its load number.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import { carriersDemo } from '../../src/areas/carriers/carriers.demo.js';
import { chargeTypesDemo } from '../../src/areas/charge-types/charge-types.demo.js';
import { customersDemo } from '../../src/areas/customers/customers.demo.js';
import { documentsDemo } from '../../src/areas/documents/documents.demo.js';
import { fleetDemo } from '../../src/areas/fleet/fleet.demo.js';
import { ordersDemo } from '../../src/areas/orders/orders.demo.js';
import { pricingDemo } from '../../src/areas/pricing/pricing.demo.js';
import { settingsDemo } from '../../src/areas/settings/settings.demo.js';
import { parsePool } from '../../src/integrations/files/parse-pool.js';
import { StoredFiles } from '../../src/platform/stored-files.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { dimensionsOf } from '../helpers/attachments.js';
import { auditCount, createCompany, demoContext, signInAdmin } from '../helpers/factories.js';
import { runExtraction } from '../helpers/library-files.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(async () => {
  await t.close();
  await parsePool.close();
});

describe('documents demo data', () => {
  it("files a rate confirmation, a W-9 and a fuel receipt in the demo company's library", async () => {
    const company = await createCompany(t);
    const admin = await signInAdmin(t, company);
    const ctx = demoContext(t, company);
    const library = documentsDemo(new StoredFiles(t.store, t.database.db));
    for (const seeder of [customersDemo, settingsDemo, chargeTypesDemo, pricingDemo, carriersDemo, fleetDemo, ordersDemo, library]) await seeder.seed(ctx);
    const get = (url: string) => call(t, 'GET', `/api/v1/CompanyDocuments${url}`, { token: admin.token });

    const list = (await get('')).body.data;
    assert.equal(list.totalCount, 3);
    const [rate, w9, receipt] = ['Rate confirmation', 'W-9', 'fuel-receipt'].map((start) => list.list.find((d: any) => d.name.startsWith(start)));
    assert.deepEqual(
      [rate, w9, receipt].map((d) => [d.documentType, d.contentType, d.source, d.status, d.categories]),
      [
        ['Pdf', 'application/pdf', 'Upload', 'Pending', ['Rate confirmations']],
        ['Pdf', 'application/pdf', 'Email', 'Pending', ['Carrier packets', 'Tax forms']],
        ['Image', 'image/jpeg', 'Scan', 'Pending', ['Fuel receipts']],
      ],
    );
    assert.equal(rate.name, 'Rate confirmation - Red River Freight Lines.pdf');
    assert.deepEqual(rate.tags, ['Red River Freight Lines', 'Dry van 53 ft']);
    assert.deepEqual(receipt.tags, ['IFTA', 'Unit 101']);
    assert.deepEqual([rate.pages, w9.pages], [2, 1]);
    // Kept as uploads are: each one audited as an upload.
    assert.equal(await auditCount(t, company.companyId, 'library.upload'), 3);

    // The rate confirmation belongs to an approved order no route carries.
    const links = (await get(`/${rate.id}/links`)).body.data;
    assert.deepEqual(
      links.map((l: any) => l.entityType),
      ['Order'],
    );
    const order = await t.database.db
      .selectFrom('orders')
      .select(['order_number', 'status'])
      .where('company_id', '=', company.companyId)
      .where('id', '=', links[0].entityId)
      .executeTakeFirstOrThrow();
    assert.deepEqual([links[0].label, order.status], [order.order_number, 'Order']);
    assert.deepEqual((await get(`/${w9.id}/links`)).body.data, []);

    // The files download with their type: two PDFs of 2 and 1 pages, a 1200 × 1600 photo.
    const content = async (id: number, type: string) => {
      const res = await get(`/${id}/content`);
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-type'], type);
      return res.raw;
    };
    assert.equal((await PDFDocument.load(await content(rate.id, 'application/pdf'))).getPageCount(), 2);
    assert.equal((await PDFDocument.load(await content(w9.id, 'application/pdf'))).getPageCount(), 1);
    assert.deepEqual(await dimensionsOf(await content(receipt.id, 'image/jpeg')), { width: 1200, height: 1600, format: 'jpeg' });

    // The load number is in the rate confirmation's text only: found once the job has read it.
    const byLoad = () => get(`?SearchTerm=${order.order_number}`).then((r) => r.body.data.list.map((d: any) => d.id));
    assert.deepEqual(await byLoad(), []);
    await runExtraction(t);
    assert.deepEqual(await byLoad(), [rate.id]);
    const statuses = await Promise.all([rate, w9, receipt].map(async (d) => (await get(`/${d.id}`)).body.data.status));
    assert.deepEqual(statuses, ['Extracted', 'Extracted', 'NoText']);
    const rateText = (await get(`/${rate.id}/markdown`)).body.data.markdown;
    for (const part of ['CARRIER RATE CONFIRMATION', 'Red River Freight Lines LLC', 'MC-812345', 'Carrier', 'Signature'])
      assert.ok(rateText.includes(part), part);
    // The W-9 shows the carrier's tax id by its last four digits only.
    const w9Text = (await get(`/${w9.id}/markdown`)).body.data.markdown;
    assert.match(w9Text, /Request for Taxpayer/);
    assert.ok(!w9Text.includes('2841193'));
    assert.match(w9Text.replace(/\s+/g, ''), /XXXXX1193/);
  });
});
