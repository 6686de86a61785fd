import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { createApprovedInvoice, createCustomer, createInvoice, createPayment, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, url: string) => call(t, 'GET', `/api/v1${url}`, { token: session.token });
const today = () => new Date().toISOString().slice(0, 10);
const thisMonth = () => today().slice(0, 7);
const monthsAgo = (n: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - n, 1)).toISOString().slice(0, 7);
};

/** A customer with: a Draft, a paid invoice, one overdue and partly paid (all 350.01 USD), one in EUR. */
async function books(admin: Session) {
  const customer = await createCustomer(t, admin);
  const draft = await createInvoice(t, admin, { customerId: customer.id });
  const paid = await createApprovedInvoice(t, admin, { customerId: customer.id });
  const late = await createApprovedInvoice(t, admin, { customerId: customer.id, invoiceDate: '2026-01-05', dueDate: '2026-02-04' });
  const euro = await createApprovedInvoice(t, admin, { customerId: customer.id, currency: 'EUR' });
  await createPayment(t, admin, { customerId: customer.id, amount: 450.01, invoices: [{ invoiceId: paid.id }, { invoiceId: late.id }] });
  return { customer, draft, paid, late, euro };
}

describe('GET /Accounting/InvoiceStats', () => {
  it('counts and sums per currency and status, to the cent', async () => {
    const admin = await signIn(t);
    await books(admin);
    const res = await api(admin, '/Accounting/InvoiceStats');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const [eur, usd] = res.body.data.currencies;
    assert.equal(res.body.data.asOf, today());
    assert.deepEqual(
      [usd.currency, usd.invoiceCount, usd.approvedTotal, usd.outstanding, usd.overdue, usd.overdueCount, usd.draftTotal, usd.paidLast30Days],
      ['USD', 3, 700.02, 250.01, 250.01, 1, 350.01, 450.01],
    );
    assert.deepEqual(
      usd.byStatus.map((s: any) => [s.status, s.count, s.total, s.balance]),
      [
        ['Draft', 1, 350.01, 350.01],
        ['Overdue', 1, 350.01, 250.01],
        ['Paid', 1, 350.01, 0],
      ],
    );
    assert.deepEqual([eur.currency, eur.invoiceCount, eur.outstanding, eur.overdue, eur.paidLast30Days], ['EUR', 1, 350.01, 0, 0]);
    const other = await signIn(t);
    assert.deepEqual((await api(other, '/Accounting/InvoiceStats')).body.data.currencies, []);
    expectForbidden(await api(await signIn(t, 'Dispatcher', admin.companyId), '/Accounting/InvoiceStats'), 'View Invoices and Payments');
  });
});

describe('GET /Customers/{id}/CustomerBalanceStats and MonthlyStatistic', () => {
  it('answers the customer’s receivable in its main currency, the others apart; and its months', async () => {
    const admin = await signIn(t);
    const { customer } = await books(admin);
    const res = await api(admin, `/Customers/${customer.id}/CustomerBalanceStats`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const s = res.body.data;
    assert.deepEqual(
      [
        s.customerId,
        s.month,
        s.currency,
        s.invoiceCount,
        s.invoicedTotal,
        s.paymentsCount,
        s.paymentsTotal,
        s.balance,
        s.overdueBalance,
        s.overdueCount,
        s.lastPaymentDate,
      ],
      [customer.id, null, 'USD', 2, 700.02, 1, 450.01, 250.01, 250.01, 1, today()],
    );
    assert.deepEqual(
      s.otherCurrencies.map((o: any) => [o.currency, o.invoiceCount, o.balance]),
      [['EUR', 1, 350.01]],
    );
    const monthly = await api(admin, `/Customers/${customer.id}/MonthlyStatistic?months=3`);
    assert.equal(monthly.status, 200, JSON.stringify(monthly.body));
    assert.deepEqual(
      monthly.body.data.map((m: any) => [m.currency, m.month, m.invoiceCount, m.invoicedTotal, m.paymentsTotal]),
      [
        ['USD', monthsAgo(2), 0, 0, 0],
        ['USD', monthsAgo(1), 0, 0, 0],
        ['USD', thisMonth(), 1, 350.01, 450.01],
        ['EUR', monthsAgo(2), 0, 0, 0],
        ['EUR', monthsAgo(1), 0, 0, 0],
        ['EUR', thisMonth(), 1, 350.01, 0],
      ],
    );
    assert.equal((await api(admin, `/Customers/${customer.id}/MonthlyStatistic`)).body.data.length, 24);
    expectProblem(await api(admin, `/Customers/${customer.id}/MonthlyStatistic?months=37`), 'months');
    // A customer without invoices: zeros in USD.
    const fresh = await createCustomer(t, admin);
    const none = (await api(admin, `/Customers/${fresh.id}/CustomerBalanceStats`)).body.data;
    assert.deepEqual([none.currency, none.balance, none.otherCurrencies], ['USD', 0, []]);
    const other = await signIn(t);
    expectNotFound(await api(other, `/Customers/${customer.id}/CustomerBalanceStats`));
    expectNotFound(await api(other, `/Customers/${customer.id}/MonthlyStatistic`));
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    expectForbidden(await api(dispatcher, `/Customers/${customer.id}/CustomerBalanceStats`), 'View Invoices and Payments');
    expectForbidden(await api(dispatcher, `/Customers/${customer.id}/MonthlyStatistic`), 'View Invoices and Payments');
  });
});
