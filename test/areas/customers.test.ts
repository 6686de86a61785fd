import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { countRows, createAddress, createContact, createCustomer, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const get = (session: Session, url: string) => call(t, 'GET', `/api/v1${url}`, { token: session.token });

describe('POST /Customers', () => {
  it('creates a customer with its addresses; the first is main', async () => {
    const admin = await signIn(t);
    const res = await call(t, 'POST', '/api/v1/Customers', {
      token: admin.token,
      body: {
        name: '  Atlas Haulage LLC ',
        email: 'ops@atlas.example',
        phone: '512-555-0100',
        pipeline: 'Lead',
        source: 1,
        isEntrepreneur: false,
        notes: '',
        addresses: [
          { street: '10 Dock Rd', city: 'Austin', state: 'TX', postalCode: '78701', country: 'us', latitude: 30.27, longitude: -97.74 },
          { name: 'Yard', street: '20 Yard Ln', city: 'Round Rock', country: 'US' },
        ],
      },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const c = res.body.data;
    assert.equal(c.name, 'Atlas Haulage LLC');
    assert.equal(c.pipeline, 2);
    assert.equal(c.source, 1);
    assert.equal(c.status, 0);
    assert.equal(c.notes, null, 'an empty string reads as null');
    assert.equal(c.addresses.length, 2);
    assert.deepEqual(
      c.addresses.map((a: any) => [a.street, a.isMain, a.country]),
      [
        ['10 Dock Rd', true, 'US'],
        ['20 Yard Ln', false, 'US'],
      ],
    );
    assert.equal(c.addresses[0].fullAddress, '10 Dock Rd, Austin, TX 78701, US');
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('company_id', '=', admin.companyId)
      .where('entity_id', '=', String(c.id))
      .execute();
    assert.deepEqual(
      audited.map((a) => a.action),
      ['customer.create'],
    );
  });

  it('refuses bad input and writes nothing', async () => {
    const admin = await signIn(t);
    expectProblem(await call(t, 'POST', '/api/v1/Customers', { token: admin.token, body: { email: 'x@y.example' } }), 'name');
    expectProblem(await call(t, 'POST', '/api/v1/Customers', { token: admin.token, body: { name: 'A', email: 'not-an-email' } }), 'email');
    expectProblem(await call(t, 'POST', '/api/v1/Customers', { token: admin.token, body: { name: 'A', pipeline: 'Whale' } }), 'pipeline');
    expectProblem(
      await call(t, 'POST', '/api/v1/Customers', { token: admin.token, body: { name: 'A', addresses: [{ city: 'X', country: 'US' }] } }),
      'addresses[0].street',
    );
    expectProblem(
      await call(t, 'POST', '/api/v1/Customers', { token: admin.token, body: { name: 'A', addresses: [{ street: 'S', city: 'X', country: 'ZZ' }] } }),
      'addresses[0].country',
    );
    expectProblem(
      await call(t, 'POST', '/api/v1/Customers', {
        token: admin.token,
        body: { name: 'A', addresses: [{ street: 'S', city: 'X', country: 'US', latitude: 10 }] },
      }),
      'latitude',
    );
    assert.equal(await countRows(t, 'customers', admin.companyId), 0);
    assert.equal(await countRows(t, 'addresses', admin.companyId), 0);
  });

  it('needs "Create customers"', async () => {
    const viewer = await signIn(t, 'Viewer');
    expectForbidden(await call(t, 'POST', '/api/v1/Customers', { token: viewer.token, body: { name: 'Nope' } }), 'Create customers');
    assert.equal(await countRows(t, 'customers', viewer.companyId), 0);
  });

  it('refuses a parent from another company as missing', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const theirs = await createCustomer(t, b);
    expectNotFound(await call(t, 'POST', '/api/v1/Customers', { token: a.token, body: { name: 'Child', parentCustomerId: theirs.id } }));
  });
});

describe('GET /Customers', () => {
  it('lists with filters, search over name, email, phone and address, sort and paging', async () => {
    const admin = await signIn(t);
    const alpha = await createCustomer(t, admin, {
      name: 'Alpha Freight',
      email: 'hello@alpha.example',
      pipeline: 0,
      source: 2,
      isEntrepreneur: true,
      addresses: [{ street: '1 Oak St', city: 'Boston', state: 'MA', postalCode: '02110', country: 'US' }],
    });
    const beta = await createCustomer(t, admin, {
      name: 'Beta Logistics',
      phone: '+44 20 7946 0958',
      pipeline: 1,
      addresses: [{ street: '2 Pine Rd', city: 'London', postalCode: 'EC1A 1BB', country: 'GB' }],
    });
    const gamma = await createCustomer(t, admin, { name: 'Gamma Movers', pipeline: 2, addresses: [] });
    const names = async (qs: string) => (await get(admin, `/Customers?${qs}`)).body.data.list.map((c: any) => c.name);
    assert.deepEqual(await names(''), ['Alpha Freight', 'Beta Logistics', 'Gamma Movers']);
    assert.deepEqual(await names('SearchTerm=ALPHA.EXAMPLE'), ['Alpha Freight'], 'email');
    assert.deepEqual(await names('SearchTerm=7946'), ['Beta Logistics'], 'phone');
    assert.deepEqual(await names('SearchTerm=pine rd'), ['Beta Logistics'], 'address');
    assert.deepEqual(await names('SearchTerm=pine&searchOnlyByCustomerName=true'), [], 'name only');
    assert.deepEqual(await names('SearchTerm=movers&searchOnlyByCustomerName=true'), ['Gamma Movers']);
    assert.deepEqual(await names('PipelineTypes=Prospect&PipelineTypes=2'), ['Alpha Freight', 'Gamma Movers']);
    assert.deepEqual(await names('Sources=CustomerPortal'), ['Alpha Freight']);
    assert.deepEqual(await names('Entrepreneur=true'), ['Alpha Freight']);
    assert.deepEqual(await names('Entrepreneur=false'), ['Beta Logistics', 'Gamma Movers']);
    assert.deepEqual(await names('Cities=boston'), ['Alpha Freight']);
    assert.deepEqual(await names('Countries=gb'), ['Beta Logistics']);
    assert.deepEqual(await names('Zip=02110'), ['Alpha Freight']);
    assert.deepEqual(await names('States=ma'), ['Alpha Freight']);
    assert.deepEqual(await names('SortBy=name&SortDirection=1'), ['Gamma Movers', 'Beta Logistics', 'Alpha Freight']);
    assert.deepEqual(await names('SortBy=createdAt&SortDirection=Descending'), ['Gamma Movers', 'Beta Logistics', 'Alpha Freight']);
    const page = await get(admin, '/Customers?ItemsPerPage=2&Page=2');
    assert.deepEqual(
      page.body.data.list.map((c: any) => c.id),
      [gamma.id],
    );
    assert.equal(page.body.data.totalCount, 3);
    const searched = await get(admin, '/Customers?SearchTerm=a&ItemsPerPage=1');
    assert.equal(searched.body.data.totalCount, 3);
    assert.equal((await get(admin, '/Customers?Cities=Boston&ItemsPerPage=1')).body.data.totalCount, 1);
    assert.ok(beta.id && alpha.id);
  });

  it('matches the search term as written: its words, adjacent and in order', async () => {
    const admin = await signIn(t);
    await createCustomer(t, admin, { name: 'Lone Star Steel Supply', addresses: [{ street: '9 Mill Rd', city: 'Waco', state: 'TX', country: 'US' }] });
    await createCustomer(t, admin, { name: 'Lone Pine Steel', addresses: [] });
    await createCustomer(t, admin, { name: '50% Off_Pallets', addresses: [] });
    const names = async (term: string, nameOnly = false) =>
      (await get(admin, `/Customers?SearchTerm=${encodeURIComponent(term)}${nameOnly ? '&searchOnlyByCustomerName=true' : ''}`)).body.data.list.map(
        (c: any) => c.name,
      );
    assert.deepEqual(await names('lone star steel'), ['Lone Star Steel Supply']);
    assert.deepEqual(await names('lone steel'), [], 'the words in order but apart');
    assert.deepEqual(await names('steel lone'), []);
    assert.deepEqual(await names('LONE   STAR'), [], 'spaces count as written');
    assert.deepEqual(await names('lone', true), ['Lone Pine Steel', 'Lone Star Steel Supply']);
    assert.deepEqual(await names('pine steel', true), ['Lone Pine Steel']);
    assert.deepEqual(await names('star supply', true), []);
    assert.deepEqual(await names('50% off_'), ['50% Off_Pallets'], 'wildcards taken literally');
    assert.deepEqual(await names('50%pallets'), []);
    assert.deepEqual(await names('9 mill rd'), ['Lone Star Steel Supply'], 'in the address');
  });

  it('filters by the latest order date range (kept by the orders area)', async () => {
    const admin = await signIn(t);
    const early = await createCustomer(t, admin, { name: 'Early Co' });
    const late = await createCustomer(t, admin, { name: 'Late Co' });
    await createCustomer(t, admin, { name: 'Never Co' });
    await sql`update customers set last_order_at = '2026-03-10T12:00:00Z' where id = ${early.id}`.execute(t.database.db);
    await sql`update customers set last_order_at = '2026-09-01T12:00:00Z' where id = ${late.id}`.execute(t.database.db);
    const res = await get(admin, '/Customers?orderDateRangeStart=2026-03-01&orderDateRangeEnd=2026-03-31T23:59:59Z');
    assert.deepEqual(
      res.body.data.list.map((c: any) => c.name),
      ['Early Co'],
    );
    assert.equal(res.body.data.list[0].lastOrderAt, '2026-03-10T12:00:00.000Z');
    expectProblem(await get(admin, '/Customers?orderDateRangeStart=2026-03-01'), 'orderDateRangeEnd');
    expectProblem(await get(admin, '/Customers?orderDateRangeStart=2026-04-01&orderDateRangeEnd=2026-03-01'), 'orderDateRangeEnd');
  });

  it('hides deleted customers unless asked', async () => {
    const admin = await signIn(t);
    const kept = await createCustomer(t, admin, { name: 'Kept' });
    const gone = await createCustomer(t, admin, { name: 'Gone' });
    await call(t, 'DELETE', `/api/v1/Customers?ids=${gone.id}`, { token: admin.token });
    const names = async (qs: string) => (await get(admin, `/Customers?${qs}`)).body.data.list.map((c: any) => c.name);
    assert.deepEqual(await names(''), ['Kept']);
    assert.deepEqual(await names('status=1'), ['Gone']);
    assert.deepEqual(await names('status=Deleted'), ['Gone']);
    assert.deepEqual(await names('activeCustomers=false'), ['Gone', 'Kept']);
    assert.equal((await get(admin, '/Customers')).body.data.totalCount, 1);
    assert.equal((await get(admin, '/Customers?activeCustomers=false')).body.data.totalCount, 2);
    assert.ok(kept.id);
  });

  it('refuses bad parameters', async () => {
    const admin = await signIn(t);
    for (const [qs, field] of [
      ['PipelineTypes=9', 'PipelineTypes[0]'],
      ['status=2', 'status'],
      ['SortBy=email', 'SortBy'],
      ['Sources=1,2', 'Sources'],
      ['activeCustomers=perhaps', 'activeCustomers'],
    ] as const) {
      expectProblem(await get(admin, `/Customers?${qs}`), field);
    }
  });

  it("is open to any signed-in user and shows only the company's customers", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    await createCustomer(t, a, { name: 'Ours' });
    await createCustomer(t, b, { name: 'Theirs' });
    const nobody = await signIn(t, { permissions: [] }, a.companyId);
    const res = await get(nobody, '/Customers?SearchTerm=s');
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.data.list.map((c: any) => c.name),
      ['Ours'],
    );
    assert.equal(res.body.data.totalCount, 1);
  });
});

