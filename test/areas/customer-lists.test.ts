// The customer list's counting and page plans (customer-lists.ts): every plan answers exactly what
// the plain search-index query answers, cached counts follow every write, and a transaction that
// wrote never caches its own uncommitted view.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { customerLists, type ListOptions } from '../../src/areas/customers/customer-lists.js';
import * as repo from '../../src/areas/customers/customers.repository.js';
import { HOOKS } from '../../src/areas/index.js';
import { forCompany } from '../../src/db/tenant.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { createCustomer, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const filterOf = (over: Partial<repo.CustomerFilter> = {}): repo.CustomerFilter => ({
  statuses: [0],
  search: null,
  nameOnly: false,
  pipelines: null,
  sources: null,
  entrepreneur: null,
  lastOrder: null,
  cities: null,
  states: null,
  zips: null,
  countries: null,
  ...over,
});

function inCompany<T>(s: Session, work: Parameters<typeof forCompany<T>>[4]) {
  return forCompany(t.database.db, HOOKS, { companyId: s.companyId, userId: s.userId }, 'test', work);
}

/** The answer of the plain query: every match through the index, counted. */
function reference(s: Session, f: repo.CustomerFilter, sort: repo.CustomerSort, descending: boolean, limit: number, offset: number) {
  return inCompany(s, async (tx) => ({
    total: (await repo.countCustomers(tx, f)).n,
    ids: (await repo.listCustomers(tx, f, { by: sort, descending }, limit, offset)).map((r) => r.id),
  }));
}

/** 24 "Alpha Logistics" customers, 6 "Zulu Steel" (a name prefix that sorts last), 4 deleted. */
async function seed(s: Session) {
  for (let i = 0; i < 24; i++)
    await createCustomer(t, s, {
      name: `Alpha Logistics ${String(i).padStart(2, '0')}`,
      addresses: [{ street: `${i} Main St`, city: i % 2 ? 'Austin' : 'Dallas', country: 'US' }],
    });
  for (let i = 0; i < 6; i++) await createCustomer(t, s, { name: `Zulu Steel ${i}`, addresses: [{ street: `${i} Dock Rd`, city: 'Houston', country: 'US' }] });
  for (let i = 0; i < 4; i++) {
    const c = await createCustomer(t, s, { name: `Gone Logistics ${i}` });
    await call(t, 'DELETE', `/api/v1/Customers?ids=${c.id}`, { token: s.token });
  }
}

