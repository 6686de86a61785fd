import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { countRows, createAddress, createCustomer, createQuote, type Session, signIn, twoStops } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

const events = async (companyId: number) =>
  (
    await sql<{ position: number; type: string; entity_id: string; payload: any }>`select position::int as position, type, entity_id, payload
      from company_events where company_id = ${companyId} order by position`.execute(t.database.db)
  ).rows;

const auditCount = async (companyId: number, action: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from audit_log where company_id = ${companyId} and action = ${action}`.execute(t.database.db)).rows[0]!.n;

describe('POST /Quotes', () => {
  it('makes a priced quote with its stops, places and items, numbered, logged and announced', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    const hub = await createAddress(t, admin, customer.id, {
      street: '10 Dock Rd',
      city: 'Waco',
      postalCode: '76701',
      isHub: true,
      latitude: 31.5493,
      longitude: -97.1467,
    });
    // The company's model: 50 a load plus 2 a mile; a 10 % fuel surcharge.
    assert.equal((await api(admin, 'POST', '/PricingModel', { baseCharge: 50, mileageCharges: [{ fromDistance: 0, ratePerUnit: 2 }] })).status, 200);
    const fuel = (await api(admin, 'GET', '/Accounting/chargeTypes')).body.data.find((c: any) => c.code === 'FUEL');
    assert.equal((await api(admin, 'PUT', `/Accounting/chargeTypes/${fuel.id}`, { rate: 10 })).status, 200);
    const res = await api(admin, 'POST', '/Quotes', {
      customerId: customer.id,
      referenceNumber: ' PO-7731 ',
      stops: [
        {
          type: 'delivery',
          address: { street: '1510 Polk St', city: 'Houston', state: 'TX', postalCode: '77002', country: 'us', latitude: 29.7523, longitude: -95.3582 },
        },
        { type: 'Transfer', addressId: hub.id, priority: 'High' },
        {
          type: 'Pickup',
          address: { street: '2500 Victory Ave', city: 'Dallas', state: 'TX', postalCode: '75219', country: 'US', latitude: 32.7905, longitude: -96.8104 },
          date: '2026-12-01T00:00:00Z',
          items: [
            { description: 'Tiles', quantity: 4, weight: 3200, pallets: 4, barcode: 'TIL-1' },
            { description: 'Grout', weight: 100 },
          ],
        },
      ],
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const q = res.body.data;
    assert.equal(q.status, 'Quote');
    assert.equal(q.orderNumber, '1001');
    assert.equal(q.customerId, customer.id);
    assert.equal(q.customerName, customer.name);
    assert.equal(q.referenceNumber, 'PO-7731');
    // Kept pickups first, then transfers, then deliveries.
    assert.deepEqual(
      q.stops.map((s: any) => [s.type, s.sequence, s.address.city, s.priority]),
      [
        ['Pickup', 1, 'Dallas', 'Regular'],
        ['Transfer', 2, 'Waco', 'High'],
        ['Delivery', 3, 'Houston', 'Regular'],
      ],
    );
    assert.equal(q.stops[0].date, '2026-12-01');
    assert.equal(q.stops[1].address.id, hub.id);
    assert.deepEqual(
      q.stops[0].items.map((i: any) => [i.description, i.quantity, i.weight, i.pallets, i.barcode]),
      [
        ['Tiles', 4, 3200, 4, 'TIL-1'],
        ['Grout', 1, 100, null, null],
      ],
    );
    assert.equal(q.stops[0].appointmentStatus, 'Nothing');
    assert.equal(q.stops[0].routeStatus, 'ToDo');
    assert.equal(q.isOnHold, false);
    // Priced by the company's model: the distance along the stops (Dallas, Waco, Houston: about
    // 300 road miles), the linehaul, the fuel surcharge on it; the lines add up to the total.
    assert.ok(q.distance > 250 && q.distance < 350, `distance ${q.distance}`);
    assert.equal(q.distanceUnit, 'mi');
    assert.equal(q.isCustomPrice, false);
    assert.deepEqual(q.priceWarnings, []);
    const linehaul = q.priceLines.filter((l: any) => l.code !== 'ACCESSORIAL').reduce((n: number, l: any) => n + l.amount, 0);
    assert.ok(Math.abs(linehaul - (50 + 2 * q.distance)) < 0.02, `linehaul ${linehaul} for ${q.distance} mi`);
    const fuelLine = q.priceLines.find((l: any) => l.chargeTypeId === fuel.id);
    assert.ok(fuelLine, JSON.stringify(q.priceLines));
    assert.ok(Math.abs(fuelLine.amount - linehaul * 0.1) < 0.02);
    assert.equal(Math.round(q.priceLines.reduce((n: number, l: any) => n + l.amount, 0) * 100) / 100, q.totalPrice);
    // The new places joined the customer's addresses; a second quote to them reuses them.
    const again = await createQuote(t, admin, { customerId: customer.id });
    assert.equal(again.orderNumber, '1002');
    assert.equal(again.stops[0].address.id, q.stops[0].address.id);
    assert.equal(again.stops[1].address.id, q.stops[2].address.id);
    // Read back as answered.
    const read = await api(admin, 'GET', `/Quotes/${q.id}`);
    assert.equal(read.status, 200);
    assert.deepEqual(read.body.data, q);
    // Activity, audit and the company event log, positions from 1.
    assert.equal(await auditCount(admin.companyId, 'quote.created'), 2);
    const log = await events(admin.companyId);
    assert.deepEqual(
      log.map((e) => [e.position, e.type, e.entity_id, e.payload.status]),
      [
        [1, 'quote.created', String(q.id), 'Quote'],
        [2, 'quote.created', String(again.id), 'Quote'],
      ],
    );
  });

  it("keeps an order the company's model cannot price yet at 0, saying why", async () => {
    const admin = await signIn(t);
    const q = await createQuote(t, admin);
    assert.equal(q.totalPrice, 0);
    assert.deepEqual(q.priceLines, []);
    assert.match(q.priceWarnings[0], /^Not priced: .*mileage bands/);
  });

  it('is a draft without a delivery, and a quote asked without one is refused', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    const draft = await createQuote(t, admin, { customerId: customer.id, stops: [twoStops()[0]] });
    assert.equal(draft.status, 'Dreft');
    const refused = await api(admin, 'POST', '/Quotes', { customerId: customer.id, status: 'Quote', stops: [twoStops()[0]] });
    expectFailure(refused, 'orders.incomplete_quote');
    assert.equal(await countRows(t, 'orders', admin.companyId), 1);
  });

  it('takes a price set by hand, and an order number of its own (unique, any case)', async () => {
    const admin = await signIn(t);
    const q = await createQuote(t, admin, { orderNumber: 'ABC-1', totalPrice: 1250.5 });
    assert.equal(q.orderNumber, 'ABC-1');
    assert.equal(q.totalPrice, 1250.5);
    assert.equal(q.isCustomPrice, true);
    assert.deepEqual(
      q.priceLines.map((l: any) => [l.code, l.amount]),
      [['CUSTOM', 1250.5]],
    );
    const dup = await api(admin, 'POST', '/Quotes', { customerId: q.customerId, orderNumber: 'abc-1', stops: twoStops() });
    expectFailure(dup, 'orders.duplicate_order_number');
    const check = await api(admin, 'GET', '/Quotes/QuoteCheck/abc-1');
    assert.equal(check.body.data, true);
    assert.equal((await api(admin, 'GET', '/Quotes/QuoteCheck/ABC-2')).body.data, false);
  });

  it('skips a number given by hand when numbering, and finds a numbered order by its number and its customer', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    const first = await createQuote(t, admin, { customerId: customer.id });
    await createQuote(t, admin, { customerId: customer.id, orderNumber: '1002' });
    const next = await createQuote(t, admin, { customerId: customer.id });
    assert.deepEqual([first.orderNumber, next.orderNumber], ['1001', '1003']);
    assert.equal((await api(admin, 'GET', `/Quotes/${next.id}`)).body.data.orderNumber, '1003');
    const byNumber = (await api(admin, 'GET', '/Quotes?SearchTerm=1003')).body.data;
    assert.deepEqual([byNumber.totalCount, byNumber.list.map((o: any) => o.id)], [1, [next.id]]);
    const byCustomer = (await api(admin, 'GET', `/Quotes?SearchTerm=${encodeURIComponent(customer.name)}`)).body.data;
    assert.equal(byCustomer.totalCount, 3);
  });

  it('numbers orders made at once without gaps or repeats', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    const made = await Promise.all(Array.from({ length: 8 }, () => createQuote(t, admin, { customerId: customer.id })));
    assert.deepEqual(
      made.map((q) => Number(q.orderNumber)).sort((a, b) => a - b),
      [1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008],
    );
    const positions = (await events(admin.companyId)).map((e) => e.position);
    assert.deepEqual(positions, [1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('numbers orders made at once beside one given a number by hand: no repeats, no gaps but the skipped one', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    const make = (orderNumber?: string) =>
      api(admin, 'POST', '/Quotes', { customerId: customer.id, stops: twoStops(), ...(orderNumber ? { orderNumber } : {}) });
    const answers = await Promise.all([make(), make(), make(), make('1004'), make(), make(), make()]);
    const hand = answers[3]!;
    // The hand-given number is the company's, unless a generated order took it first.
    if (hand.status !== 200) expectFailure(hand, 'orders.duplicate_order_number');
    const generated = answers.filter((_, i) => i !== 3);
    for (const res of generated) assert.equal(res.status, 200, JSON.stringify(res.body));
    const numbers = generated.map((r) => Number(r.body.data.orderNumber)).sort((a, b) => a - b);
    const expected = hand.status === 200 ? [1001, 1002, 1003, 1005, 1006, 1007] : [1001, 1002, 1003, 1004, 1005, 1006];
    assert.deepEqual(numbers, expected);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    expectProblem(await api(admin, 'POST', '/Quotes', { stops: twoStops() }), 'customerId');
    expectProblem(await api(admin, 'POST', '/Quotes', { customerId: customer.id, stops: [{ type: 'Pickup' }] }), 'stops[0].address');
    const badCountry = twoStops();
    (badCountry[1]!.address as any).country = 'XX';
    expectProblem(await api(admin, 'POST', '/Quotes', { customerId: customer.id, stops: badCountry }), 'stops[1].address.country');
    expectProblem(await api(admin, 'POST', '/Quotes', { customerId: customer.id, stops: [{ type: 'Somewhere', addressId: 1 }] }), 'stops[0].type');
    const twice = twoStops();
    (twice[0]!.items as any[]).push({ description: 'Again', barcode: 'B-1' }, { description: 'And again', barcode: 'B-1' });
    expectProblem(await api(admin, 'POST', '/Quotes', { customerId: customer.id, stops: twice }), 'stops[0].items[2].barcode');
    const linehaul = (await api(admin, 'GET', '/Accounting/chargeTypes')).body.data.find((c: any) => c.code === 'LINEHAUL');
    expectProblem(await api(admin, 'POST', '/Quotes', { customerId: customer.id, chargeTypeIds: [linehaul.id], stops: twoStops() }), 'chargeTypeIds[0]');
    expectNotFound(await api(admin, 'POST', '/Quotes', { customerId: customer.id, chargeTypeIds: [2147483000], stops: twoStops() }));
    const backwards = twoStops();
    Object.assign(backwards[0]!, { timeWindowStart: '2026-12-01T16:00:00Z', timeWindowEnd: '2026-12-01T14:00:00Z' });
    expectProblem(await api(admin, 'POST', '/Quotes', { customerId: customer.id, stops: backwards }), 'stops[0].timeWindowEnd');
    const blank = twoStops();
    (blank[0]!.items as any[])[0].description = '   ';
    expectProblem(await api(admin, 'POST', '/Quotes', { customerId: customer.id, stops: blank }), 'stops[0].items[0].description');
    assert.equal(await countRows(t, 'orders', admin.companyId), 0);
    assert.equal(await countRows(t, 'company_events', admin.companyId), 0);
    // The new stop places of refused requests were not kept either: only the customer's own address.
    assert.equal(await countRows(t, 'addresses', admin.companyId), 1);
  });

  it("treats another company's customer, contact and address as missing", async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    const mine = await createCustomer(t, admin);
    const theirs = await createCustomer(t, other);
    const theirPlace = await createAddress(t, other, theirs.id);
    expectNotFound(await api(admin, 'POST', '/Quotes', { customerId: theirs.id, stops: twoStops() }));
    const stops = twoStops();
    stops[1] = { type: 'Delivery', addressId: theirPlace.id };
    expectNotFound(await api(admin, 'POST', '/Quotes', { customerId: mine.id, stops }));
    assert.equal(await countRows(t, 'orders', admin.companyId), 0);
  });

  it('needs "Edit Orders"', async () => {
    const admin = await signIn(t);
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    const customer = await createCustomer(t, admin);
    expectForbidden(await api(viewer, 'POST', '/Quotes', { customerId: customer.id, stops: twoStops() }), 'Edit Orders');
    assert.equal(await countRows(t, 'orders', admin.companyId), 0);
  });
});

describe('GET /Quotes/{id}', () => {
  it('answers 404 for another company\'s quote, 403 without "View Order Sheet"', async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    const theirs = await createQuote(t, other);
    expectNotFound(await api(admin, 'GET', `/Quotes/${theirs.id}`));
    const accountant = await signIn(t, 'Accountant', other.companyId);
    expectForbidden(await api(accountant, 'GET', `/Quotes/${theirs.id}`), 'View Order Sheet');
  });
});

describe('GET /Quotes and GET /Orders', () => {
  it("lists the company's quotes and orders newest first, filtered, searched, with the exact totalCount", async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    await createQuote(t, other);
    const acme = await createCustomer(t, admin, { name: 'Acme Tiles' });
    const zeta = await createCustomer(t, admin, { name: 'Zeta Stone' });
    const q1 = await createQuote(t, admin, { customerId: acme.id });
    const q2 = await createQuote(t, admin, { customerId: zeta.id });
    const q3 = await createQuote(t, admin, { customerId: acme.id });
    assert.equal((await api(admin, 'PUT', `/Quotes/ApproveQuote?quoteId=${q2.id}`)).status, 200);

    const all = (await api(admin, 'GET', '/Quotes')).body.data;
    assert.equal(all.totalCount, 3);
    assert.deepEqual(
      all.list.map((o: any) => o.id),
      [q3.id, q2.id, q1.id],
    );
    assert.equal(all.list[0].stops.length, 2);
    const quotes = (await api(admin, 'GET', '/Quotes?OrderStatus=Quote')).body.data;
    assert.deepEqual(
      quotes.list.map((o: any) => o.id),
      [q3.id, q1.id],
    );
    const orders = (await api(admin, 'GET', '/Orders')).body.data;
    assert.deepEqual(
      orders.list.map((o: any) => [o.id, o.status]),
      [[q2.id, 'Order']],
    );
    const searched = (await api(admin, 'GET', '/Quotes?SearchTerm=zeta')).body.data;
    assert.deepEqual(
      searched.list.map((o: any) => o.id),
      [q2.id],
    );
    const byCity = (await api(admin, 'GET', '/Quotes?Cities=houston&ItemsPerPage=2&SortBy=ordernumber&SortDirection=0')).body.data;
    assert.equal(byCity.totalCount, 3);
    assert.deepEqual(
      byCity.list.map((o: any) => o.orderNumber),
      [q1.orderNumber, q2.orderNumber],
    );
    const byCustomer = (await api(admin, 'GET', `/Quotes?Customers=${acme.id}`)).body.data;
    assert.equal(byCustomer.totalCount, 2);
    const byNumber = (await api(admin, 'GET', `/Quotes?OrderNumber=${q3.orderNumber}`)).body.data;
    assert.deepEqual(
      byNumber.list.map((o: any) => o.id),
      [q3.id],
    );
    // A zone of Houston's postal codes: every quote delivers there; one of Austin's: none.
    const houston = await api(admin, 'POST', '/Zones', { name: 'Houston', country: 'US', postalCodes: ['770'] });
    assert.equal(houston.status, 200, JSON.stringify(houston.body));
    const austin = await api(admin, 'POST', '/Zones', { name: 'Austin', country: 'US', postalCodes: ['787'] });
    assert.equal((await api(admin, 'GET', `/Quotes?ZoneIds=${houston.body.data.id}`)).body.data.totalCount, 3);
    assert.equal((await api(admin, 'GET', `/Quotes?ZoneIds=${austin.body.data.id}`)).body.data.totalCount, 0);
    // Another company's customer id filters to nothing.
    const theirs = await createCustomer(t, other);
    assert.equal((await api(admin, 'GET', `/Quotes?Customers=${theirs.id}`)).body.data.totalCount, 0);
    expectProblem(await api(admin, 'GET', '/Quotes?SortBy=weight'), 'SortBy');
  });

  it("answers a status list's totalCount from the kept counts, equal to the rows counted, through every move", async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    await createQuote(t, other);
    const statuses = ['Dreft', 'Quote', 'Order', 'Closed', 'Deleted'] as const;
    // What the list answers by status alone (the kept counts) against the same list with a filter
    // that makes it count its rows (every date), and against the table itself.
    const agree = async (expected: Record<string, number>) => {
      const kept = await sql<{ status: string; n: string }>`select status, n::text as n from order_status_counts
        where company_id = ${admin.companyId} and n <> 0`.execute(t.database.db);
      const counted = await sql<{ status: string; n: string }>`select status, count(*)::text as n from orders
        where company_id = ${admin.companyId} group by status`.execute(t.database.db);
      const asMap = (rows: Array<{ status: string; n: string }>) => Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
      assert.deepEqual(asMap(kept.rows), asMap(counted.rows));
      for (const status of statuses) {
        const listed = (await api(admin, 'GET', `/Quotes?OrderStatus=${status}`)).body.data.totalCount;
        const dated = (await api(admin, 'GET', `/Quotes?OrderStatus=${status}&DateRange=2000-01-01T00:00:00Z&DateRange=2100-01-01T00:00:00Z`)).body.data
          .totalCount;
        assert.equal(listed, dated, status);
        assert.equal(listed, expected[status] ?? 0, status);
      }
      assert.equal(
        (await api(admin, 'GET', '/Quotes')).body.data.totalCount,
        (expected.Dreft ?? 0) + (expected.Quote ?? 0) + (expected.Order ?? 0) + (expected.Closed ?? 0),
      );
      assert.equal((await api(admin, 'GET', '/Quotes?IsOrder=true')).body.data.totalCount, (expected.Order ?? 0) + (expected.Closed ?? 0));
      // Filters that leave no status: nothing, counted as nothing.
      for (const url of ['/Orders?IsOrder=false', '/Quotes?OrderStatus=Quote&IsOrder=true']) {
        const none = await api(admin, 'GET', url);
        assert.equal(none.status, 200, url);
        assert.deepEqual([none.body.data.totalCount, none.body.data.list.length], [0, 0], url);
      }
    };
    const [a, b, c, d] = [await createQuote(t, admin), await createQuote(t, admin), await createQuote(t, admin), await createQuote(t, admin)];
    const draft = await api(admin, 'POST', '/Quotes', { customerId: a.customerId, stops: [{ type: 'Pickup', addressId: a.stops[0].address.id }] });
    assert.equal(draft.body.data.status, 'Dreft');
    await agree({ Quote: 4, Dreft: 1 });
    assert.equal((await api(admin, 'PUT', '/Quotes/ApproveQuotesBulk', [a.id, b.id, c.id])).status, 200);
    assert.equal((await api(admin, 'PUT', `/Orders/${a.id}/close`)).status, 200);
    await agree({ Quote: 1, Dreft: 1, Order: 2, Closed: 1 });
    // A refused bulk move moves no count.
    expectFailure(await api(admin, 'DELETE', '/Quotes', [b.id, a.id]), 'orders.closed');
    assert.equal((await api(admin, 'DELETE', '/Quotes', [b.id, d.id, draft.body.data.id])).status, 200);
    await agree({ Order: 1, Closed: 1, Deleted: 3 });
    assert.equal((await api(admin, 'DELETE', `/Orders/${d.id}/Permanent`)).status, 200);
    const repeated = await api(admin, 'PUT', `/Quotes/${a.id}/repeat`);
    assert.equal(repeated.status, 200, JSON.stringify(repeated.body));
    await agree({ Order: 1, Closed: 1, Deleted: 2, [repeated.body.data.status]: 1 });
  });

  it('needs "View Order Sheet"', async () => {
    const accountant = await signIn(t, 'Accountant');
    expectForbidden(await api(accountant, 'GET', '/Quotes'), 'View Order Sheet');
    expectForbidden(await api(accountant, 'GET', '/Orders'), 'View Order Sheet');
  });
});

describe('Approving, closing and deleting', () => {
  it('approves a quote into an order, closes it, and refuses the moves its state does not allow', async () => {
    const admin = await signIn(t);
    const q = await createQuote(t, admin);
    expectFailure(await api(admin, 'PUT', `/Orders/${q.id}/close`), 'orders.not_an_order');
    assert.equal((await api(admin, 'PUT', `/Quotes/ApproveQuote?quoteId=${q.id}`)).status, 200);
    // Again: nothing changes.
    assert.equal((await api(admin, 'PUT', `/Quotes/ApproveQuote?quoteId=${q.id}`)).status, 200);
    const order = (await api(admin, 'GET', `/Quotes/${q.id}`)).body.data;
    assert.equal(order.status, 'Order');
    assert.ok(order.approvedAt);
    const closed = await api(admin, 'PUT', `/Orders/${q.id}/close`);
    assert.equal(closed.status, 200);
    assert.equal(closed.body.data.status, 'Closed');
    assert.equal((await api(admin, 'PUT', `/Orders/${q.id}/close`)).status, 200);
    expectFailure(await api(admin, 'PUT', `/Quotes/ApproveQuote?quoteId=${q.id}`), 'orders.not_a_quote');
    expectFailure(await api(admin, 'DELETE', `/Quotes/${q.id}`), 'orders.closed');
    assert.deepEqual(
      (await events(admin.companyId)).map((e) => e.type),
      ['quote.created', 'quote.approved', 'order.closed'],
    );
    assert.equal(await auditCount(admin.companyId, 'quote.approved'), 1);
    assert.equal(await auditCount(admin.companyId, 'order.closed'), 1);
  });

  it('approves in bulk all or nothing, naming each refused id', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    const good = await createQuote(t, admin, { customerId: customer.id });
    const draft = await createQuote(t, admin, { customerId: customer.id, stops: [twoStops()[0]] });
    const deleted = await createQuote(t, admin, { customerId: customer.id });
    assert.equal((await api(admin, 'DELETE', `/Quotes/${deleted.id}`)).status, 200);
    const refused = await api(admin, 'PUT', '/Quotes/ApproveQuotesBulk', [good.id, draft.id, deleted.id]);
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body.errors.map((e: any) => e.code).sort(), ['orders.deleted', 'orders.incomplete_quote']);
    assert.ok(refused.body.errors.some((e: any) => e.message.includes(`Quote ${draft.id}`)));
    assert.ok(refused.body.errors.some((e: any) => e.message.includes(`Order ${deleted.id}`)));
    assert.equal((await api(admin, 'GET', `/Quotes/${good.id}`)).body.data.status, 'Quote');
    const other = await signIn(t);
    const theirs = await createQuote(t, other);
    expectNotFound(await api(admin, 'PUT', '/Quotes/ApproveQuotesBulk', [good.id, theirs.id]));
    assert.equal((await api(other, 'GET', `/Quotes/${theirs.id}`)).body.data.status, 'Quote');
    assert.equal((await api(admin, 'PUT', '/Quotes/ApproveQuotesBulk', [good.id])).status, 200);
    assert.equal((await api(admin, 'GET', `/Quotes/${good.id}`)).body.data.status, 'Order');
  });

  it('deletes quotes all or nothing; a deleted one is listed only when asked for', async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    const a = await createQuote(t, admin);
    const b = await createQuote(t, admin);
    const theirs = await createQuote(t, other);
    expectNotFound(await api(admin, 'DELETE', '/Quotes', [a.id, theirs.id]));
    assert.equal((await api(admin, 'GET', '/Quotes')).body.data.totalCount, 2);
    expectNotFound(await api(admin, 'DELETE', `/Quotes/${theirs.id}`));
    assert.equal((await api(other, 'GET', `/Quotes/${theirs.id}`)).body.data.status, 'Quote');
    assert.equal((await api(admin, 'DELETE', '/Quotes', [a.id, b.id])).status, 200);
    assert.equal((await api(admin, 'GET', '/Quotes')).body.data.totalCount, 0);
    const deleted = (await api(admin, 'GET', '/Quotes?OrderStatus=Deleted')).body.data;
    assert.equal(deleted.totalCount, 2);
    assert.ok(deleted.list.every((o: any) => o.status === 'Deleted' && o.deletedAt));
    assert.deepEqual(
      (await events(admin.companyId)).map((e) => e.type),
      ['quote.created', 'quote.created', 'order.deleted', 'order.deleted'],
    );
  });

  it('needs "Approve Quote" to approve and "Edit Orders" to close or delete', async () => {
    const admin = await signIn(t);
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    const q = await createQuote(t, admin);
    expectForbidden(await api(viewer, 'PUT', `/Quotes/ApproveQuote?quoteId=${q.id}`), 'Approve Quote');
    expectForbidden(await api(viewer, 'PUT', '/Quotes/ApproveQuotesBulk', [q.id]), 'Approve Quote');
    expectForbidden(await api(viewer, 'PUT', `/Orders/${q.id}/close`), 'Edit Orders');
    expectForbidden(await api(viewer, 'DELETE', `/Quotes/${q.id}`), 'Edit Orders');
    expectForbidden(await api(viewer, 'DELETE', '/Quotes', [q.id]), 'Edit Orders');
    assert.equal((await api(admin, 'GET', `/Quotes/${q.id}`)).body.data.status, 'Quote');
  });

  it("treats another company's order as missing when closing or approving", async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    const theirs = await createQuote(t, other);
    expectNotFound(await api(admin, 'PUT', `/Quotes/ApproveQuote?quoteId=${theirs.id}`));
    expectNotFound(await api(admin, 'PUT', `/Orders/${theirs.id}/close`));
    assert.equal((await api(other, 'GET', `/Quotes/${theirs.id}`)).body.data.status, 'Quote');
  });

  it('moves orders with their customer when customers are merged', async () => {
    const admin = await signIn(t);
    const keep = await createCustomer(t, admin);
    const gone = await createCustomer(t, admin);
    const q = await createQuote(t, admin, { customerId: gone.id });
    const merged = await api(admin, 'PUT', '/Customers/MergeCustomers', { parentCustomerId: keep.id, customerIds: [gone.id] });
    assert.equal(merged.status, 200, JSON.stringify(merged.body));
    assert.equal((await api(admin, 'GET', `/Quotes/${q.id}`)).body.data.customerId, keep.id);
    // Found by the name of the customer kept, no longer by the merged one's.
    const found = (name: string) => api(admin, 'GET', `/Quotes?SearchTerm=${encodeURIComponent(name)}`).then((r) => r.body.data.totalCount);
    assert.equal(await found(keep.name), 1);
    assert.equal(await found(gone.name), 0);
  });
});