describe('GET and PUT /Customers/{id}', () => {
  it('reads a customer; a deleted one only with status=1', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    assert.equal((await get(admin, `/Customers/${c.id}`)).body.data.id, c.id);
    await call(t, 'DELETE', `/api/v1/Customers?ids=${c.id}`, { token: admin.token });
    expectNotFound(await get(admin, `/Customers/${c.id}`));
    assert.equal((await get(admin, `/Customers/${c.id}?status=1`)).body.data.status, 1);
    expectProblem(await get(admin, '/Customers/abc'), 'id');
  });

  it('updates fields and listed addresses, keeping the others', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin, {
      addresses: [
        { street: '1 A St', city: 'Austin', country: 'US' },
        { street: '2 B St', city: 'Austin', country: 'US' },
      ],
    });
    const [first, second] = c.addresses;
    const res = await call(t, 'PUT', `/api/v1/Customers/${c.id}`, {
      token: admin.token,
      body: {
        name: 'Renamed Co',
        email: null,
        pipeline: 0,
        addresses: [
          { id: second.id, street: '2 B Street', city: 'Austin', country: 'US', isMain: true },
          { street: '3 New Rd', city: 'Waco', country: 'US' },
        ],
      },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const after = (await get(admin, `/Customers/${c.id}`)).body.data;
    assert.equal(after.name, 'Renamed Co');
    assert.equal(after.email, null);
    assert.equal(after.pipeline, 0);
    assert.deepEqual(after.addresses.map((a: any) => [a.id === first.id ? 'first' : a.id === second.id ? 'second' : 'new', a.isMain]).sort(), [
      ['first', false],
      ['new', false],
      ['second', true],
    ]);
    assert.equal((await get(admin, '/Customers?SearchTerm=waco')).body.data.totalCount, 1, 'the search text follows the addresses');
  });

  it("refuses bad input: a missing name, a cycle of parents, another customer's address", async () => {
    const admin = await signIn(t);
    const parent = await createCustomer(t, admin);
    const child = await createCustomer(t, admin, { parentCustomerId: parent.id });
    const other = await createCustomer(t, admin);
    expectProblem(await call(t, 'PUT', `/api/v1/Customers/${child.id}`, { token: admin.token, body: { name: '' } }), 'name');
    expectProblem(
      await call(t, 'PUT', `/api/v1/Customers/${parent.id}`, { token: admin.token, body: { name: 'P', parentCustomerId: child.id } }),
      'parentCustomerId',
    );
    expectNotFound(
      await call(t, 'PUT', `/api/v1/Customers/${child.id}`, {
        token: admin.token,
        body: { name: 'C', addresses: [{ id: other.addresses[0].id, street: 'X', city: 'Y', country: 'US' }] },
      }),
    );
    assert.equal((await get(admin, `/Customers/${child.id}`)).body.data.name, child.name, 'nothing written');
  });

  it("treats another company's customer as missing", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const theirs = await createCustomer(t, b);
    expectNotFound(await get(a, `/Customers/${theirs.id}`));
    expectNotFound(await call(t, 'PUT', `/api/v1/Customers/${theirs.id}`, { token: a.token, body: { name: 'Hijacked' } }));
    assert.equal((await get(b, `/Customers/${theirs.id}`)).body.data.name, theirs.name);
  });

  it("is read by a user without permissions; changing it needs the customers' edit permission", async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    const nobody = await signIn(t, { permissions: [] }, admin.companyId);
    assert.equal((await get(nobody, `/Customers/${c.id}`)).status, 200);
    // "Create customers", as a new customer needs: the read-only Viewer changes nothing (issue 37).
    assert.equal((await call(t, 'PUT', `/api/v1/Customers/${c.id}`, { token: nobody.token, body: { name: 'By anyone' } })).status, 403);
    assert.equal((await get(admin, `/Customers/${c.id}`)).body.data.name, c.name);
    const editor = await signIn(t, { permissions: ['Create customers'] }, admin.companyId);
    assert.equal((await call(t, 'PUT', `/api/v1/Customers/${c.id}`, { token: editor.token, body: { name: 'By an editor' } })).status, 200);
  });
});

