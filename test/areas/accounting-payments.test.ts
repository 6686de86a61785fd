import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import {
  auditCount,
  companyEventTypes,
  countRows,
  createApprovedInvoice,
  createCustomer,
  createInvoice,
  createPayment,
  type Session,
  signIn,
} from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

const today = () => new Date().toISOString().slice(0, 10);
const invoiceOf = async (s: Session, id: number) => (await api(s, 'GET', `/Accounting/invoice/${id}`)).body.data;
const paymentsOf = async (s: Session, invoiceId: number) => (await api(s, 'GET', `/Accounting/InvoicePayments/${invoiceId}`)).body.data;

describe('POST /Accounting/Payment and BulkPayment', () => {
  it('answers data null with the new payment in a Location header, which GET /Accounting/Payment/{id} reads', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    const invoice = await createApprovedInvoice(t, admin, { customerId: customer.id });
    const made = await api(admin, 'POST', '/Accounting/Payment', { customerId: customer.id, amount: 20, paymentMethodType: 1 });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.equal(made.body.data, null);
    const location = String(made.headers.location);
    assert.match(location, /^\/api\/v1\/Accounting\/Payment\/\d+$/);
    const read = await call(t, 'GET', location, { token: admin.token });
    assert.equal(read.status, 200, JSON.stringify(read.body));
    assert.deepEqual([read.body.data.customerId, read.body.data.amount, read.body.data.paymentMethodType], [customer.id, 20, 1]);

    const bulk = await api(admin, 'POST', '/Accounting/BulkPayment', {
      customerId: customer.id,
      amount: 30,
      paymentMethodType: 0,
      invoices: [{ invoiceId: invoice.id }],
    });
    assert.equal(bulk.status, 200, JSON.stringify(bulk.body));
    const [applied] = await paymentsOf(admin, invoice.id);
    assert.equal(bulk.headers.location, `/api/v1/Accounting/Payment/${applied.id}`);
    assert.equal((await call(t, 'GET', String(bulk.headers.location), { token: admin.token })).body.data.amount, 30);

    expectNotFound(await api(await signIn(t), 'GET', `/Accounting/Payment/${applied.id}`));
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    expectForbidden(await api(dispatcher, 'GET', `/Accounting/Payment/${applied.id}`), 'View Invoices and Payments');
  });

  it('records a check split across invoices; balances, statuses, activity, audit and event follow', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    // 350.01 each (the factory's lines).
    const a = await createApprovedInvoice(t, admin, { customerId: customer.id });
    const b = await createApprovedInvoice(t, admin, { customerId: customer.id });
    const res = await api(admin, 'POST', '/Accounting/BulkPayment', {
      customerId: customer.id,
      amount: 500,
      paymentMethodType: 0,
      referenceNumber: ' 1204 ',
      invoices: [{ invoiceId: a.id }, { invoiceId: b.id }],
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data, null);
    const [paidA, paidB] = [await invoiceOf(admin, a.id), await invoiceOf(admin, b.id)];
    assert.deepEqual([paidA.amountPaid, paidA.balance, paidA.transactionStatus], [350.01, 0, 'Paid']);
    assert.deepEqual([paidB.amountPaid, paidB.balance, paidB.transactionStatus], [149.99, 200.02, 'PartialPaid']);
    const [payment] = await paymentsOf(admin, b.id);
    assert.deepEqual(
      [payment.customerId, payment.amount, payment.currency, payment.date, payment.paymentMethodType, payment.referenceNumber, payment.status],
      [customer.id, 500, 'USD', today(), 0, '1204', 'Settled'],
    );
    assert.deepEqual(
      payment.invoices.map((x: any) => [x.invoiceId, x.invoiceNumber, x.amount]),
      [
        [a.id, a.invoiceNumber, 350.01],
        [b.id, b.invoiceNumber, 149.99],
      ],
    );
    assert.deepEqual([payment.appliedAmount, payment.unappliedAmount], [500, 0]);
    assert.deepEqual(
      (await paymentsOf(admin, a.id)).map((p: any) => p.id),
      [payment.id],
    );
    const log = (await api(admin, 'GET', `/Accounting/AuditLog?invoiceId=${b.id}`)).body.data;
    assert.match(log[0].description, new RegExp(`Payment ${payment.id} \\(check 1204\\) of 500.00 USD applied: 149.99 on this invoice.`));
    assert.equal(await auditCount(t, admin.companyId, 'payment.created'), 1);
    assert.ok((await companyEventTypes(t, admin.companyId)).includes('payment.created'));
  });

  it('records cash without invoices (all unapplied) and a part of one invoice, to the default deposit account', async () => {
    const admin = await signIn(t);
    const account = (await api(admin, 'POST', '/Accounting/DepositAccount', { name: 'Operating', isDefault: true })).body.data;
    const invoice = await createApprovedInvoice(t, admin);
    assert.equal(
      (await api(admin, 'POST', '/Accounting/Payment', { customerId: invoice.customerId, amount: 100, paymentMethodType: 'Cash', date: '2026-11-02' })).status,
      200,
    );
    const part = await api(admin, 'POST', '/Accounting/Payment', {
      customerId: invoice.customerId,
      amount: 120,
      paymentMethodType: 1,
      invoices: [{ invoiceId: invoice.id, amount: 100.5 }],
    });
    assert.equal(part.status, 200, JSON.stringify(part.body));
    const listed = (await api(admin, 'GET', `/Accounting/Payments?customerId=${invoice.customerId}`)).body.data;
    assert.deepEqual(
      listed.map((p: any) => [p.amount, p.date, p.appliedAmount, p.unappliedAmount, p.depositAccountId]),
      [
        [120, today(), 100.5, 19.5, account.id],
        [100, '2026-11-02', 0, 100, account.id],
      ],
    );
    const after = await invoiceOf(admin, invoice.id);
    assert.deepEqual([after.amountPaid, after.balance, after.transactionStatus], [100.5, 249.51, 'PartialPaid']);
    const accounts = (await api(admin, 'GET', '/Accounting/DepositAccounts')).body.data;
    assert.deepEqual(
      accounts.map((x: any) => [x.name, x.depositedTotal, x.paymentsCount, x.balance, x.isDefault]),
      [['Operating', 220, 2, 220, true]],
    );
  });

  it('refuses bad input with a code or the field named, and writes nothing', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    const invoice = await createApprovedInvoice(t, admin, { customerId: customer.id });
    const draft = await createInvoice(t, admin, { customerId: customer.id });
    const theirsHere = await createApprovedInvoice(t, admin);
    const euro = await createApprovedInvoice(t, admin, { customerId: customer.id, currency: 'EUR' });
    const deleted = await createInvoice(t, admin, { customerId: customer.id });
    await api(admin, 'DELETE', `/Accounting/invoice/${deleted.id}`);
    const pay = (body: Record<string, unknown>) =>
      api(admin, 'POST', '/Accounting/Payment', { customerId: customer.id, amount: 100, paymentMethodType: 0, ...body });
    expectProblem(await pay({ amount: -5 }), 'amount');
    expectProblem(await pay({ amount: 0 }), 'amount');
    expectProblem(await pay({ paymentMethodType: 7 }), 'paymentMethodType');
    expectFailure(await pay({ amount: 10.005 }), 'accounting.invalid_amount');
    expectFailure(await pay({ currency: 'XYZ' }), 'accounting.unknown_currency');
    expectFailure(await pay({ paymentMethodType: 2, paymentMethod: 1 }), 'accounting.no_saved_card');
    expectProblem(await pay({ paymentMethod: 1 }), 'paymentMethod');
    expectFailure(await pay({ invoices: [{ invoiceId: draft.id }] }), 'accounting.invoice_not_approved');
    expectFailure(await pay({ invoices: [{ invoiceId: deleted.id }] }), 'accounting.invoice_deleted');
    expectFailure(await pay({ invoices: [{ invoiceId: theirsHere.id }] }), 'accounting.invoice_not_of_customer');
    expectFailure(await pay({ invoices: [{ invoiceId: euro.id }], currency: 'USD' }), 'accounting.currency_mismatch');
    expectFailure(await pay({ invoices: [{ invoiceId: invoice.id, amount: 100.01 }] }), 'accounting.over_allocation');
    expectFailure(await pay({ amount: 400, invoices: [{ invoiceId: invoice.id, amount: 350.02 }] }), 'accounting.over_allocation');
    expectProblem(await pay({ invoices: [{ invoiceId: invoice.id }, { invoiceId: invoice.id }] }), 'invoices');
    expectProblem(await pay({ depositAccountId: 2147480000 }), 'depositAccountId');
    expectNotFound(await pay({ invoices: [{ invoiceId: 2147480000 }] }));
    expectNotFound(await pay({ customerId: 2147480000 }));
    expectProblem(await api(admin, 'POST', '/Accounting/BulkPayment', { customerId: customer.id, amount: 5, paymentMethodType: 0 }), 'invoices');
    // A batch refusal names its item; the first item is not kept.
    const batch = await api(admin, 'POST', '/Accounting/Payments', [
      { customerId: customer.id, amount: 10, paymentMethodType: 0 },
      { customerId: customer.id, amount: 10, paymentMethodType: 0, invoices: [{ invoiceId: draft.id }] },
    ]);
    expectFailure(batch, 'accounting.invoice_not_approved');
    assert.match(batch.body.errors[0].message, /^\[1\] /);
    assert.equal(await countRows(t, 'payments', admin.companyId), 0);
    assert.equal((await invoiceOf(admin, invoice.id)).amountPaid, 0);
    // Another company's customer, invoice and deposit account behave as missing.
    const other = await signIn(t);
    const theirs = await createApprovedInvoice(t, other);
    const theirAccount = (await api(other, 'POST', '/Accounting/DepositAccount', { name: 'Theirs' })).body.data;
    expectNotFound(await pay({ customerId: theirs.customerId }));
    expectNotFound(await pay({ invoices: [{ invoiceId: theirs.id }] }));
    expectProblem(await pay({ depositAccountId: theirAccount.id }), 'depositAccountId');
    // In a batch too: a customer or an invoice is the 404 naming every one missing, a deposit
    // account the 400 naming its item's field; the first item is not kept.
    const mine = { customerId: customer.id, amount: 10, paymentMethodType: 0 };
    const batchOf = (second: Record<string, unknown>) => api(admin, 'POST', '/Accounting/Payments', [mine, { ...mine, ...second }]);
    const theirCustomer = await batchOf({ customerId: theirs.customerId });
    expectNotFound(theirCustomer);
    assert.equal(theirCustomer.body.errors[0].message, `Customer ${theirs.customerId} was not found.`);
    const theirInvoices = await api(admin, 'POST', '/Accounting/Payments', [
      { ...mine, invoices: [{ invoiceId: invoice.id }, { invoiceId: theirs.id }] },
      { ...mine, invoices: [{ invoiceId: 2147480000 }] },
    ]);
    expectNotFound(theirInvoices);
    assert.equal(theirInvoices.body.errors[0].message, `Invoices ${theirs.id}, 2147480000 were not found.`);
    expectProblem(await batchOf({ depositAccountId: theirAccount.id }), '[1].depositAccountId');
    assert.equal(await countRows(t, 'payments', admin.companyId), 0);
    assert.equal((await invoiceOf(admin, invoice.id)).amountPaid, 0);
  });

  it('needs Add/Edit payment; Dispatchers have not', async () => {
    const admin = await signIn(t);
    const invoice = await createApprovedInvoice(t, admin);
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    const body = { customerId: invoice.customerId, amount: 5, paymentMethodType: 0, invoices: [{ invoiceId: invoice.id }] };
    expectForbidden(await api(dispatcher, 'POST', '/Accounting/Payment', body), 'Add/Edit payment');
    expectForbidden(await api(dispatcher, 'POST', '/Accounting/BulkPayment', body), 'Add/Edit payment');
    expectForbidden(await api(dispatcher, 'POST', '/Accounting/Payments', [body]), 'Add/Edit payment');
    expectForbidden(await api(dispatcher, 'GET', '/Accounting/Payments'), 'View Invoices and Payments');
    expectForbidden(await api(dispatcher, 'GET', `/Accounting/InvoicePayments/${invoice.id}`), 'View Invoices and Payments');
    const accountant = await signIn(t, 'Accountant', admin.companyId);
    assert.equal((await api(accountant, 'POST', '/Accounting/Payments', [body, { ...body, invoices: [] }])).status, 200);
    assert.equal(await countRows(t, 'payments', admin.companyId), 2);
  });

  it('never applies more than an invoice asks when payments are recorded at once', async () => {
    const admin = await signIn(t);
    const invoice = await createApprovedInvoice(t, admin);
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() =>
        api(admin, 'POST', '/Accounting/Payment', { customerId: invoice.customerId, amount: 150, paymentMethodType: 0, invoices: [{ invoiceId: invoice.id }] }),
      ),
    );
    // 350.01: two take 150 each, the third the 50.01 left (no amount sent), the fourth finds nothing.
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 200, 200, 400], JSON.stringify(answers.map((a) => a.body)));
    const after = await invoiceOf(admin, invoice.id);
    assert.deepEqual([after.amountPaid, after.balance, after.transactionStatus], [350.01, 0, 'Paid']);
  });
});

