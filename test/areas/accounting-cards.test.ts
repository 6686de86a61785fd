// Card payments through the sandbox processor: saved cards, charges settled, declined and timed
// out, the Idempotency-Key, a crash between the processor's answer and the commit, the reconciler.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, afterEach, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { HOOKS } from '../../src/app.js';
import { chargeHooks } from '../../src/areas/accounting/card-charges.js';
import { startCardReconciler } from '../../src/areas/accounting/index.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound } from '../helpers/expect.js';
import { auditCount, countRows, createApprovedInvoice, createCustomer, createPayment, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  // A short processor deadline: the timeout card answers after it.
  t = await startTestApp({ env: { PAYMENTS_TIMEOUT_MS: '300' } });
});
after(() => t.close());
afterEach(() => {
  chargeHooks.afterCharge = null;
});

const api = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers?: Record<string, string>) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) });

const saveCard = async (s: Session, customerId: number, ref = 'pm_card_visa', isDefault?: boolean) => {
  const res = await api(s, 'POST', `/Accounting/Customers/${customerId}/PaymentMethods`, {
    paymentMethodRef: ref,
    ...(isDefault !== undefined ? { isDefault } : {}),
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
};
const invoiceOf = async (s: Session, id: number) => (await api(s, 'GET', `/Accounting/invoice/${id}`)).body.data;
const newestPayment = async (s: Session, customerId: number) =>
  (await api(s, 'GET', `/Accounting/Payments?customerId=${customerId}&includeDeleted=true`)).body.data[0];
const charges = async (companyId: number) =>
  Number((await sql<{ n: string }>`select count(*) as n from sandbox_charges where company_id = ${companyId}`.execute(t.database.db)).rows[0]!.n);
const reconciler = () =>
  startCardReconciler({ db: t.database.db, config: t.config, hooks: HOOKS, log: { info() {}, warn() {}, error() {} }, autoStart: false });
/** Makes the company's pending payments due for the reconciler now. */
const dueNow = (companyId: number) =>
  sql`update payments set reconcile_after = now() - interval '1 second' where company_id = ${companyId} and processing_status = 'pending'`.execute(
    t.database.db,
  );

describe('saved cards: /Accounting/Customers/{customerId}/PaymentMethods', () => {
  it('saves the processor’s card by reference (brand, last four), the first as default; lists; deletes', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    const visa = await saveCard(admin, customer.id);
    assert.deepEqual([visa.processor, visa.brand, visa.last4, visa.isDefault, visa.customerId], ['sandbox', 'visa', '4242', true, customer.id]);
    assert.match(visa.paymentMethodRef, /^pm_card_visa__[0-9a-f]{16}$/);
    const mc = await saveCard(admin, customer.id, 'pm_card_mastercard', true);
    const listed = (await api(admin, 'GET', `/Accounting/Customers/${customer.id}/PaymentMethods`)).body.data;
    assert.deepEqual(
      listed.map((m: any) => [m.id, m.brand, m.last4, m.isDefault]),
      [
        [mc.id, 'mastercard', '4444', true],
        [visa.id, 'visa', '4242', false],
      ],
    );
    expectFailure(
      await api(admin, 'POST', `/Accounting/Customers/${customer.id}/PaymentMethods`, { paymentMethodRef: '4242424242424242' }),
      'accounting.payment_method_refused',
    );
    assert.equal((await api(admin, 'DELETE', `/Accounting/Customers/${customer.id}/PaymentMethods/${visa.id}`)).status, 200);
    assert.equal((await api(admin, 'GET', `/Accounting/Customers/${customer.id}/PaymentMethods`)).body.data.length, 1);
    assert.equal(await auditCount(t, admin.companyId, 'payment_method.saved'), 2);
    const other = await signIn(t);
    expectNotFound(await api(other, 'GET', `/Accounting/Customers/${customer.id}/PaymentMethods`));
    expectNotFound(await api(other, 'POST', `/Accounting/Customers/${customer.id}/PaymentMethods`, { paymentMethodRef: 'pm_card_visa' }));
    expectNotFound(await api(other, 'DELETE', `/Accounting/Customers/${customer.id}/PaymentMethods/${mc.id}`));
    const theirs = await createCustomer(t, other);
    expectNotFound(await api(admin, 'DELETE', `/Accounting/Customers/${theirs.id}/PaymentMethods/${mc.id}`));
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    expectForbidden(
      await api(dispatcher, 'POST', `/Accounting/Customers/${customer.id}/PaymentMethods`, { paymentMethodRef: 'pm_card_visa' }),
      'Add/Edit payment',
    );
    expectForbidden(await api(dispatcher, 'GET', `/Accounting/Customers/${customer.id}/PaymentMethods`), 'View Invoices and Payments');
    assert.equal(await countRows(t, 'customer_payment_methods', admin.companyId), 2);
  });
});

describe('card payments (paymentMethodType 2)', () => {
  it('charges the saved card at once: Settled, the invoice Paid, one charge at the processor', async () => {
    const admin = await signIn(t);
    const invoice = await createApprovedInvoice(t, admin);
    const card = await saveCard(admin, invoice.customerId);
    const res = await api(admin, 'POST', '/Accounting/Payment', {
      customerId: invoice.customerId,
      amount: 350.01,
      paymentMethodType: 2,
      paymentMethod: card.id,
      invoices: [{ invoiceId: invoice.id }],
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const payment = await newestPayment(admin, invoice.customerId);
    assert.deepEqual(
      [payment.status, payment.paymentMethodType, payment.paymentMethod, payment.cardBrand, payment.cardLast4],
      ['Settled', 2, card.id, 'visa', '4242'],
    );
    assert.deepEqual([(await invoiceOf(admin, invoice.id)).transactionStatus, await charges(admin.companyId)], ['Paid', 1]);
    assert.equal(await auditCount(t, admin.companyId, 'payment.settled'), 1);
    // A charged payment keeps its money and card; its details still change.
    expectFailure(await api(admin, 'PUT', `/Accounting/Payment/${payment.id}`, { amount: 10 }), 'accounting.payment_charged');
    expectFailure(await api(admin, 'PUT', `/Accounting/Payment/${payment.id}`, { paymentMethodType: 0 }), 'accounting.payment_charged');
    assert.equal((await api(admin, 'PUT', `/Accounting/Payment/${payment.id}`, { memo: 'Card on file' })).status, 200);
    assert.equal(await charges(admin.companyId), 1);
  });

  it('a declined card is a 400 with the code; the payment reads Failed and pays nothing', async () => {
    const admin = await signIn(t);
    const invoice = await createApprovedInvoice(t, admin);
    await saveCard(admin, invoice.customerId, 'pm_card_chargeDeclinedInsufficientFunds');
    // No paymentMethod: the customer's default card.
    const res = await api(admin, 'POST', '/Accounting/BulkPayment', {
      customerId: invoice.customerId,
      amount: 100,
      paymentMethodType: 2,
      invoices: [{ invoiceId: invoice.id }],
    });
    expectFailure(res, 'accounting.card_declined');
    assert.match(res.body.errors[0].message, /insufficient_funds/);
    const payment = await newestPayment(admin, invoice.customerId);
    assert.deepEqual([payment.status, payment.failureCode], ['Failed', 'insufficient_funds']);
    const after = await invoiceOf(admin, invoice.id);
    assert.deepEqual([after.amountPaid, after.amountPending, after.balance], [0, 0, 350.01]);
    // Sent again with another card (a check made a card payment is charged the same way).
    const visa = await saveCard(admin, invoice.customerId, 'pm_card_visa', true);
    const again = await api(admin, 'PUT', `/Accounting/Payment/${payment.id}`, { paymentMethod: visa.id });
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.deepEqual([again.body.data.status, again.body.data.cardLast4, (await invoiceOf(admin, invoice.id)).amountPaid], ['Settled', '4242', 100]);
    const check = await createPayment(t, admin, { customerId: invoice.customerId, amount: 5 });
    const charged = await api(admin, 'PUT', `/Accounting/Payment/${check.id}`, { paymentMethodType: 2 });
    assert.deepEqual([charged.status, charged.body.data.status, charged.body.data.paymentMethodType], [200, 'Settled', 2]);
    assert.equal(await charges(admin.companyId), 3);
  });

  it('refuses a card payment without a saved card, or another customer’s card; writes nothing', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    const body = { customerId: customer.id, amount: 10, paymentMethodType: 2 };
    expectFailure(await api(admin, 'POST', '/Accounting/Payment', body), 'accounting.no_saved_card');
    const someoneElse = await createCustomer(t, admin);
    const theirCard = await saveCard(admin, someoneElse.id);
    expectFailure(await api(admin, 'POST', '/Accounting/Payment', { ...body, paymentMethod: theirCard.id }), 'accounting.no_saved_card');
    const other = await signIn(t);
    const otherCard = await saveCard(other, (await createCustomer(t, other)).id);
    expectFailure(await api(admin, 'POST', '/Accounting/Payment', { ...body, paymentMethod: otherCard.id }), 'accounting.no_saved_card');
    assert.deepEqual([await countRows(t, 'payments', admin.companyId), await charges(admin.companyId)], [0, 0]);
  });

  it('a processor that does not answer in time leaves the payment Pending and says so; the reconciler settles it, charging once', async () => {
    const admin = await signIn(t);
    const invoice = await createApprovedInvoice(t, admin);
    await saveCard(admin, invoice.customerId, 'pm_card_sandboxTimeout');
    const res = await api(admin, 'POST', '/Accounting/Payment', {
      customerId: invoice.customerId,
      amount: 50,
      paymentMethodType: 2,
      invoices: [{ invoiceId: invoice.id }],
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.match(res.body.otherMessages[0].message, /did not answer in time.*Pending/);
    const payment = await newestPayment(admin, invoice.customerId);
    assert.equal(payment.status, 'Pending');
    assert.deepEqual([(await invoiceOf(admin, invoice.id)).amountPending, (await invoiceOf(admin, invoice.id)).amountPaid], [50, 0]);
    expectFailure(await api(admin, 'DELETE', `/Accounting/Payment/${payment.id}`), 'accounting.payment_pending');
    // The job works across companies (other test files' too): each check reads this company's rows.
    const job = reconciler();
    await job.runOnce();
    assert.equal((await newestPayment(admin, invoice.customerId)).status, 'Pending', 'not due yet: the request may still be answering');
    await dueNow(admin.companyId);
    await job.runOnce();
    assert.deepEqual(
      [(await newestPayment(admin, invoice.customerId)).status, (await invoiceOf(admin, invoice.id)).amountPaid, await charges(admin.companyId)],
      ['Settled', 50, 1],
    );
    await job.stop();
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer byte for byte; another body with the key is a 422; another user’s key is another key', async () => {
    const admin = await signIn(t);
    const invoice = await createApprovedInvoice(t, admin);
    await saveCard(admin, invoice.customerId);
    const key = randomUUID();
    const body = { customerId: invoice.customerId, amount: 20, paymentMethodType: 2, invoices: [{ invoiceId: invoice.id }] };
    const first = await api(admin, 'POST', '/Accounting/Payment', body, { 'idempotency-key': key });
    const again = await api(admin, 'POST', '/Accounting/Payment', body, { 'idempotency-key': key });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual([again.status, again.raw.equals(first.raw), again.headers['idempotent-replayed']], [200, true, 'true']);
    assert.deepEqual([await countRows(t, 'payments', admin.companyId), await charges(admin.companyId)], [1, 1]);
    const reused = await api(admin, 'POST', '/Accounting/Payment', { ...body, amount: 21 }, { 'idempotency-key': key });
    assert.equal(reused.status, 422, JSON.stringify(reused.body));
    assert.equal(reused.body.errors[0].code, 'meta.idempotency_key_reused');
    const colleague = await signIn(t, 'Accountant', admin.companyId);
    assert.equal((await api(colleague, 'POST', '/Accounting/Payment', body, { 'idempotency-key': key })).status, 200);
    assert.deepEqual([await countRows(t, 'payments', admin.companyId), await charges(admin.companyId)], [2, 2]);
    // A decline is an answer too: replayed, not charged again.
    await saveCard(admin, invoice.customerId, 'pm_card_chargeDeclined', true);
    const declinedKey = randomUUID();
    const declined = await api(admin, 'POST', '/Accounting/Payment', { ...body, amount: 1 }, { 'idempotency-key': declinedKey });
    expectFailure(declined, 'accounting.card_declined');
    assert.ok((await api(admin, 'POST', '/Accounting/Payment', { ...body, amount: 1 }, { 'idempotency-key': declinedKey })).raw.equals(declined.raw));
    assert.equal(await charges(admin.companyId), 3);
    const bad = await api(admin, 'POST', '/Accounting/Payment', body, { 'idempotency-key': 'x'.repeat(256) });
    assert.equal(bad.status, 400);
  });

  it('a request whose key is still being answered is a 409', async () => {
    const admin = await signIn(t);
    const invoice = await createApprovedInvoice(t, admin);
    await saveCard(admin, invoice.customerId, 'pm_card_sandboxTimeout');
    const key = randomUUID();
    const body = { customerId: invoice.customerId, amount: 20, paymentMethodType: 2, invoices: [{ invoiceId: invoice.id }] };
    const slow = api(admin, 'POST', '/Accounting/Payment', body, { 'idempotency-key': key });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const meanwhile = await api(admin, 'POST', '/Accounting/Payment', body, { 'idempotency-key': key });
    assert.equal(meanwhile.status, 409, JSON.stringify(meanwhile.body));
    assert.equal(meanwhile.body.errors[0].code, 'meta.idempotency_key_in_flight');
    assert.equal((await slow).status, 200);
    assert.equal(await charges(admin.companyId), 1);
  });

  it('a crash between the processor’s answer and the commit: a retry with the key resumes the payment, the reconciler settles one left alone; one charge each', async () => {
    const admin = await signIn(t);
    const invoice = await createApprovedInvoice(t, admin);
    await saveCard(admin, invoice.customerId);
    const body = { customerId: invoice.customerId, amount: 30, paymentMethodType: 2, invoices: [{ invoiceId: invoice.id }] };
    chargeHooks.afterCharge = () => {
      throw new Error('killed between the processor’s answer and the commit (test hook)');
    };
    const key = randomUUID();
    assert.equal((await api(admin, 'POST', '/Accounting/Payment', body, { 'idempotency-key': key })).status, 500);
    const crashedAgain = await api(admin, 'POST', '/Accounting/Payment', { ...body, amount: 40 });
    assert.equal(crashedAgain.status, 500);
    chargeHooks.afterCharge = null;
    const pending = (await api(admin, 'GET', `/Accounting/Payments?customerId=${invoice.customerId}`)).body.data;
    assert.deepEqual(
      pending.map((p: any) => p.status),
      ['Pending', 'Pending'],
    );
    assert.equal((await invoiceOf(admin, invoice.id)).amountPending, 70);
    // The client sends the first again: the same payment is resumed (no second row, no second charge).
    const retried = await api(admin, 'POST', '/Accounting/Payment', body, { 'idempotency-key': key });
    assert.equal(retried.status, 200, JSON.stringify(retried.body));
    // The second, sent without a key, is left to the reconciler.
    await dueNow(admin.companyId);
    const job = reconciler();
    await job.runOnce();
    await job.stop();
    const settled = (await api(admin, 'GET', `/Accounting/Payments?customerId=${invoice.customerId}`)).body.data;
    assert.deepEqual(
      settled.map((p: any) => [p.amount, p.status]),
      [
        [40, 'Settled'],
        [30, 'Settled'],
      ],
    );
    const after = await invoiceOf(admin, invoice.id);
    assert.deepEqual([after.amountPaid, after.amountPending, await countRows(t, 'payments', admin.companyId), await charges(admin.companyId)], [70, 0, 2, 2]);
  });
});
