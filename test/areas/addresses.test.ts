import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectNotFound, expectProblem } from '../helpers/expect.js';
import { countRows, createAddress, createCustomer, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const get = (session: Session, url: string) => call(t, 'GET', `/api/v1${url}`, { token: session.token });
const mains = async (session: Session, customerId: number) =>
  ((await get(session, `/Customers/${customerId}`)).body.data.addresses as any[]).filter((a) => a.isMain).map((a) => a.id);

describe('POST, PUT and DELETE /Addresses', () => {
  it('adds, updates and deletes, keeping exactly one main address', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    const original = c.addresses[0];
    const added = await createAddress(t, admin, c.id, { name: 'North dock', latitude: 32.78, longitude: -96.8, contactName: 'Joe', contactPhone: '555' });
    assert.equal(added.isMain, false);
    assert.equal(added.customerName, c.name);
    assert.equal(added.latitude, 32.78);
    const made = await createAddress(t, admin, c.id, { isMain: true });
    assert.deepEqual(await mains(admin, c.id), [made.id]);
    const updated = await call(t, 'PUT', `/api/v1/Addresses/${made.id}`, {
      token: admin.token,
      body: { street: '77 Changed Rd', city: 'Plano', country: 'US', isMain: false },
    });
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    assert.equal(updated.body.data.street, '77 Changed Rd');
    assert.equal(updated.body.data.customerId, c.id, 'customerId absent keeps the customer');
    assert.deepEqual(await mains(admin, c.id), [original.id], 'the role went to the oldest other address');
    assert.equal((await call(t, 'DELETE', `/api/v1/Addresses/${original.id}`, { token: admin.token })).status, 200);
    assert.deepEqual(await mains(admin, c.id), [added.id], 'the oldest remaining became main');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('company_id', '=', admin.companyId)
      .where('entity_type', '=', 'address')
      .orderBy('id')
      .execute();
    assert.deepEqual(
      audit.map((a) => a.action),
      ['address.create', 'address.create', 'address.update', 'address.delete'],
    );
  });

  it('moves an address to another customer, each keeping a main address', async () => {
    const admin = await signIn(t);
    const from = await createCustomer(t, admin);
    const to = await createCustomer(t, admin);
    const second = await createAddress(t, admin, from.id);
    await call(t, 'PUT', `/api/v1/Addresses/${from.addresses[0].id}`, {
      token: admin.token,
      body: { customerId: to.id, street: '1 Moved St', city: 'Austin', country: 'US' },
    });
    assert.deepEqual(await mains(admin, from.id), [second.id]);
    assert.deepEqual(await mains(admin, to.id), [to.addresses[0].id]);
  });

  it("keeps a deleted customer's address with its own customer sent back, and moves none to a deleted customer", async () => {
    const admin = await signIn(t);
    const gone = await createCustomer(t, admin);
    const other = await createCustomer(t, admin);
    assert.equal((await call(t, 'DELETE', `/api/v1/Customers?ids=${gone.id}`, { token: admin.token })).status, 200);
    const kept = await call(t, 'PUT', `/api/v1/Addresses/${gone.addresses[0].id}`, {
      token: admin.token,
      body: { customerId: gone.id, street: '2 Kept St', city: 'Austin', country: 'US' },
    });
    assert.equal(kept.status, 200, JSON.stringify(kept.body));
    const moved = await call(t, 'PUT', `/api/v1/Addresses/${other.addresses[0].id}`, {
      token: admin.token,
      body: { customerId: gone.id, street: '3 Moved St', city: 'Austin', country: 'US' },
    });
    expectNotFound(moved);
    assert.equal(moved.body.errors[0].message, `Customer ${gone.id} was not found.`);
  });

  it('keeps each customer findable by its addresses: added, moved, deleted', async () => {
    const admin = await signIn(t);
    const from = await createCustomer(t, admin, { name: 'Search Text From' });
    const to = await createCustomer(t, admin, { name: 'Search Text To' });
    const found = async (term: string) =>
      ((await get(admin, `/Customers?SearchTerm=${encodeURIComponent(term)}&PageSize=50`)).body.data.list as any[]).map((c) => c.name).sort();
    const place = await createAddress(t, admin, from.id, { street: '9 Quillfeather Ln', city: 'Zephyrton', country: 'US' });
    assert.deepEqual(await found('quillfeather'), ['Search Text From'], 'an added address');
    await call(t, 'PUT', `/api/v1/Addresses/${place.id}`, {
      token: admin.token,
      body: { customerId: to.id, street: '9 Quillfeather Ln', city: 'Zephyrton', country: 'US' },
    });
    assert.deepEqual(await found('zephyrton'), ['Search Text To'], 'a moved address leaves one customer for the other');
    await call(t, 'PUT', `/api/v1/Customers/${to.id}`, { token: admin.token, body: { name: 'Search Text Renamed', addresses: [] } });
    assert.deepEqual(await found('zephyrton'), ['Search Text Renamed'], "a renamed customer keeps its addresses' text");
    assert.deepEqual(await found('renamed'), ['Search Text Renamed']);
    assert.equal((await call(t, 'DELETE', `/api/v1/Addresses/${place.id}`, { token: admin.token })).status, 200);
    assert.deepEqual(await found('quillfeather'), [], 'a deleted address');
  });

  it('keeps company addresses without a customer', async () => {
    const admin = await signIn(t);
    const hub = await createAddress(t, admin, null, { name: 'Company cross-dock', isHub: true });
    assert.equal(hub.customerId, null);
    assert.equal(hub.isMain, false);
    expectFailure(await call(t, 'PUT', `/api/v1/Addresses/${hub.id}/SetAsMainAddress`, { token: admin.token }), 'addresses.no_customer');
  });

  it('refuses bad input and writes nothing', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    const before = await countRows(t, 'addresses', admin.companyId);
    expectProblem(await call(t, 'POST', '/api/v1/Addresses', { token: admin.token, body: { customerId: c.id, city: 'X', country: 'US' } }), 'street');
    expectProblem(
      await call(t, 'POST', '/api/v1/Addresses', { token: admin.token, body: { customerId: c.id, street: 'S', city: 'X', country: 'USA' } }),
      'country',
    );
    expectProblem(
      await call(t, 'POST', '/api/v1/Addresses', { token: admin.token, body: { customerId: c.id, street: 'S', city: 'X', country: 'XX' } }),
      'country',
    );
    expectProblem(
      await call(t, 'POST', '/api/v1/Addresses', {
        token: admin.token,
        body: { customerId: c.id, street: 'S', city: 'X', country: 'US', latitude: 95, longitude: 0 },
      }),
      'latitude',
    );
    expectProblem(
      await call(t, 'PUT', `/api/v1/Addresses/${c.addresses[0].id}`, { token: admin.token, body: { street: '', city: 'X', country: 'US' } }),
      'street',
    );
    assert.equal(await countRows(t, 'addresses', admin.companyId), before);
  });

  it("treats another company's address or customer as missing; needs the customers' edit permission", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const theirs = await createCustomer(t, b);
    const theirAddress = theirs.addresses[0];
    expectNotFound(await call(t, 'POST', '/api/v1/Addresses', { token: a.token, body: { customerId: theirs.id, street: 'S', city: 'C', country: 'US' } }));
    expectNotFound(await call(t, 'PUT', `/api/v1/Addresses/${theirAddress.id}`, { token: a.token, body: { street: 'S', city: 'C', country: 'US' } }));
    expectNotFound(await call(t, 'DELETE', `/api/v1/Addresses/${theirAddress.id}`, { token: a.token }));
    expectNotFound(await call(t, 'PUT', `/api/v1/Addresses/${theirAddress.id}/SetAsMainAddress`, { token: a.token }));
    const ours = await createCustomer(t, a);
    expectNotFound(
      await call(t, 'PUT', `/api/v1/Addresses/${ours.addresses[0].id}`, {
        token: a.token,
        body: { customerId: theirs.id, street: 'S', city: 'C', country: 'US' },
      }),
    );
    assert.equal((await get(b, `/Customers/${theirs.id}`)).body.data.addresses[0].street, theirAddress.street);
    // The customers' edit permission, "Create customers": the read-only Viewer changes nothing (issue 37).
    const nobody = await signIn(t, { permissions: [] }, a.companyId);
    assert.equal(
      (await call(t, 'POST', '/api/v1/Addresses', { token: nobody.token, body: { customerId: ours.id, street: 'S', city: 'C', country: 'US' } })).status,
      403,
    );
    const editor = await signIn(t, { permissions: ['Create customers'] }, a.companyId);
    assert.equal(
      (await call(t, 'POST', '/api/v1/Addresses', { token: editor.token, body: { customerId: ours.id, street: 'S', city: 'C', country: 'US' } })).status,
      200,
    );
  });
});

