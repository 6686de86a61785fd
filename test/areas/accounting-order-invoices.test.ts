import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound } from '../helpers/expect.js';
import { auditCount, countRows, createQuote, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

/** An approved order priced by hand at `price`. */
async function pricedOrder(s: Session, price: number): Promise<Record<string, any>> {
  const q = await createQuote(t, s);
  assert.equal((await api(s, 'PUT', `/Quotes/${q.id}/4?createInvoice=false`, { totalPrice: price })).status, 200);
  assert.equal((await api(s, 'PUT', `/Quotes/ApproveQuote?quoteId=${q.id}`)).status, 200);
  return q;
}

describe('PUT /Orders/{id}/close-and-create-invoice', () => {
  it('closes the order and invoices its price; again, the same Draft made again; an approved one is answered as it is', async () => {
    const admin = await signIn(t);
    const order = await pricedOrder(admin, 1234.5);
    const res = await api(admin, 'PUT', `/Orders/${order.id}/close-and-create-invoice`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const invoice = res.body.data;
    assert.deepEqual(
      [invoice.orderId, invoice.orderNumber, invoice.customerId, invoice.status, invoice.currency, invoice.total],
      [order.id, order.orderNumber, order.customerId, 1, 'USD', 1234.5],
    );
    assert.deepEqual(
      invoice.lines.map((l: any) => [l.description, l.quantity, l.rate, l.amount]),
      [['Price set by hand', 1, 1234.5, 1234.5]],
    );
    assert.equal((await api(admin, 'GET', `/Quotes/${order.id}`)).body.data.status, 'Closed');
    const again = await api(admin, 'PUT', `/Orders/${order.id}/close-and-create-invoice`);
    assert.deepEqual([again.status, again.body.data.id], [200, invoice.id]);
    await api(admin, 'PUT', `/Accounting/invoice/${invoice.id}/status?status=2`);
    const approved = await api(admin, 'PUT', `/Orders/${order.id}/close-and-create-invoice`);
    assert.deepEqual([approved.body.data.id, approved.body.data.status], [invoice.id, 2]);
    assert.equal(await countRows(t, 'invoices', admin.companyId), 1);
    const log = (await api(admin, 'GET', `/Accounting/AuditLog?orderId=${order.id}`)).body.data;
    assert.ok(log.some((e: any) => e.description === `Invoice made from order ${order.orderNumber}.`));
  });

  it('refuses a quote or another company’s order; needs Create/Edit Custom Quote', async () => {
    const admin = await signIn(t);
    const quote = await createQuote(t, admin);
    expectFailure(await api(admin, 'PUT', `/Orders/${quote.id}/close-and-create-invoice`), 'orders.not_an_order');
    const other = await signIn(t);
    expectNotFound(await api(other, 'PUT', `/Orders/${quote.id}/close-and-create-invoice`));
    const order = await pricedOrder(admin, 10);
    expectForbidden(
      await api(await signIn(t, 'Dispatcher', admin.companyId), 'PUT', `/Orders/${order.id}/close-and-create-invoice`),
      'Create/Edit Custom Quote',
    );
    assert.equal((await api(admin, 'GET', `/Quotes/${order.id}`)).body.data.status, 'Order');
    assert.equal(await countRows(t, 'invoices', admin.companyId), 0);
  });
});

describe('PUT and DELETE /Orders/{id}/invoice', () => {
  it('invoices the rating engine’s lines with their charge types and the difference; makes a Draft again; deletes; invoices again', async () => {
    const admin = await signIn(t);
    const order = await pricedOrder(admin, 600);
    const made = await api(admin, 'POST', '/Accounting/chargeTypes', { name: 'Linehaul long haul', code: 'LHL', rate: 2.15, isTaxable: true });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const linehaul = made.body.data;
    const lines = [
      { code: 'LHL', description: 'Linehaul 250 mi', quantity: 250, unitPrice: 2.15, amount: 537.5, currency: 'USD', chargeTypeId: linehaul.id },
      { code: 'FUEL', description: 'Fuel surcharge', quantity: 1, unitPrice: 0.333333, amount: 0.33, currency: 'USD', chargeTypeId: null },
    ];
    await sql`update orders set price_lines = ${JSON.stringify(lines)}::jsonb where company_id = ${admin.companyId} and id = ${order.id}`.execute(
      t.database.db,
    );
    const res = await api(admin, 'PUT', `/Orders/${order.id}/invoice`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      res.body.data.lines.map((l: any) => [l.chargeTypeId, l.code, l.description, l.quantity, l.rate, l.amount, l.isTaxable]),
      [
        [linehaul.id, 'LHL', 'Linehaul 250 mi', 250, 2.15, 537.5, true],
        [null, null, 'Fuel surcharge', 1, 0.33, 0.33, false],
        [null, null, 'Price adjustment', 1, 62.17, 62.17, false],
      ],
    );
    assert.equal(res.body.data.subtotal, 600);
    // The order's price changes: the Draft is made again (same invoice, same number).
    await sql`update orders set total_price = 537.83 where company_id = ${admin.companyId} and id = ${order.id}`.execute(t.database.db);
    const again = await api(admin, 'PUT', `/Orders/${order.id}/invoice`);
    assert.deepEqual(
      [again.body.data.id, again.body.data.invoiceNumber, again.body.data.lines.length, again.body.data.subtotal],
      [res.body.data.id, res.body.data.invoiceNumber, 2, 537.83],
    );
    await api(admin, 'PUT', `/Accounting/invoice/${res.body.data.id}/status?status=2`);
    expectFailure(await api(admin, 'PUT', `/Orders/${order.id}/invoice`), 'accounting.invoice_approved');
    await api(admin, 'PUT', `/Accounting/invoice/${res.body.data.id}/status?status=1`);
    assert.equal((await api(admin, 'DELETE', `/Orders/${order.id}/invoice`)).status, 200);
    assert.equal((await api(admin, 'GET', `/Accounting/invoice/${res.body.data.id}`)).body.data.transactionStatus, 'Deleted');
    assert.equal((await api(admin, 'DELETE', `/Orders/${order.id}/invoice`)).status, 200);
    const fresh = await api(admin, 'PUT', `/Orders/${order.id}/invoice`);
    assert.notEqual(fresh.body.data.id, res.body.data.id);
    assert.equal(await auditCount(t, admin.companyId, 'invoice.created'), 2);
  });

  it('refuses a quote, another company’s order, an invoice with payments; needs Create/Edit Custom Quote; writes nothing', async () => {
    const admin = await signIn(t);
    const quote = await createQuote(t, admin);
    expectFailure(await api(admin, 'PUT', `/Orders/${quote.id}/invoice`), 'accounting.order_not_invoiceable');
    const order = await pricedOrder(admin, 100);
    const other = await signIn(t);
    expectNotFound(await api(other, 'PUT', `/Orders/${order.id}/invoice`));
    expectNotFound(await api(other, 'DELETE', `/Orders/${order.id}/invoice`));
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    expectForbidden(await api(dispatcher, 'PUT', `/Orders/${order.id}/invoice`), 'Create/Edit Custom Quote');
    expectForbidden(await api(dispatcher, 'DELETE', `/Orders/${order.id}/invoice`), 'Create/Edit Custom Quote');
    assert.equal(await countRows(t, 'invoices', admin.companyId), 0);
    const invoice = (await api(admin, 'PUT', `/Orders/${order.id}/invoice`)).body.data;
    await api(admin, 'PUT', `/Accounting/invoice/${invoice.id}/status?status=2`);
    await api(admin, 'POST', '/Accounting/Payment', {
      customerId: invoice.customerId,
      amount: 10,
      paymentMethodType: 0,
      invoices: [{ invoiceId: invoice.id }],
    });
    expectFailure(await api(admin, 'DELETE', `/Orders/${order.id}/invoice`), 'accounting.invoice_has_payments');
  });

  it('a deleted order is refused by name, not as missing; deleting its invoice changes nothing', async () => {
    const admin = await signIn(t);
    const order = await pricedOrder(admin, 100);
    assert.equal((await api(admin, 'DELETE', `/Quotes/${order.id}`)).status, 200);
    expectFailure(await api(admin, 'PUT', `/Orders/${order.id}/invoice`), 'accounting.order_not_invoiceable');
    expectFailure(
      await api(admin, 'POST', '/Accounting/invoice', { customerId: order.customerId, orderId: order.id, lines: [{ description: 'x', rate: 1 }] }),
      'accounting.order_not_invoiceable',
    );
    assert.equal((await api(admin, 'DELETE', `/Orders/${order.id}/invoice`)).status, 200);
    assert.equal(await countRows(t, 'invoices', admin.companyId), 0);
  });
});

describe('createInvoice of PUT /Quotes/{id}/{quoteUpdateType}', () => {
  it('a step of an approved order makes its Draft invoice and keeps it to the price; false leaves it; a quote is not invoiced', async () => {
    const admin = await signIn(t);
    const quote = await createQuote(t, admin);
    assert.equal((await api(admin, 'PUT', `/Quotes/${quote.id}/4`, { totalPrice: 300 })).status, 200);
    assert.equal(await countRows(t, 'invoices', admin.companyId), 0);
    await api(admin, 'PUT', `/Quotes/ApproveQuote?quoteId=${quote.id}`);
    assert.equal((await api(admin, 'PUT', `/Quotes/${quote.id}/4`, { totalPrice: 500 })).status, 200);
    const made = (await api(admin, 'GET', `/Accounting/Invoices`)).body.data.list;
    assert.deepEqual(
      made.map((i: any) => [i.orderId, i.total, i.status]),
      [[quote.id, 500, 1]],
    );
    await api(admin, 'PUT', `/Quotes/${quote.id}/4`, { totalPrice: 650 });
    await api(admin, 'PUT', `/Quotes/${quote.id}/4?createInvoice=false`, { totalPrice: 700 });
    const kept = (await api(admin, 'GET', `/Accounting/Invoices`)).body.data.list;
    assert.deepEqual(
      kept.map((i: any) => [i.id, i.total]),
      [[made[0].id, 650]],
    );
  });
});
