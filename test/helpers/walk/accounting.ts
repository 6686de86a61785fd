// The accounting area's part of the conventions walk (test/helpers/walk.ts says what each holds):
// invoices made by hand through POST /Accounting/invoice, check payments, deposit accounts.

import { randomUUID } from 'node:crypto';
import { call } from '../app.js';
import { createApprovedInvoice, createCustomer, createInvoice, createPayment, createQuote } from '../factories.js';
import type { AreaWalk, Factory, RouteCase } from '../walk.js';

const invoice: Factory = async (t, s) => (await createInvoice(t, s)).id;

/** The 'invoice.created' entry of a new invoice's activity. */
const invoiceActivity: Factory = async (t, s) => {
  const made = await createInvoice(t, s);
  const log = await call(t, 'GET', `/api/v1/Accounting/AuditLog?invoiceId=${made.id}`, { token: s.token });
  return log.body.data[0].id;
};

/** A saved sandbox card of a new customer. */
const savedCard: Factory = async (t, s) => {
  const customer = await createCustomer(t, s);
  const res = await call(t, 'POST', `/api/v1/Accounting/Customers/${customer.id}/PaymentMethods`, {
    token: s.token,
    body: { paymentMethodRef: 'pm_card_visa' },
  });
  return res.body.data.id;
};

const payment: Factory = async (t, s) => (await createPayment(t, s, { amount: 25 })).id;

const depositAccount: Factory = async (t, s) => {
  const res = await call(t, 'POST', '/api/v1/Accounting/DepositAccount', { token: s.token, body: { name: `Account ${randomUUID()}` } });
  return res.body.data.id;
};

/** An approved order (the 'order' factory makes quotes). */
const approvedOrder = async (t: Parameters<Factory>[0], s: Parameters<Factory>[1]): Promise<number> => {
  const q = await createQuote(t, s);
  await call(t, 'PUT', `/api/v1/Quotes/ApproveQuote?quoteId=${q.id}`, { token: s.token });
  return q.id;
};

/** An approved invoice exported to a file; `marked`: then marked added to the ledger by hand. */
const exportedInvoice = async (t: Parameters<Factory>[0], s: Parameters<Factory>[1], marked: boolean): Promise<number> => {
  const { id } = await createApprovedInvoice(t, s);
  await call(t, 'POST', '/api/v1/Accounting/export', { token: s.token, body: [id] });
  if (marked) await call(t, 'PUT', `/api/v1/Accounting/invoice/${id}/ExtStatus/AddToExt`, { token: s.token });
  return id;
};

/** A payment's body on an approved invoice of its customer. */
const paymentBody: RouteCase = async ({ t, admin, make }) => {
  const invoice = await createApprovedInvoice(t, admin);
  return {
    body: {
      customerId: invoice.customerId,
      amount: 100,
      paymentMethodType: 0,
      depositAccountId: await make('deposit_account'),
      invoices: [{ invoiceId: invoice.id }],
    },
  };
};

export const accountingWalk: AreaWalk = {
  factories: { invoice, invoice_activity: invoiceActivity, payment, deposit_account: depositAccount, customer_payment_method: savedCard },
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
    'POST /Accounting/Payment': paymentBody,
    'POST /Accounting/BulkPayment': paymentBody,
    'PUT /Accounting/Payment/:id': async (ctx) => {
      const { body } = await paymentBody(ctx);
      const customerId = (body as { customerId: number }).customerId;
      return { params: { id: (await createPayment(ctx.t, ctx.admin, { customerId, amount: 10 })).id }, body };
    },
    'POST /Accounting/Payments': async (ctx) => ({
      body: [(await paymentBody(ctx)).body, { customerId: (await createPayment(ctx.t, ctx.admin)).customerId, amount: 5, paymentMethodType: 1 }],
    }),
    // A payment of the customer, changed as PUT /Accounting/Payment/{id}'s case (each declared id given).
    'PUT /Accounting/Payments': async (ctx) => {
      const { body } = await paymentBody(ctx);
      const customerId = (body as { customerId: number }).customerId;
      return { body: [{ ...(body as object), id: (await createPayment(ctx.t, ctx.admin, { customerId, amount: 10 })).id, memo: 'Remittance 7' }] };
    },
    // A deleted payment (restoring a live one changes nothing).
    'PUT /Accounting/Payment/Restore/:id': async ({ t, admin }) => {
      const { id } = await createPayment(t, admin);
      await call(t, 'DELETE', `/api/v1/Accounting/Payment/${id}`, { token: admin.token });
      return { params: { id } };
    },
    'POST /Accounting/Customers/:customerId/PaymentMethods': async ({ make }) => ({
      params: { customerId: await make('customer') },
      body: { paymentMethodRef: 'pm_card_mastercard' },
    }),
    // The card's own customer.
    'DELETE /Accounting/Customers/:customerId/PaymentMethods/:id': async ({ t, admin }) => {
      const id = Number(await savedCard(t, admin));
      const card = await t.database.db.selectFrom('customer_payment_methods').select('customer_id').where('id', '=', id).executeTakeFirstOrThrow();
      return { params: { customerId: card.customer_id, id } };
    },
    'PUT /Orders/:id/close-and-create-invoice': async ({ t, admin }) => ({ params: { id: await approvedOrder(t, admin) } }),
    'PUT /Orders/:id/invoice': async ({ t, admin }) => ({ params: { id: await approvedOrder(t, admin) } }),
    // An order with its invoice (deleting none changes nothing).
    'DELETE /Orders/:id/invoice': async ({ t, admin }) => {
      const id = await approvedOrder(t, admin);
      await call(t, 'PUT', `/api/v1/Orders/${id}/invoice`, { token: admin.token });
      return { params: { id } };
    },
    'POST /Accounting/export': async ({ t, admin }) => ({ body: [(await createApprovedInvoice(t, admin)).id] }),
    'POST /Accounting/Invoices/SendExt': async ({ t, admin }) => ({ body: [(await createApprovedInvoice(t, admin)).id] }),
    'POST /Accounting/Payments/SendExt': async ({ t, admin }) => ({ body: [(await createPayment(t, admin)).id] }),
    // An exported invoice (one never downloaded is not marked); CancelExt: one marked.
    'PUT /Accounting/invoice/:id/ExtStatus/AddToExt': async ({ t, admin }) => ({ params: { id: await exportedInvoice(t, admin, false) } }),
    'PUT /Accounting/invoice/:id/ExtStatus/CancelExt': async ({ t, admin }) => ({ params: { id: await exportedInvoice(t, admin, true) } }),
    // A customer with an approved invoice of an order with a distance.
    'POST /PricingModel/generate-from-invoices': async ({ t, admin }) => {
      const q = await createQuote(t, admin);
      await call(t, 'PUT', `/api/v1/Quotes/${q.id}/4?createInvoice=false`, { token: admin.token, body: { distance: 120, totalPrice: 480 } });
      await call(t, 'PUT', `/api/v1/Quotes/ApproveQuote?quoteId=${q.id}`, { token: admin.token });
      const invoice = await call(t, 'PUT', `/api/v1/Orders/${q.id}/invoice`, { token: admin.token });
      await call(t, 'PUT', `/api/v1/Accounting/invoice/${invoice.body.data.id}/status?status=2`, { token: admin.token });
      return { body: { customerId: q.customerId } };
    },
    'POST /Accounting/DepositAccount': async ({ make }) => ({ body: { id: await make('deposit_account'), name: `Renamed ${randomUUID()}` } }),
    'GET /Accounting/AuditLog': async ({ make }) => ({ query: { invoiceId: await make('invoice'), orderId: await make('order') } }),
  },
};
