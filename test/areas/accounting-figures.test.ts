// The books' running figures (figures.ts, migration 0022) agree with the invoices and payments
// themselves after every kind of write — typed invoices, approval, payments applied, changed,
// deleted, restored and purged, a card charged and one declined, an export, an invoice deleted —
// and with the demo's books (accounting-demo.test.ts); the lists' counts and InvoiceStats read from them agree with a count
// of the rows.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { createApprovedInvoice, createCustomer, createInvoice, createPayment, type Session, signIn } from '../helpers/factories.js';
import { expectFiguresAgree as agree } from '../helpers/figures.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (s: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: s.token, ...(body === undefined ? {} : { body }) });

const expectFiguresAgree = (companyId: number, step: string) => agree(t, companyId, step);

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
});
