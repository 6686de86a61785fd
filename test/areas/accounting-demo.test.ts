// The demo books (`fds demo`): invoices of closed orders in every status, payments by check, cash
// and sandbox card, deposit accounts with running totals.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, type TestApp } from '../helpers/app.js';
import { signInAdmin, startDemoApp, type TestCompany } from '../helpers/factories.js';
import { expectFiguresAgree } from '../helpers/figures.js';

let t: TestApp;
let company: TestCompany;
// One demo company for the run's demo tests, which only read it (factories.ts, startDemoApp).
before(async () => {
  ({ t, company } = await startDemoApp());
});
after(() => t.close());

describe('accounting demo data', () => {
  it('has invoices in every status, payments by check, cash and card, and deposit accounts', async () => {
    const admin = await signInAdmin(t, company);
    const get = async (url: string, method: 'GET' | 'POST' = 'GET', body?: unknown) => {
      const res = await call(t, method, `/api/v1${url}`, { token: admin.token, ...(body ? { body } : {}) });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.data;
    };
    const invoices = (await get('/Accounting', 'POST', { transactionType: 'Invoice', includeDeleted: true, itemsPerPage: 100 })).list;
    const statuses = new Set(invoices.map((i: any) => i.status));
    for (const s of ['Draft', 'Approved', 'Open', 'Overdue', 'PartialPaid', 'Paid', 'Deleted']) assert.ok(statuses.has(s), `${s} in ${[...statuses]}`);
    const payments = await get('/Accounting/Payments');
    const methods = new Set(payments.map((p: any) => p.paymentMethodType));
    assert.deepEqual([...methods].sort(), [0, 1, 2]);
    assert.ok(payments.filter((p: any) => p.paymentMethodType === 2).every((p: any) => p.status === 'Settled' && p.cardLast4 === '4242'));
    const accounts = await get('/Accounting/DepositAccounts');
    assert.deepEqual(
      accounts.map((a: any) => a.name),
      ['Cash drawer', 'Operating account'],
    );
    assert.ok(accounts[1].depositedTotal > 0 && accounts[1].balance > 25_000);
    const stats = await get('/Accounting/InvoiceStats');
    assert.ok(stats.currencies.length > 0);
    // The books' running figures, kept by the services that made them, agree with the rows.
    await expectFiguresAgree(t, company.companyId, 'the demo');
  });
});