describe('customer list plans', () => {
  it('answers exactly what the index query answers, whichever plan reads the page', async () => {
    const s = await signIn(t);
    await seed(s);
    const options: ListOptions[] = [{ walkCap: 5000 }, { walkCap: 12 }, { walkCap: 1 }];
    const cases: Array<[Partial<repo.CustomerFilter>, repo.CustomerSort, boolean, number, number]> = [
      [{ search: 'logistics' }, 'name', false, 5, 0],
      [{ search: 'logistics' }, 'name', false, 5, 20],
      [{ search: 'logistics' }, 'name', true, 5, 3],
      [{ search: 'logistics' }, 'created_at', false, 7, 7],
      [{ search: 'zulu' }, 'name', false, 4, 0],
      [{ search: 'zulu' }, 'name', false, 4, 4],
      [{ search: 'zulu' }, 'name', false, 4, 8], // past the last match
      [{ search: 'steel', nameOnly: true }, 'name', false, 10, 0],
      [{ search: 'austin' }, 'name', false, 5, 5],
      [{ search: 'logistics', cities: ['dallas'] }, 'name', false, 5, 5],
      [{ search: 'logistics', statuses: [0, 1] }, 'name', false, 10, 20],
      [{ search: 'logistics', statuses: [1] }, 'name', false, 10, 0],
      [{ search: 'nothing like it' }, 'name', false, 10, 0],
      [{}, 'name', false, 10, 25],
    ];
    const plans = new Set<string>();
    for (const option of options) {
      const lists = customerLists(option);
      for (const [over, sort, descending, limit, offset] of cases) {
        const f = filterOf(over);
        const expected = await reference(s, f, sort, descending, limit, offset);
        // Twice: the second read answers from the cached count (and remembered plan).
        for (const round of [1, 2]) {
          const got = await inCompany(s, (tx) => lists.read(tx, f, { by: sort, descending }, { limit, offset }));
          assert.deepEqual(
            { total: got.total, ids: got.rows.map((r) => r.id) },
            expected,
            `${JSON.stringify({ option, over, sort, descending, limit, offset, round, plan: got.plan })}`,
          );
          plans.add(`${option.walkCap}:${JSON.stringify(over)}:${got.plan}`);
        }
      }
    }
    assert.ok(plans.has('5000:{"search":"logistics"}:walk'), 'a broad search walks the sort order');
    assert.ok(plans.has('12:{"search":"zulu"}:index'), 'matches clustered past the cap go through the index');
    assert.ok(plans.has('1:{"search":"logistics"}:index'));
  });

  it('keeps cached counts exact across writes to customers and their addresses', async () => {
    const s = await signIn(t);
    const lists = customerLists();
    const read = (f: repo.CustomerFilter) => inCompany(s, (tx) => lists.read(tx, f, { by: 'name', descending: false }, { limit: 20, offset: 0 }));
    const houston = filterOf({ cities: ['houston'] });
    assert.equal((await read(filterOf())).total, 0);
    const c = await createCustomer(t, s, { name: 'Counted Co', addresses: [{ street: '1 A St', city: 'Austin', country: 'US' }] });
    assert.equal((await read(filterOf())).total, 1);
    assert.equal((await read(houston)).total, 0);
    const addressId = c.addresses[0].id;
    const moved = await call(t, 'PUT', `/api/v1/Addresses/${addressId}`, {
      token: s.token,
      body: { customerId: c.id, street: '1 A St', city: 'Houston', country: 'US' },
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    assert.equal((await read(houston)).total, 1, 'an address change reaches the cached count');
    await call(t, 'DELETE', `/api/v1/Customers?ids=${c.id}`, { token: s.token });
    assert.equal((await read(filterOf())).total, 0);
    assert.equal((await read(filterOf({ statuses: [1] }))).total, 1);
  });

  it('never caches what a writing transaction sees', async () => {
    const s = await signIn(t);
    const lists = customerLists();
    const all = filterOf();
    const read = (tx: Parameters<typeof lists.read>[0]) => lists.read(tx, all, { by: 'name', descending: false }, { limit: 20, offset: 0 });
    await createCustomer(t, s);
    assert.equal((await inCompany(s, read)).total, 1);
    await assert.rejects(
      inCompany(s, async (tx) => {
        await repo.insertCustomer(tx, {
          name: 'Rolled Back',
          email: null,
          phone: null,
          pipeline: 1,
          source: 0,
          is_entrepreneur: false,
          parent_customer_id: null,
          notes: null,
          name_key: 'rolled back',
          email_key: null,
          phone_key: null,
        });
        assert.equal((await read(tx)).total, 2, 'the transaction sees its own row');
        throw new Error('roll back');
      }),
      /roll back/,
    );
    assert.equal((await inCompany(s, read)).total, 1, 'the rolled-back view was not kept');
  });

  it('gives a list row exactly as GET /Customers/{id} gives the customer, addresses included', async () => {
    const s = await signIn(t);
    const made = await createCustomer(t, s, {
      name: 'Twin Docks Co',
      phone: '+1 512 555 0100',
      addresses: [
        {
          name: 'North',
          street: '1 North Rd',
          city: 'Austin',
          state: 'TX',
          postalCode: '78701',
          country: 'US',
          latitude: 30.27,
          longitude: -97.74,
          contactName: 'Ann',
        },
        { name: 'South', street: '2 South Rd', city: 'Austin', country: 'US', isMain: true },
      ],
    });
    const one = await call(t, 'GET', `/api/v1/Customers/${made.id}`, { token: s.token });
    for (let i = 0; i < 2; i++) {
      const listed = await call(t, 'GET', '/api/v1/Customers?SearchTerm=twin', { token: s.token });
      assert.deepEqual(listed.body.data.list, [one.body.data], `read ${i + 1}`);
    }
  });

  it("finds matches only for the transaction's own company, whatever company the function is asked for", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    await createCustomer(t, a, { name: 'Shared Word Freight' });
    await createCustomer(t, b, { name: 'Shared Word Freight' });
    const matches = (s: Session, companyId: number) =>
      inCompany(
        s,
        async (tx) => (await sql<{ id: number }>`select m.id from fds_customer_matches(${companyId}, 'shared word', false) m`.execute(tx.db)).rows.length,
      );
    assert.equal(await matches(a, a.companyId), 1);
    assert.equal(await matches(a, b.companyId), 0, 'asked for company b inside company a');
  });

  it("finds address matches only for the transaction's own company (fds_address_matches)", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    await createCustomer(t, a, { name: 'Shared Dock Co', addresses: [{ name: 'Shared Dock', street: '9 Wharf Rd', city: 'Mobile', country: 'US' }] });
    await createCustomer(t, b, { name: 'Shared Dock Co', addresses: [{ name: 'Shared Dock', street: '9 Wharf Rd', city: 'Mobile', country: 'US' }] });
    const matches = (s: Session, companyId: number, byName: boolean) =>
      inCompany(
        s,
        async (tx) =>
          (await sql<{ m: number }>`select distinct m from fds_address_matches(${companyId}, 'shared dock', ${byName}, 5, 50) m`.execute(tx.db)).rows.length,
      );
    for (const byName of [true, false]) {
      assert.equal(await matches(a, a.companyId, byName), 1, `byName ${byName}`);
      assert.equal(await matches(a, b.companyId, byName), 0, `asked for company b inside company a, byName ${byName}`);
    }
  });

  it('bumps the version once per writing transaction', async () => {
    const s = await signIn(t);
    const version = () => inCompany(s, (tx) => repo.listVersion(tx));
    await createCustomer(t, s);
    const before = Number(await version());
    await inCompany(s, async (tx) => {
      for (let i = 0; i < 5; i++) {
        await repo.insertCustomer(tx, {
          name: `Batch ${i}`,
          email: null,
          phone: null,
          pipeline: 1,
          source: 0,
          is_entrepreneur: false,
          parent_customer_id: null,
          notes: null,
          name_key: `batch ${i}`,
          email_key: null,
          phone_key: null,
        });
      }
    });
    assert.equal(Number(await version()), before + 1);
  });
});
