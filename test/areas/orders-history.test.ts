// Orders: holds, the activity and audit logs with their notes, barcodes, contacts, job site
// emails, stop warnings and the permanent delete.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
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

/** A quote with two deliveries. */
const twoDrops = (t2: TestApp, s: Session) =>
  createQuote(t2, s, {
    stops: [
      ...twoStops(),
      {
        type: 'Delivery',
        address: { street: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US', latitude: 30.2672, longitude: -97.7431 },
      },
    ],
  });

describe('POST /Orders/{id}/Hold, DELETE /Orders/{id}/Hold, GET /Orders/{id}/Holds', () => {
  it('holds every delivery stop with the reason, lists holds, releases them; the list finds it OnHold', async () => {
    const admin = await signIn(t);
    const q = await twoDrops(t, admin);
    const held = await api(admin, 'POST', `/Orders/${q.id}/Hold`, { reason: ' Customer asked to wait ' });
    assert.equal(held.status, 200, JSON.stringify(held.body));
    assert.deepEqual(
      held.body.data.map((h: any) => [h.stopType, h.reason, h.isActive, h.heldBy]),
      [
        ['Delivery', 'Customer asked to wait', true, admin.userId],
        ['Delivery', 'Customer asked to wait', true, admin.userId],
      ],
    );
    const order = (await api(admin, 'GET', `/Quotes/${q.id}`)).body.data;
    assert.equal(order.isOnHold, true);
    assert.deepEqual(
      order.stops.map((s: any) => [s.type, s.isOnHold]),
      [
        ['Pickup', false],
        ['Delivery', true],
        ['Delivery', true],
      ],
    );
    const other = await createQuote(t, admin);
    const onHold = (await api(admin, 'GET', '/Quotes?OrderStatus=OnHold')).body.data;
    assert.deepEqual(
      onHold.list.map((o: any) => o.id),
      [q.id],
    );
    assert.ok(!onHold.list.some((o: any) => o.id === other.id));
    // Holding again changes nothing.
    assert.equal((await api(admin, 'POST', `/Orders/${q.id}/Hold`, { reason: 'Again' })).body.data.length, 2);
    const released = await api(admin, 'DELETE', `/Orders/${q.id}/Hold`, { note: 'Customer ready' });
    assert.equal(released.status, 200, JSON.stringify(released.body));
    assert.ok(released.body.data.every((h: any) => !h.isActive && h.releaseNote === 'Customer ready' && h.releasedBy === admin.userId));
    assert.equal((await api(admin, 'GET', `/Quotes/${q.id}`)).body.data.isOnHold, false);
    assert.equal((await api(admin, 'GET', `/Orders/${q.id}/Holds`)).body.data.length, 2);
    assert.deepEqual(
      (await eventTypes(admin.companyId)).filter((e) => e.startsWith('order.')),
      ['order.held', 'order.released'],
    );
    const stopActivities = (await api(admin, 'GET', `/Orders/${q.id}/Activities`)).body.data;
    assert.equal(stopActivities.totalCount, 4);
    assert.ok(stopActivities.list.every((a: any) => a.stopId !== null));
  });

  it('refuses a closed or deleted order, an order without deliveries, and a missing reason; writes nothing', async () => {
    const admin = await signIn(t);
    const draft = await createQuote(t, admin, { stops: [twoStops()[0]] });
    expectFailure(await api(admin, 'POST', `/Orders/${draft.id}/Hold`, { reason: 'x' }), 'orders.no_delivery_to_hold');
    const q = await createQuote(t, admin);
    expectProblem(await api(admin, 'POST', `/Orders/${q.id}/Hold`, {}), 'reason');
    expectProblem(await api(admin, 'POST', `/Orders/${q.id}/Hold`, { reason: '   ' }), 'reason');
    assert.equal((await api(admin, 'DELETE', `/Quotes/${q.id}`)).status, 200);
    expectFailure(await api(admin, 'POST', `/Orders/${q.id}/Hold`, { reason: 'x' }), 'orders.deleted');
    assert.equal(await countRows(t, 'order_holds', admin.companyId), 0);
  });

  it("treats another company's order as missing and needs the permissions", async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    const theirs = await createQuote(t, other);
    expectNotFound(await api(admin, 'POST', `/Orders/${theirs.id}/Hold`, { reason: 'x' }));
    expectNotFound(await api(admin, 'DELETE', `/Orders/${theirs.id}/Hold`, {}));
    expectNotFound(await api(admin, 'GET', `/Orders/${theirs.id}/Holds`));
    assert.equal(await countRows(t, 'order_holds', other.companyId), 0);
    const viewer = await signIn(t, 'Viewer', other.companyId);
    expectForbidden(await api(viewer, 'POST', `/Orders/${theirs.id}/Hold`, { reason: 'x' }), 'Edit Orders');
    expectForbidden(await api(viewer, 'DELETE', `/Orders/${theirs.id}/Hold`, {}), 'Edit Orders');
    const accountant = await signIn(t, 'Accountant', other.companyId);
    expectForbidden(await api(accountant, 'GET', `/Orders/${theirs.id}/Holds`), 'View Order Sheet');
  });
});