describe('DELETE /Customers and PUT /Customers/{id}/Restore', () => {
  it('marks deleted, keeps everything, and restores', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    await createContact(t, admin, c.id);
    const res = await call(t, 'DELETE', `/api/v1/Customers?ids=${c.id}&ids=${c.id}`, { token: admin.token });
    assert.equal(res.status, 200);
    const row = await t.database.db.selectFrom('customers').select(['status', 'deleted_at']).where('id', '=', c.id).executeTakeFirstOrThrow();
    assert.equal(row.status, 1);
    assert.ok(row.deleted_at);
    assert.equal(await countRows(t, 'customer_contacts', admin.companyId), 1, 'nothing lost');
    assert.equal((await call(t, 'PUT', `/api/v1/Customers/${c.id}/restore`, { token: admin.token })).status, 200);
    assert.equal((await get(admin, `/Customers/${c.id}`)).body.data.status, 0);
    assert.equal((await get(admin, `/Customers/${c.id}/contacts`)).body.data.contacts.length, 1);
  });

  it('refuses an unknown id (404) or a malformed one (400), changing nothing', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    expectNotFound(await call(t, 'DELETE', `/api/v1/Customers?ids=${c.id}&ids=2147480000`, { token: admin.token }));
    assert.equal((await get(admin, `/Customers/${c.id}`)).status, 200, 'the known one is not deleted either');
    expectProblem(await call(t, 'DELETE', '/api/v1/Customers', { token: admin.token }), 'ids');
    expectProblem(await call(t, 'DELETE', '/api/v1/Customers?ids=1,2', { token: admin.token }), 'ids');
    expectNotFound(await call(t, 'PUT', '/api/v1/Customers/2147480000/Restore', { token: admin.token }));
  });

  it('names every unknown id in one 404', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    const theirs = await createCustomer(t, await signIn(t));
    const one = await call(t, 'DELETE', `/api/v1/Customers?ids=${c.id}&ids=2147480000`, { token: admin.token });
    assert.equal(one.body.errors[0].message, 'Customer 2147480000 was not found.');
    const several = await call(t, 'DELETE', `/api/v1/Customers?ids=2147480001&ids=${c.id}&ids=${theirs.id}`, { token: admin.token });
    expectNotFound(several);
    assert.equal(several.body.errors[0].message, `Customers 2147480001, ${theirs.id} were not found.`);
    assert.equal((await get(admin, `/Customers/${c.id}`)).status, 200, 'nothing deleted');
  });

  it('needs "Delete Customers"', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    expectForbidden(await call(t, 'DELETE', `/api/v1/Customers?ids=${c.id}`, { token: dispatcher.token }), 'Delete Customers');
    expectForbidden(await call(t, 'PUT', `/api/v1/Customers/${c.id}/Restore`, { token: dispatcher.token }), 'Delete Customers');
    assert.equal((await get(admin, `/Customers/${c.id}`)).status, 200);
  });

  it("treats another company's customer as missing", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const theirs = await createCustomer(t, b);
    expectNotFound(await call(t, 'DELETE', `/api/v1/Customers?ids=${theirs.id}`, { token: a.token }));
    expectNotFound(await call(t, 'PUT', `/api/v1/Customers/${theirs.id}/Restore`, { token: a.token }));
    assert.equal((await get(b, `/Customers/${theirs.id}`)).status, 200);
  });
});