describe('PUT /Accounting/Payment/{id} and PUT /Accounting/Payments', () => {
  it('changes the amount, the allocations and the details; the invoices follow', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    const a = await createApprovedInvoice(t, admin, { customerId: customer.id });
    const b = await createApprovedInvoice(t, admin, { customerId: customer.id });
    const payment = await createPayment(t, admin, { customerId: customer.id, amount: 300, invoices: [{ invoiceId: a.id }] });
    const res = await api(admin, 'PUT', `/Accounting/Payment/${payment.id}`, {
      amount: 400,
      memo: 'Remittance advice #88',
      invoices: [
        { invoiceId: b.id, amount: 350.01 },
        { invoiceId: a.id, amount: 49.99 },
      ],
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      [res.body.data.amount, res.body.data.memo, res.body.data.unappliedAmount, res.body.data.invoices.map((x: any) => [x.invoiceId, x.amount])],
      [
        400,
        'Remittance advice #88',
        0,
        [
          [b.id, 350.01],
          [a.id, 49.99],
        ],
      ],
    );
    assert.deepEqual([(await invoiceOf(admin, a.id)).amountPaid, (await invoiceOf(admin, b.id)).transactionStatus], [49.99, 'Paid']);
    // Invoices left out are kept, and checked against a new amount.
    expectFailure(await api(admin, 'PUT', `/Accounting/Payment/${payment.id}`, { amount: 300 }), 'accounting.over_allocation');
    const many = await api(admin, 'PUT', '/Accounting/Payments', [
      { id: payment.id, invoices: [{ invoiceId: a.id, amount: 100 }] },
      { id: (await createPayment(t, admin, { customerId: customer.id, amount: 10 })).id, referenceNumber: 'WIRE-9' },
    ]);
    assert.equal(many.status, 200, JSON.stringify(many.body));
    assert.deepEqual(
      many.body.data.map((p: any) => [p.unappliedAmount, p.referenceNumber]),
      [
        [300, null],
        [10, 'WIRE-9'],
      ],
    );
    assert.deepEqual([(await invoiceOf(admin, a.id)).amountPaid, (await invoiceOf(admin, b.id)).amountPaid], [100, 0]);
    assert.equal(await auditCount(t, admin.companyId, 'payment.updated'), 3);
  });

  it('refuses bad input, a deleted payment, another company’s payment; writes nothing', async () => {
    const admin = await signIn(t);
    const invoice = await createApprovedInvoice(t, admin);
    const payment = await createPayment(t, admin, { customerId: invoice.customerId, amount: 50, invoices: [{ invoiceId: invoice.id }] });
    expectProblem(await api(admin, 'PUT', `/Accounting/Payment/${payment.id}`, { amount: -1 }), 'amount');
    expectFailure(
      await api(admin, 'PUT', `/Accounting/Payment/${payment.id}`, { invoices: [{ invoiceId: invoice.id, amount: 60 }] }),
      'accounting.over_allocation',
    );
    expectFailure(await api(admin, 'PUT', `/Accounting/Payment/${payment.id}`, { paymentMethodType: 2 }), 'accounting.no_saved_card');
    const batch = await api(admin, 'PUT', '/Accounting/Payments', [
      { id: payment.id, memo: 'kept?' },
      { id: payment.id, memo: 'twice' },
    ]);
    expectProblem(batch, 'id');
    const other = await signIn(t);
    const theirs = await createPayment(t, other, { amount: 5 });
    expectNotFound(await api(admin, 'PUT', `/Accounting/Payment/${theirs.id}`, { memo: 'x' }));
    const theirPayment = await api(admin, 'PUT', '/Accounting/Payments', [{ id: payment.id, memo: 'x' }, { id: theirs.id }]);
    expectNotFound(theirPayment);
    assert.equal(theirPayment.body.errors[0].message, `Payment ${theirs.id} was not found.`);
    // Another company's customer, invoice or deposit account in a change, as missing.
    const theirInvoice = await createApprovedInvoice(t, other);
    const theirAccount = (await api(other, 'POST', '/Accounting/DepositAccount', { name: 'Theirs' })).body.data;
    const second = await createPayment(t, admin, { customerId: invoice.customerId, amount: 5 });
    const change = (fields: Record<string, unknown>) =>
      api(admin, 'PUT', '/Accounting/Payments', [
        { id: payment.id, memo: 'x' },
        { id: second.id, ...fields },
      ]);
    expectNotFound(await change({ customerId: theirInvoice.customerId }));
    const invoices = await change({ invoices: [{ invoiceId: theirInvoice.id }] });
    expectNotFound(invoices);
    assert.equal(invoices.body.errors[0].message, `Invoice ${theirInvoice.id} was not found.`);
    expectProblem(await change({ depositAccountId: theirAccount.id }), '[1].depositAccountId');
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    expectForbidden(await api(dispatcher, 'PUT', `/Accounting/Payment/${payment.id}`, { memo: 'x' }), 'Add/Edit payment');
    expectForbidden(await api(dispatcher, 'PUT', '/Accounting/Payments', [{ id: payment.id, memo: 'x' }]), 'Add/Edit payment');
    assert.equal(await auditCount(t, admin.companyId, 'payment.updated'), 0);
    assert.equal((await api(admin, 'DELETE', `/Accounting/Payment/${payment.id}`)).status, 200);
    expectFailure(await api(admin, 'PUT', `/Accounting/Payment/${payment.id}`, { memo: 'x' }), 'accounting.payment_deleted');
  });

  it('a payment whose customer was deleted is changed with its customer sent back; moving it to a deleted one is refused as missing', async () => {
    const admin = await signIn(t);
    const payment = await createPayment(t, admin, { amount: 5 });
    const gone = await createCustomer(t, admin);
    for (const id of [payment.customerId, gone.id]) {
      const deleted = await api(admin, 'DELETE', `/Customers?ids=${id}`);
      assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
    }
    const memo = await api(admin, 'PUT', `/Accounting/Payment/${payment.id}`, { customerId: payment.customerId, memo: 'Kept' });
    assert.deepEqual([memo.status, memo.body.data?.memo], [200, 'Kept'], JSON.stringify(memo.body));
    const moved = await api(admin, 'PUT', `/Accounting/Payment/${payment.id}`, { customerId: gone.id });
    expectNotFound(moved);
    assert.equal(moved.body.errors[0].message, `Customer ${gone.id} was not found.`);
  });
});

