// Whole GET /Customers answers kept per company data version (platform/answer-cache.ts): a repeated
// read is answered from the kept bytes, and every write that could change an answer (customers,
// addresses, from this process or any other) makes the next read fresh.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { createCustomer, type Session, setCompanyActive, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const LIST = '/api/v1/Customers?SearchTerm=kept';
const names = async (s: Session, url = LIST) => {
  const res = await call(t, 'GET', url, { token: s.token });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return (res.body.data.list as Array<{ name: string }>).map((c) => c.name);
};

/** Renames a customer and puts the company's version back as it was: only a kept answer hides it. */
async function renameBehindTheVersion(companyId: number, id: number, name: string) {
  await t.database.db.transaction().execute(async (trx) => {
    const { version } = await trx.selectFrom('customer_list_versions').select('version').where('company_id', '=', companyId).executeTakeFirstOrThrow();
    await trx.updateTable('customers').set({ name }).where('company_id', '=', companyId).where('id', '=', id).execute();
    await trx.updateTable('customer_list_versions').set({ version }).where('company_id', '=', companyId).execute();
  });
}

describe('GET /Customers kept answers', () => {
  it('answers a repeated read from the kept answer while the company data version stands', async () => {
    const s = await signIn(t);
    const c = await createCustomer(t, s, { name: 'Kept Freight' });
    assert.deepEqual(await names(s), ['Kept Freight']);
    await renameBehindTheVersion(s.companyId, c.id, 'Kept Freight Renamed');
    assert.deepEqual(await names(s), ['Kept Freight'], 'same version: the kept answer');
    const res = await call(t, 'GET', LIST, { token: s.token });
    assert.match(String(res.headers['content-type']), /^application\/json/);
    assert.equal(res.body.success, true);
    // Another query is read afresh, and sees the row as it is.
    assert.deepEqual(await names(s, `${LIST}&ItemsPerPage=5`), ['Kept Freight Renamed']);
  });

  it('reads afresh after a write through the API: customer fields and any address column', async () => {
    const s = await signIn(t);
    const c = await createCustomer(t, s, { name: 'Kept Lines', addresses: [{ street: '1 Dock Rd', city: 'Austin', country: 'US' }] });
    const first = await call(t, 'GET', LIST, { token: s.token });
    assert.equal(first.body.data.list[0].addresses[0].latitude, null);
    const address = c.addresses[0];
    // Coordinates do not change the search text: migration 0004 bumps the version for them.
    const moved = await call(t, 'PUT', `/api/v1/Addresses/${address.id}`, {
      token: s.token,
      body: { customerId: c.id, street: '1 Dock Rd', city: 'Austin', country: 'US', latitude: 30.25, longitude: -97.75 },
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    const second = await call(t, 'GET', LIST, { token: s.token });
    assert.equal(second.body.data.list[0].addresses[0].latitude, 30.25);
    const renamed = await call(t, 'PUT', `/api/v1/Customers/${c.id}`, { token: s.token, body: { name: 'Kept Lines Two', addresses: [] } });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.deepEqual(await names(s), ['Kept Lines Two']);
    await createCustomer(t, s, { name: 'Kept Also' });
    assert.deepEqual(await names(s), ['Kept Also', 'Kept Lines Two']);
  });

  it('reads afresh after a write made outside this process that bumps the version, as docs/operations.md asks', async () => {
    const s = await signIn(t);
    const c = await createCustomer(t, s, { name: 'Kept Outside' });
    assert.deepEqual(await names(s), ['Kept Outside']);
    await t.database.db.updateTable('customers').set({ name: 'Kept Outside By psql' }).where('id', '=', c.id).execute();
    await sql`UPDATE customer_list_versions SET version = version + 1 WHERE company_id = ${s.companyId}`.execute(t.database.db);
    assert.deepEqual(await names(s), ['Kept Outside By psql']);
  });

  it('keeps answers apart by company: the same query of another company reads its own data', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    await createCustomer(t, a, { name: 'Kept Alpha' });
    await createCustomer(t, b, { name: 'Kept Bravo' });
    for (let i = 0; i < 2; i++) {
      assert.deepEqual(await names(a), ['Kept Alpha']);
      assert.deepEqual(await names(b), ['Kept Bravo']);
    }
  });

  it('checks the session before a kept answer is given', async () => {
    const s = await signIn(t);
    await createCustomer(t, s, { name: 'Kept Closed' });
    assert.deepEqual(await names(s), ['Kept Closed']);
    await setCompanyActive(t, s.companyId, false);
    // The change reaches the principal cache by a database notification: a few milliseconds.
    let status = 0;
    for (let i = 0; i < 100 && status !== 401; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 20));
      status = (await call(t, 'GET', LIST, { token: s.token })).status;
    }
    assert.equal(status, 401);
  });

  it('answers a bad query with 400 whether or not an answer is kept', async () => {
    const s = await signIn(t);
    await names(s);
    const res = await call(t, 'GET', `${LIST}&SortDirection=sideways`, { token: s.token });
    assert.equal(res.status, 400);
  });
});
