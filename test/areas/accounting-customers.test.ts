import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectForbidden, expectProblem } from '../helpers/expect.js';
import { createCustomer, createInvoice, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'PUT', url: string) => call(t, method, `/api/v1${url}`, { token: session.token });

describe('GET /Accounting/customers and /Accounting/Customers/BasicDetails', () => {
  it("lists the company's customers for billing, each with its open balances per currency", async () => {
    const admin = await signIn(t);
    const acme = await createCustomer(t, admin, { name: 'Acme Steel', paymentTermsDays: 45 });
    const bolt = await createCustomer(t, admin, { name: 'Bolt Logistics', taxExempt: true });
    const other = await signIn(t);
    await createCustomer(t, other, { name: 'Acme Elsewhere' });
    const approve = async (invoice: Record<string, any>) => api(admin, 'PUT', `/Accounting/invoice/${invoice.id}/status?status=2`);
    await approve(await createInvoice(t, admin, { customerId: acme.id, lines: [{ description: 'Linehaul', amount: 1200.1 }] }));
    await approve(await createInvoice(t, admin, { customerId: acme.id, invoiceDate: '2026-01-02', lines: [{ description: 'Linehaul', amount: 99.95 }] }));
    await approve(await createInvoice(t, admin, { customerId: acme.id, currency: 'CAD', lines: [{ description: 'Linehaul', amount: 50 }] }));
    await createInvoice(t, admin, { customerId: bolt.id, lines: [{ description: 'Draft only', amount: 10 }] });
    const plain = await api(admin, 'GET', '/Accounting/customers?SearchTerm=acme');
    assert.deepEqual([plain.status, plain.body.data.list.map((c: any) => c.name)], [200, ['Acme Steel']]);
    const basic = await api(admin, 'GET', '/Accounting/Customers/BasicDetails');
    assert.equal(basic.status, 200, JSON.stringify(basic.body));
    const byName = Object.fromEntries(basic.body.data.list.map((c: any) => [c.name, c]));
    assert.deepEqual(Object.keys(byName), ['Acme Steel', 'Bolt Logistics']);
    assert.deepEqual([byName['Acme Steel'].paymentTermsDays, byName['Bolt Logistics'].taxExempt], [45, true]);
    assert.deepEqual(byName['Acme Steel'].balances, [
      { currency: 'CAD', balance: 50, overdue: 0, openInvoices: 1 },
      { currency: 'USD', balance: 1300.05, overdue: 99.95, openInvoices: 2 },
    ]);
    assert.deepEqual(byName['Bolt Logistics'].balances, [], 'a draft asks nothing yet');
    assert.equal(basic.body.data.totalCount, 2);
    expectProblem(await api(admin, 'GET', '/Accounting/Customers/BasicDetails?SortBy=balance'), 'SortBy');
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    expectForbidden(await api(dispatcher, 'GET', '/Accounting/customers'), 'View Invoices and Payments');
    expectForbidden(await api(dispatcher, 'GET', '/Accounting/Customers/BasicDetails'), 'View Invoices and Payments');
  });
});