describe('DELETE, restore and permanent delete of a payment', () => {
  it('takes the payment off its invoices, puts it back, deletes it for good', async () => {
    const admin = await signIn(t);
    const invoice = await createApprovedInvoice(t, admin);
    const payment = await createPayment(t, admin, { customerId: invoice.customerId, amount: 350.01, invoices: [{ invoiceId: invoice.id }] });
    assert.equal((await invoiceOf(admin, invoice.id)).transactionStatus, 'Paid');
    assert.equal((await api(admin, 'DELETE', `/Accounting/Payment/${payment.id}`)).status, 200);
    assert.equal((await api(admin, 'DELETE', `/Accounting/Payment/${payment.id}`)).status, 200);
    assert.deepEqual([(await invoiceOf(admin, invoice.id)).balance, await paymentsOf(admin, invoice.id)], [350.01, []]);
    assert.deepEqual((await api(admin, 'GET', '/Accounting/Payments')).body.data, []);
    const listed = (await api(admin, 'GET', '/Accounting/Payments?includeDeleted=true')).body.data;
    assert.deepEqual(
      listed.map((p: any) => [p.id, p.status]),
      [[payment.id, 'Deleted']],
    );
    const restored = await api(admin, 'PUT', `/Accounting/Payment/Restore/${payment.id}`);
    assert.equal(restored.status, 200, JSON.stringify(restored.body));
    assert.deepEqual([restored.body.data.status, (await invoiceOf(admin, invoice.id)).transactionStatus], ['Settled', 'Paid']);
    // Deleted again, its invoice paid meanwhile by another: restoring would pay it twice.
    await api(admin, 'DELETE', `/Accounting/Payment/${payment.id}`);
    await createPayment(t, admin, { customerId: invoice.customerId, amount: 20, invoices: [{ invoiceId: invoice.id }] });
    expectFailure(await api(admin, 'PUT', `/Accounting/Payment/Restore/${payment.id}`), 'accounting.over_allocation');
    assert.equal((await api(admin, 'DELETE', `/Accounting/Payment/Permanent/${payment.id}`)).status, 200);
    expectNotFound(await api(admin, 'PUT', `/Accounting/Payment/Restore/${payment.id}`));
    assert.equal((await invoiceOf(admin, invoice.id)).amountPaid, 20);
    assert.deepEqual(
      [
        await auditCount(t, admin.companyId, 'payment.deleted'),
        await auditCount(t, admin.companyId, 'payment.restored'),
        await auditCount(t, admin.companyId, 'payment.purged'),
      ],
      [2, 1, 1],
    );
  });

  it('needs the Company Admin role; another company’s payment behaves as missing', async () => {
    const admin = await signIn(t);
    const payment = await createPayment(t, admin, { amount: 5 });
    const accountant = await signIn(t, 'Accountant', admin.companyId);
    for (const [method, url] of [
      ['DELETE', `/Accounting/Payment/${payment.id}`],
      ['DELETE', `/Accounting/Payment/Permanent/${payment.id}`],
      ['PUT', `/Accounting/Payment/Restore/${payment.id}`],
    ] as const)
      expectForbidden(await api(accountant, method, url), 'Company Admin');
    const other = await signIn(t);
    expectNotFound(await api(other, 'DELETE', `/Accounting/Payment/${payment.id}`));
    expectNotFound(await api(other, 'DELETE', `/Accounting/Payment/Permanent/${payment.id}`));
    expectNotFound(await api(other, 'PUT', `/Accounting/Payment/Restore/${payment.id}`));
    assert.equal(await countRows(t, 'payments', admin.companyId), 1);
  });
});

