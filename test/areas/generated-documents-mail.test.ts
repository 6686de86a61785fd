// Generated documents by mail: one outbox mail with the PDFs attached as stored files, answered by
// its outbox id, listed in the customer's sent mails and audited; nothing written on a refusal.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { auditCount, createApprovedInvoice, createContact, createCustomer, createQuote, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const put = (s: Session, url: string, body: unknown) => call(t, 'PUT', `/api/v1${url}`, { token: s.token, body });
const post = (s: Session, url: string, body: unknown) => call(t, 'POST', `/api/v1${url}`, { token: s.token, body });

interface Mail {
  to_address: string;
  subject: string;
  text_body: string;
  kind: string;
  files: Array<{ file_name: string; content_type: string; size: number; refs: number }>;
}

async function outbox(companyId: number): Promise<Map<number, Mail>> {
  const { rows } = await sql<
    Mail & { id: number }
  >`select id, to_address, subject, text_body, kind from outbox where company_id = ${companyId} order by id`.execute(t.database.db);
  const { rows: files } = await sql<{ outbox_id: number; file_name: string; content_type: string; size: number; refs: number }>`
    select a.outbox_id, a.file_name, a.content_type, f.size, f.refs from outbox_attachments a
    join stored_files f on f.company_id = a.company_id and f.key = a.file_key
    where a.company_id = ${companyId} order by a.outbox_id, a.position`.execute(t.database.db);
  return new Map(rows.map((r) => [r.id, { ...r, files: files.filter((f) => f.outbox_id === r.id).map(({ outbox_id: _, ...f }) => f) }]));
}

async function company() {
  const admin = await signIn(t);
  const customer = await createCustomer(t, admin, { name: 'Harbor Tiles' });
  const order = await createQuote(t, admin, { customerId: customer.id });
  return { admin, customer, order };
}

