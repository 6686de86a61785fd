// The books' running figures (figures.ts, migration 0022) agree with the invoices and payments
// themselves after every kind of write — typed invoices, approval, payments applied, changed,
// deleted, restored and purged, a card charged and one declined, an export, an invoice deleted —
// and with the demo's books; the lists' counts and InvoiceStats read from them agree with a count
// of the rows.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { accountingDemo } from '../../src/areas/accounting/accounting.demo.js';
import { chargeTypesDemo } from '../../src/areas/charge-types/charge-types.demo.js';
import { customersDemo } from '../../src/areas/customers/customers.demo.js';
import { ordersDemo } from '../../src/areas/orders/orders.demo.js';
import { pricingDemo } from '../../src/areas/pricing/pricing.demo.js';
import { settingsDemo } from '../../src/areas/settings/settings.demo.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import {
  createApprovedInvoice,
  createCompany,
  createCustomer,
  createInvoice,
  createPayment,
  demoContext,
  type Session,
  signIn,
  signInAdmin,
} from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (s: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: s.token, ...(body === undefined ? {} : { body }) });

/** The figures as kept, and as the rows say they should be (keys with nothing left dropped). */
async function figures(companyId: number) {
  const db = t.database.db;
  const kept = async (q: ReturnType<typeof sql>) => (await q.execute(db)).rows.map((r) => JSON.stringify(r)).sort();
  return {
    invoices:
      await kept(sql`select currency, deleted, status, paid_state, sent, due_date::text as due, n::int as n, total::text as total, balance::text as balance
      from invoice_figures where company_id = ${companyId} and (n <> 0 or total <> 0 or balance <> 0)`),
    invoicesFromRows: await kept(sql`select currency, deleted_at is not null as deleted, status,
        (case when balance <= 0 then 2 when amount_paid > 0 then 1 else 0 end)::smallint as paid_state, sent_at is not null as sent,
        (case when deleted_at is null and status = 2 and balance > 0 then due_date else '-infinity' end)::text as due, count(*)::int as n, sum(total)::numeric(16,2)::text as total, sum(balance)::numeric(16,2)::text as balance
      from invoices where company_id = ${companyId} group by 1, 2, 3, 4, 5, 6`),
    payments: await kept(sql`select currency, deleted, processing_status, payment_date::text as day, n::int as n, amount::text as amount
      from payment_figures where company_id = ${companyId} and (n <> 0 or amount <> 0)`),
    paymentsFromRows: await kept(sql`select currency, deleted_at is not null as deleted, processing_status, payment_date::text as day,
        count(*)::int as n, sum(amount)::numeric(16,2)::text as amount
      from payments where company_id = ${companyId} group by 1, 2, 3, 4`),
  };
}

async function expectFiguresAgree(companyId: number, step: string) {
  const f = await figures(companyId);
  assert.deepEqual(f.invoices, f.invoicesFromRows, `invoice figures after ${step}`);
  assert.deepEqual(f.payments, f.paymentsFromRows, `payment figures after ${step}`);
}