describe('activity log, notes and audit log', () => {
  it('logs every change in words and before/after; notes are added, changed and deleted', async () => {
    const admin = await signIn(t);
    const q = await createQuote(t, admin);
    await api(admin, 'PUT', `/Quotes/ApproveQuote?quoteId=${q.id}`);
    const log = (await api(admin, 'GET', `/Orders/${q.id}/ActivityLog`)).body.data;
    assert.equal(log.totalCount, 2);
    assert.deepEqual(
      log.list.map((a: any) => [a.type, a.userId, a.userName]),
      [
        ['order.order', admin.userId, 'Test User'],
        ['order.created', admin.userId, 'Test User'],
      ],
    );
    const id = log.list[1].id;
    const noted = await api(admin, 'PUT', `/Orders/${q.id}/Activities/${id}/Note`, { note: ' Called the shipper ' });
    assert.equal(noted.status, 200, JSON.stringify(noted.body));
    assert.equal(noted.body.data.note, 'Called the shipper');
    assert.equal(noted.body.data.noteBy, admin.userId);
    const cleared = await api(admin, 'DELETE', `/Orders/${q.id}/Activities/${id}/Note`);
    assert.equal(cleared.body.data.note, null);
    expectProblem(await api(admin, 'PUT', `/Orders/${q.id}/Activities/${id}/Note`, { note: '' }), 'note');
    const auditLog = (await api(admin, 'GET', `/Orders/${q.id}/AuditLog?ItemsPerPage=2`)).body.data;
    assert.equal(auditLog.totalCount, 4);
    assert.deepEqual(
      auditLog.list.map((e: any) => e.action),
      ['order.activity_note_deleted', 'order.activity_note'],
    );
    const all = (await api(admin, 'GET', `/Orders/${q.id}/AuditLog`)).body.data.list;
    assert.equal(all[3].action, 'quote.created');
    assert.equal(all[3].after.orderNumber, q.orderNumber);
    assert.deepEqual(all[2].after, { status: 'Order' });
  });

  it("answers another company's order or activity, and another order's activity, as missing", async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    const mine = await createQuote(t, admin);
    const mine2 = await createQuote(t, admin);
    const theirs = await createQuote(t, other);
    const theirActivity = (await api(other, 'GET', `/Orders/${theirs.id}/ActivityLog`)).body.data.list[0].id;
    const myActivity = (await api(admin, 'GET', `/Orders/${mine.id}/ActivityLog`)).body.data.list[0].id;
    expectNotFound(await api(admin, 'GET', `/Orders/${theirs.id}/ActivityLog`));
    expectNotFound(await api(admin, 'GET', `/Orders/${theirs.id}/AuditLog`));
    expectNotFound(await api(admin, 'GET', `/Orders/${theirs.id}/Activities`));
    expectNotFound(await api(admin, 'PUT', `/Orders/${mine.id}/Activities/${theirActivity}/Note`, { note: 'x' }));
    expectNotFound(await api(admin, 'PUT', `/Orders/${mine2.id}/Activities/${myActivity}/Note`, { note: 'x' }));
    expectNotFound(await api(admin, 'DELETE', `/Orders/${theirs.id}/Activities/${theirActivity}/Note`));
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    expectForbidden(await api(viewer, 'PUT', `/Orders/${mine.id}/Activities/${myActivity}/Note`, { note: 'x' }), 'Edit Orders');
    expectForbidden(await api(viewer, 'DELETE', `/Orders/${mine.id}/Activities/${myActivity}/Note`), 'Edit Orders');
    const accountant = await signIn(t, 'Accountant', admin.companyId);
    expectForbidden(await api(accountant, 'GET', `/Orders/${mine.id}/ActivityLog`), 'View Order Sheet');
    expectForbidden(await api(accountant, 'GET', `/Orders/${mine.id}/AuditLog`), 'View Order Sheet');
    expectForbidden(await api(accountant, 'GET', `/Orders/${mine.id}/Activities`), 'View Order Sheet');
  });
});

