// The generated documents' part of the conventions walk (test/helpers/walk.ts says what each holds).
// The area owns no records: its routes print orders and invoices the other areas' factories make.
// The mails need an address to go to (the walk's customers may have none of their own).
import { createQuote } from '../factories.js';
import type { AreaWalk, RouteCase } from '../walk.js';

const TO = { to: ['walk@documents.example'] };

/** A mail of an order's document: the order made by its factory, one address to send to. */
const orderMail: RouteCase = async ({ make }) => ({ params: { orderId: await make('order') }, body: TO });

/** An order's papers as its customer's portal asks for them (requestCustomerId: the order's own
 *  customer), as an HTML page; the bill of lading of its delivery. */
const asked =
  (delivery: boolean): RouteCase =>
  async ({ t, admin }) => {
    const q = await createQuote(t, admin);
    const deliveryId = q.stops.find((s: { type: string }) => s.type === 'Delivery').id;
    return { params: { orderId: q.id, mode: 1 }, query: { requestCustomerId: q.customerId, ...(delivery ? { deliveryId } : {}) } };
  };

export const generatedDocumentsWalk: AreaWalk = {
  factories: {},
  cases: {
    'GET /Documents/BillOfLanding/:orderId/:mode': asked(true),
    'GET /Documents/Labels/:orderId/:mode': asked(false),
    'GET /Documents/Labels/:orderId': async (ctx) => {
      const { query, params } = await asked(false)(ctx);
      return { params: { orderId: params!.orderId }, query };
    },
    'PUT /Documents/BillOfLanding/email/:orderId': orderMail,
    'PUT /Documents/SendBillOfLandingAndLabels/:orderId': orderMail,
    'PUT /Documents/Quote/email/:orderId': orderMail,
    'PUT /Documents/Invoice/email/:invoiceId': async ({ make }) => ({ params: { invoiceId: await make('invoice') }, body: TO }),
    'POST /Documents/EmailQuotes': async ({ make }) => ({ query: { email: 'walk@documents.example' }, body: [await make('order')] }),
  },
};
