// Quotes: adding a stop, the stop changes a dispatcher makes, item events, Swap, repeat, the
// driver's copy, trips, the buying price, recent addresses and contacts, the warehouses check and
// a customer's order statistics.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { companyEventTypes, countRows, createContact, createCustomer, createQuote, type Session, signIn, twoStops } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

const eventTypes = (companyId: number) => companyEventTypes(t, companyId);

const AUSTIN = { street: '1 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US', latitude: 30.2672, longitude: -97.7431 };

async function pricedCompany(): Promise<Session> {
  const admin = await signIn(t);
  assert.equal((await api(admin, 'POST', '/PricingModel', { baseCharge: 50, mileageCharges: [{ fromDistance: 0, ratePerUnit: 2 }] })).status, 200);
  return admin;
}

describe('a quote over places sent without coordinates', () => {
  const bare = (postalCode: string, city: string) => ({ street: '1 Main St', city, state: 'TX', postalCode, country: 'US' });

  it('places them at their postal codes and prices the distance between them', async () => {
    const admin = await pricedCompany();
    const c = await createCustomer(t, admin);
    const stops = [
      { type: 'Pickup', address: bare('75219', 'Dallas') },
      { type: 'Delivery', address: bare('77002', 'Houston') },
    ];
    const res = await api(admin, 'POST', '/Quotes', { customerId: c.id, stops });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const q = res.body.data;
    assert.ok(q.distance > 200 && q.distance < 400, `Dallas to Houston: ${q.distance} mi`);
    assert.ok(q.totalPrice > 50 + 2 * 200, `${q.totalPrice}`);
    assert.deepEqual(q.priceWarnings, []);
    assert.deepEqual(
      res.body.otherMessages.map((m: any) => m.message),
      [
        'stops[0].address: Placed at the centre of postal code 75219: no coordinates were given.',
        'stops[1].address: Placed at the centre of postal code 77002: no coordinates were given.',
      ],
    );
  });

  it('warns in otherMessages, not only in priceWarnings, when a place cannot be located', async () => {
    const admin = await pricedCompany();
    const c = await createCustomer(t, admin);
    const stops = [
      { type: 'Pickup', address: bare('75219', 'Dallas') },
      { type: 'Delivery', address: bare('00000', 'Nowhere Such Town') },
    ];
    const res = await api(admin, 'POST', '/Quotes', { customerId: c.id, stops });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.distance, null);
    assert.match(res.body.data.priceWarnings[0], /distance is unknown/);
    const warnings = res.body.otherMessages.filter((m: any) => m.type === 'Warning').map((m: any) => m.message);
    assert.ok(
      warnings.some((m: string) => /distance is unknown/.test(m)),
      JSON.stringify(res.body.otherMessages),
    );
  });
});

describe('POST /Quotes/{orderId}/OrderStop', () => {
  it('adds a stop after the last of its kind, moves the later ones down and prices the order again', async () => {
    const admin = await pricedCompany();
    const q = await createQuote(t, admin);
    const res = await api(admin, 'POST', `/Quotes/${q.id}/OrderStop`, { type: 'Pickup', address: AUSTIN, items: [{ description: 'Crates', quantity: 2 }] });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.sequence, 2);
    assert.equal(res.body.data.items[0].description, 'Crates');
    const order = (await api(admin, 'GET', `/Quotes/${q.id}`)).body.data;
    assert.deepEqual(
      order.stops.map((s: any) => [s.type, s.sequence, s.address.city]),
      [
        ['Pickup', 1, 'Dallas'],
        ['Pickup', 2, 'Austin'],
        ['Delivery', 3, 'Houston'],
      ],
    );
    assert.ok(order.distance > q.distance, `${order.distance} > ${q.distance}`);
    assert.ok(order.totalPrice > q.totalPrice);
    assert.deepEqual((await eventTypes(admin.companyId)).slice(-1), ['order_stop.added']);
  });

  it('refuses a bad stop, a closed order, and another company\'s order or address; needs "Edit Orders"', async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    const q = await createQuote(t, admin);
    expectProblem(await api(admin, 'POST', `/Quotes/${q.id}/OrderStop`, { type: 'Pickup' }), 'stops[0].address');
    expectProblem(await api(admin, 'POST', `/Quotes/${q.id}/OrderStop`, { address: AUSTIN }), 'type');
    const theirs = await createQuote(t, other);
    expectNotFound(await api(admin, 'POST', `/Quotes/${theirs.id}/OrderStop`, { type: 'Pickup', address: AUSTIN }));
    expectNotFound(await api(admin, 'POST', `/Quotes/${q.id}/OrderStop`, { type: 'Pickup', addressId: theirs.stops[0].address.id }));
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    expectForbidden(await api(viewer, 'POST', `/Quotes/${q.id}/OrderStop`, { type: 'Pickup', address: AUSTIN }), 'Edit Orders');
    await api(admin, 'PUT', `/Quotes/ApproveQuote?quoteId=${q.id}`);
    await api(admin, 'PUT', `/Orders/${q.id}/close`);
    expectFailure(await api(admin, 'POST', `/Quotes/${q.id}/OrderStop`, { type: 'Pickup', address: AUSTIN }), 'orders.closed');
    assert.equal(await countRows(t, 'order_stops', admin.companyId), 2);
    assert.equal(await countRows(t, 'order_stops', other.companyId), 2);
  });
});

