import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectForbidden, expectProblem } from '../helpers/expect.js';
import { createApprovedInvoice, createCustomer, createInvoice, createPayment, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const search = (session: Session, body: Record<string, unknown>) => call(t, 'POST', '/api/v1/Accounting', { token: session.token, body });
const rows = async (session: Session, body: Record<string, unknown>) => {
  const res = await search(session, body);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
};

describe('POST /Accounting', () => {
  it('lists invoices and payments in one page, newest first; by type, customer, days, status, number; paged', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    const draft = await createInvoice(t, admin, { customerId: customer.id, invoiceDate: '2026-10-01' });
    const paid = await createApprovedInvoice(t, admin, { customerId: customer.id, invoiceDate: '2026-10-05' });
    const check = await createPayment(t, admin, {
      customerId: customer.id,
      amount: 400,
      date: '2026-10-10',
      referenceNumber: 'CHK-5521',
      invoices: [{ invoiceId: paid.id }],
    });
    const gone = await createPayment(t, admin, { customerId: customer.id, amount: 3, date: '2026-10-11' });
    await call(t, 'DELETE', `/api/v1/Accounting/Payment/${gone.id}`, { token: admin.token });
    const elsewhere = await createApprovedInvoice(t, admin, { invoiceDate: '2026-10-07' });
    const all = await rows(admin, {});
    assert.deepEqual(
      all.list.map((x: any) => [x.type, x.id, x.date, x.status]),
      [
        ['Payment', check.id, '2026-10-10', 'Settled'],
        ['Invoice', elsewhere.id, '2026-10-07', 'Overdue'],
        ['Invoice', paid.id, '2026-10-05', 'Paid'],
        ['Invoice', draft.id, '2026-10-01', 'Draft'],
      ],
    );
    assert.equal(all.totalCount, 4);
    const first = all.list[0];
    assert.deepEqual(
      [first.number, first.customerId, first.customerName, first.amount, first.balance, first.currency, first.dueDate],
      ['CHK-5521', customer.id, customer.name, 400, 49.99, 'USD', null],
    );
    assert.deepEqual([all.list[2].number, all.list[2].amount, all.list[2].balance], [paid.invoiceNumber, 350.01, 0]);
    const ids = async (body: Record<string, unknown>) => (await rows(admin, body)).list.map((x: any) => `${x.type[0]}${x.id}`);
    assert.deepEqual(await ids({ transactionType: 'Invoice', customerId: customer.id }), [`I${paid.id}`, `I${draft.id}`]);
    assert.deepEqual(await ids({ transactionType: 1, includeDeleted: true }), [`P${gone.id}`, `P${check.id}`]);
    assert.deepEqual(await ids({ statuses: ['Deleted'] }), [`P${gone.id}`]);
    assert.deepEqual(await ids({ from: '2026-10-05', to: '2026-10-07' }), [`I${elsewhere.id}`, `I${paid.id}`]);
    assert.deepEqual(await ids({ statuses: ['Paid', 'Draft'] }), [`I${paid.id}`, `I${draft.id}`]);
    assert.deepEqual(await ids({ searchTerm: 'chk-55' }), [`P${check.id}`]);
    assert.deepEqual(await ids({ SearchTerm: paid.invoiceNumber }), [`I${paid.id}`]);
    // By amount: the three invoices' 350.01 (by type, then id), then the check's 400.
    assert.deepEqual(await ids({ sortBy: 'amount', sortDirection: 0 }), [`I${draft.id}`, `I${paid.id}`, `I${elsewhere.id}`, `P${check.id}`]);
    const page2 = await rows(admin, { itemsPerPage: 3, page: 2 });
    assert.deepEqual([page2.totalCount, page2.list.map((x: any) => x.id)], [4, [draft.id]]);
  });

  it('refuses bad criteria; another company’s customer matches nothing; needs View Invoices and Payments', async () => {
    const admin = await signIn(t);
    await createApprovedInvoice(t, admin);
    expectProblem(await search(admin, { from: '2026-11-02', to: '2026-11-01' }), 'to');
    expectProblem(await search(admin, { statuses: ['Lost'] }), 'statuses[0]');
    expectProblem(await search(admin, { transactionType: 'Refund' }), 'transactionType');
    expectProblem(await search(admin, { sortBy: 'colour' }), 'SortBy');
    const other = await signIn(t);
    const theirs = await createCustomer(t, other);
    assert.deepEqual((await rows(admin, { customerId: theirs.id })).list, []);
    assert.equal((await rows(other, {})).totalCount, 0);
    expectForbidden(await search(await signIn(t, 'Dispatcher', admin.companyId), {}), 'View Invoices and Payments');
  });
});
