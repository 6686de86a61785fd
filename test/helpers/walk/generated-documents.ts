// The generated documents' part of the conventions walk (test/helpers/walk.ts says what each holds).
// The area owns no records: its routes print orders and invoices the other areas' factories make.
// The mails need an address to go to (the walk's customers may have none of their own).
import type { AreaWalk, RouteCase } from '../walk.js';

const TO = { to: ['walk@documents.example'] };

/** A mail of an order's document: the order made by its factory, one address to send to. */
const orderMail: RouteCase = async ({ make }) => ({ params: { orderId: await make('order') }, body: TO });

export const generatedDocumentsWalk: AreaWalk = {
  factories: {},
  cases: {
    'PUT /Documents/BillOfLanding/email/:orderId': orderMail,
    'PUT /Documents/SendBillOfLandingAndLabels/:orderId': orderMail,
    'PUT /Documents/Quote/email/:orderId': orderMail,
    'PUT /Documents/Invoice/email/:invoiceId': async ({ make }) => ({ params: { invoiceId: await make('invoice') }, body: TO }),
    'POST /Documents/EmailQuotes': async ({ make }) => ({ query: { email: 'walk@documents.example' }, body: [await make('order')] }),
  },
};