describe('changing a stop', () => {
  it('sets the appointment (mailing the request when asked), the call outcome, the instructions and the priority', async () => {
    const admin = await signIn(t);
    const q = await createQuote(t, admin);
    const stopId = q.stops[1].id;
    const appt = await api(
      admin,
      'PUT',
      `/Quotes/${stopId}/appointmentStatus/Requested?appointmentEmail=dock@site.example&sendRequest=true&appointmentCode=A-17`,
    );
    assert.equal(appt.status, 200, JSON.stringify(appt.body));
    assert.equal(appt.body.data.appointmentStatus, 'Requested');
    assert.equal(appt.body.data.appointmentCode, 'A-17');
    assert.equal(appt.body.data.appointmentEmail, 'dock@site.example');
    const mail = (
      await sql<{
        to_address: string;
        subject: string;
        kind: string;
      }>`select to_address, subject, kind from outbox where company_id = ${admin.companyId}`.execute(t.database.db)
    ).rows;
    assert.deepEqual(
      mail.map((m) => [m.kind, m.to_address]),
      [['order.appointment_request', 'dock@site.example']],
    );
    assert.match(mail[0]!.subject, new RegExp(`order ${q.orderNumber}`));
    // By position (4 = Accepted) and without mail.
    assert.equal((await api(admin, 'PUT', `/Quotes/${stopId}/appointmentStatus/4`)).body.data.appointmentStatus, 'Accepted');
    assert.equal(await countRows(t, 'outbox', admin.companyId), 1);
    assert.equal((await api(admin, 'PUT', `/Quotes/${stopId}/callOutcome/Possible`)).body.data.callOutcome, 2);
    assert.equal((await api(admin, 'PUT', `/Quotes/${stopId}/callOutcome/3`)).body.data.callOutcome, 3);
    assert.equal((await api(admin, 'PUT', `/Quotes/${stopId}/driverInstructions`, { driverInstructions: 'Gate code 4411' })).status, 200);
    assert.equal((await api(admin, 'PUT', `/Quotes/${stopId}/priority/High`)).status, 200);
    const stop = (await api(admin, 'GET', `/Quotes/${q.id}`)).body.data.stops[1];
    assert.deepEqual([stop.driverInstructions, stop.priority], ['Gate code 4411', 'High']);
    assert.equal((await eventTypes(admin.companyId)).filter((e) => e === 'order_stop.changed').length, 6);
    const activities = (await api(admin, 'GET', `/Orders/${q.id}/Activities`)).body.data;
    assert.equal(activities.totalCount, 6);
  });

  it("refuses bad values, a request without an email, and another company's stop; writes nothing", async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    const q = await createQuote(t, admin);
    const stopId = q.stops[0].id;
    expectProblem(await api(admin, 'PUT', `/Quotes/${stopId}/appointmentStatus/Maybe`), 'status');
    expectProblem(await api(admin, 'PUT', `/Quotes/${stopId}/callOutcome/7`), 'callOutcome');
    expectProblem(await api(admin, 'PUT', `/Quotes/${stopId}/priority/Urgent`), 'priority');
    expectFailure(await api(admin, 'PUT', `/Quotes/${stopId}/appointmentStatus/Request?sendRequest=true`), 'orders.no_appointment_email');
    const theirs = await createQuote(t, other);
    const theirStop = theirs.stops[0].id;
    expectNotFound(await api(admin, 'PUT', `/Quotes/${theirStop}/appointmentStatus/Requested`));
    expectNotFound(await api(admin, 'PUT', `/Quotes/${theirStop}/callOutcome/2`));
    expectNotFound(await api(admin, 'PUT', `/Quotes/${theirStop}/driverInstructions`, { driverInstructions: 'x' }));
    expectNotFound(await api(admin, 'PUT', `/Quotes/${theirStop}/priority/High`));
    const fresh = (await api(other, 'GET', `/Quotes/${theirs.id}`)).body.data.stops[0];
    assert.deepEqual([fresh.appointmentStatus, fresh.callOutcome, fresh.driverInstructions, fresh.priority], ['Nothing', null, null, 'Regular']);
    assert.equal((await api(admin, 'GET', `/Quotes/${q.id}`)).body.data.stops[0].appointmentStatus, 'Nothing');
    assert.equal(await countRows(t, 'outbox', admin.companyId), 0);
  });

  it('needs "Edit Orders", and "Update stop priority" for the priority', async () => {
    const admin = await signIn(t);
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    const q = await createQuote(t, admin);
    const stopId = q.stops[0].id;
    expectForbidden(await api(viewer, 'PUT', `/Quotes/${stopId}/appointmentStatus/Requested`), 'Edit Orders');
    expectForbidden(await api(viewer, 'PUT', `/Quotes/${stopId}/callOutcome/2`), 'Edit Orders');
    expectForbidden(await api(viewer, 'PUT', `/Quotes/${stopId}/driverInstructions`, { driverInstructions: 'x' }), 'Edit Orders');
    expectForbidden(await api(viewer, 'PUT', `/Quotes/${stopId}/priority/High`), 'Update stop priority');
  });
});

