import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { contactUsesMoved, customersMerged } from '../../src/areas/customers/index.js';
import { HOOKS } from '../../src/areas/index.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectNotFound, expectProblem } from '../helpers/expect.js';
import { countRows, createContact, createCustomer, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const open = (s: Session, body: Record<string, unknown>) => call(t, 'POST', '/api/v1/SupportTickets', { token: s.token, body });
const list = (s: Session, query: string) => call(t, 'GET', `/api/v1/SupportTickets?${query}`, { token: s.token });

/** No endpoint the spec shows moves a ticket along; support staff do, so the test sets it directly. */
async function setStatus(id: number, status: 'Open' | 'In Progress' | 'Resolved' | 'Closed') {
  await t.database.db.updateTable('support_tickets').set({ status }).where('id', '=', id).execute();
}

describe('POST /SupportTickets', () => {
  it('opens a ticket for a customer, with a contact of that customer', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin, { name: 'Lone Star Pallets' });
    const k = await createContact(t, admin, c.id);
    const res = await open(admin, {
      customerId: c.id,
      contactId: k.id,
      subject: '  Missed pickup  ',
      description: 'Driver did not arrive at 9:00.',
      priority: 'high',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const ticket = res.body.data;
    assert.equal(ticket.customerId, c.id);
    assert.equal(ticket.customerName, 'Lone Star Pallets');
    assert.equal(ticket.contactId, k.id);
    assert.equal(ticket.subject, 'Missed pickup');
    assert.equal(ticket.status, 'Open');
    assert.equal(ticket.priority, 'High', 'names are case-insensitive');
    assert.equal(ticket.createdBy, admin.userId);
    const plain = (await open(admin, { customerId: c.id, subject: 'Invoice copy', description: 'Please resend.' })).body.data;
    assert.equal(plain.priority, 'Normal');
    assert.equal(plain.contactId, null);
  });

  it('refuses bad input with a clear 400 and writes nothing', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    const other = await createCustomer(t, admin);
    const othersContact = await createContact(t, admin, other.id);
    expectProblem(await open(admin, { customerId: c.id, description: 'D' }), 'subject');
    expectProblem(await open(admin, { customerId: c.id, subject: 'S', description: '' }), 'description');
    expectProblem(await open(admin, { subject: 'S', description: 'D' }), 'customerId');
    expectProblem(await open(admin, { customerId: c.id, subject: 'S', description: 'D', priority: 'Whenever' }), 'priority');
    expectFailure(await open(admin, { customerId: c.id, contactId: othersContact.id, subject: 'S', description: 'D' }), 'support.contact_not_of_customer');
    assert.equal(await countRows(t, 'support_tickets', admin.companyId), 0);
  });

  it("treats another company's customer or contact as missing", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const mine = await createCustomer(t, a);
    const theirs = await createCustomer(t, b);
    const theirContact = await createContact(t, b, theirs.id);
    expectNotFound(await open(a, { customerId: theirs.id, subject: 'S', description: 'D' }));
    // A contact the company does not have: the validation problem on contactId (another customer's
    // contact of the company is support.contact_not_of_customer).
    const refused = await open(a, { customerId: mine.id, contactId: theirContact.id, subject: 'S', description: 'D' });
    expectProblem(refused, 'contactId');
    assert.deepEqual(refused.body.errors.contactId, [`Contact ${theirContact.id} was not found.`]);
    assert.equal(await countRows(t, 'support_tickets', a.companyId), 0);
    assert.equal(await countRows(t, 'support_tickets', b.companyId), 0);
  });

  it("needs the customers' edit permission (the read-only Viewer opens none)", async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    const anonymous = await call(t, 'POST', '/api/v1/SupportTickets', { body: { customerId: c.id, subject: 'S', description: 'D' } });
    assert.equal(anonymous.status, 401);
    const nobody = await signIn(t, { permissions: [] }, admin.companyId);
    assert.equal((await open(nobody, { customerId: c.id, subject: 'S', description: 'D' })).status, 403);
    assert.equal(await countRows(t, 'support_tickets', admin.companyId), 0);
    const editor = await signIn(t, { permissions: ['Create customers'] }, admin.companyId);
    assert.equal((await open(editor, { customerId: c.id, subject: 'S', description: 'D' })).status, 200);
    assert.equal(await countRows(t, 'support_tickets', admin.companyId), 1);
  });
});

