// The orders area's part of the conventions walk (test/helpers/walk.ts says what each holds):
// quotes and orders, made through POST /Quotes for a customer of the company.
import { call, type TestApp } from '../app.js';
import { createAddress, createContact, createCustomer, createQuote, type Session } from '../factories.js';
import type { AreaWalk, Factory, WalkContext } from '../walk.js';

const order: Factory = async (t, s) => (await createQuote(t, s)).id;

/** A new order's first activity, with its order. */
async function activityOf(t: TestApp, s: Session): Promise<{ orderId: number; activityId: number }> {
  const q = await createQuote(t, s);
  const log = await call(t, 'GET', `/api/v1/Orders/${q.id}/ActivityLog`, { token: s.token });
  if (log.status !== 200) throw new Error(`activity log not read: ${log.status} ${JSON.stringify(log.body)}`);
  return { orderId: q.id, activityId: log.body.data.list[0].id };
}
const activity: Factory = async (t, s) => (await activityOf(t, s)).activityId;
const stop: Factory = async (t, s) => (await createQuote(t, s)).stops[0].id;
const item: Factory = async (t, s) => (await createQuote(t, s)).stops[0].items[0].id;

/** A quote and a pickup step for it: its pickup by id, with the customer, a contact of the
 *  customer, a place, a shipment type and a charge type of the company. */
async function stepOf({ t, admin, make }: WalkContext): Promise<{ params: { id: number }; id: number; body: Record<string, unknown> }> {
  const customer = await createCustomer(t, admin);
  const q = await createQuote(t, admin, { customerId: customer.id });
  const contact = await createContact(t, admin, customer.id);
  const place = await createAddress(t, admin, customer.id, { city: 'Austin' });
  return {
    id: q.id,
    params: { id: q.id },
    body: {
      customerId: customer.id,
      contactId: contact.id,
      shipmentTypeId: await make('shipment_type'),
      chargeTypeIds: [await make('charge_type')],
      stops: [{ id: q.stops[0].id, type: 'Pickup', addressId: place.id, items: [{ id: q.stops[0].items[0].id, description: 'Walk item' }] }],
    },
  };
}

export const ordersWalk: AreaWalk = {
  factories: { order, order_activity: activity, order_stop: stop, order_item: item },
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
    // The activity is the order's.
    'PUT /Orders/:id/Activities/:activityId/Note': async ({ t, admin }) => {
      const { orderId, activityId } = await activityOf(t, admin);
      return { params: { id: orderId, activityId }, body: { note: 'Walk note' } };
    },
    'DELETE /Orders/:id/Activities/:activityId/Note': async ({ t, admin }) => {
      const { orderId, activityId } = await activityOf(t, admin);
      return { params: { id: orderId, activityId } };
    },
    'POST /Orders/:id/Hold': async ({ make }) => ({ params: { id: await make('order') }, body: { reason: 'Walk hold' } }),
    // A held order, so that releasing changes something.
    'DELETE /Orders/:id/Hold': async ({ t, admin, make }) => {
      const id = await make('order');
      const held = await call(t, 'POST', `/api/v1/Orders/${id}/Hold`, { token: admin.token, body: { reason: 'Walk hold' } });
      if (held.status !== 200) throw new Error(`order not held: ${held.status} ${JSON.stringify(held.body)}`);
      return { params: { id }, body: { note: 'Walk release' } };
    },
    // The item is the order's; the stop filter one of the order's stops.
    'GET /Quotes/:id/Items/:itemId/Events': async ({ t, admin }) => {
      const q = await createQuote(t, admin);
      return { params: { id: q.id, itemId: q.stops[0].items[0].id } };
    },
    'GET /Quotes/:id/copyOrderToDriver': async ({ t, admin }) => {
      const q = await createQuote(t, admin);
      return { params: { id: q.id }, query: { orderStopId: q.stops[1].id } };
    },
    'PUT /Quotes/:orderStopId/appointmentStatus/:status': async ({ make }) => ({ params: { orderStopId: await make('order_stop'), status: 'Requested' } }),
    'PUT /Quotes/:orderStopId/callOutcome/:callOutcome': async ({ make }) => ({ params: { orderStopId: await make('order_stop'), callOutcome: 2 } }),
    'PUT /Quotes/:orderStopId/priority/:priority': async ({ make }) => ({ params: { orderStopId: await make('order_stop'), priority: 'High' } }),
    'PUT /Quotes/:id/BuyingPrice': async ({ make }) => ({ params: { id: await make('order') }, body: { buyingPrice: 100 } }),
    'POST /Quotes/:orderId/OrderStop': async ({ t, admin }) => {
      const q = await createQuote(t, admin);
      const place = await createAddress(t, admin, q.customerId, { city: 'Austin' });
      return { params: { orderId: q.id }, body: { type: 'Delivery', addressId: place.id } };
    },
    // A pickup step naming the order's own stop and records of the company that belong together.
    'PUT /Quotes/:id/:quoteUpdateType': async (ctx) => {
      const { id, body } = await stepOf(ctx);
      return { params: { id, quoteUpdateType: 'PickupDraft' }, body };
    },
    'PUT /Quotes/:id/:quoteUpdateType/edit': async (ctx) => {
      const { id, body } = await stepOf(ctx);
      return { params: { id: 'x', quoteUpdateType: 'y' }, body: { orderId: id, quoteUpdateType: 0, order: body } };
    },
    'POST /Quotes/ImportOrderStops': async ({ make }) => ({
      query: { orderId: await make('order') },
      multipart: {
        files: [
          {
            field: 'csvFile',
            name: 'stops.csv',
            type: 'text/csv',
            content: Buffer.from('stop,type,street,city,country\r\n1,Delivery,9 Walk St,Austin,US\r\n'),
          },
        ],
      },
    }),
    // Closing needs an approved order.
    'PUT /Orders/:id/close': async ({ t, admin }) => {
      const q = await createQuote(t, admin);
      const approved = await call(t, 'PUT', `/api/v1/Quotes/ApproveQuote?quoteId=${q.id}`, { token: admin.token });
      if (approved.status !== 200) throw new Error(`quote not approved: ${approved.status} ${JSON.stringify(approved.body)}`);
      return { params: { id: q.id } };
    },
  },
};