describe('PUT /Customers/{customerId}/{pipeline}', () => {
  it("moves the customer by number or name; refuses bad values; hides others' customers", async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    assert.equal((await call(t, 'PUT', `/api/v1/Customers/${c.id}/0`, { token: admin.token })).status, 200);
    assert.equal((await get(admin, `/Customers/${c.id}`)).body.data.pipeline, 0);
    assert.equal((await call(t, 'PUT', `/api/v1/Customers/${c.id}/Lead`, { token: admin.token })).status, 200);
    assert.equal((await get(admin, `/Customers/${c.id}`)).body.data.pipeline, 2);
    expectProblem(await call(t, 'PUT', `/api/v1/Customers/${c.id}/7`, { token: admin.token }), 'pipeline');
    const other = await signIn(t);
    expectNotFound(await call(t, 'PUT', `/api/v1/Customers/${c.id}/1`, { token: other.token }));
    const nobody = await signIn(t, { permissions: [] }, admin.companyId);
    // The customers' edit permission, "Create customers": the read-only Viewer changes nothing (issue 37).
    assert.equal((await call(t, 'PUT', `/api/v1/Customers/${c.id}/1`, { token: nobody.token })).status, 403);
    const editor = await signIn(t, { permissions: ['Create customers'] }, admin.companyId);
    assert.equal((await call(t, 'PUT', `/api/v1/Customers/${c.id}/1`, { token: editor.token })).status, 200);
  });
});

