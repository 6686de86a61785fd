// Generated documents as files: each kind as PDF (checked as a picture: pages with ink, and as
// text: the company, its address and terms, the order) and as HTML (the same content, user text
// escaped); bad input, permissions and other companies' records.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Answer, call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { createApprovedInvoice, createCustomer, createQuote, createWarehouse, type Session, signIn } from '../helpers/factories.js';
import { inkBetween, pdfPages, pdfText, readBarcode } from '../helpers/pdf.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const get = (s: Session, url: string) => call(t, 'GET', `/api/v1${url}`, { token: s.token });

const TERMS = 'Claims for loss or damage must be made in writing within nine months of delivery.';

/** A company with a site (its address on documents), default terms, and an order of three stops. */
async function company() {
  const admin = await signIn(t);
  await createWarehouse(t, admin, {
    name: 'Head office',
    email: 'ops@freight.example',
    phone: '+1 512 555 0100',
    address: { street: '4100 Industrial Blvd', city: 'Austin', state: 'TX', postalCode: '78744', country: 'US' },
  });
  const terms = await call(t, 'POST', '/api/v1/TermsAndConditions', {
    token: admin.token,
    body: { title: 'Terms of carriage', content: TERMS, isDefault: true },
  });
  assert.equal(terms.status, 200, JSON.stringify(terms.body));
  const customer = await createCustomer(t, admin, { name: 'Tiles <b>& Co</b>' });
  const order = await createQuote(t, admin, {
    customerId: customer.id,
    referenceNumber: 'PO-7781',
    notes: 'Call the dock <before> arrival.',
    stops: [
      {
        type: 'Pickup',
        address: { name: 'Tile plant', street: '2500 Victory Ave', city: 'Dallas', state: 'TX', postalCode: '75219', country: 'US' },
        items: [
          { description: 'Pallets of tiles', quantity: 4, weight: 3200, pallets: 4 },
          { description: 'Grout buckets', quantity: 12, weight: 240, barcode: 'GROUT-12' },
        ],
      },
      { type: 'Delivery', address: { street: '1510 Polk St', city: 'Houston', state: 'TX', postalCode: '77002', country: 'US' } },
      { type: 'Delivery', address: { street: '77 Bayou Rd', city: 'Galveston', state: 'TX', postalCode: '77550', country: 'US' } },
    ],
  });
  return { admin, customer, order };
}

function expectPdf(res: Answer<any>, fileName: RegExp): Buffer {
  assert.equal(res.status, 200, res.raw.toString().slice(0, 300));
  assert.equal(res.headers['content-type'], 'application/pdf');
  assert.match(String(res.headers['content-disposition']), fileName);
  assert.equal(res.raw.subarray(0, 5).toString(), '%PDF-');
  return res.raw;
}

function expectHtml(res: Answer<any>): string {
  assert.equal(res.status, 200, res.raw.toString().slice(0, 300));
  assert.match(String(res.headers['content-type']), /^text\/html/);
  const html = res.raw.toString();
  assert.ok(html.startsWith('<!DOCTYPE html>'));
  return html;
}

/** Every page has ink, and its head (the letterhead or running header) too. */
async function expectInkedPages(pdf: Buffer, name: string, pages?: number) {
  const pictures = await pdfPages(pdf, name);
  if (pages !== undefined) assert.equal(pictures.length, pages, `${name}: pages`);
  assert.ok(pictures.length > 0);
  for (const p of pictures) {
    assert.ok(p.ink > 0.004, `${name} page ${p.page} has ink (${p.ink})`);
    assert.ok(inkBetween(p, 0, 0.12) > 0.002, `${name} page ${p.page} has a header`);
  }
  return pictures;
}

/** The letterhead and terms every page document carries. */
function expectCompany(text: string) {
  for (const part of ['4100 Industrial Blvd', 'Austin, TX 78744', 'ops@freight.example', 'Terms of carriage', 'within nine months of delivery'])
    assert.ok(text.includes(part), part);
}