describe('GET /Quotes/{id}/Items/{itemId}/Events', () => {
  it("answers an item's events; another order's or company's item is missing", async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    const q = await createQuote(t, admin);
    const q2 = await createQuote(t, admin);
    const itemId = q.stops[0].items[0].id;
    await api(admin, 'GET', `/Orders/${q.id}/Barcodes`);
    const events = (await api(admin, 'GET', `/Quotes/${q.id}/Items/${itemId}/Events`)).body.data;
    assert.deepEqual(
      events.map((e: any) => [e.type, e.stopId]),
      [
        ['Created', q.stops[0].id],
        ['BarcodeAssigned', q.stops[0].id],
      ],
    );
    expectNotFound(await api(admin, 'GET', `/Quotes/${q2.id}/Items/${itemId}/Events`));
    expectNotFound(await api(other, 'GET', `/Quotes/${q.id}/Items/${itemId}/Events`));
    expectForbidden(await api(await signIn(t, 'Accountant', admin.companyId), 'GET', `/Quotes/${q.id}/Items/${itemId}/Events`), 'View Order Sheet');
  });
});

describe('Swap, repeat, copyOrderToDriver, Trips', () => {
  it('swaps pickups and deliveries, repeats an order as a new quote, and gives the driver a copy without prices', async () => {
    const admin = await pricedCompany();
    const q = await createQuote(t, admin, { totalPrice: 900 });
    assert.equal((await api(admin, 'PUT', `/Quotes/${q.id}/Swap`)).status, 200);
    const swapped = (await api(admin, 'GET', `/Quotes/${q.id}`)).body.data;
    assert.deepEqual(
      swapped.stops.map((s: any) => [s.type, s.sequence, s.address.city]),
      [
        ['Pickup', 1, 'Houston'],
        ['Delivery', 2, 'Dallas'],
      ],
    );
    // The items are loaded at the new pickup.
    assert.deepEqual(swapped.stops[1].items, []);
    assert.deepEqual(
      swapped.stops[0].items.map((i: any) => i.description),
      ['Pallets of tiles'],
    );
    const repeated = await api(admin, 'PUT', `/Quotes/${q.id}/repeat`);
    assert.equal(repeated.status, 200, JSON.stringify(repeated.body));
    const copy = repeated.body.data;
    assert.notEqual(copy.id, q.id);
    assert.equal(copy.status, 'Quote');
    assert.equal(copy.totalPrice, 900);
    assert.deepEqual(
      copy.stops.map((s: any) => s.address.id),
      swapped.stops.map((s: any) => s.address.id),
    );
    const driver = (await api(admin, 'GET', `/Quotes/${q.id}/copyOrderToDriver`)).body.data;
    assert.equal(driver.orderNumber, q.orderNumber);
    assert.ok(!('totalPrice' in driver) && !('priceLines' in driver) && !('buyingPrice' in driver));
    const one = (await api(admin, 'GET', `/Quotes/${q.id}/copyOrderToDriver?orderStopId=${swapped.stops[1].id}`)).body.data;
    assert.deepEqual(
      one.stops.map((s: any) => s.id),
      [swapped.stops[1].id],
    );
    expectNotFound(await api(admin, 'GET', `/Quotes/${q.id}/copyOrderToDriver?orderStopId=${copy.stops[0].id}`));
    const trips = (await api(admin, 'GET', `/Quotes/${q.id}/Trips`)).body.data;
    assert.deepEqual(
      trips.map((x: any) => [x.sequence, x.fromCity, x.toCity, x.status]),
      [[1, 'Houston', 'Dallas', 'Open']],
    );
  });

  it("treats another company's order as missing and needs the permissions", async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    const theirs = await createQuote(t, other);
    expectNotFound(await api(admin, 'PUT', `/Quotes/${theirs.id}/Swap`));
    expectNotFound(await api(admin, 'PUT', `/Quotes/${theirs.id}/repeat`));
    expectNotFound(await api(admin, 'GET', `/Quotes/${theirs.id}/copyOrderToDriver`));
    expectNotFound(await api(admin, 'GET', `/Quotes/${theirs.id}/Trips`));
    assert.equal(await countRows(t, 'orders', other.companyId), 1);
    assert.equal((await api(other, 'GET', `/Quotes/${theirs.id}`)).body.data.stops[0].type, 'Pickup');
    const viewer = await signIn(t, 'Viewer', other.companyId);
    expectForbidden(await api(viewer, 'PUT', `/Quotes/${theirs.id}/Swap`), 'Edit Orders');
    expectForbidden(await api(viewer, 'PUT', `/Quotes/${theirs.id}/repeat`), 'Repeat Order');
    expectForbidden(await api(viewer, 'GET', `/Quotes/${theirs.id}/copyOrderToDriver`), 'Copy Order for Driver');
    expectForbidden(await api(await signIn(t, 'Accountant', other.companyId), 'GET', `/Quotes/${theirs.id}/Trips`), 'View Order Sheet');
  });
});