describe('POST /Customers/ValidateCustomer', () => {
  it('reports likely duplicates by normalized name, email or phone, and field problems', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin, { name: 'Acme Freight, Inc.', email: 'Ship@Acme.example', phone: '(512) 555-0177' });
    const res = await call(t, 'POST', '/api/v1/Customers/ValidateCustomer', {
      token: admin.token,
      body: { name: 'ACME freight llc', email: 'nobody@else.example', phone: '+1 512 555 0177' },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.data.duplicates.map((d: any) => [d.id, d.matchedOn]),
      [[c.id, ['name', 'phone']]],
    );
    assert.equal(res.body.data.normalizedPhone, '+15125550177');
    assert.equal(res.body.data.isValid, true);
    const byEmail = await call(t, 'POST', '/api/v1/Customers/ValidateCustomer', { token: admin.token, body: { name: 'Other', email: 'ship@acme.EXAMPLE' } });
    assert.deepEqual(
      byEmail.body.data.duplicates.map((d: any) => d.matchedOn),
      [['email']],
    );
    const self = await call(t, 'POST', '/api/v1/Customers/ValidateCustomer', { token: admin.token, body: { id: c.id, name: 'Acme Freight' } });
    assert.deepEqual(self.body.data.duplicates, [], 'the customer itself is excluded');
    const bad = await call(t, 'POST', '/api/v1/Customers/ValidateCustomer', {
      token: admin.token,
      body: { name: 'X', email: 'nope', phone: '12', addresses: [{ street: 'S', city: 'C', country: 'QQ' }] },
    });
    assert.equal(bad.body.data.isValid, false);
    assert.deepEqual(bad.body.data.problems.map((p: any) => p.field).sort(), ['addresses[0].country', 'email', 'phone']);
    expectProblem(await call(t, 'POST', '/api/v1/Customers/ValidateCustomer', { token: admin.token, body: { email: 'a@b.example' } }), 'name');
  });

  it("never reports another company's customers, and is open to any signed-in user", async () => {
    const a = await signIn(t);
    await createCustomer(t, a, { name: 'Shared Name Trucking' });
    const b = await signIn(t, { permissions: [] });
    const res = await call(t, 'POST', '/api/v1/Customers/ValidateCustomer', { token: b.token, body: { name: 'Shared Name Trucking' } });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data.duplicates, []);
  });
});