describe('PUT /Documents/BillOfLanding/email/{orderId}', () => {
  it("mails the PDF to the addresses and contacts given, or the customer's own address", async () => {
    const { admin, customer, order } = await company();
    const contact = await createContact(t, admin, customer.id, { email: 'dock@harbor.example' });
    const res = await put(admin, `/Documents/BillOfLanding/email/${order.id}?splitOrderStopItems=true`, {
      to: ['ops@harbor.example'],
      contactIds: [contact.id],
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(typeof res.body.data, 'string');
    const mail = (await outbox(admin.companyId)).get(Number(res.body.data))!;
    assert.equal(mail.to_address, 'ops@harbor.example, dock@harbor.example');
    assert.match(mail.subject, new RegExp(`^Bill of lading of order ${order.orderNumber} from Company `));
    assert.ok(mail.text_body.startsWith('Dear Harbor Tiles,'));
    assert.equal(mail.files.length, 1);
    assert.equal(mail.files[0]!.file_name, `bill-of-lading-${order.orderNumber}.pdf`);
    assert.equal(mail.files[0]!.content_type, 'application/pdf');
    assert.ok(mail.files[0]!.size > 1000);
    assert.equal(await auditCount(t, admin.companyId, 'documents.bill_of_lading_mailed'), 1);
    const sent = (await call(t, 'GET', `/api/v1/Customers/${customer.id}/SentEmails`, { token: admin.token })).body.data;
    assert.deepEqual(sent.map((m: any) => m.to).sort(), ['dock@harbor.example', 'ops@harbor.example']);
    assert.ok(sent.every((m: any) => m.emailType === 'BillOfLading' && m.status === 'pending'));

    const own = await put(admin, `/Documents/BillOfLanding/email/${order.id}`, { subject: 'Your BOL', body: 'Attached.' });
    const second = (await outbox(admin.companyId)).get(Number(own.body.data))!;
    assert.deepEqual([second.to_address, second.subject, second.text_body], [customer.email, 'Your BOL', 'Attached.']);
  });

  it('refuses no recipient, a bad address, a contact of another customer or company, and writes nothing', async () => {
    const { admin, order } = await company();
    const mute = await createCustomer(t, admin, { email: null });
    const silent = await createQuote(t, admin, { customerId: mute.id });
    expectFailure(await put(admin, `/Documents/BillOfLanding/email/${silent.id}`, {}), 'documents.no_recipient');
    expectProblem(await put(admin, `/Documents/BillOfLanding/email/${order.id}`, { to: ['not an address'] }), 'to[0]');
    const stranger = await createContact(t, admin, mute.id, { email: 'x@y.example' });
    expectProblem(await put(admin, `/Documents/BillOfLanding/email/${order.id}`, { contactIds: [stranger.id] }), 'contactIds');
    const noEmail = await createContact(t, admin, order.customerId, { email: null, phone: '+15125550100' });
    expectFailure(await put(admin, `/Documents/BillOfLanding/email/${order.id}`, { contactIds: [noEmail.id] }), 'documents.contact_without_email');
    assert.equal((await outbox(admin.companyId)).size, 0);
    expectNotFound(await put(await signIn(t), `/Documents/BillOfLanding/email/${order.id}`, { to: ['a@b.example'] }));
    expectForbidden(await put(await signIn(t, 'Accountant', admin.companyId), `/Documents/BillOfLanding/email/${order.id}`, {}), 'Send and download BOL');
  });
});

describe('PUT /Documents/SendBillOfLandingAndLabels/{orderId}', () => {
  it('mails the bill of lading and the labels in one mail', async () => {
    const { admin, order } = await company();
    const res = await put(admin, `/Documents/SendBillOfLandingAndLabels/${order.id}`, { to: ['dock@harbor.example'] });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const mail = (await outbox(admin.companyId)).get(Number(res.body.data))!;
    assert.deepEqual(
      mail.files.map((f) => f.file_name),
      [`bill-of-lading-${order.orderNumber}.pdf`, `labels-${order.orderNumber}.pdf`],
    );
    // The labels' barcodes were given to the items, as printed.
    const codes = (await call(t, 'GET', `/api/v1/Orders/${order.id}/Barcodes`, { token: admin.token })).body.data;
    assert.equal(codes[0].barcode, `${order.orderNumber}-${order.stops[0].items[0].id}`);
  });

  it('refuses an order without items, a bad flag, another company and users without the permission', async () => {
    const { admin, customer } = await company();
    const empty = await createQuote(t, admin, {
      customerId: customer.id,
      stops: [
        { type: 'Pickup', address: { street: '1 A St', city: 'Dallas', country: 'US' } },
        { type: 'Delivery', address: { street: '2 B St', city: 'Houston', country: 'US' } },
      ],
    });
    expectFailure(await put(admin, `/Documents/SendBillOfLandingAndLabels/${empty.id}`, {}), 'documents.no_items');
    expectProblem(await put(admin, `/Documents/SendBillOfLandingAndLabels/${empty.id}?splitOrderStopItems=maybe`, {}), 'splitOrderStopItems');
    assert.equal((await outbox(admin.companyId)).size, 0);
    expectNotFound(await put(await signIn(t), `/Documents/SendBillOfLandingAndLabels/${empty.id}`, {}));
    expectForbidden(await put(await signIn(t, 'Viewer', admin.companyId), `/Documents/SendBillOfLandingAndLabels/${empty.id}`, {}), 'Send and download BOL');
  });
});

describe('PUT /Documents/Quote/email/{orderId} and POST /Documents/EmailQuotes', () => {
  it('mails one quote to its customer, and several quotes to one address', async () => {
    const { admin, customer, order } = await company();
    const one = await put(admin, `/Documents/Quote/email/${order.id}`, {});
    assert.equal(one.status, 200, JSON.stringify(one.body));
    const mail = (await outbox(admin.companyId)).get(Number(one.body.data))!;
    assert.deepEqual([mail.to_address, mail.files.map((f) => f.file_name)], [customer.email, [`quote-${order.orderNumber}.pdf`]]);

    const second = await createQuote(t, admin);
    const many = await post(admin, `/Documents/EmailQuotes?email=buyer@harbor.example`, [order.id, second.id]);
    assert.equal(many.status, 200, JSON.stringify(many.body));
    assert.equal(many.body.data, null);
    const last = [...(await outbox(admin.companyId)).values()].at(-1)!;
    assert.equal(last.to_address, 'buyer@harbor.example');
    assert.deepEqual(
      last.files.map((f) => f.file_name),
      [`quote-${order.orderNumber}.pdf`, `quote-${second.orderNumber}.pdf`],
    );
    assert.equal(await auditCount(t, admin.companyId, 'documents.quotes_mailed'), 2);
  });

  it('refuses bad input, another company’s orders and users without "Email Quotes"', async () => {
    const { admin, order } = await company();
    expectProblem(await post(admin, '/Documents/EmailQuotes?email=nobody', [order.id]), 'email');
    expectProblem(await post(admin, '/Documents/EmailQuotes?email=a@b.example', []), '$');
    expectProblem(await put(admin, `/Documents/Quote/email/${order.id}`, { subject: 'x'.repeat(301) }), 'subject');
    const other = await signIn(t);
    const foreign = await createQuote(t, other);
    const res = await post(admin, '/Documents/EmailQuotes?email=a@b.example', [order.id, foreign.id]);
    expectNotFound(res);
    assert.match(res.body.errors[0].message, new RegExp(`\\b${foreign.id}\\b`));
    expectNotFound(await put(other, `/Documents/Quote/email/${order.id}`, {}));
    assert.equal((await outbox(admin.companyId)).size, 0);
    const accountant = await signIn(t, 'Accountant', admin.companyId);
    expectForbidden(await put(accountant, `/Documents/Quote/email/${order.id}`, {}), 'Email Quotes');
    expectForbidden(await post(accountant, '/Documents/EmailQuotes?email=a@b.example', [order.id]), 'Email Quotes');
  });
});

describe('PUT /Documents/Invoice/email/{invoiceId}', () => {
  it('mails the invoice, which then reads Open and lists the mail among its sent mails', async () => {
    const { admin, customer } = await company();
    const invoice = await createApprovedInvoice(t, admin, { customerId: customer.id });
    const res = await put(admin, `/Documents/Invoice/email/${invoice.id}`, {});
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const mail = (await outbox(admin.companyId)).get(Number(res.body.data))!;
    assert.match(mail.subject, new RegExp(`^Invoice ${invoice.invoiceNumber} from Company `));
    assert.deepEqual(
      mail.files.map((f) => f.file_name),
      [`invoice-${invoice.invoiceNumber}.pdf`],
    );
    const read = (await call(t, 'GET', `/api/v1/Accounting/invoice/${invoice.id}`, { token: admin.token })).body.data;
    assert.equal(read.transactionStatus, 'Open');
    const sent = (await call(t, 'GET', `/api/v1/Accounting/${invoice.id}/SentEmails`, { token: admin.token })).body.data;
    assert.deepEqual(
      sent.map((m: any) => m.to),
      [customer.email],
    );
  });

  it('refuses bad input, another company’s invoice and users without "Email Invoice/Payment"', async () => {
    const { admin, customer } = await company();
    const invoice = await createApprovedInvoice(t, admin, { customerId: customer.id });
    expectProblem(await put(admin, `/Documents/Invoice/email/${invoice.id}`, { to: 'one@x.example' }), 'to');
    expectNotFound(await put(await signIn(t), `/Documents/Invoice/email/${invoice.id}`, {}));
    expectForbidden(await put(await signIn(t, 'Dispatcher', admin.companyId), `/Documents/Invoice/email/${invoice.id}`, {}), 'Email Invoice/Payment');
    assert.equal((await outbox(admin.companyId)).size, 0);
  });
});
