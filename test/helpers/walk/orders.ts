// The orders area's part of the conventions walk (test/helpers/walk.ts says what each holds):
// quotes and orders, made through POST /Quotes for a customer of the company.
import { call } from '../app.js';
import { createAddress, createContact, createCustomer, createQuote } from '../factories.js';
import type { AreaWalk, Factory } from '../walk.js';

const order: Factory = async (t, s) => (await createQuote(t, s)).id;

export const ordersWalk: AreaWalk = {
  factories: { order },
  cases: {
    // Every id the body takes belongs together: the contact is the customer's, the places the company's.
    'POST /Quotes': async ({ t, admin, make }) => {
      const customer = await createCustomer(t, admin);
      const contact = await createContact(t, admin, customer.id);
      const pickup = await createAddress(t, admin, customer.id);
      const delivery = await createAddress(t, admin, customer.id, { city: 'Houston' });
      return {
        body: {
          customerId: customer.id,
          contactId: contact.id,
          shipmentTypeId: await make('shipment_type'),
          chargeTypeIds: [await make('charge_type')],
          stops: [
            { type: 'Pickup', addressId: pickup.id },
            { type: 'Delivery', addressId: delivery.id },
          ],
        },
      };
    },
    // The bodies are lists of ids (not walked for another company's: no object); tested in
    // test/areas/orders.test.ts.
    'DELETE /Quotes': async ({ make }) => ({ body: [await make('order')] }),
    'PUT /Quotes/ApproveQuotesBulk': async ({ make }) => ({ body: [await make('order')] }),
    // Closing needs an approved order.
    'PUT /Orders/:id/close': async ({ t, admin }) => {
      const q = await createQuote(t, admin);
      const approved = await call(t, 'PUT', `/api/v1/Quotes/ApproveQuote?quoteId=${q.id}`, { token: admin.token });
      if (approved.status !== 200) throw new Error(`quote not approved: ${approved.status} ${JSON.stringify(approved.body)}`);
      return { params: { id: q.id } };
    },
  },
};
