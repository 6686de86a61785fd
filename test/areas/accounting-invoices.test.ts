import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { call, callUntilServed, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { auditCount, companyEventTypes, countRows, createCustomer, createInvoice, createQuote, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

const today = () => new Date().toISOString().slice(0, 10);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('POST /Accounting/invoice and GET /Accounting/invoice/{id}', () => {
  it('makes a Draft numbered from 1001, its money exact to the cent, due by the terms; activity, audit and event', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin, { paymentTermsDays: 15 });
    assert.deepEqual([customer.paymentTermsDays, customer.taxExempt], [15, false]);
    await sql`insert into accounting_settings (company_id, tax_rate, tax_name) values (${admin.companyId}, 8.25, 'TX sales tax')`.execute(t.database.db);
    const res = await api(admin, 'POST', '/Accounting/invoice', {
      customerId: customer.id,
      lines: [
        { description: 'Linehaul', quantity: 3, rate: 33.335, isTaxable: true },
        { description: 'Detention', amount: 250 },
        { description: 'Pallet jack', quantity: 1, rate: 19.99, amount: 19.99, isTaxable: true },
      ],
      referenceNumber: ' PO-77 ',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const { id, invoiceNumber, invoice } = res.body.data;
    assert.deepEqual([invoiceNumber, invoice.id, invoice.status, invoice.transactionStatus], ['1001', id, 1, 'Draft']);
    assert.deepEqual(
      invoice.lines.map((l: any) => [l.sequence, l.description, l.quantity, l.rate, l.amount, l.isTaxable]),
      [
        [1, 'Linehaul', 3, 33.335, 100.01, true],
        [2, 'Detention', 1, 250, 250, false],
        [3, 'Pallet jack', 1, 19.99, 19.99, true],
      ],
    );
    // Taxable 120.00 × 8.25 % = 9.90.
    assert.deepEqual(
      [invoice.subtotal, invoice.taxableSubtotal, invoice.taxRate, invoice.taxName, invoice.taxAmount, invoice.total, invoice.balance],
      [370, 120, 8.25, 'TX sales tax', 9.9, 379.9, 379.9],
    );
    assert.deepEqual([invoice.invoiceDate, invoice.dueDate, invoice.paymentTermsDays], [today(), addDays(today(), 15), 15]);
    assert.deepEqual([invoice.currency, invoice.referenceNumber, invoice.customerName], ['USD', 'PO-77', customer.name]);
    const read = await api(admin, 'GET', `/Accounting/invoice/${id}`);
    assert.deepEqual(read.body.data, invoice);
    const second = await createInvoice(t, admin, { customerId: customer.id });
    assert.equal(second.invoiceNumber, '1002');
    // A tax-exempt customer on the company's terms: no tax, due in 30 days.
    const exempt = await createCustomer(t, admin, { taxExempt: true });
    const third = await createInvoice(t, admin, { customerId: exempt.id, lines: [{ description: 'Linehaul', amount: 100, isTaxable: true }] });
    assert.deepEqual([third.taxRate, third.taxAmount, third.total, third.dueDate], [0, 0, 100, addDays(today(), 30)]);
    assert.equal(await auditCount(t, admin.companyId, 'invoice.created'), 3);
    assert.ok((await companyEventTypes(t, admin.companyId)).includes('invoice.created'));
    const log = await sql<{ type: string }>`select type from invoice_activity where company_id = ${admin.companyId} and invoice_id = ${id}`.execute(
      t.database.db,
    );
    assert.deepEqual(
      log.rows.map((r) => r.type),
      ['invoice.created'],
    );
  });

  it('numbers 20 invoices made at once 1001 … 1020, once each; a refused one takes no number; a typed number is skipped', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    const typed = await createInvoice(t, admin, { customerId: customer.id, invoiceNumber: '1003' });
    const bad = await api(admin, 'POST', '/Accounting/invoice', { customerId: customer.id, lines: [{ description: 'x', quantity: 1, rate: 1, amount: 2 }] });
    expectFailure(bad, 'accounting.line_amount_mismatch');
    // At once, as clients do: a 503 (no connection free in time on a busy machine) is sent again.
    const made = await Promise.all(
      Array.from({ length: 20 }, () =>
        callUntilServed(t, 'POST', '/api/v1/Accounting/invoice', {
          token: admin.token,
          body: { customerId: customer.id, lines: [{ description: 'Linehaul', quantity: 1, rate: 100 }] },
        }),
      ),
    );
    for (const res of made) assert.equal(res.status, 200, JSON.stringify(res.body));
    const numbers = made.map((res) => Number(res.body.data.invoice.invoiceNumber)).sort((a, b) => a - b);
    assert.deepEqual(
      numbers,
      Array.from({ length: 21 }, (_, k) => 1001 + k).filter((n) => n !== 1003),
    );
    expectFailure(
      await api(admin, 'POST', '/Accounting/invoice', { customerId: customer.id, invoiceNumber: '1003', lines: [] }),
      'accounting.duplicate_invoice_number',
    );
    assert.equal((await api(admin, 'GET', '/Accounting/InvoiceCheck/1003')).body.data, typed.id);
  });

  it('invoices an order of the customer, in its currency; refuses a quote, another customer, bad lines and currencies, writing nothing', async () => {
    const admin = await signIn(t);
    const quote = await createQuote(t, admin);
    const asQuote = await api(admin, 'POST', '/Accounting/invoice', {
      customerId: quote.customerId,
      orderId: quote.id,
      lines: [{ description: 'x', rate: 1 }],
    });
    expectFailure(asQuote, 'accounting.order_not_invoiceable');
    await api(admin, 'PUT', `/Quotes/ApproveQuote?quoteId=${quote.id}`);
    const other = await createCustomer(t, admin);
    expectFailure(
      await api(admin, 'POST', '/Accounting/invoice', { customerId: other.id, orderId: quote.id, lines: [{ description: 'x', rate: 1 }] }),
      'accounting.order_not_of_customer',
    );
    const invoice = await createInvoice(t, admin, { customerId: quote.customerId, orderId: quote.id });
    assert.deepEqual([invoice.orderId, invoice.orderNumber], [quote.id, quote.orderNumber]);
    // One live invoice per order: a second is refused until the first is deleted.
    const again = await api(admin, 'POST', '/Accounting/invoice', { customerId: quote.customerId, orderId: quote.id, lines: [{ description: 'x', rate: 1 }] });
    expectFailure(again, 'accounting.order_already_invoiced');
    const withOrder = (await api(admin, 'GET', `/Accounting/invoice/${invoice.id}?includeOrder=true`)).body.data;
    assert.deepEqual([withOrder.order.id, withOrder.order.orderNumber, invoice.order], [quote.id, quote.orderNumber, undefined]);
    const before = await countRows(t, 'invoices', admin.companyId);
    const post = (body: Record<string, unknown>) =>
      api(admin, 'POST', '/Accounting/invoice', { customerId: other.id, lines: [{ description: 'x', rate: 1 }], ...body });
    expectFailure(await post({ currency: 'XYZ' }), 'accounting.unknown_currency');
    expectFailure(await post({ lines: [{ description: 'x', rate: 1.23456 }] }), 'accounting.invalid_amount');
    expectFailure(await post({ lines: [{ description: 'Discount', rate: -5 }] }), 'accounting.negative_total');
    expectProblem(await post({ lines: [{ rate: 5 }] }), 'lines[0].description');
    expectProblem(await post({ lines: [{ description: 'x' }] }), 'lines[0].rate');
    expectProblem(await post({ lines: [{ description: 'x', chargeTypeId: 987654 }] }), 'lines[0].chargeTypeId');
    expectProblem(await post({ customerId: undefined }), 'customerId');
    expectNotFound(await post({ customerId: 987654 }));
    assert.equal(await countRows(t, 'invoices', admin.companyId), before, 'nothing written');
  });

  it("another company's invoice, customer or order behaves as missing; writing needs Create/Edit Custom Quote, reading View Invoices and Payments", async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    const theirs = await createInvoice(t, other);
    expectNotFound(await api(admin, 'GET', `/Accounting/invoice/${theirs.id}`));
    expectNotFound(await api(admin, 'PUT', `/Accounting/invoice/${theirs.id}`, { memo: 'x' }));
    expectNotFound(await api(admin, 'DELETE', `/Accounting/invoice/${theirs.id}`));
    expectNotFound(await api(admin, 'PUT', `/Accounting/invoice/${theirs.id}/status?status=2`));
    expectNotFound(await api(admin, 'POST', `/Accounting/invoice/${theirs.id}/duplicate`));
    expectNotFound(await api(admin, 'POST', '/Accounting/invoice', { customerId: theirs.customerId, lines: [] }));
    assert.equal((await api(admin, 'GET', `/Accounting/InvoiceCheck/${theirs.invoiceNumber}`)).body.data, 0, 'their numbers are not ours');
    const mine = await createInvoice(t, admin);
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    expectForbidden(await api(dispatcher, 'POST', '/Accounting/invoice', { customerId: mine.customerId, lines: [] }), 'Create/Edit Custom Quote');
    expectForbidden(await api(dispatcher, 'GET', `/Accounting/invoice/${mine.id}`), 'View Invoices and Payments');
    expectForbidden(await api(dispatcher, 'GET', '/Accounting/Invoices'), 'View Invoices and Payments');
    const accountant = await signIn(t, 'Accountant', admin.companyId);
    assert.equal((await api(accountant, 'GET', `/Accounting/invoice/${mine.id}`)).status, 200);
  });
});