describe('GET /Documents/BillOfLanding/{orderId}/{mode}', () => {
  it('prints shipper, consignee, stops, items, signatures and the company with its terms, as PDF and as HTML', async () => {
    const { admin, order } = await company();
    const pdf = expectPdf(await get(admin, `/Documents/BillOfLanding/${order.id}/0`), /bill-of-lading-.+\.pdf/);
    const text = await pdfText(pdf);
    expectCompany(text);
    for (const part of [
      'Bill of lading',
      order.orderNumber,
      'PO-7781',
      'Tile plant',
      'Galveston',
      'Pallets of tiles',
      'GROUT-12',
      'Consignee signature',
      '3,440 lb',
    ])
      assert.ok(text.includes(part), part);
    await expectInkedPages(pdf, 'bol', 1);

    const html = expectHtml(await get(admin, `/Documents/BillOfLanding/${order.id}/1`));
    expectCompany(html);
    assert.ok(html.includes('Tiles &lt;b&gt;&amp; Co&lt;/b&gt;') && !html.includes('<b>& Co'), 'user text is escaped');
    assert.ok(html.includes('Call the dock &lt;before&gt; arrival.'));
  });

  it('prints one delivery with deliveryId, items per stop and highlighted with the flags, and flows a long order over pages', async () => {
    const { admin, order } = await company();
    const [, houston, galveston] = order.stops;
    const one = await pdfText(expectPdf(await get(admin, `/Documents/BillOfLanding/${order.id}/0?deliveryId=${galveston.id}`), /\.pdf/));
    assert.ok(one.includes('77 Bayou Rd') && !one.includes('1510 Polk St'));
    const split = expectHtml(await get(admin, `/Documents/BillOfLanding/${order.id}/1?splitOrderStopItems=true&highlightItems=true`));
    assert.ok(split.includes('Items of stop 1. Pickup'));
    assert.ok(split.includes('class="highlight"'));
    expectFailure(await get(admin, `/Documents/BillOfLanding/${order.id}/0?deliveryId=${order.stops[0].id}`), 'documents.not_a_delivery');
    const other = await createQuote(t, admin);
    expectFailure(await get(admin, `/Documents/BillOfLanding/${order.id}/0?deliveryId=${other.stops[1].id}`), 'documents.not_a_delivery');
    assert.ok(houston);

    const items = Array.from({ length: 40 }, (_, i) => ({ description: `Crate ${i + 1} of machine parts, fragile, keep upright`, quantity: 1, weight: 55.5 }));
    const long = await createQuote(t, admin, {
      stops: [
        { type: 'Pickup', address: { street: '1 Dock St', city: 'Dallas', state: 'TX', country: 'US' }, items },
        { type: 'Pickup', address: { street: '2 Dock St', city: 'Dallas', state: 'TX', country: 'US' }, items },
        { type: 'Delivery', address: { street: '3 Dock St', city: 'Houston', state: 'TX', country: 'US' }, items: items.slice(0, 20) },
      ],
    });
    const pdf = expectPdf(await get(admin, `/Documents/BillOfLanding/${long.id}/0`), /\.pdf/);
    const pages = await expectInkedPages(pdf, 'bol-long');
    assert.ok(pages.length >= 3, `${pages.length} pages`);
    const text = await pdfText(pdf);
    assert.ok(text.includes(`Page ${pages.length} of ${pages.length}`));
    assert.equal(text.match(/Crate 40 of machine parts/g)?.length, 2);
  });

  it('refuses a mode other than 0 or 1, and answers 404 for another customer (requestCustomerId) or company, 403 without the permission', async () => {
    const { admin, order, customer } = await company();
    expectProblem(await get(admin, `/Documents/BillOfLanding/${order.id}/2`), 'mode');
    expectProblem(await get(admin, `/Documents/BillOfLanding/${order.id}/fax`), 'mode');
    assert.equal((await get(admin, `/Documents/BillOfLanding/${order.id}/0?requestCustomerId=${customer.id}`)).status, 200);
    const stranger = await createCustomer(t, admin);
    expectNotFound(await get(admin, `/Documents/BillOfLanding/${order.id}/0?requestCustomerId=${stranger.id}`));
    const other = await signIn(t);
    expectNotFound(await get(other, `/Documents/BillOfLanding/${order.id}/0`));
    expectNotFound(await get(admin, '/Documents/BillOfLanding/2147483647/0'));
    const accountant = await signIn(t, 'Accountant', admin.companyId);
    expectForbidden(await get(accountant, `/Documents/BillOfLanding/${order.id}/0`), 'Send and download BOL');
  });
});