describe('GET /Accounting/Payments and InvoicePayments', () => {
  it('lists by day, from and to inclusive, newest first; refuses to before from', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    for (const date of ['2026-10-31', '2026-11-01', '2026-11-15', '2026-11-30', '2026-12-01'])
      await createPayment(t, admin, { customerId: customer.id, amount: 1, date });
    await createPayment(t, admin, { amount: 2, date: '2026-11-15' });
    const days = async (query: string) => (await api(admin, 'GET', `/Accounting/Payments?${query}`)).body.data.map((p: any) => p.date);
    assert.deepEqual(await days('from=2026-11-01T00:00:00Z&to=2026-11-30T00:00:00Z'), ['2026-11-30', '2026-11-15', '2026-11-15', '2026-11-01']);
    assert.deepEqual(await days(`customerId=${customer.id}&from=2026-11-15T00:00:00Z`), ['2026-12-01', '2026-11-30', '2026-11-15']);
    expectProblem(await api(admin, 'GET', '/Accounting/Payments?from=2026-11-02T00:00:00Z&to=2026-11-01T00:00:00Z'), 'to');
    const other = await signIn(t);
    assert.deepEqual((await api(admin, 'GET', `/Accounting/Payments?customerId=${(await createCustomer(t, other)).id}`)).body.data, []);
    expectNotFound(await api(other, 'GET', `/Accounting/InvoicePayments/${(await createApprovedInvoice(t, admin)).id}`));
  });
});