describe('PUT /Accounting/invoice/{id}, status, duplicate, DELETE', () => {
  it('changes a Draft; approving freezes the money but not the memo; back to Draft unfreezes', async () => {
    const admin = await signIn(t);
    const invoice = await createInvoice(t, admin);
    const changed = await api(admin, 'PUT', `/Accounting/invoice/${invoice.id}`, { lines: [{ description: 'Flat', amount: 500 }], memo: 'Thanks!' });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    assert.deepEqual([changed.body.data.total, changed.body.data.lines.length, changed.body.data.memo], [500, 1, 'Thanks!']);
    assert.equal((await api(admin, 'PUT', `/Accounting/invoice/${invoice.id}/status?status=2`)).status, 200);
    const approved = (await api(admin, 'GET', `/Accounting/invoice/${invoice.id}`)).body.data;
    assert.deepEqual([approved.status, approved.transactionStatus, approved.approvedBy !== null], [2, 'Approved', true]);
    expectFailure(
      await api(admin, 'PUT', `/Accounting/invoice/${invoice.id}`, { lines: [{ description: 'More', amount: 900 }] }),
      'accounting.invoice_approved',
    );
    expectFailure(await api(admin, 'PUT', `/Accounting/invoice/${invoice.id}`, { taxRate: 5 }), 'accounting.invoice_approved');
    // The invoice sent back as read, with a new memo: its money is the same, so it is no change.
    const memo = await api(admin, 'PUT', `/Accounting/invoice/${invoice.id}`, { ...approved, memo: 'Net 30, thank you', currency: 'usd' });
    assert.deepEqual([memo.status, memo.body.data.memo, memo.body.data.total], [200, 'Net 30, thank you', 500], JSON.stringify(memo.body));
    expectFailure(await api(admin, 'PUT', `/Accounting/invoice/${invoice.id}`, { invoiceNumber: 'NEW-1' }), 'accounting.number_fixed');
    assert.equal((await api(admin, 'PUT', `/Accounting/invoice/${invoice.id}/status?status=1`)).status, 200);
    assert.equal((await api(admin, 'PUT', `/Accounting/invoice/${invoice.id}`, { lines: [{ description: 'More', amount: 900 }] })).body.data.total, 900);
    assert.equal(await auditCount(t, admin.companyId, 'invoice.status_changed'), 2);
  });

  it("a Draft moved to another customer takes that customer's terms and tax unless they are sent", async () => {
    const admin = await signIn(t);
    await sql`insert into accounting_settings (company_id, tax_rate) values (${admin.companyId}, 10)`.execute(t.database.db);
    const invoice = await createInvoice(t, admin, { invoiceDate: '2026-12-01', lines: [{ description: 'Linehaul', amount: 100, isTaxable: true }] });
    assert.deepEqual([invoice.taxRate, invoice.taxAmount, invoice.taxName, invoice.dueDate], [10, 10, 'Sales tax', '2026-12-31']);
    const exempt = await createCustomer(t, admin, { taxExempt: true, paymentTermsDays: 7 });
    const moved = (await api(admin, 'PUT', `/Accounting/invoice/${invoice.id}`, { customerId: exempt.id })).body.data;
    assert.deepEqual(
      [moved.customerId, moved.taxRate, moved.taxAmount, moved.taxName, moved.paymentTermsDays, moved.dueDate],
      [exempt.id, 0, 0, null, 7, '2026-12-08'],
    );
  });

  it('an invoice past due reads Overdue; an empty one is not approved; a number change is checked', async () => {
    const admin = await signIn(t);
    const old = await createInvoice(t, admin, { invoiceDate: '2026-01-05', paymentTermsDays: 10 });
    assert.equal(old.dueDate, '2026-01-15');
    await api(admin, 'PUT', `/Accounting/invoice/${old.id}/status?status=2`);
    assert.equal((await api(admin, 'GET', `/Accounting/invoice/${old.id}`)).body.data.transactionStatus, 'Overdue');
    const empty = await createInvoice(t, admin, { lines: [] });
    expectFailure(await api(admin, 'PUT', `/Accounting/invoice/${empty.id}/status?status=2`), 'accounting.invoice_empty');
    expectProblem(await api(admin, 'PUT', `/Accounting/invoice/${empty.id}/status?status=3`), 'status');
    expectFailure(await api(admin, 'PUT', `/Accounting/invoice/${empty.id}`, { invoiceNumber: old.invoiceNumber }), 'accounting.duplicate_invoice_number');
    const renamed = await api(admin, 'PUT', `/Accounting/invoice/${empty.id}`, { invoiceNumber: 'INV-A1' });
    assert.equal(renamed.body.data.invoiceNumber, 'INV-A1');
    assert.equal((await api(admin, 'GET', '/Accounting/InvoiceCheck/inv-a1')).body.data, empty.id, 'any case');
    assert.equal((await api(admin, 'GET', '/Accounting/InvoiceCheck/nope')).body.data, 0);
  });

  it('copies an invoice as a new Draft without its order; deleting is a mark that keeps the number', async () => {
    const admin = await signIn(t);
    const quote = await createQuote(t, admin);
    await api(admin, 'PUT', `/Quotes/ApproveQuote?quoteId=${quote.id}`);
    const invoice = await createInvoice(t, admin, { customerId: quote.customerId, orderId: quote.id });
    await api(admin, 'PUT', `/Accounting/invoice/${invoice.id}/status?status=2`);
    const dup = await api(admin, 'POST', `/Accounting/invoice/${invoice.id}/duplicate`);
    assert.deepEqual([dup.status, dup.body.data], [200, true]);
    const list = (await api(admin, 'GET', `/Accounting/Invoices?customerId=${quote.customerId}`)).body.data.list;
    const copy = list.find((i: any) => i.id !== invoice.id);
    assert.deepEqual([copy.status, copy.orderId, copy.total, copy.lines.length], [1, null, invoice.total, 2]);
    assert.equal((await api(admin, 'DELETE', `/Accounting/invoice/${copy.id}`)).status, 200);
    assert.equal((await api(admin, 'DELETE', `/Accounting/invoice/${copy.id}`)).status, 200, 'again: nothing changes');
    const gone = (await api(admin, 'GET', `/Accounting/invoice/${copy.id}`)).body.data;
    assert.equal(gone.transactionStatus, 'Deleted');
    expectFailure(await api(admin, 'PUT', `/Accounting/invoice/${copy.id}`, { memo: 'x' }), 'accounting.invoice_deleted');
    expectFailure(await api(admin, 'PUT', `/Accounting/invoice/${copy.id}/status?status=2`), 'accounting.invoice_deleted');
    assert.equal((await api(admin, 'GET', `/Accounting/InvoiceCheck/${copy.invoiceNumber}`)).body.data, copy.id, 'the number stays taken');
    assert.equal(await auditCount(t, admin.companyId, 'invoice.deleted'), 1);
  });
});