describe('GET /SupportTickets', () => {
  async function seed(admin: Session) {
    const c = await createCustomer(t, admin);
    const d = await createCustomer(t, admin);
    const ids: number[] = [];
    for (const subject of ['A', 'B', 'C', 'D']) ids.push((await open(admin, { customerId: c.id, subject, description: `${subject} text` })).body.data.id);
    ids.push((await open(admin, { customerId: d.id, subject: 'E', description: 'other customer' })).body.data.id);
    await setStatus(ids[1]!, 'In Progress');
    await setStatus(ids[2]!, 'In Progress');
    await setStatus(ids[3]!, 'Closed');
    return { c, d, ids };
  }

  it('filters by status InProgress while records read "In Progress"', async () => {
    const admin = await signIn(t);
    const { ids } = await seed(admin);
    for (const value of ['InProgress', 'inprogress', '1']) {
      const res = await list(admin, `status=${value}&SortBy=subject&SortDirection=0`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(
        res.body.data.list.map((x: any) => [x.id, x.status]),
        [
          [ids[1], 'In Progress'],
          [ids[2], 'In Progress'],
        ],
        value,
      );
      assert.equal(res.body.data.totalCount, 2);
    }
    const several = await list(admin, 'status=Open&status=Closed&SortBy=subject&SortDirection=Ascending');
    assert.deepEqual(
      several.body.data.list.map((x: any) => x.subject),
      ['A', 'D', 'E'],
    );
  });

  it("lists one customer's tickets, newest first by default, paged with an exact total", async () => {
    const admin = await signIn(t);
    const { c, ids } = await seed(admin);
    const all = await list(admin, `customerId=${c.id}`);
    assert.deepEqual(
      all.body.data.list.map((x: any) => x.id),
      [ids[3], ids[2], ids[1], ids[0]],
    );
    const page2 = await list(admin, `customerId=${c.id}&Page=2&ItemsPerPage=3`);
    assert.deepEqual(
      page2.body.data.list.map((x: any) => x.id),
      [ids[0]],
    );
    assert.equal(page2.body.data.totalCount, 4);
    const search = await list(admin, 'SearchTerm=other');
    assert.deepEqual(
      search.body.data.list.map((x: any) => x.subject),
      ['E'],
    );
  });

  it('refuses bad filters with a clear 400', async () => {
    const admin = await signIn(t);
    expectProblem(await list(admin, 'status=Pending'), 'status[0]');
    expectProblem(await list(admin, 'customerId=abc'), 'customerId');
    expectProblem(await list(admin, 'SortBy=colour'), 'SortBy');
  });

  it("never shows another company's tickets; their customer id finds nothing", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const { c } = await seed(b);
    const mine = await list(a, '');
    assert.equal(mine.body.data.totalCount, 0);
    const theirs = await list(a, `customerId=${c.id}`);
    assert.equal(theirs.status, 200);
    assert.deepEqual(theirs.body.data.list, []);
    assert.equal((await call(t, 'GET', '/api/v1/SupportTickets')).status, 401);
    const nobody = await signIn(t, { permissions: [] }, b.companyId);
    assert.equal((await list(nobody, '')).body.data.totalCount, 5);
  });
});

describe("tickets follow the customers area's changes (support subscribes to its announcements)", () => {
  const ticketsOf = async (s: Session, customerId: number) =>
    (await list(s, `customerId=${customerId}&SortBy=subject`)).body.data.list.map((x: any) => [x.subject, x.customerId, x.contactId]);

  it('is a subscriber of merged customers and of moved contact uses (with orders, which move theirs too)', () => {
    assert.deepEqual(HOOKS.subscribersOf(customersMerged), ['orders', 'support', 'accounting']);
    assert.deepEqual(HOOKS.subscribersOf(contactUsesMoved), ['orders', 'support']);
  });

  it("moves the merged customers' tickets to the parent, contacts kept, in the merge's transaction", async () => {
    const admin = await signIn(t);
    const parent = await createCustomer(t, admin);
    const child = await createCustomer(t, admin);
    const other = await createCustomer(t, admin);
    const k = await createContact(t, admin, child.id);
    await open(admin, { customerId: child.id, contactId: k.id, subject: 'A', description: 'D' });
    await open(admin, { customerId: child.id, subject: 'B', description: 'D' });
    await open(admin, { customerId: other.id, subject: 'C', description: 'D' });
    const res = await call(t, 'PUT', '/api/v1/Customers/MergeCustomers', {
      token: admin.token,
      body: { parentCustomerId: parent.id, customerIds: [child.id] },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.moved.support_tickets, 2);
    assert.deepEqual(await ticketsOf(admin, parent.id), [
      ['A', parent.id, k.id],
      ['B', parent.id, null],
    ]);
    assert.deepEqual(await ticketsOf(admin, child.id), []);
    assert.deepEqual(await ticketsOf(admin, other.id), [['C', other.id, null]], "another customer's tickets stay");
    // A merge refused (an unknown child) moves nothing.
    const refused = await call(t, 'PUT', '/api/v1/Customers/MergeCustomers', {
      token: admin.token,
      body: { parentCustomerId: parent.id, customerIds: [other.id, 2147480000] },
    });
    expectNotFound(refused);
    assert.deepEqual(await ticketsOf(admin, other.id), [['C', other.id, null]]);
  });

  it("moves a deleted contact's tickets to the contact its uses go to", async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    const primary = await createContact(t, admin, c.id);
    const used = await createContact(t, admin, c.id);
    await open(admin, { customerId: c.id, contactId: used.id, subject: 'A', description: 'D' });
    await open(admin, { customerId: c.id, contactId: primary.id, subject: 'B', description: 'D' });
    const res = await call(t, 'DELETE', `/api/v1/CustomerContacts/${used.id}?reassignToPrimary=true`, { token: admin.token });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.data.reassigned, { contactId: used.id, sentEmails: 0, supportTickets: 1, total: 1 });
    assert.deepEqual(await ticketsOf(admin, c.id), [
      ['A', c.id, primary.id],
      ['B', c.id, primary.id],
    ]);
  });

  it('moves the tickets of contacts merged away (DeleteDuplicates/Contacts, Normalize)', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    const keep = await createContact(t, admin, c.id, { name: 'Ann', email: 'ann@test.example' });
    const twin = await createContact(t, admin, c.id, { name: 'ann', email: 'ANN@test.example' });
    await open(admin, { customerId: c.id, contactId: twin.id, subject: 'A', description: 'D' });
    const res = await call(t, 'DELETE', '/api/v1/Customers/DeleteDuplicates/Contacts', { token: admin.token });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.data, { deleted: 1 });
    assert.deepEqual(await ticketsOf(admin, c.id), [['A', c.id, keep.id]]);
  });
});