describe('PUT /Quotes/{id}/BuyingPrice', () => {
  it('records what the carrier is paid; Company Admin only; bad input and other companies refused', async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    const q = await createQuote(t, admin);
    assert.equal((await api(admin, 'PUT', `/Quotes/${q.id}/BuyingPrice`, { buyingPrice: 612.345 })).status, 200);
    assert.equal((await api(admin, 'GET', `/Quotes/${q.id}`)).body.data.buyingPrice, 612.35);
    expectProblem(await api(admin, 'PUT', `/Quotes/${q.id}/BuyingPrice`, { buyingPrice: -1 }), 'buyingPrice');
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    expectForbidden(await api(dispatcher, 'PUT', `/Quotes/${q.id}/BuyingPrice`, { buyingPrice: 1 }), 'Company Admin');
    const theirs = await createQuote(t, other);
    expectNotFound(await api(admin, 'PUT', `/Quotes/${theirs.id}/BuyingPrice`, { buyingPrice: 1 }));
    assert.equal((await api(other, 'GET', `/Quotes/${theirs.id}`)).body.data.buyingPrice, null);
    assert.equal((await api(admin, 'PUT', `/Quotes/${q.id}/BuyingPrice`, { buyingPrice: null })).status, 200);
    assert.equal((await api(admin, 'GET', `/Quotes/${q.id}`)).body.data.buyingPrice, null);
  });
});