describe('POST /Accounting/DepositAccount and GET DepositAccounts', () => {
  it('makes and changes accounts, one default, names unique; running totals', async () => {
    const admin = await signIn(t);
    const bank = (await api(admin, 'POST', '/Accounting/DepositAccount', { name: 'Chase operating', openingBalance: 1000.5, isDefault: true })).body.data;
    const till = await api(admin, 'POST', '/Accounting/DepositAccount', { name: 'Cash till', accountType: 'Cash', isDefault: true });
    assert.equal(till.status, 200, JSON.stringify(till.body));
    await createPayment(t, admin, { amount: 99.5, depositAccountId: bank.id });
    await createPayment(t, admin, { amount: 10 });
    const renamed = await api(admin, 'POST', '/Accounting/DepositAccount', { id: bank.id, name: 'Chase Operating', ledgerAccount: 'Checking' });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    const accounts = (await api(admin, 'GET', '/Accounting/DepositAccounts')).body.data;
    assert.deepEqual(
      accounts.map((a: any) => [a.name, a.accountType, a.ledgerAccount, a.isDefault, a.openingBalance, a.depositedTotal, a.paymentsCount, a.balance]),
      [
        ['Cash till', 'Cash', null, true, 0, 10, 1, 10],
        ['Chase Operating', 'Bank', 'Checking', false, 1000.5, 99.5, 1, 1100],
      ],
    );
    expectFailure(await api(admin, 'POST', '/Accounting/DepositAccount', { name: 'cash TILL' }), 'accounting.duplicate_deposit_account');
    expectFailure(await api(admin, 'POST', '/Accounting/DepositAccount', { id: bank.id, name: 'Chase', currency: 'EUR' }), 'accounting.currency_mismatch');
    expectFailure(await api(admin, 'POST', '/Accounting/DepositAccount', { name: 'Euro', currency: 'EUX' }), 'accounting.unknown_currency');
    expectProblem(await api(admin, 'POST', '/Accounting/DepositAccount', { name: 'x'.repeat(101) }), 'name');
    const other = await signIn(t);
    expectNotFound(await api(other, 'POST', '/Accounting/DepositAccount', { id: bank.id, name: 'Mine now' }));
    assert.deepEqual((await api(other, 'GET', '/Accounting/DepositAccounts')).body.data, []);
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    expectForbidden(await api(dispatcher, 'POST', '/Accounting/DepositAccount', { name: 'Petty' }), 'Add/Edit payment');
    expectForbidden(await api(dispatcher, 'GET', '/Accounting/DepositAccounts'), 'View Invoices and Payments');
    assert.equal(await countRows(t, 'deposit_accounts', admin.companyId), 2);
  });
});

