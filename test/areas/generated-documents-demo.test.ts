// Every generated document renders for the demo company (`fds demo`): each of its 324 orders (the
// book's 300 in every state, the dispatch board's 24) and each invoice, as PDF and as HTML, with
// the demo letterhead and terms; the bulk PDFs are checked as pictures, every page inked.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { call, type TestApp } from '../helpers/app.js';
import { type Session, signInAdmin, startDemoApp, type TestCompany } from '../helpers/factories.js';
import { inkBetween, pdfPages, pdfText } from '../helpers/pdf.js';

let t: TestApp;
let company: TestCompany;
// One demo company for the run's demo tests, which only read it (factories.ts, startDemoApp).
before(async () => {
  ({ t, company } = await startDemoApp());
});
after(() => t.close());

async function file(s: Session, url: string, type: 'application/pdf' | 'text/html'): Promise<Buffer> {
  const res = await call(t, 'GET', `/api/v1${url}`, { token: s.token });
  assert.equal(res.status, 200, `${url}: ${res.raw.toString().slice(0, 300)}`);
  assert.ok(String(res.headers['content-type']).startsWith(type), url);
  return res.raw;
}

async function inked(pdf: Buffer, name: string, pages: (n: number) => boolean) {
  const pictures = await pdfPages(pdf, name, 20);
  assert.ok(pages(pictures.length), `${name}: ${pictures.length} pages`);
  // Every page has its header or letterhead, and something under it (a last page may hold a line).
  for (const p of pictures) {
    assert.ok(inkBetween(p, 0, 0.1) > 0.002, `${name} page ${p.page}: header ${inkBetween(p, 0, 0.1)}`);
    assert.ok(inkBetween(p, 0.1, 0.9) > 0, `${name} page ${p.page}: nothing under the header`);
  }
}

describe('generated documents of the demo company', () => {
  it('renders every document of every demo order and invoice', async () => {
    const admin = await signInAdmin(t, company);
    const { rows: orders } = await sql<{ id: number; n: number }>`
      select o.id, (select count(*)::int from order_items i where i.company_id = o.company_id and i.order_id = o.id) as n
      from orders o where o.company_id = ${company.companyId} order by o.id`.execute(t.database.db);
    const { rows: invoices } = await sql<{ id: number }>`select id from invoices where company_id = ${company.companyId} order by id`.execute(t.database.db);
    assert.equal(orders.length, 300 + 24, 'the book and the dispatch board');
    assert.ok(invoices.length > 10);

    // Bills of lading and labels of every order, a hundred at a time.
    for (let start = 0; start < orders.length; start += 100) {
      const batch = orders.slice(start, start + 100);
      const ids = batch.map((o) => `ids=${o.id}`).join('&');
      const bol = await file(admin, `/Documents/BillOfLandingBulk/0?${ids}`, 'application/pdf');
      await inked(bol, `demo-bol-${start}`, (n) => n >= batch.length);
      if (start === 0) {
        const text = await pdfText(bol);
        // The demo letterhead: the first terminal's address and the default terms of carriage.
        const terms = (await call(t, 'GET', '/api/v1/TermsAndConditions', { token: admin.token })).body.data.find((x: any) => x.isDefault);
        const site = (await call(t, 'GET', '/api/v1/Warehouses?SortBy=createdAt&isActive=true', { token: admin.token })).body.data.list[0];
        for (const part of ['Bill of lading', 'Page 1 of 1', terms.title, site.address.street]) assert.ok(text.includes(part), part);
      }
      const html = (await file(admin, `/Documents/BillOfLandingBulk/1?${ids}`, 'text/html')).toString();
      assert.equal(html.match(/<article class="doc">/g)?.length, batch.length);
      const labels = await file(admin, `/Documents/LabelsBulk?${ids}`, 'application/pdf');
      const lines = batch.reduce((s, o) => s + o.n, 0);
      await inked(labels, `demo-labels-${start}`, (n) => n === lines);
    }

    // The order sheet and the quote of each order, as PDF and HTML.
    for (const [i, { id }] of orders.entries()) {
      const mode = i % 2;
      const type = mode === 0 ? 'application/pdf' : 'text/html';
      await file(admin, `/Documents/DispatchSheet/${id}/${mode}`, type);
      await file(admin, `/Documents/Quote/${id}/${1 - mode}`, mode === 0 ? 'text/html' : 'application/pdf');
      if (i < 3) {
        await inked(await file(admin, `/Documents/DispatchSheet/${id}/0`, 'application/pdf'), `demo-sheet-${i}`, (n) => n >= 1);
        await inked(await file(admin, `/Documents/Quote/${id}/0`, 'application/pdf'), `demo-quote-${i}`, (n) => n >= 1);
        await inked(await file(admin, `/Documents/Labels/${id}/0`, 'application/pdf'), `demo-labels-order-${i}`, (n) => n >= 1);
      }
    }

    // Every invoice, whatever its state.
    for (const [i, { id }] of invoices.entries()) {
      const pdf = await file(admin, `/Documents/Invoice/${id}/0`, 'application/pdf');
      if (i < 3) await inked(pdf, `demo-invoice-${i}`, (n) => n >= 1);
      await file(admin, `/Documents/Invoice/${id}/1`, 'text/html');
    }
  });
});
