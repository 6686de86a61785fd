// A closed order's stops, and those of an order whose invoice is approved, keep their places as
// they were when the customer's address is edited later (issue 37: the edit rewrote a closed
// order's invoice and bill of lading); an open order's stops follow the edit.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { createCustomer, createQuote, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const get = (s: Session, path: string) => call(t, 'GET', `/api/v1${path}`, { token: s.token });
const put = (s: Session, path: string, body?: unknown) => call(t, 'PUT', `/api/v1${path}`, { token: s.token, ...(body ? { body } : {}) });

/** An approved order of the customer, its pickup at the customer's main address (by id). */
async function orderAt(admin: Session, customerId: number, addressId: number): Promise<Record<string, any>> {
  const quote = await createQuote(t, admin, {
    customerId,
    stops: [
      { type: 'Pickup', addressId, items: [{ description: 'Pallets', quantity: 2, weight: 800, pallets: 2 }] },
      {
        type: 'Delivery',
        address: { street: '1510 Polk St', city: 'Houston', state: 'TX', postalCode: '77002', country: 'US', latitude: 29.7523, longitude: -95.3582 },
      },
    ],
  });
  // Priced by hand, so its invoice has something to approve.
  assert.equal((await put(admin, `/Quotes/${quote.id}/4?createInvoice=false`, { totalPrice: 950 })).status, 200);
  const approved = await put(admin, `/Quotes/ApproveQuote?quoteId=${quote.id}`);
  assert.equal(approved.status, 200, approved.raw.toString());
  return quote;
}

const pickupOf = async (admin: Session, orderId: number) => (await get(admin, `/Quotes/${orderId}`)).body.data.stops.find((s: any) => s.type === 'Pickup');

/** Moves the customer's address across town. */
async function editAddress(admin: Session, address: Record<string, any>): Promise<void> {
  const res = await put(admin, `/Addresses/${address.id}`, { ...address, street: '900 New Yard Rd', latitude: 32.8, longitude: -96.9 });
  assert.equal(res.status, 200, res.raw.toString());
}

describe('stops keep their place once the order is closed or its invoice approved', () => {
  it('a closed order keeps the place it had; an open order follows the edit', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    const main = customer.addresses[0];
    const closed = await orderAt(admin, customer.id, main.id);
    const open = await orderAt(admin, customer.id, main.id);
    assert.equal((await put(admin, `/Orders/${closed.id}/close`)).status, 200);
    await editAddress(admin, main);

    const kept = await pickupOf(admin, closed.id);
    assert.equal(kept.address.street, main.street);
    assert.equal(kept.address.latitude, main.latitude);
    assert.equal(kept.address.customerId, customer.id, 'the kept place still names its customer');
    assert.notEqual(kept.address.id, main.id);
    assert.equal((await pickupOf(admin, open.id)).address.street, '900 New Yard Rd');

    // The kept copy is in none of the customer's lists, and cannot be edited.
    const addresses = (await get(admin, `/Customers/${customer.id}`)).body.data.addresses.map((a: any) => a.id);
    assert.ok(addresses.includes(main.id) && !addresses.includes(kept.address.id), JSON.stringify(addresses));
    const locations = (await get(admin, `/Customers/${customer.id}/Locations`)).body.data.map((a: any) => a.id);
    assert.ok(locations.includes(main.id) && !locations.includes(kept.address.id), JSON.stringify(locations));
    assert.equal((await put(admin, `/Addresses/${kept.address.id}`, { ...kept.address, street: 'Rewritten' })).status, 404);
    // A second closed order at the same place shares the copy.
    const again = await orderAt(admin, customer.id, main.id);
    await put(admin, `/Addresses/${main.id}`, { ...main });
    assert.equal((await put(admin, `/Orders/${again.id}/close`)).status, 200);
    const closedAgain = await orderAt(admin, customer.id, main.id);
    assert.equal((await put(admin, `/Orders/${closedAgain.id}/close`)).status, 200);
    assert.equal((await pickupOf(admin, again.id)).address.id, (await pickupOf(admin, closedAgain.id)).address.id);
  });

  it("an order whose invoice is approved keeps its place; a Draft invoice's order follows", async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    const main = customer.addresses[0];
    const invoiced = await orderAt(admin, customer.id, main.id);
    const drafted = await orderAt(admin, customer.id, main.id);
    const invoice = await put(admin, `/Orders/${invoiced.id}/invoice`);
    assert.equal(invoice.status, 200, invoice.raw.toString());
    assert.ok(invoice.body.data.id > 0, invoice.raw.toString());
    const approved = await put(admin, `/Accounting/invoice/${invoice.body.data.id}/status?status=2`);
    assert.equal(approved.status, 200, approved.raw.toString());
    assert.equal((await put(admin, `/Orders/${drafted.id}/invoice`)).status, 200);
    await editAddress(admin, main);

    assert.equal((await pickupOf(admin, invoiced.id)).address.street, main.street);
    assert.equal((await pickupOf(admin, drafted.id)).address.street, '900 New Yard Rd');
  });
});