describe('GET /Documents/BillOfLandingBulk/{mode}', () => {
  it('prints each order from a page of its own, numbered per order', async () => {
    const { admin, order } = await company();
    const second = await createQuote(t, admin);
    const pdf = expectPdf(await get(admin, `/Documents/BillOfLandingBulk/0?ids=${order.id}&ids=${second.id}`), /bills-of-lading-.+\.pdf/);
    await expectInkedPages(pdf, 'bol-bulk', 2);
    const text = await pdfText(pdf);
    assert.ok(text.includes(order.orderNumber) && text.includes(second.orderNumber));
    assert.equal(text.match(/Page 1 of 1/g)?.length, 2);
    const html = expectHtml(await get(admin, `/Documents/BillOfLandingBulk/1?ids=${order.id}&ids=${second.id}`));
    assert.equal(html.match(/<article class="doc">/g)?.length, 2);
  });

  it('refuses no ids, too many ids and a bad mode; another company’s order is missing; 403 without the permission', async () => {
    const { admin, order } = await company();
    expectProblem(await get(admin, '/Documents/BillOfLandingBulk/0'), 'ids');
    expectProblem(await get(admin, `/Documents/BillOfLandingBulk/0?${Array.from({ length: 101 }, (_, i) => `ids=${i + 1}`).join('&')}`), 'ids');
    expectProblem(await get(admin, `/Documents/BillOfLandingBulk/3?ids=${order.id}`), 'mode');
    const other = await signIn(t);
    const foreign = await createQuote(t, other);
    const res = await get(admin, `/Documents/BillOfLandingBulk/0?ids=${order.id}&ids=${foreign.id}`);
    expectNotFound(res);
    assert.match(res.body.errors[0].message, new RegExp(`\\b${foreign.id}\\b`));
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    expectForbidden(await get(viewer, `/Documents/BillOfLandingBulk/0?ids=${order.id}`), 'Send and download BOL');
  });
});

describe('GET /Documents/Labels/{orderId}/{mode} and /Documents/LabelsBulk', () => {
  it('prints a 4 × 6 in label per item line whose Code 128 barcode scans as the item’s code', async () => {
    const { admin, order } = await company();
    const pdf = expectPdf(await get(admin, `/Documents/Labels/${order.id}/0`), /labels-.+\.pdf/);
    const pages = await pdfPages(pdf, 'labels', 150);
    assert.equal(pages.length, 2);
    assert.deepEqual(
      pages.map((p) => [p.width, p.height]),
      [
        [600, 900],
        [600, 900],
      ],
    );
    const codes = (await get(admin, `/Orders/${order.id}/Barcodes`)).body.data.map((b: any) => b.barcode);
    assert.deepEqual(codes, [`${order.orderNumber}-${order.stops[0].items[0].id}`, 'GROUT-12']);
    assert.deepEqual(
      pages.map((p) => readBarcode(p)),
      codes,
    );
    const text = await pdfText(pdf);
    for (const part of ['1 of 2', '2 of 2', 'SHIP TO', '77 Bayou Rd', 'Tile plant', 'Terms of carriage', '4100 Industrial Blvd'])
      assert.ok(text.includes(part), part);
    const html = expectHtml(await get(admin, `/Documents/Labels/${order.id}/1`));
    assert.equal(html.match(/<svg /g)?.length, 2);
    assert.ok(html.includes('Pallets of tiles') && html.includes('77 Bayou Rd'));
  });

  it('prints the labels as a PDF when the path leaves mode out (its default, 0)', async () => {
    const { admin, order } = await company();
    const pdf = expectPdf(await get(admin, `/Documents/Labels/${order.id}`), /labels-.+\.pdf/);
    assert.ok(pdf.length > 1000);
    const other = await signIn(t);
    expectNotFound(await get(other, `/Documents/Labels/${order.id}`));
  });

  it('prints the labels of several orders; refuses an order without items, bad input, other companies and users without the permission', async () => {
    const { admin, order } = await company();
    const second = await createQuote(t, admin);
    const pdf = expectPdf(await get(admin, `/Documents/LabelsBulk?ids=${order.id}&ids=${second.id}`), /labels-.+\.pdf/);
    await expectInkedPages(pdf, 'labels-bulk', 3);
    const empty = await createQuote(t, admin, {
      stops: [
        { type: 'Pickup', address: { street: '1 A St', city: 'Dallas', country: 'US' } },
        { type: 'Delivery', address: { street: '2 B St', city: 'Houston', country: 'US' } },
      ],
    });
    expectFailure(await get(admin, `/Documents/Labels/${empty.id}/0`), 'documents.no_items');
    expectFailure(await get(admin, `/Documents/LabelsBulk?ids=${empty.id}`), 'documents.no_items');
    expectProblem(await get(admin, `/Documents/Labels/${order.id}/7`), 'mode');
    expectProblem(await get(admin, '/Documents/LabelsBulk'), 'ids');
    const other = await signIn(t);
    expectNotFound(await get(other, `/Documents/Labels/${order.id}/0`));
    expectNotFound(await get(other, `/Documents/LabelsBulk?ids=${order.id}`));
    const accountant = await signIn(t, 'Accountant', admin.companyId);
    expectForbidden(await get(accountant, `/Documents/Labels/${order.id}/0`), 'Send and download BOL');
    expectForbidden(await get(accountant, `/Documents/LabelsBulk?ids=${order.id}`), 'Send and download BOL');
  });
});