describe('recent addresses and contacts, warehouses, customer stats', () => {
  it('answers the places and the contact used most recently', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    const contact = await createContact(t, admin, customer.id);
    await createQuote(t, admin, { customerId: customer.id, contactId: contact.id });
    const later = await createQuote(t, admin, { stops: [twoStops()[0], { type: 'Delivery', address: AUSTIN }] });
    const recent = (await api(admin, 'GET', '/Quotes/RecentUsedAddresses?count=2')).body.data;
    assert.equal(recent.length, 2);
    assert.ok(recent.some((a: any) => a.id === later.stops[1].address.id));
    const mine = (await api(admin, 'GET', `/Quotes/RecentUsedAddresses?customerId=${customer.id}`)).body.data;
    assert.deepEqual(mine.map((a: any) => a.city).sort(), ['Dallas', 'Houston']);
    assert.equal((await api(admin, 'GET', `/Quotes/RecentUsedCustomerContact?customerId=${customer.id}`)).body.data, contact.id);
    assert.equal((await api(admin, 'GET', `/Quotes/RecentUsedCustomerContact?customerId=${later.customerId}`)).body.data, null);
    const other = await signIn(t);
    expectNotFound(await api(other, 'GET', `/Quotes/RecentUsedAddresses?customerId=${customer.id}`));
    expectNotFound(await api(other, 'GET', `/Quotes/RecentUsedCustomerContact?customerId=${customer.id}`));
    expectProblem(await api(admin, 'GET', '/Quotes/RecentUsedAddresses?count=0'), 'count');
    expectForbidden(await api(await signIn(t, 'Accountant', admin.companyId), 'GET', '/Quotes/RecentUsedAddresses'), 'View Order Sheet');
  });

  it('checks the warehouses a quote goes through', async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    const warehouse = async (s: Session, body: Record<string, unknown>) => {
      const res = await api(s, 'POST', '/Warehouses', { name: `W ${Math.random()}`, address: { street: '5 Dock St', city: 'Waco', country: 'US' }, ...body });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.data;
    };
    const placed = await warehouse(admin, { address: { street: '5 Dock St', city: 'Waco', country: 'US', latitude: 31.5, longitude: -97.1 } });
    const unplaced = await warehouse(admin, {});
    assert.equal((await api(admin, 'POST', '/Quotes/ValidateQuoteWarehouses', { warehouseIds: [placed.id] })).status, 200);
    const refused = await api(admin, 'POST', '/Quotes/ValidateQuoteWarehouses', { warehouseIds: [placed.id, unplaced.id] });
    expectFailure(refused, 'orders.warehouse_unusable');
    assert.match(refused.body.errors[0].message, new RegExp(`Warehouse ${unplaced.id}`));
    const theirs = await warehouse(other, {});
    expectNotFound(await api(admin, 'POST', '/Quotes/ValidateQuoteWarehouses', { warehouseIds: [theirs.id] }));
    expectProblem(await api(admin, 'POST', '/Quotes/ValidateQuoteWarehouses', { warehouseIds: [] }), 'warehouseIds');
    expectForbidden(
      await api(await signIn(t, 'Accountant', admin.companyId), 'POST', '/Quotes/ValidateQuoteWarehouses', { warehouseIds: [placed.id] }),
      'View Order Sheet',
    );
  });

  it("counts a customer's quotes and orders and sums their revenue", async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    await createQuote(t, admin, { customerId: customer.id, totalPrice: 100 });
    const a = await createQuote(t, admin, { customerId: customer.id, totalPrice: 300 });
    const b = await createQuote(t, admin, { customerId: customer.id, totalPrice: 500 });
    await api(admin, 'PUT', '/Quotes/ApproveQuotesBulk', [a.id, b.id]);
    await api(admin, 'PUT', `/Orders/${b.id}/close`);
    await api(admin, 'POST', `/Orders/${a.id}/Hold`, { reason: 'x' });
    const stats = (await api(admin, 'GET', `/Customers/CustomerStats?customerId=${customer.id}`)).body.data;
    assert.deepEqual([stats.quotes, stats.openOrders, stats.closedOrders, stats.deleted, stats.onHold], [1, 1, 1, 0, 1]);
    assert.deepEqual(stats.revenue, [{ currency: 'USD', amount: 800 }]);
    assert.deepEqual(stats.averageOrderValue, [{ currency: 'USD', amount: 400 }]);
    assert.ok(stats.firstOrderAt && stats.lastOrderAt);
    const other = await signIn(t);
    expectNotFound(await api(other, 'GET', `/Customers/CustomerStats?customerId=${customer.id}`));
    expectProblem(await api(admin, 'GET', '/Customers/CustomerStats'), 'customerId');
    expectForbidden(await api(await signIn(t, 'Accountant', admin.companyId), 'GET', `/Customers/CustomerStats?customerId=${customer.id}`), 'View Order Sheet');
  });
});