describe('the running figures of the books', () => {
  it('agree with the invoices and payments after every kind of write', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    const draft = await createInvoice(t, admin, { customerId: customer.id });
    await expectFiguresAgree(admin.companyId, 'a draft');
    const a = await createApprovedInvoice(t, admin, { customerId: customer.id });
    const b = await createApprovedInvoice(t, admin, { customerId: customer.id, invoiceDate: '2026-01-05', dueDate: '2026-02-04' });
    await expectFiguresAgree(admin.companyId, 'approvals');
    assert.equal((await api(admin, 'PUT', `/Accounting/invoice/${draft.id}`, { dueDate: '2027-03-01' })).status, 200);
    await expectFiguresAgree(admin.companyId, 'a draft changed');

    const check = await createPayment(t, admin, { customerId: customer.id, amount: 400, invoices: [{ invoiceId: a.id }, { invoiceId: b.id }] });
    await expectFiguresAgree(admin.companyId, 'a check on two invoices');
    assert.equal((await api(admin, 'PUT', `/Accounting/Payment/${check.id}`, { amount: 120.5, invoices: [{ invoiceId: b.id, amount: 120.5 }] })).status, 200);
    await expectFiguresAgree(admin.companyId, 'the check changed');
    assert.equal((await api(admin, 'DELETE', `/Accounting/Payment/${check.id}`)).status, 200);
    await expectFiguresAgree(admin.companyId, 'the check deleted');
    assert.equal((await api(admin, 'PUT', `/Accounting/Payment/Restore/${check.id}`)).status, 200);
    await expectFiguresAgree(admin.companyId, 'the check restored');
    assert.equal((await api(admin, 'DELETE', `/Accounting/Payment/Permanent/${check.id}`)).status, 200);
    await expectFiguresAgree(admin.companyId, 'the check purged');

    // A card charged, then one declined (nothing paid), through the sandbox processor.
    const card = async (ref: string) =>
      (await api(admin, 'POST', `/Accounting/Customers/${customer.id}/PaymentMethods`, { paymentMethodRef: ref, isDefault: true })).body.data;
    const visa = await card('pm_card_visa');
    assert.equal(
      (
        await api(admin, 'POST', '/Accounting/Payment', {
          customerId: customer.id,
          amount: 50,
          paymentMethodType: 2,
          paymentMethod: visa.id,
          invoices: [{ invoiceId: a.id }],
        })
      ).status,
      200,
    );
    const declined = await card('pm_card_chargeDeclined');
    assert.equal(
      (
        await api(admin, 'POST', '/Accounting/Payment', {
          customerId: customer.id,
          amount: 10,
          paymentMethodType: 2,
          paymentMethod: declined.id,
          invoices: [{ invoiceId: a.id }],
        })
      ).status,
      400,
    );
    await expectFiguresAgree(admin.companyId, 'card payments');

    assert.equal((await api(admin, 'POST', '/Accounting/export', [a.id])).status, 200);
    await expectFiguresAgree(admin.companyId, 'an export (sent)');
    assert.equal((await api(admin, 'POST', `/Accounting/invoice/${b.id}/duplicate`)).status, 200);
    const copy = await t.database.db
      .selectFrom('invoices')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('company_id', '=', admin.companyId)
      .executeTakeFirstOrThrow();
    assert.equal((await api(admin, 'DELETE', `/Accounting/invoice/${copy.id}`)).status, 200);
    assert.equal((await api(admin, 'PUT', `/Accounting/invoice/${b.id}/status?status=1`)).status, 200);
    await expectFiguresAgree(admin.companyId, 'a copy deleted, an invoice back to Draft');

    // What reads them: the counts and InvoiceStats agree with the rows.
    const count = async (where: ReturnType<typeof sql>) =>
      (await sql<{ n: number }>`select count(*)::int as n from invoices i where company_id = ${admin.companyId} and ${where}`.execute(t.database.db)).rows[0]!
        .n;
    const live = await count(sql`deleted_at is null`);
    assert.equal((await api(admin, 'GET', '/Accounting/Invoices')).body.data.totalCount, live);
    assert.equal(
      (await api(admin, 'GET', '/Accounting/Invoices?isFullyPaid=false')).body.data.totalCount,
      await count(sql`deleted_at is null and (status = 1 or balance > 0)`),
    );
    assert.equal(
      (await api(admin, 'GET', '/Accounting/Invoices?isFullyPaid=true')).body.data.totalCount,
      await count(sql`deleted_at is null and status = 2 and balance <= 0`),
    );
    const payments = (await sql<{ n: number }>`select count(*)::int as n from payments where company_id = ${admin.companyId}`.execute(t.database.db)).rows[0]!
      .n;
    const search = async (body: Record<string, unknown>) => {
      const res = await api(admin, 'POST', '/Accounting', { ...body, itemsPerPage: 1000 });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.data.totalCount, res.body.data.list.length, JSON.stringify(body));
      return res.body.data.totalCount;
    };
    assert.equal(await search({ includeDeleted: true }), (await count(sql`true`)) + payments);
    await search({});
    await search({ transactionType: 'Invoice', statuses: ['Draft', 'Deleted'] });
    await search({ transactionType: 'Payment', statuses: ['Failed'] });
    await search({ statuses: ['Overdue', 'Settled'] });
    const stats = (await api(admin, 'GET', '/Accounting/InvoiceStats')).body.data.currencies[0];
    assert.equal(stats.invoiceCount, live);
  });

  it('agree with the demo books, made through the services', async () => {
    const company = await createCompany(t);
    await signInAdmin(t, company);
    const ctx = demoContext(t, company);
    for (const seeder of [customersDemo, settingsDemo, chargeTypesDemo, pricingDemo, ordersDemo, accountingDemo(t.database.db)]) await seeder.seed(ctx);
    await expectFiguresAgree(company.companyId, 'the demo');
  });
});