describe('the ids an invoice names', () => {
  it("a line's charge type is one of the customer's list; an unknown one is named as not found", async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    const lift = (await api(admin, 'POST', '/Accounting/chargeTypes', { name: 'Liftgate', rate: 75 })).body.data;
    // The customer's copy of the type: a row of its list, with an id of its own.
    const copy = (await api(admin, 'PUT', `/Customers/${customer.id}/chargeTypes/${lift.id}`, { rate: 60 })).body.data;
    assert.notEqual(copy.id, lift.id);
    const res = await api(admin, 'POST', '/Accounting/invoice', { customerId: customer.id, lines: [{ chargeTypeId: copy.id, rate: 60 }] });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      res.body.data.invoice.lines.map((l: any) => [l.chargeTypeId, l.code, l.description]),
      [[copy.id, 'LIFTGATE', 'Liftgate']],
    );
    const another = await createCustomer(t, admin);
    const elsewhere = await api(admin, 'POST', '/Accounting/invoice', { customerId: another.id, lines: [{ chargeTypeId: copy.id, rate: 60 }] });
    expectProblem(elsewhere, 'lines[0].chargeTypeId');
    assert.match(elsewhere.body.errors['lines[0].chargeTypeId'][0], /does not apply to the customer/);
    const unknown = await api(admin, 'POST', '/Accounting/invoice', { customerId: customer.id, lines: [{ chargeTypeId: 987654, rate: 1 }] });
    assert.deepEqual(unknown.body.errors, { 'lines[0].chargeTypeId': ['Charge type 987654 was not found.'] });
  });

  it('an invoice whose customer was deleted is changed with its customer sent back; moving it to a deleted one is refused as missing', async () => {
    const admin = await signIn(t);
    const invoice = await createInvoice(t, admin);
    const gone = await createCustomer(t, admin);
    for (const id of [invoice.customerId, gone.id]) {
      const deleted = await api(admin, 'DELETE', `/Customers?ids=${id}`);
      assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
    }
    const memo = await api(admin, 'PUT', `/Accounting/invoice/${invoice.id}`, { customerId: invoice.customerId, memo: 'Kept' });
    assert.deepEqual([memo.status, memo.body.data?.memo], [200, 'Kept'], JSON.stringify(memo.body));
    const moved = await api(admin, 'PUT', `/Accounting/invoice/${invoice.id}`, { customerId: gone.id });
    expectNotFound(moved);
    assert.equal(moved.body.errors[0].message, `Customer ${gone.id} was not found.`);
  });
});

