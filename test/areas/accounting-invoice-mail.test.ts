import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectForbidden, expectNotFound } from '../helpers/expect.js';
import { createCustomer, createInvoice, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'POST', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

describe('GET /Accounting/{InvoiceId}/contacts and SentEmails', () => {
  it("answers the invoice's customer's contacts, and the mails naming the invoice (all the customer's with suggest)", async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    const invoice = await createInvoice(t, admin, { customerId: customer.id, invoiceNumber: 'INV-77' });
    await createInvoice(t, admin, { customerId: customer.id, invoiceNumber: 'INV-770' });
    const mail = (subject: string) => api(admin, 'POST', `/Customers/${customer.id}/SentEmails`, { to: ['ap@acme.example'], subject, body: 'Thank you.' });
    assert.equal((await mail('Invoice INV-77 from us')).status, 200);
    await mail('Invoice INV-770 from us');
    await mail('Hello');
    const contacts = await api(admin, 'GET', `/Accounting/${invoice.id}/contacts`);
    assert.equal(contacts.status, 200, JSON.stringify(contacts.body));
    assert.deepEqual(
      contacts.body.data.map((c: any) => [c.customerId, c.customerName]),
      [[customer.id, customer.name]],
    );
    const sent = (await api(admin, 'GET', `/Accounting/${invoice.id}/SentEmails`)).body.data;
    assert.deepEqual(
      sent.map((m: any) => [m.subject, m.to]),
      [['Invoice INV-77 from us', 'ap@acme.example']],
    );
    assert.equal((await api(admin, 'GET', `/Accounting/${invoice.id}/SentEmails?suggestCustomerPastSentEmails=true`)).body.data.length, 3);
    const other = await signIn(t);
    expectNotFound(await api(other, 'GET', `/Accounting/${invoice.id}/contacts`));
    expectNotFound(await api(other, 'GET', `/Accounting/${invoice.id}/SentEmails`));
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    expectForbidden(await api(dispatcher, 'GET', `/Accounting/${invoice.id}/contacts`), 'Email Invoice/Payment');
    expectForbidden(await api(dispatcher, 'GET', `/Accounting/${invoice.id}/SentEmails`), 'View Invoices and Payments');
  });
});