describe('PUT /Customers/MergeCustomers', () => {
  it('moves addresses, contacts, mails and tickets to the parent in one go; the children end deleted', async () => {
    const admin = await signIn(t);
    const parent = await createCustomer(t, admin, { name: 'Parent Co' });
    const child1 = await createCustomer(t, admin, { name: 'Child One' });
    const child2 = await createCustomer(t, admin, { name: 'Child Two', addresses: [] });
    const parentContact = await createContact(t, admin, parent.id);
    const childContact = await createContact(t, admin, child1.id);
    await call(t, 'POST', '/api/v1/SupportTickets', { token: admin.token, body: { customerId: child2.id, subject: 'Late', description: 'Where is it?' } });
    await call(t, 'POST', `/api/v1/Customers/${child1.id}/SentEmails`, { token: admin.token, body: { emailType: 'Welcome' } });
    const grandchild = await createCustomer(t, admin, { name: 'Grandchild', parentCustomerId: child1.id });
    const res = await call(t, 'PUT', '/api/v1/Customers/MergeCustomers', {
      token: admin.token,
      body: { parentCustomerId: parent.id, customerIds: [child1.id, child2.id] },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.data.moved, { addresses: 1, customer_contacts: 1, sent_emails: 1, support_tickets: 1 });
    const merged = (await get(admin, `/Customers/${parent.id}`)).body.data;
    assert.equal(merged.addresses.length, 2);
    assert.equal(merged.addresses.filter((a: any) => a.isMain).length, 1);
    assert.equal(merged.addresses.find((a: any) => a.isMain).id, parent.addresses[0].id, 'the parent keeps its main address');
    const contacts = (await get(admin, `/Customers/${parent.id}/contacts`)).body.data;
    assert.deepEqual(
      contacts.contacts.map((c: any) => [c.id, c.isPrimary]),
      [
        [parentContact.id, true],
        [childContact.id, false],
      ],
    );
    assert.equal((await get(admin, `/Customers/${parent.id}/SentEmails`)).body.data.length, 1);
    assert.equal((await get(admin, `/SupportTickets?customerId=${parent.id}`)).body.data.totalCount, 1);
    for (const child of [child1, child2]) {
      const row = (await get(admin, `/Customers/${child.id}?status=1`)).body.data;
      assert.equal(row.mergedIntoId, parent.id);
    }
    assert.equal((await get(admin, `/Customers/${grandchild.id}`)).body.data.parentCustomerId, parent.id);
    const audited = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('company_id', '=', admin.companyId)
      .where('action', '=', 'customer.merge')
      .executeTakeFirstOrThrow();
    assert.deepEqual((audited.after as any).mergedCustomerIds, [child1.id, child2.id]);
  });

  it('refuses bad input and changes nothing', async () => {
    const admin = await signIn(t);
    const parent = await createCustomer(t, admin);
    const child = await createCustomer(t, admin);
    expectProblem(
      await call(t, 'PUT', '/api/v1/Customers/MergeCustomers', { token: admin.token, body: { parentCustomerId: parent.id, customerIds: [] } }),
      'customerIds',
    );
    expectProblem(
      await call(t, 'PUT', '/api/v1/Customers/MergeCustomers', {
        token: admin.token,
        body: { parentCustomerId: parent.id, customerIds: [parent.id, child.id] },
      }),
      'customerIds',
    );
    expectNotFound(
      await call(t, 'PUT', '/api/v1/Customers/MergeCustomers', {
        token: admin.token,
        body: { parentCustomerId: parent.id, customerIds: [child.id, 2147480000] },
      }),
    );
    assert.equal((await get(admin, `/Customers/${child.id}`)).body.data.status, 0);
    assert.equal((await get(admin, `/Customers/${child.id}`)).body.data.addresses.length, 1);
  });

  it("needs the Company Admin role; another company's customer is missing", async () => {
    const admin = await signIn(t);
    const parent = await createCustomer(t, admin);
    const child = await createCustomer(t, admin);
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    expectForbidden(
      await call(t, 'PUT', '/api/v1/Customers/MergeCustomers', { token: dispatcher.token, body: { parentCustomerId: parent.id, customerIds: [child.id] } }),
      'Company Admin',
    );
    const other = await signIn(t);
    const theirs = await createCustomer(t, other);
    expectNotFound(
      await call(t, 'PUT', '/api/v1/Customers/MergeCustomers', { token: admin.token, body: { parentCustomerId: parent.id, customerIds: [theirs.id] } }),
    );
    assert.equal((await get(other, `/Customers/${theirs.id}`)).body.data.status, 0);
  });
});

describe('DELETE /Customers/DeleteDuplicates/Addresses and /Contacts', () => {
  it('removes exact duplicates after normalization and says how many', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin, {
      addresses: [{ street: '12 North Main Street', street2: 'Suite 4', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' }],
    });
    await createAddress(t, admin, c.id, { street: '12 N. Main St.', street2: 'Ste 4', city: 'AUSTIN', state: 'tx', postalCode: '78701', country: 'us' });
    await createAddress(t, admin, c.id, { street: '14 N Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' });
    const other = await createCustomer(t, admin, {
      addresses: [{ street: '12 North Main Street', street2: 'Suite 4', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' }],
    });
    const res = await call(t, 'DELETE', '/api/v1/Customers/DeleteDuplicates/Addresses', { token: admin.token });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data, { deleted: 1 });
    const left = (await get(admin, `/Customers/${c.id}`)).body.data.addresses;
    assert.deepEqual(
      left.map((a: any) => [a.street, a.isMain]),
      [
        ['12 North Main Street', true],
        ['14 N Main St', false],
      ],
    );
    assert.equal((await get(admin, `/Customers/${other.id}`)).body.data.addresses.length, 1, 'another customer at the same place is not a duplicate');

    const k1 = await createContact(t, admin, c.id, { name: 'Dana Reyes', email: 'Dana@Acme.example', phone: '(512) 555-0100' });
    const k2 = await createContact(t, admin, c.id, { name: 'dana reyes', email: 'dana@acme.example', phone: '+1 512 555 0100' });
    await createContact(t, admin, c.id, { name: 'Dana Reyes', email: 'other@acme.example' });
    await call(t, 'POST', `/api/v1/Customers/${c.id}/SentEmails`, { token: admin.token, body: { emailType: 'Welcome', contactIds: [k2.id] } });
    const contacts = await call(t, 'DELETE', '/api/v1/Customers/DeleteDuplicates/Contacts', { token: admin.token });
    assert.deepEqual(contacts.body.data, { deleted: 1 });
    const kept = (await get(admin, `/Customers/${c.id}/contacts`)).body.data.contacts;
    assert.equal(kept.length, 2);
    assert.ok(kept.some((k: any) => k.id === k1.id && k.isPrimary));
    assert.equal((await get(admin, `/CustomerContacts/${k1.id}/Usage`)).body.data.sentEmails, 1, "the duplicate's uses moved to the kept contact");
  });

  it("needs the Company Admin role and touches only the company's records", async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    await createAddress(t, admin, c.id, { street: c.addresses[0].street, city: c.addresses[0].city, state: 'TX', postalCode: '78701', country: 'US' });
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    expectForbidden(await call(t, 'DELETE', '/api/v1/Customers/DeleteDuplicates/Addresses', { token: dispatcher.token }), 'Company Admin');
    expectForbidden(await call(t, 'DELETE', '/api/v1/Customers/DeleteDuplicates/Contacts', { token: dispatcher.token }), 'Company Admin');
    const other = await signIn(t);
    assert.deepEqual((await call(t, 'DELETE', '/api/v1/Customers/DeleteDuplicates/Addresses', { token: other.token })).body.data, { deleted: 0 });
    assert.equal((await get(admin, `/Customers/${c.id}`)).body.data.addresses.length, 2);
  });
});

describe('GET /Customers/{id}/contacts, /Locations, /lookup_address, /lookup_grouped_addresses', () => {
  it('lists contacts (primary first) and locations of the customer and its child accounts', async () => {
    const admin = await signIn(t);
    const parent = await createCustomer(t, admin, { name: 'HQ Corp' });
    const child = await createCustomer(t, admin, { name: 'HQ Corp West Branch', parentCustomerId: parent.id });
    const k1 = await createContact(t, admin, parent.id);
    const k2 = await createContact(t, admin, parent.id, { isPrimary: true });
    const details = (await get(admin, `/Customers/${parent.id}/contacts`)).body.data;
    assert.equal(details.primaryContact.id, k2.id);
    assert.deepEqual(
      details.contacts.map((c: any) => c.id),
      [k2.id, k1.id],
    );
    const locations = (await get(admin, `/Customers/${parent.id}/Locations`)).body.data;
    assert.deepEqual(
      locations.map((a: any) => a.customerId),
      [parent.id, child.id],
    );
    const west = (await get(admin, `/Customers/${parent.id}/Locations?customerName=west`)).body.data;
    assert.deepEqual(
      west.map((a: any) => a.customerId),
      [child.id],
    );
  });

  it("looks up and groups the customer's places with the customers sharing them", async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin, { addresses: [{ street: '5 Harbor Blvd', city: 'Miami', state: 'FL', country: 'US' }] });
    await createAddress(t, admin, c.id, { street: '5 Harbor Boulevard', city: 'miami', state: 'FL', postalCode: null, country: 'US' });
    await createAddress(t, admin, c.id, { street: '9 Bay St', city: 'Tampa', state: 'FL', postalCode: null, country: 'US' });
    const neighbour = await createCustomer(t, admin, {
      name: 'Neighbour',
      addresses: [{ street: '5 Harbor Blvd.', city: 'Miami', state: 'FL', country: 'US' }],
    });
    const lookup = (await get(admin, `/Customers/${c.id}/lookup_address?SearchTerm=harbor&SortBy=city`)).body.data;
    assert.equal(lookup.totalCount, 2);
    assert.equal(lookup.list[0].normalizedAddress, '5 harbor blvd|miami|fl||us');
    assert.equal((await get(admin, `/Customers/${c.id}/lookup_address?Cities=tampa`)).body.data.totalCount, 1);
    const grouped = (await get(admin, `/Customers/${c.id}/lookup_grouped_addresses`)).body.data;
    assert.equal(grouped.totalCount, 2);
    const harbor = grouped.list[0];
    assert.equal(harbor.addressIds.length, 2);
    assert.deepEqual(
      harbor.customers.map((x: any) => x.id).sort((a: number, b: number) => a - b),
      [c.id, neighbour.id],
    );
    assert.deepEqual(
      grouped.list[1].customers.map((x: any) => x.id),
      [c.id],
    );
    expectProblem(await get(admin, `/Customers/${c.id}/lookup_address?SortBy=zip`), 'SortBy');
  });

  it('looks up addresses main first in either direction, ties in id order; groups ignore SortBy', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin, { addresses: [{ street: '1 Main St', city: 'Waco', country: 'US' }] });
    const main = c.addresses[0].id;
    const a = (await createAddress(t, admin, c.id, { street: '2 Oak St', city: 'Austin', country: 'US' })).id;
    const b = (await createAddress(t, admin, c.id, { street: '3 Elm St', city: 'Austin', country: 'US' })).id;
    const d = (await createAddress(t, admin, c.id, { street: '4 Ash St', city: 'Dallas', country: 'US' })).id;
    const ids = async (query: string) => (await get(admin, `/Customers/${c.id}/lookup_address?${query}`)).body.data.list.map((x: any) => x.id);
    assert.deepEqual(await ids('SortBy=city'), [main, a, b, d]);
    assert.deepEqual(await ids('SortBy=city&SortDirection=1'), [main, d, a, b], 'descending: still main first, Austin ties in id order');
    assert.deepEqual(await ids('SortBy=city&SortDirection=1&ItemsPerPage=2&Page=2'), [a, b]);
    assert.deepEqual(await ids('SortBy=name&SortDirection=1'), [main, d, b, a]);
    const grouped = async (query: string) => (await get(admin, `/Customers/${c.id}/lookup_grouped_addresses?${query}`)).body.data;
    const plain = await grouped('');
    assert.deepEqual(
      plain.list.map((g: any) => g.addressIds),
      [[main], [a], [b], [d]],
    );
    assert.deepEqual(await grouped('SortBy=anything&SortDirection=1'), plain);
    assert.deepEqual(
      (await grouped('ItemsPerPage=3&Page=2')).list.map((g: any) => g.addressIds),
      [[d]],
    );
    assert.equal((await grouped('ItemsPerPage=3&Page=3')).totalCount, 4, 'a page past the end still counts');
  });

  it("treat another company's customer as missing, and are open to any signed-in user", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const theirs = await createCustomer(t, b);
    for (const path of ['contacts', 'Locations', 'lookup_address', 'lookup_grouped_addresses', 'SentEmails']) {
      expectNotFound(await get(a, `/Customers/${theirs.id}/${path}`));
    }
    const nobody = await signIn(t, { permissions: [] }, b.companyId);
    for (const path of ['contacts', 'Locations', 'lookup_address', 'lookup_grouped_addresses', 'SentEmails']) {
      assert.equal((await get(nobody, `/Customers/${theirs.id}/${path}`)).status, 200, path);
    }
  });
});

