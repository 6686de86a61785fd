// Quotes saved step by step (PUT /Quotes/{id}/{quoteUpdateType} and /edit), and stops in and out
// of spreadsheets (ImportOrderStops, ImportOrderStopsExample, export).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { countRows, createContact, createCustomer, createQuote, type Session, signIn, twoStops } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

const AUSTIN = { street: '1 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US', latitude: 30.2672, longitude: -97.7431 };

/** A multipart request with the CSV and the fields. */
function upload(session: Session, url: string, csv: string | Buffer, fields: Record<string, string> = {}, type = 'text/csv') {
  const boundary = '----fds-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="csvFile"; filename="stops.csv"\r\nContent-Type: ${type}\r\n\r\n`));
  parts.push(typeof csv === 'string' ? Buffer.from(csv) : csv, Buffer.from(`\r\n--${boundary}--\r\n`));
  return call(t, 'POST', `/api/v1${url}`, {
    token: session.token,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
}

describe('PUT /Quotes/{id}/{quoteUpdateType}', () => {
  it('saves pickups and deliveries step by step: changed by id, new without, removed when absent; a done step makes a draft a quote', async () => {
    const admin = await signIn(t);
    const draft = await createQuote(t, admin, { stops: [twoStops()[0]] });
    assert.equal(draft.status, 'Dreft');
    const pickup = draft.stops[0];
    // PickupDraft: the pickup changed (an item added, its own kept) and a second pickup.
    const step0 = await api(admin, 'PUT', `/Quotes/${draft.id}/PickupDraft`, {
      notes: 'Fragile',
      stops: [
        {
          id: pickup.id,
          type: 'Pickup',
          addressId: pickup.address.id,
          priority: 'High',
          items: [{ id: pickup.items[0].id, description: 'Tiles, boxed' }, { description: 'Grout' }],
        },
        { type: 'Pickup', address: AUSTIN },
      ],
    });
    assert.equal(step0.status, 200, JSON.stringify(step0.body));
    const o0 = step0.body.data;
    assert.equal(o0.status, 'Dreft');
    assert.equal(o0.notes, 'Fragile');
    assert.deepEqual(
      o0.stops.map((s: any) => [s.id === pickup.id, s.type, s.priority, s.items.map((i: any) => i.description)]),
      [
        [true, 'Pickup', 'High', ['Tiles, boxed', 'Grout']],
        [false, 'Pickup', 'Regular', []],
      ],
    );
    assert.equal(o0.stops[0].items[0].id, pickup.items[0].id);
    // DeliveryDone, by number: the quote is complete now.
    const step3 = await api(admin, 'PUT', `/Quotes/${draft.id}/3`, { stops: [twoStops()[1]] });
    assert.equal(step3.status, 200, JSON.stringify(step3.body));
    assert.equal(step3.body.data.status, 'Quote');
    assert.deepEqual(
      step3.body.data.stops.map((s: any) => [s.type, s.sequence]),
      [
        ['Pickup', 1],
        ['Pickup', 2],
        ['Delivery', 3],
      ],
    );
    // PickupDone without the Austin pickup: it is removed.
    const step1 = await api(admin, 'PUT', `/Quotes/${draft.id}/PickupDone?returnQuote=false`, {
      stops: [{ id: pickup.id, type: 'Pickup', addressId: pickup.address.id }],
    });
    assert.equal(step1.status, 200);
    assert.equal(step1.body.data, null);
    const now = (await api(admin, 'GET', `/Quotes/${draft.id}`)).body.data;
    assert.deepEqual(
      now.stops.map((s: any) => [s.type, s.sequence, s.items.length]),
      [
        ['Pickup', 1, 0],
        ['Delivery', 2, 0],
      ],
    );
    const audit = (await api(admin, 'GET', `/Orders/${draft.id}/AuditLog`)).body.data;
    assert.equal(audit.list.filter((e: any) => e.action === 'order.update').length, 3);
  });

  it('leaves the stops alone when a step sends none; an order keeps a pickup and a delivery; a new customer drops the old contact', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    const contact = await createContact(t, admin, customer.id);
    const q = await createQuote(t, admin, { customerId: customer.id, contactId: contact.id });
    assert.equal((await api(admin, 'PUT', `/Quotes/${q.id}/PickupDraft`, { notes: 'Only notes' })).status, 200);
    assert.equal((await api(admin, 'GET', `/Quotes/${q.id}`)).body.data.stops.length, 2);
    await api(admin, 'PUT', `/Quotes/ApproveQuote?quoteId=${q.id}`);
    expectFailure(await api(admin, 'PUT', `/Quotes/${q.id}/PickupDraft`, { stops: [] }), 'orders.incomplete_quote');
    assert.equal((await api(admin, 'GET', `/Quotes/${q.id}`)).body.data.stops.length, 2);
    const other = await createCustomer(t, admin);
    const moved = (await api(admin, 'PUT', `/Quotes/${q.id}/Pricing`, { customerId: other.id })).body.data;
    assert.deepEqual([moved.customerId, moved.contactId], [other.id, null]);
    expectProblem(
      await api(admin, 'PUT', `/Quotes/${q.id}/PickupDraft`, {
        stops: [
          {
            id: q.stops[0].id,
            type: 'Pickup',
            addressId: q.stops[0].address.id,
            timeWindowStart: '2026-12-01T16:00:00Z',
            timeWindowEnd: '2026-12-01T14:00:00Z',
          },
        ],
      }),
      'stops[0].timeWindowEnd',
    );
  });

  it('saves the pricing, the recurrence and the route behavior', async () => {
    const admin = await signIn(t);
    const q = await createQuote(t, admin);
    const priced = await api(admin, 'PUT', `/Quotes/${q.id}/Pricing`, { totalPrice: 777, distance: 250 });
    assert.equal(priced.status, 200, JSON.stringify(priced.body));
    assert.deepEqual([priced.body.data.totalPrice, priced.body.data.isCustomPrice, priced.body.data.distance], [777, true, 250]);
    const back = await api(admin, 'PUT', `/Quotes/${q.id}/4`, { totalPrice: null });
    assert.deepEqual([back.body.data.totalPrice, back.body.data.isCustomPrice, back.body.data.distance], [0, false, 250]);
    const weekly = await api(admin, 'PUT', `/Quotes/${q.id}/Recurrence`, { recurrence: { frequency: 'Weekly', daysOfWeek: ['Monday', 'Thursday'] } });
    assert.deepEqual(weekly.body.data.recurrence, { frequency: 'Weekly', daysOfWeek: ['Monday', 'Thursday'] });
    const same = await api(admin, 'PUT', `/Quotes/${q.id}/OrderRouteBehavior`, { routeBehavior: 'SameRoute' });
    assert.equal(same.body.data.routeBehavior, 'SameRoute');
  });

  it('makes the customer from the quote when asked', async () => {
    const admin = await signIn(t);
    const q = await createQuote(t, admin);
    const res = await api(admin, 'PUT', `/Quotes/${q.id}/PickupDraft?createCustomerFromQuote=true`, {
      customer: { name: 'Walk-in Shipper', email: 'walkin@shipper.example' },
      stops: [{ id: q.stops[0].id, type: 'Pickup', addressId: q.stops[0].address.id }],
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.customerName, 'Walk-in Shipper');
    assert.notEqual(res.body.data.customerId, q.customerId);
    expectProblem(await api(admin, 'PUT', `/Quotes/${q.id}/PickupDraft?createCustomerFromQuote=true`, { stops: [] }), 'customer');
  });

  it("refuses a stop of another step, an unknown step, another order's stop, and other companies; writes nothing", async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    const q = await createQuote(t, admin);
    const q2 = await createQuote(t, admin);
    expectProblem(await api(admin, 'PUT', `/Quotes/${q.id}/PickupDraft`, { stops: [{ type: 'Delivery', address: AUSTIN }] }), 'stops[0].type');
    expectProblem(await api(admin, 'PUT', `/Quotes/${q.id}/Nonsense`, {}), 'quoteUpdateType');
    expectNotFound(await api(admin, 'PUT', `/Quotes/${q.id}/PickupDraft`, { stops: [{ id: q2.stops[0].id, type: 'Pickup', address: AUSTIN }] }));
    const theirs = await createQuote(t, other);
    expectNotFound(await api(admin, 'PUT', `/Quotes/${theirs.id}/Pricing`, { totalPrice: 1 }));
    expectNotFound(await api(admin, 'PUT', `/Quotes/${q.id}/PickupDraft`, { customerId: theirs.customerId, stops: [] }));
    assert.equal((await api(other, 'GET', `/Quotes/${theirs.id}`)).body.data.isCustomPrice, false);
    const read = (await api(admin, 'GET', `/Quotes/${q.id}`)).body.data;
    assert.equal(read.stops.length, 2);
    assert.equal(read.customerId, q.customerId);
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    expectForbidden(await api(viewer, 'PUT', `/Quotes/${q.id}/Pricing`, { totalPrice: 1 }), 'Edit Orders');
    expectForbidden(await api(viewer, 'PUT', `/Quotes/${q.id}/Pricing/edit`, { orderId: q.id, quoteUpdateType: 4, order: {} }), 'Edit Orders');
  });

  it('/edit takes the order and the step from the body, whatever the path says', async () => {
    const admin = await signIn(t);
    const q = await createQuote(t, admin);
    const res = await api(admin, 'PUT', '/Quotes/anything/whatever/edit', { orderId: q.id, quoteUpdateType: 'Pricing', order: { totalPrice: 321 } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.totalPrice, 321);
    const other = await signIn(t);
    expectNotFound(await api(other, 'PUT', '/Quotes/1/1/edit', { orderId: q.id, quoteUpdateType: 4, order: { totalPrice: 1 } }));
    expectProblem(await api(admin, 'PUT', '/Quotes/1/1/edit', { quoteUpdateType: 4, order: {} }), 'orderId');
    assert.equal((await api(admin, 'GET', `/Quotes/${q.id}`)).body.data.totalPrice, 321);
  });
});

describe('ImportOrderStops, ImportOrderStopsExample, export', () => {
  it('serves a sample CSV that imports as it is, into a new order or an existing one', async () => {
    const admin = await signIn(t);
    const example = await api(admin, 'GET', '/Quotes/ImportOrderStopsExample');
    assert.equal(example.status, 200);
    assert.match(String(example.headers['content-type']), /^text\/csv/);
    const csv = String(example.body);
    assert.match(csv.split('\r\n')[0]!, /^stop,type,name,street/);
    const customer = await createCustomer(t, admin);
    const made = await upload(admin, '/Quotes/ImportOrderStops', csv, { orderJson: JSON.stringify({ customerId: customer.id, referenceNumber: 'CSV-1' }) });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const list = (await api(admin, 'GET', `/Quotes?Customers=${customer.id}`)).body.data.list;
    assert.equal(list.length, 1);
    assert.equal(list[0].referenceNumber, 'CSV-1');
    // The new order's GET in the Location header (data null, as the spec answers).
    assert.equal(made.body.data, null);
    assert.equal(made.headers.location, `/api/v1/Quotes/${list[0].id}`);
    assert.deepEqual(
      list[0].stops.map((s: any) => [s.type, s.address.city, s.items.map((i: any) => i.description)]),
      [
        ['Pickup', 'Dallas', ['Pallets of tiles', 'Grout']],
        ['Delivery', 'Houston', []],
      ],
    );
    // Into an existing order: added after the stops of their kind.
    const q = await createQuote(t, admin);
    const added = await upload(admin, `/Quotes/ImportOrderStops?orderId=${q.id}`, csv);
    assert.equal(added.status, 200, JSON.stringify(added.body));
    assert.equal(added.headers.location, undefined);
    assert.equal((await api(admin, 'GET', `/Quotes/${q.id}`)).body.data.stops.length, 4);
  });

  it('checks every row first and writes nothing when one is wrong, naming row, field and reason', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    const csv = 'stop,type,street,city,country,item,quantity\r\n1,Pickup,1 A St,Dallas,US,Box,2\r\n2,Elsewhere,2 B St,,US,Crate,-1\r\n';
    const res = await upload(admin, '/Quotes/ImportOrderStops', csv, { orderJson: JSON.stringify({ customerId: customer.id }) });
    expectFailure(res, 'orders.import_invalid');
    const messages = res.body.errors.map((e: any) => e.message);
    assert.ok(
      messages.some((m: string) => m.startsWith('Row 3 (type)')),
      messages.join(' | '),
    );
    assert.ok(messages.some((m: string) => m.startsWith('Row 3 (city)')));
    assert.ok(messages.some((m: string) => m.startsWith('Row 3 (quantity)')));
    assert.equal(await countRows(t, 'orders', admin.companyId), 0);
    expectProblem(
      await upload(admin, '/Quotes/ImportOrderStops', csv.split('\r\n').slice(0, 2).join('\r\n'), { orderJson: '{"customerId": "x"}' }),
      'orderJson.customerId',
    );
    expectProblem(await upload(admin, '/Quotes/ImportOrderStops', 'stop,type\r\n'), 'orderJson');
    // An order takes 200 stops at most, imported ones included.
    const many = `stop,type,street,city,country\r\n${Array.from({ length: 199 }, (_, i) => `${i + 1},Delivery,${i + 1} Long Rd,Austin,US`).join('\r\n')}\r\n`;
    const full = await createQuote(t, admin);
    expectFailure(await upload(admin, `/Quotes/ImportOrderStops?orderId=${full.id}`, many), 'orders.too_many_stops');
    assert.equal((await api(admin, 'GET', `/Quotes/${full.id}`)).body.data.stops.length, 2);
    const other = await signIn(t);
    const theirs = await createQuote(t, other);
    expectNotFound(await upload(admin, `/Quotes/ImportOrderStops?orderId=${theirs.id}`, 'stop,type,street,city,country\r\n1,Pickup,1 A St,Dallas,US\r\n'));
    expectNotFound(
      await upload(admin, '/Quotes/ImportOrderStops', 'stop,type,street,city,country\r\n1,Pickup,1 A St,Dallas,US\r\n', {
        orderJson: JSON.stringify({ customerId: theirs.customerId }),
      }),
    );
    assert.equal(await countRows(t, 'order_stops', other.companyId), 2);
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    expectForbidden(await upload(viewer, '/Quotes/ImportOrderStops', 'stop\r\n', { orderJson: '{}' }), 'Edit Orders');
  });

  it('exports orders as a spreadsheet of their stops, which imports again', async () => {
    const admin = await signIn(t);
    const q = await createQuote(t, admin);
    const file = await call(t, 'GET', `/api/v1/Quotes/export?ids=${q.id}`, { token: admin.token });
    assert.equal(file.status, 200);
    assert.match(String(file.headers['content-type']), /spreadsheetml/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.raw as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    assert.equal(sheet.getRow(1).getCell(1).value, 'orderNumber');
    assert.equal(sheet.getRow(2).getCell(1).value, q.orderNumber);
    assert.equal(sheet.rowCount, 3);
    const again = await upload(
      admin,
      `/Quotes/ImportOrderStops?orderId=${q.id}`,
      file.raw,
      {},
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    assert.equal(again.status, 200, JSON.stringify(again.body));
    const read = (await api(admin, 'GET', `/Quotes/${q.id}`)).body.data;
    assert.deepEqual(
      read.stops.map((s: any) => [s.type, s.address.id]),
      [
        ['Pickup', q.stops[0].address.id],
        ['Pickup', q.stops[0].address.id],
        ['Delivery', q.stops[1].address.id],
        ['Delivery', q.stops[1].address.id],
      ],
    );
    const sample = await call(t, 'GET', '/api/v1/Quotes/export?sample=true', { token: admin.token });
    assert.equal(sample.status, 200);
    const other = await signIn(t);
    const theirs = await call(t, 'GET', `/api/v1/Quotes/export?ids=${q.id}`, { token: other.token });
    expectNotFound(theirs);
    expectForbidden(await call(t, 'GET', '/api/v1/Quotes/export', { token: (await signIn(t, 'Accountant', admin.companyId)).token }), 'View Order Sheet');
  });
});