describe('an address sent without coordinates', () => {
  const post = (session: Session, body: Record<string, unknown>) => call(t, 'POST', '/api/v1/Addresses', { token: session.token, body });

  it('is placed at the centre of its postal code, and the answer says so', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    const res = await post(admin, { customerId: c.id, street: '901 Bagby St', city: 'Houston', state: 'TX', postalCode: '77002-1234', country: 'US' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.success, true);
    assert.deepEqual([res.body.data.latitude, res.body.data.longitude], [29.7594, -95.3594]);
    assert.deepEqual(res.body.otherMessages, [{ type: 'Info', message: 'Placed at the centre of postal code 77002: no coordinates were given.' }]);
    // Kept: read back as saved. Coordinates sent are kept as sent, with nothing to say.
    assert.equal((await get(admin, `/Customers/${c.id}`)).body.data.addresses.find((a: any) => a.id === res.body.data.id).latitude, 29.7594);
    const given = await post(admin, {
      customerId: c.id,
      street: '1 Main St',
      city: 'Houston',
      postalCode: '77002',
      country: 'US',
      latitude: 29.75,
      longitude: -95.36,
    });
    assert.deepEqual([given.body.data.latitude, given.body.otherMessages], [29.75, []]);
  });

  it('without a known postal code, is placed at its city; unplaceable, it is saved and the answer warns', async () => {
    const admin = await signIn(t);
    const city = await post(admin, { street: '1 Rue de Rivoli', city: 'Lyon', country: 'FR' });
    assert.equal(city.status, 200, JSON.stringify(city.body));
    assert.ok(Math.abs(city.body.data.latitude - 45.76) < 0.1 && Math.abs(city.body.data.longitude - 4.83) < 0.1, JSON.stringify(city.body.data));
    assert.match(city.body.otherMessages[0].message, /^Placed at the centre of Lyon, .*: no coordinates were given\.$/);
    const nowhere = await post(admin, { street: '9 Unknown Rd', city: 'Nowhere Such Town', state: 'TX', postalCode: '00000', country: 'US' });
    assert.equal(nowhere.status, 200, JSON.stringify(nowhere.body));
    assert.deepEqual([nowhere.body.success, nowhere.body.data.latitude, nowhere.body.data.longitude], [true, null, null]);
    assert.equal(nowhere.body.otherMessages[0].type, 'Warning');
    assert.match(nowhere.body.otherMessages[0].message, /cannot be measured/);
  });
});