describe('barcodes, contacts, job site emails, stop warnings', () => {
  it('gives each item a barcode once, keeping the ones given', async () => {
    const admin = await signIn(t);
    const stops = twoStops();
    (stops[0]!.items as any[]).push({ description: 'Mortar', barcode: 'MY-CODE' });
    const q = await createQuote(t, admin, { stops });
    const [first, second] = [(await api(admin, 'GET', `/Orders/${q.id}/Barcodes`)).body.data, (await api(admin, 'GET', `/Orders/${q.id}/Barcodes`)).body.data];
    assert.deepEqual(first, second);
    const tiles = q.stops[0].items[0];
    assert.deepEqual(
      first.map((b: any) => [b.description, b.barcode]),
      [
        ['Pallets of tiles', `${q.orderNumber}-${tiles.id}`],
        ['Mortar', 'MY-CODE'],
      ],
    );
    // A closed order's codes are answered, not written.
    const closed = await createQuote(t, admin);
    await api(admin, 'PUT', `/Quotes/ApproveQuote?quoteId=${closed.id}`);
    await api(admin, 'PUT', `/Orders/${closed.id}/close`);
    const codes = (await api(admin, 'GET', `/Orders/${closed.id}/Barcodes`)).body.data;
    assert.equal(codes[0].barcode, `${closed.orderNumber}-${closed.stops[0].items[0].id}`);
    assert.equal((await api(admin, 'GET', `/Quotes/${closed.id}`)).body.data.stops[0].items[0].barcode, null);
    const other = await signIn(t);
    expectNotFound(await api(other, 'GET', `/Orders/${q.id}/Barcodes`));
    expectForbidden(await api(await signIn(t, 'Accountant', admin.companyId), 'GET', `/Orders/${q.id}/Barcodes`), 'View Order Sheet');
  });

  it("answers the order's contacts and job site emails", async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin, { email: 'office@acme.example' });
    const contact = await createContact(t, admin, customer.id, { email: 'ops@acme.example', isPrimary: true });
    const stops = twoStops();
    (stops[1] as any).contactName = 'Dock Manager';
    const q = await createQuote(t, admin, { customerId: customer.id, contactId: contact.id, stops });
    const answer = await api(admin, 'GET', `/Orders/${q.id}/contacts`);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const contacts = answer.body.data;
    assert.equal(contacts.customerEmail, 'office@acme.example');
    assert.equal(contacts.orderContact.id, contact.id);
    assert.equal(contacts.contacts[0].id, contact.id);
    assert.deepEqual(
      contacts.stopContacts.map((s: any) => [s.type, s.contactName]),
      [
        ['Pickup', null],
        ['Delivery', 'Dock Manager'],
      ],
    );
    const emails = (await api(admin, 'GET', `/Orders/${q.id}/JobSiteEmails`)).body.data;
    assert.deepEqual(emails, ['office@acme.example', 'ops@acme.example']);
    const other = await signIn(t);
    expectNotFound(await api(other, 'GET', `/Orders/${q.id}/contacts`));
    expectNotFound(await api(other, 'GET', `/Orders/${q.id}/JobSiteEmails`));
    const accountant = await signIn(t, 'Accountant', admin.companyId);
    expectForbidden(await api(accountant, 'GET', `/Orders/${q.id}/contacts`), 'View Order Sheet');
    expectForbidden(await api(accountant, 'GET', `/Orders/${q.id}/JobSiteEmails`), 'View Order Sheet');
  });

  it('warns of missing time windows, non-working days, places without coordinates and loads over the largest truck', async () => {
    const admin = await signIn(t);
    assert.equal((await api(admin, 'POST', '/NonWorkingDays', { date: '2020-12-25', name: 'Christmas', isRecurring: true })).status, 200);
    assert.equal((await api(admin, 'POST', '/TypeOfTrucks', { name: 'Box truck', capacityWeight: 3000, weightUnit: 'lb', capacityPallets: 3 })).status, 200);
    const q = await createQuote(t, admin, {
      stops: [
        { ...twoStops()[0], date: '2026-12-25', timeWindowStart: '2026-12-25T14:00:00Z', timeWindowEnd: '2026-12-25T16:00:00Z' },
        { type: 'Delivery', address: { street: '9 Nowhere Rd', city: 'Nowhereville', state: 'TX', postalCode: '00000', country: 'US' } },
      ],
    });
    const warnings = (await api(admin, 'GET', `/Orders/${q.id}/OrderStopsWarnings`)).body.data;
    assert.deepEqual(
      warnings.map((w: any) => [w.type, w.warnings.map((x: any) => x.code)]),
      [
        ['Pickup', ['non_working_day', 'over_truck_weight', 'over_truck_pallets']],
        ['Delivery', ['no_time_window', 'no_coordinates']],
      ],
    );
    assert.match(warnings[0].warnings[0].message, /Christmas/);
    const other = await signIn(t);
    expectNotFound(await api(other, 'GET', `/Orders/${q.id}/OrderStopsWarnings`));
    expectForbidden(await api(await signIn(t, 'Accountant', admin.companyId), 'GET', `/Orders/${q.id}/OrderStopsWarnings`), 'View Order Sheet');
  });
});

describe('DELETE /Orders/{id}/Permanent', () => {
  it('removes the order and everything on it, keeping its audit rows and events; Company Admin only', async () => {
    const admin = await signIn(t);
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    const q = await createQuote(t, admin);
    await api(admin, 'POST', `/Orders/${q.id}/Hold`, { reason: 'x' });
    expectForbidden(await api(dispatcher, 'DELETE', `/Orders/${q.id}/Permanent`), 'Company Admin');
    const other = await signIn(t);
    expectNotFound(await api(other, 'DELETE', `/Orders/${q.id}/Permanent`));
    assert.equal(await countRows(t, 'orders', admin.companyId), 1);
    assert.equal((await api(admin, 'DELETE', `/Orders/${q.id}/Permanent`)).status, 200);
    expectNotFound(await api(admin, 'GET', `/Quotes/${q.id}`));
    for (const table of ['orders', 'order_stops', 'order_items', 'order_holds', 'order_activities'])
      assert.equal(await countRows(t, table, admin.companyId), 0, table);
    assert.deepEqual(await eventTypes(admin.companyId), ['quote.created', 'order.held', 'order.purged']);
    assert.ok((await countRows(t, 'audit_log', admin.companyId)) >= 3);
  });
});