describe('GET /Documents/DispatchSheet/{orderId}/{mode}', () => {
  it('prints the order stop by stop', async () => {
    const { admin, order } = await company();
    const pdf = expectPdf(await get(admin, `/Documents/DispatchSheet/${order.id}/0`), /order-sheet-.+\.pdf/);
    await expectInkedPages(pdf, 'dispatch-sheet');
    const text = await pdfText(pdf);
    expectCompany(text);
    for (const part of ['Order sheet', 'Stop 1. Pickup', 'Stop 3. Delivery', 'Not routed', 'Grout buckets']) assert.ok(text.includes(part), part);
    expectCompany(expectHtml(await get(admin, `/Documents/DispatchSheet/${order.id}/1`)));
  });

  it('refuses a bad mode, other companies and users without "View Order Sheet"', async () => {
    const { admin, order } = await company();
    expectProblem(await get(admin, `/Documents/DispatchSheet/${order.id}/-1`), 'mode');
    expectNotFound(await get(await signIn(t), `/Documents/DispatchSheet/${order.id}/0`));
    expectForbidden(await get(await signIn(t, 'Accountant', admin.companyId), `/Documents/DispatchSheet/${order.id}/0`), 'View Order Sheet');
  });
});

describe('GET /Documents/Quote/{orderId}/{mode}', () => {
  it('prints the route, the charges and the total', async () => {
    const { admin, order } = await company();
    const pdf = expectPdf(await get(admin, `/Documents/Quote/${order.id}/0`), /quote-.+\.pdf/);
    await expectInkedPages(pdf, 'quote');
    const text = await pdfText(pdf);
    expectCompany(text);
    assert.ok(text.includes('Charges') && text.includes(`Total (${order.currency})`));
    const total = new Intl.NumberFormat('en-US', { style: 'currency', currency: order.currency }).format(order.totalPrice);
    assert.ok(text.includes(total), total);
    expectCompany(expectHtml(await get(admin, `/Documents/Quote/${order.id}/1`)));
  });

  it('refuses a bad mode, other companies and users without "Email Quotes"', async () => {
    const { admin, order } = await company();
    expectProblem(await get(admin, `/Documents/Quote/${order.id}/9`), 'mode');
    expectNotFound(await get(await signIn(t), `/Documents/Quote/${order.id}/0`));
    expectForbidden(await get(await signIn(t, 'Viewer', admin.companyId), `/Documents/Quote/${order.id}/0`), 'Email Quotes');
  });
});

describe('GET /Documents/Invoice/{invoiceId}/{mode}', () => {
  it('prints bill to, lines, totals and balance due', async () => {
    const { admin, customer, order } = await company();
    const invoice = await createApprovedInvoice(t, admin, { customerId: customer.id, memo: 'Thank you <3' });
    const pdf = expectPdf(await get(admin, `/Documents/Invoice/${invoice.id}/0`), /invoice-.+\.pdf/);
    await expectInkedPages(pdf, 'invoice', 1);
    const text = await pdfText(pdf);
    expectCompany(text);
    for (const part of ['Invoice', invoice.invoiceNumber, 'Linehaul Dallas', 'Detention', '$350.01', 'Balance due', 'Thank you <3'])
      assert.ok(text.includes(part), part);
    const html = expectHtml(await get(admin, `/Documents/Invoice/${invoice.id}/1`));
    assert.ok(html.includes('Thank you &lt;3'));
    // Draft: said so.
    const draft = (
      await call(t, 'POST', '/api/v1/Accounting/invoice', {
        token: admin.token,
        body: { customerId: customer.id, orderId: null, lines: [{ description: 'Fuel', amount: 20 }] },
      })
    ).body.data.invoice;
    assert.ok((await pdfText(expectPdf(await get(admin, `/Documents/Invoice/${draft.id}/0`), /\.pdf/))).includes('Invoice (draft)'));
    assert.ok(order);
  });

  it('refuses a bad mode, other companies and users without "View Invoices and Payments"', async () => {
    const { admin, customer } = await company();
    const invoice = await createApprovedInvoice(t, admin, { customerId: customer.id });
    expectProblem(await get(admin, `/Documents/Invoice/${invoice.id}/2`), 'mode');
    expectNotFound(await get(await signIn(t), `/Documents/Invoice/${invoice.id}/0`));
    expectForbidden(await get(await signIn(t, 'Dispatcher', admin.companyId), `/Documents/Invoice/${invoice.id}/0`), 'View Invoices and Payments');
  });
});