describe('PUT /Addresses/{id}/SetAsMainAddress', () => {
  it('makes the address the only main one; a bad id is refused', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    const other = await createAddress(t, admin, c.id);
    const res = await call(t, 'PUT', `/api/v1/Addresses/${other.id}/setasmainaddress`, { token: admin.token });
    assert.equal(res.status, 200);
    assert.equal(res.body.data.isMain, true);
    assert.deepEqual(await mains(admin, c.id), [other.id]);
    expectProblem(await call(t, 'PUT', '/api/v1/Addresses/1.5/SetAsMainAddress', { token: admin.token }), 'id');
    expectNotFound(await call(t, 'PUT', '/api/v1/Addresses/2147480000/SetAsMainAddress', { token: admin.token }));
  });
});

describe('address searches', () => {
  it('LookupForTransfer finds hubs (and warehouses) matching the term', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    await createAddress(t, admin, c.id, { name: 'Memphis cross-dock', city: 'Memphis', isHub: true });
    await createAddress(t, admin, null, { name: 'Louisville hub', city: 'Louisville', isHub: true });
    await createAddress(t, admin, c.id, { name: 'Memphis office', city: 'Memphis' });
    const hits = (await get(admin, '/Addresses/LookupForTransfer?searchTerm=memphis')).body.data;
    assert.deepEqual(
      hits.map((a: any) => a.name),
      ['Memphis cross-dock'],
    );
    assert.equal((await get(admin, '/Addresses/LookupForTransfer')).body.data.length, 2);
    const other = await signIn(t, { permissions: [] });
    assert.deepEqual((await get(other, '/Addresses/LookupForTransfer?searchTerm=memphis')).body.data, []);
  });

  it('SearchByCompanyName and SearchCompaniesByAddress match by prefix and resemblance', async () => {
    const admin = await signIn(t);
    const acme = await createCustomer(t, admin, {
      name: 'Acme Rocket Supply',
      addresses: [{ street: '100 Canyon Road', city: 'Flagstaff', state: 'AZ', country: 'US' }],
    });
    await createCustomer(t, admin, {
      name: 'Roadrunner Freight',
      addresses: [{ name: 'Desert depot', street: '7 Mesa Dr', city: 'Tucson', state: 'AZ', country: 'US' }],
    });
    const byName = (await get(admin, '/Addresses/SearchByCompanyName?companyName=acme')).body.data;
    assert.deepEqual(
      byName.map((a: any) => a.customerId),
      [acme.id],
    );
    const fuzzy = (await get(admin, '/Addresses/SearchByCompanyName?companyName=Acme%20Rockett')).body.data;
    assert.ok(
      fuzzy.some((a: any) => a.customerId === acme.id),
      'a misspelt name still matches',
    );
    const depot = (await get(admin, '/Addresses/SearchByCompanyName?companyName=desert')).body.data;
    assert.deepEqual(
      depot.map((a: any) => a.name),
      ['Desert depot'],
    );
    const byAddress = (await get(admin, '/Addresses/SearchCompaniesByAddress?address=canyon%20road')).body.data;
    assert.deepEqual(
      byAddress.map((a: any) => a.customerName),
      ['Acme Rocket Supply'],
    );
    // Enough addresses contain the text: those that only resemble it are not looked for.
    for (const n of [1, 2, 3, 4, 5])
      await createCustomer(t, admin, { name: `Canyon Haulers ${n}`, addresses: [{ street: `${n} Canyon Road`, city: 'Sedona', state: 'AZ', country: 'US' }] });
    await createCustomer(t, admin, { name: 'Canyan Hauler', addresses: [{ street: '6 Canyan Raod', city: 'Sedona', state: 'AZ', country: 'US' }] });
    const many = (await get(admin, '/Addresses/SearchCompaniesByAddress?address=canyon%20road')).body.data;
    assert.equal(many.length, 6);
    assert.ok(many.every((a: any) => a.street.includes('Canyon Road')));
    const typo = (await get(admin, '/Addresses/SearchByCompanyName?companyName=canyan%20hauler')).body.data;
    assert.equal(typo[0].customerName, 'Canyan Hauler', 'the one containing it first');
    assert.ok(typo.length > 1, 'one contains it: the resembling ones are looked for too');
    assert.ok(
      (await get(admin, '/Addresses/SearchByCompanyName?companyName=canyon%20haulers')).body.data.every((a: any) =>
        a.customerName.startsWith('Canyon Haulers'),
      ),
    );
    expectProblem(await get(admin, '/Addresses/SearchByCompanyName'), 'companyName');
    expectProblem(await get(admin, '/Addresses/SearchCompaniesByAddress?address='), 'address');
    const other = await signIn(t);
    assert.deepEqual((await get(other, '/Addresses/SearchByCompanyName?companyName=acme')).body.data, []);
    assert.deepEqual((await get(other, '/Addresses/SearchCompaniesByAddress?address=canyon')).body.data, []);
  });

  it('ranks the closest text first, leaves deleted customers out, answers at most 50, and takes short terms', async () => {
    const admin = await signIn(t);
    const far = await createCustomer(t, admin, {
      name: 'Gulf Industrial Park Tenants Association',
      addresses: [{ street: '5 Elm Ln', city: 'Jacksonville Beach', state: 'FL', postalCode: '32250', country: 'US' }],
    });
    const near = await createCustomer(t, admin, { name: 'Ely', addresses: [{ street: '5 Elm Ln', city: 'Ely', country: 'US' }] });
    const gone = await createCustomer(t, admin, { name: 'Gone Elm', addresses: [{ street: '9 Elm Ln', city: 'Ely', country: 'US' }] });
    assert.equal((await call(t, 'DELETE', `/api/v1/Customers?ids=${gone.id}`, { token: admin.token })).status, 200);
    const ranked = (await get(admin, '/Addresses/SearchCompaniesByAddress?address=5%20elm%20ln')).body.data;
    assert.deepEqual(
      ranked.map((a: any) => a.customerId),
      [near.id, far.id],
      'the shorter, closer text first',
    );
    const all = (await get(admin, '/Addresses/SearchCompaniesByAddress?address=elm%20ln')).body.data;
    assert.deepEqual(all.map((a: any) => a.customerId).sort(), [near.id, far.id].sort(), "a deleted customer's address is left out");
    assert.deepEqual((await get(admin, '/Addresses/SearchByCompanyName?companyName=gone%20elm')).body.data, []);
    const short = (await get(admin, '/Addresses/SearchByCompanyName?companyName=el')).body.data;
    assert.deepEqual(
      short.map((a: any) => a.customerId),
      [near.id],
      'two letters: no search key, still found',
    );
    for (let n = 0; n < 52; n++)
      await createCustomer(t, admin, { name: `Birch Carrier ${n}`, addresses: [{ street: `${n} Birch Rd`, city: 'Bend', country: 'US' }] });
    assert.equal((await get(admin, '/Addresses/SearchCompaniesByAddress?address=birch%20rd')).body.data.length, 50);
    assert.equal((await get(admin, '/Addresses/SearchByCompanyName?companyName=birch%20carrier')).body.data.length, 50);
  });
});
