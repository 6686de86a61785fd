// The accounting area's part of the conventions walk (test/helpers/walk.ts says what each holds):
// invoices made by hand through POST /Accounting/invoice.
import { call } from '../app.js';
import { createInvoice, createQuote } from '../factories.js';
import type { AreaWalk, Factory } from '../walk.js';

const invoice: Factory = async (t, s) => (await createInvoice(t, s)).id;

/** The 'invoice.created' entry of a new invoice's activity. */
const invoiceActivity: Factory = async (t, s) => {
  const made = await createInvoice(t, s);
  const log = await call(t, 'GET', `/api/v1/Accounting/AuditLog?invoiceId=${made.id}`, { token: s.token });
  return log.body.data[0].id;
};

export const accountingWalk: AreaWalk = {
  factories: { invoice, invoice_activity: invoiceActivity },
  cases: {
    // An approved order of the customer, and a company charge type (it applies to a customer
    // without a list of its own).
    'POST /Accounting/invoice': async ({ t, admin, make }) => {
      const q = await createQuote(t, admin);
      await call(t, 'PUT', `/api/v1/Quotes/ApproveQuote?quoteId=${q.id}`, { token: admin.token });
      return {
        body: {
          customerId: q.customerId,
          orderId: q.id,
          lines: [
            { chargeTypeId: await make('charge_type'), rate: 75 },
            { description: 'Detention', amount: 50 },
          ],
        },
      };
    },
    'PUT /Accounting/invoice/:id': async ({ t, admin, make }) => {
      const q = await createQuote(t, admin);
      await call(t, 'PUT', `/api/v1/Quotes/ApproveQuote?quoteId=${q.id}`, { token: admin.token });
      return {
        params: { id: await make('invoice') },
        body: { customerId: q.customerId, orderId: q.id, lines: [{ chargeTypeId: await make('charge_type'), rate: 75 }] },
      };
    },
    'PUT /Accounting/invoice/:id/status': async ({ make }) => ({ params: { id: await make('invoice') }, query: { status: 2 } }),
    'GET /Accounting/AuditLog': async ({ make }) => ({ query: { invoiceId: await make('invoice'), orderId: await make('order') } }),
  },
};