describe('PUT /Customers/MergeCustomers and billing', () => {
  it('moves the merged customers’ invoices, payments and saved cards to the customer kept', async () => {
    const admin = await signIn(t);
    const parent = await createCustomer(t, admin);
    const child = await createCustomer(t, admin);
    const invoice = await createApprovedInvoice(t, admin, { customerId: child.id });
    const payment = await createPayment(t, admin, { customerId: child.id, amount: 50, invoices: [{ invoiceId: invoice.id }] });
    await api(admin, 'POST', `/Accounting/Customers/${child.id}/PaymentMethods`, { paymentMethodRef: 'pm_card_visa' });
    const merged = await api(admin, 'PUT', '/Customers/MergeCustomers', { parentCustomerId: parent.id, customerIds: [child.id] });
    assert.equal(merged.status, 200, JSON.stringify(merged.body));
    assert.deepEqual([(await invoiceOf(admin, invoice.id)).customerId, (await invoiceOf(admin, invoice.id)).balance], [parent.id, 300.01]);
    assert.deepEqual(
      (await api(admin, 'GET', `/Accounting/Payments?customerId=${parent.id}`)).body.data.map((p: any) => p.id),
      [payment.id],
    );
    assert.equal((await api(admin, 'GET', `/Accounting/Customers/${parent.id}/PaymentMethods`)).body.data.length, 1);
    const log = (await api(admin, 'GET', `/Accounting/AuditLog?invoiceId=${invoice.id}`)).body.data;
    assert.match(log[0].description, new RegExp(`merged into customer ${parent.id}`));
  });
});