describe('GET /Accounting/Invoices', () => {
  it('lists live invoices newest first, paged, by customer, paid or not, by the number’s start', async () => {
    const admin = await signIn(t);
    const a = await createCustomer(t, admin);
    const b = await createCustomer(t, admin);
    const first = await createInvoice(t, admin, { customerId: a.id, invoiceDate: '2026-03-01' });
    const second = await createInvoice(t, admin, { customerId: b.id, invoiceDate: '2026-03-02', invoiceNumber: 'ACME-7' });
    const third = await createInvoice(t, admin, { customerId: a.id, invoiceDate: '2026-03-02' });
    const deleted = await createInvoice(t, admin, { customerId: a.id });
    await api(admin, 'DELETE', `/Accounting/invoice/${deleted.id}`);
    const ids = async (query: string) => (await api(admin, 'GET', `/Accounting/Invoices${query}`)).body.data.list.map((i: any) => i.id);
    assert.deepEqual(await ids(''), [third.id, second.id, first.id]);
    assert.deepEqual(await ids(`?customerId=${a.id}`), [third.id, first.id]);
    assert.deepEqual(await ids('?SearchTerm=acme'), [second.id]);
    assert.deepEqual(await ids('?isFullyPaid=true'), []);
    assert.deepEqual(await ids('?isFullyPaid=false'), [third.id, second.id, first.id]);
    const page = (await api(admin, 'GET', '/Accounting/Invoices?page=2&itemsPerPage=2')).body.data;
    assert.deepEqual([page.list.map((i: any) => i.id), page.totalCount, page.page, page.itemsPerPage], [[first.id], 3, 2, 2]);
    expectProblem(await api(admin, 'GET', '/Accounting/Invoices?customerId=abc'), 'customerId');
  });
});