describe('Customer mails: /Customers/{id}/SentEmails and /Customers/EmailTypes', () => {
  it('lists Static and Regular types', async () => {
    const nobody = await signIn(t, { permissions: [] });
    const res = await get(nobody, '/Customers/EmailTypes');
    assert.equal(res.status, 200);
    assert.ok(res.body.data.some((e: any) => e.type === 'Regular'));
    assert.ok(res.body.data.some((e: any) => e.type === 'Static' && e.defaultSubject));
  });

  it('writes each mail to the outbox, records it, and lists it', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin, { name: 'Mail Me Ltd', email: 'desk@mailme.example' });
    const k = await createContact(t, admin, c.id, { email: 'ann@mailme.example' });
    const res = await call(t, 'POST', `/api/v1/Customers/${c.id}/SentEmails`, {
      token: admin.token,
      body: { emailType: 'welcome', to: ['boss@mailme.example'], contactIds: [k.id] },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.sent, 2);
    const outbox = await t.database.db
      .selectFrom('outbox')
      .select(['to_address', 'subject', 'text_body'])
      .where('company_id', '=', admin.companyId)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      outbox.map((o) => o.to_address),
      ['boss@mailme.example', 'ann@mailme.example'],
    );
    assert.match(outbox[0]!.text_body, /Dear Mail Me Ltd/);
    const listed = (await get(admin, `/Customers/${c.id}/SentEmails`)).body.data;
    assert.equal(listed.length, 2);
    assert.equal(listed.find((m: any) => m.contactId === k.id).to, 'ann@mailme.example');
    assert.ok(listed.every((m: any) => m.status === 'pending' || m.status === 'sent'));
    const plain = await call(t, 'POST', `/api/v1/Customers/${c.id}/SentEmails`, { token: admin.token, body: { subject: 'Hi', body: 'Text' } });
    assert.equal(plain.body.data.sent, 1, "to the customer's own email by default");
  });

  it('refuses bad input and writes nothing', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin, { email: null });
    expectProblem(
      await call(t, 'POST', `/api/v1/Customers/${c.id}/SentEmails`, { token: admin.token, body: { emailType: 'General', to: ['a@b.example'], subject: 'S' } }),
      'body',
    );
    expectProblem(
      await call(t, 'POST', `/api/v1/Customers/${c.id}/SentEmails`, { token: admin.token, body: { emailType: 'Telegram', to: ['a@b.example'] } }),
      'emailType',
    );
    expectProblem(
      await call(t, 'POST', `/api/v1/Customers/${c.id}/SentEmails`, { token: admin.token, body: { to: ['not-mail'], subject: 'S', body: 'B' } }),
      'to[0]',
    );
    expectFailure(
      await call(t, 'POST', `/api/v1/Customers/${c.id}/SentEmails`, { token: admin.token, body: { subject: 'S', body: 'B' } }),
      'emails.no_recipient',
    );
    assert.equal(await countRows(t, 'outbox', admin.companyId), 0);
    assert.equal(await countRows(t, 'sent_emails', admin.companyId), 0);
  });

  it('needs "Create customers" to send; another company\'s customer or contact is missing', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    expectForbidden(await call(t, 'POST', `/api/v1/Customers/${c.id}/SentEmails`, { token: viewer.token, body: { emailType: 'Welcome' } }), 'Create customers');
    const other = await signIn(t);
    const theirs = await createCustomer(t, other);
    const theirContact = await createContact(t, other, theirs.id);
    expectNotFound(await call(t, 'POST', `/api/v1/Customers/${theirs.id}/SentEmails`, { token: admin.token, body: { emailType: 'Welcome' } }));
    expectNotFound(
      await call(t, 'POST', `/api/v1/Customers/${c.id}/SentEmails`, { token: admin.token, body: { emailType: 'Welcome', contactIds: [theirContact.id] } }),
    );
    assert.equal(await countRows(t, 'outbox', admin.companyId), 0);
  });
});
