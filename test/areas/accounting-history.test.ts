import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { auditCount, createCustomer, createInvoice, createQuote, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

async function approvedOrder(s: Session) {
  const q = await createQuote(t, s);
  await api(s, 'PUT', `/Quotes/ApproveQuote?quoteId=${q.id}`);
  return q;
}

describe('GET /Accounting/AuditLog and its notes', () => {
  it("answers an invoice's activity newest first, or an order's invoices'; a note is written and removed, audited", async () => {
    const admin = await signIn(t);
    const order = await approvedOrder(admin);
    const invoice = await createInvoice(t, admin, { customerId: order.customerId, orderId: order.id });
    await api(admin, 'PUT', `/Accounting/invoice/${invoice.id}`, { memo: 'Thanks' });
    await api(admin, 'PUT', `/Accounting/invoice/${invoice.id}/status?status=2`);
    const log = await api(admin, 'GET', `/Accounting/AuditLog?invoiceId=${invoice.id}`);
    assert.equal(log.status, 200, JSON.stringify(log.body));
    assert.deepEqual(
      log.body.data.map((a: any) => a.type),
      ['invoice.approved', 'invoice.updated', 'invoice.created'],
    );
    assert.deepEqual([log.body.data[2].invoiceNumber, log.body.data[2].orderId, log.body.data[2].userName !== null], [invoice.invoiceNumber, order.id, true]);
    const byOrder = await api(admin, 'GET', `/Accounting/AuditLog?orderId=${order.id}`);
    assert.equal(byOrder.body.data.length, 3);
    const entry = log.body.data[2].id;
    const noted = await api(admin, 'PUT', `/Accounting/AuditLog/${entry}/note`, { note: ' Called AP, paying Friday ' });
    assert.deepEqual([noted.status, noted.body.data.note, noted.body.data.noteBy], [200, 'Called AP, paying Friday', admin.userId]);
    assert.equal((await api(admin, 'DELETE', `/Accounting/AuditLog/${entry}/note`)).status, 200);
    assert.equal((await api(admin, 'GET', `/Accounting/AuditLog?invoiceId=${invoice.id}`)).body.data[2].note, null);
    assert.deepEqual([await auditCount(t, admin.companyId, 'invoice.note'), await auditCount(t, admin.companyId, 'invoice.note_removed')], [1, 1]);
  });

  it("needs an invoice or an order; another company's ids behave as missing; notes need Create/Edit Custom Quote", async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    const theirs = await createInvoice(t, other);
    const theirEntry = (await api(other, 'GET', `/Accounting/AuditLog?invoiceId=${theirs.id}`)).body.data[0].id;
    expectProblem(await api(admin, 'GET', '/Accounting/AuditLog'), 'invoiceId');
    expectNotFound(await api(admin, 'GET', `/Accounting/AuditLog?invoiceId=${theirs.id}`));
    expectNotFound(await api(admin, 'PUT', `/Accounting/AuditLog/${theirEntry}/note`, { note: 'x' }));
    expectNotFound(await api(admin, 'DELETE', `/Accounting/AuditLog/${theirEntry}/note`));
    const mine = await createInvoice(t, admin);
    const entry = (await api(admin, 'GET', `/Accounting/AuditLog?invoiceId=${mine.id}`)).body.data[0].id;
    expectProblem(await api(admin, 'PUT', `/Accounting/AuditLog/${entry}/note`, { note: '' }), 'note');
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    expectForbidden(await api(viewer, 'PUT', `/Accounting/AuditLog/${entry}/note`, { note: 'x' }), 'Create/Edit Custom Quote');
    expectForbidden(await api(viewer, 'GET', `/Accounting/AuditLog?invoiceId=${mine.id}`), 'View Invoices and Payments');
  });
});

describe('GET /Accounting/{id}/Customer', () => {
  it("answers the invoice's customer, deleted or not; another company's invoice behaves as missing", async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin, { name: 'Lone Star Pallets' });
    const invoice = await createInvoice(t, admin, { customerId: customer.id });
    const res = await api(admin, 'GET', `/Accounting/${invoice.id}/Customer`);
    assert.deepEqual([res.status, res.body.data.id, res.body.data.name], [200, customer.id, 'Lone Star Pallets']);
    await api(admin, 'DELETE', `/Customers/${customer.id}`);
    assert.equal((await api(admin, 'GET', `/Accounting/${invoice.id}/Customer`)).body.data.id, customer.id);
    const other = await signIn(t);
    expectNotFound(await api(other, 'GET', `/Accounting/${invoice.id}/Customer`));
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    expectForbidden(await api(dispatcher, 'GET', `/Accounting/${invoice.id}/Customer`), 'View Invoices and Payments');
  });
});

describe('an invoiced order', () => {
  it('is not purged while a live invoice names it; once the invoice is deleted, it is, and the invoice keeps its number', async () => {
    const admin = await signIn(t);
    const order = await approvedOrder(admin);
    const invoice = await createInvoice(t, admin, { customerId: order.customerId, orderId: order.id });
    expectFailure(await api(admin, 'DELETE', `/Orders/${order.id}/Permanent`), 'accounting.order_invoiced');
    assert.equal((await api(admin, 'GET', `/Quotes/${order.id}`)).status, 200, 'the order is still there');
    await api(admin, 'DELETE', `/Accounting/invoice/${invoice.id}`);
    const purged = await api(admin, 'DELETE', `/Orders/${order.id}/Permanent`);
    assert.equal(purged.status, 200, JSON.stringify(purged.body));
    const read = (await api(admin, 'GET', `/Accounting/invoice/${invoice.id}`)).body.data;
    assert.deepEqual([read.orderId, read.orderNumber, read.transactionStatus], [null, order.orderNumber, 'Deleted']);
  });
});
