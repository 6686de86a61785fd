import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { countRows, createAddress, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

const DALLAS = { street: '2500 Irving Blvd', city: 'Dallas', state: 'TX', postalCode: '75207', country: 'US', latitude: 32.799, longitude: -96.842 };
const HOUSTON = { street: '8700 Clinton Dr', city: 'Houston', state: 'TX', postalCode: '77029', country: 'US', latitude: 29.738, longitude: -95.245 };
const TORONTO = { street: '100 Front St W', city: 'Toronto', state: 'ON', postalCode: 'M5J 1E3', country: 'CA', latitude: 43.6453, longitude: -79.3806 };

async function createWarehouse(session: Session, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await api(session, 'POST', '/Warehouses', body);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}

const auditCount = async (companyId: number, action: string) => {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from audit_log where company_id = ${companyId} and action = ${action}`.execute(
    t.database.db,
  );
  return rows[0]!.n;
};

const warehouseAddresses = async (companyId: number) => {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from addresses where company_id = ${companyId} and kind = 'warehouse'`.execute(
    t.database.db,
  );
  return rows[0]!.n;
};

describe('POST and GET /Warehouses', () => {
  it('adds a warehouse with its address, contact and hours', async () => {
    const admin = await signIn(t);
    const w = await createWarehouse(admin, {
      name: ' Dallas cross-dock ',
      code: 'dal1',
      address: { ...DALLAS, street2: 'Dock 4' },
      contactName: 'Marcus Bell',
      phone: '+1 214 555 0120',
      email: 'Dallas@Example.com',
      openingHours: 'Mon-Fri 06:00-18:00',
      notes: 'Gate 2',
    });
    assert.deepEqual(
      [w.name, w.code, w.contactName, w.phone, w.email, w.openingHours, w.notes, w.isActive],
      ['Dallas cross-dock', 'DAL1', 'Marcus Bell', '+1 214 555 0120', 'dallas@example.com', 'Mon-Fri 06:00-18:00', 'Gate 2', true],
    );
    const a = w.address;
    assert.ok(Number.isInteger(a.id));
    assert.deepEqual(
      [
        a.name,
        a.street,
        a.street2,
        a.city,
        a.state,
        a.postalCode,
        a.country,
        a.latitude,
        a.longitude,
        a.isMain,
        a.customerId,
        a.contactName,
        a.contactPhone,
        a.notes,
      ],
      [
        'Dallas cross-dock',
        '2500 Irving Blvd',
        'Dock 4',
        'Dallas',
        'TX',
        '75207',
        'US',
        32.799,
        -96.842,
        false,
        null,
        'Marcus Bell',
        '+1 214 555 0120',
        'Gate 2',
      ],
    );
    assert.equal(a.fullAddress, '2500 Irving Blvd, Dock 4, Dallas, TX 75207, US');
    const read = await api(admin, 'GET', `/Warehouses/${w.id}`);
    assert.equal(read.status, 200);
    assert.deepEqual(read.body.data, w);
    assert.equal(await auditCount(admin.companyId, 'warehouse.create'), 1);
    // Transfers are offered the company's warehouses; the customers' address endpoints never see them.
    const lookup = await api(admin, 'GET', '/Addresses/LookupForTransfer?searchTerm=irving');
    assert.deepEqual(
      lookup.body.data.map((x: any) => x.id),
      [a.id],
    );
    expectNotFound(await api(admin, 'PUT', `/Addresses/${a.id}`, { street: 'x', city: 'y', country: 'US' }));
    expectNotFound(await api(admin, 'DELETE', `/Addresses/${a.id}`));
  });

  it('lists with the location parameters, isActive, SortBy and paging, in SQL', async () => {
    const admin = await signIn(t);
    const d = await createWarehouse(admin, { name: 'dallas yard', code: 'D1', address: DALLAS });
    const h = await createWarehouse(admin, { name: 'Houston yard', code: 'H1', address: HOUSTON, isActive: false });
    const o = await createWarehouse(admin, { name: 'Toronto hub', address: TORONTO });
    await createAddress(t, admin, null, { name: 'Not a warehouse', city: 'Dallas' });
    const ids = async (query: string) => (await api(admin, 'GET', `/Warehouses${query}`)).body.data.list.map((w: any) => w.id);
    const all = (await api(admin, 'GET', '/Warehouses')).body.data;
    assert.deepEqual([all.list.map((w: any) => w.id), all.totalCount, all.page, all.itemsPerPage], [[d.id, h.id, o.id], 3, 1, 20]);
    assert.deepEqual(await ids('?SearchTerm=YARD'), [d.id, h.id]);
    assert.deepEqual(await ids('?SearchTerm=h1'), [h.id], 'by code');
    assert.deepEqual(await ids('?SearchTerm=clinton'), [h.id], 'by address');
    assert.deepEqual(await ids('?Cities=dallas&Cities=Toronto'), [d.id, o.id]);
    assert.deepEqual(await ids('?States=on'), [o.id]);
    assert.deepEqual(await ids('?Zip=m5j 1e3'), [o.id]);
    assert.deepEqual(await ids('?Countries=us'), [d.id, h.id]);
    assert.deepEqual(await ids('?isActive=false'), [h.id]);
    assert.deepEqual(await ids('?SortBy=createdAt&SortDirection=1'), [o.id, h.id, d.id]);
    const page = (await api(admin, 'GET', '/Warehouses?Page=2&ItemsPerPage=2')).body.data;
    assert.deepEqual([page.list.map((w: any) => w.id), page.totalCount], [[o.id], 3]);
    expectProblem(await api(admin, 'GET', '/Warehouses?SortBy=city'), 'SortBy');
  });

  it('refuses bad input and writes nothing', async () => {
    const admin = await signIn(t);
    const post = (body: Record<string, unknown>) => api(admin, 'POST', '/Warehouses', body);
    expectProblem(await post({ address: DALLAS }), 'name');
    expectProblem(await post({ name: 'W' }), 'address');
    expectProblem(await post({ name: 'W', address: { ...DALLAS, street: '' } }), 'address.street');
    expectProblem(await post({ name: 'W', address: { ...DALLAS, latitude: 91 } }), 'address.latitude');
    expectProblem(await post({ name: 'W', address: { ...DALLAS, longitude: -181 } }), 'address.longitude');
    expectProblem(await post({ name: 'W', address: { ...DALLAS, longitude: null } }), 'address.latitude');
    expectProblem(await post({ name: 'W', address: { ...DALLAS, country: 'ZZ' } }), 'address.country');
    expectProblem(await post({ name: 'W', code: 'has space', address: DALLAS }), 'code');
    expectProblem(await post({ name: 'W', email: 'not-an-email', address: DALLAS }), 'email');
    expectProblem(await post({ name: '  ', address: DALLAS }), 'name');
    await createWarehouse(admin, { name: 'First', code: 'DAL1', address: DALLAS });
    const dup = await post({ name: 'Second', code: 'dal1', address: HOUSTON });
    expectFailure(dup, 'warehouses.duplicate_code');
    assert.ok(dup.body.errors[0].message.includes('"First"'));
    assert.equal(await countRows(t, 'warehouses', admin.companyId), 1);
    assert.equal(await warehouseAddresses(admin.companyId), 1);
  });
});

describe('PUT and DELETE /Warehouses/{id}', () => {
  it('replaces the fields and keeps the address id', async () => {
    const admin = await signIn(t);
    const w = await createWarehouse(admin, { name: 'Old', code: 'OLD', address: DALLAS, contactName: 'A', notes: 'n' });
    const res = await api(admin, 'PUT', `/Warehouses/${w.id}`, { name: 'Houston yard', address: HOUSTON, isActive: false, openingHours: '24/7' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const u = res.body.data;
    assert.deepEqual([u.name, u.code, u.contactName, u.notes, u.isActive, u.openingHours], ['Houston yard', null, null, null, false, '24/7']);
    assert.deepEqual([u.address.id, u.address.name, u.address.city], [w.address.id, 'Houston yard', 'Houston']);
    assert.equal(await auditCount(admin.companyId, 'warehouse.update'), 1);
    const other = await createWarehouse(admin, { name: 'Other', code: 'TAKEN', address: TORONTO });
    expectFailure(await api(admin, 'PUT', `/Warehouses/${w.id}`, { name: 'X', code: 'taken', address: HOUSTON }), 'warehouses.duplicate_code');
    expectProblem(await api(admin, 'PUT', `/Warehouses/${w.id}`, { name: 'X', address: { ...HOUSTON, city: null } }), 'address.city');
    assert.equal((await api(admin, 'GET', `/Warehouses/${w.id}`)).body.data.name, 'Houston yard');
    // Its own code is not a clash.
    assert.equal((await api(admin, 'PUT', `/Warehouses/${other.id}`, { name: 'Other', code: 'TAKEN', address: TORONTO })).status, 200);
  });

  it('deletes the warehouse with its address and answers it', async () => {
    const admin = await signIn(t);
    const w = await createWarehouse(admin, { name: 'Gone', address: DALLAS });
    const res = await api(admin, 'DELETE', `/Warehouses/${w.id}`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data, w);
    expectNotFound(await api(admin, 'GET', `/Warehouses/${w.id}`));
    assert.equal(await countRows(t, 'warehouses', admin.companyId), 0);
    assert.equal(await warehouseAddresses(admin.companyId), 0);
    assert.equal(await auditCount(admin.companyId, 'warehouse.delete'), 1);
  });
});

describe('POST /Warehouses/ValidateWarehouse', () => {
  it('reports what is missing', async () => {
    const admin = await signIn(t);
    const empty = (await api(admin, 'POST', '/Warehouses/ValidateWarehouse', {})).body.data;
    assert.equal(empty.isValid, false);
    assert.deepEqual(empty.duplicates, []);
    assert.deepEqual(empty.missing, [
      'name',
      'address.street',
      'address.city',
      'address.country',
      'address.postalCode',
      'address.latitude',
      'address.longitude',
    ]);
    assert.equal(empty.messages.length, 6);
    const partial = (
      await api(admin, 'POST', '/Warehouses/ValidateWarehouse', { name: 'W', address: { street: '1 Main St', city: 'Austin', country: 'us', latitude: 30.2 } })
    ).body.data;
    assert.deepEqual(partial.missing, ['address.state', 'address.postalCode', 'address.longitude']);
    const wrong = (await api(admin, 'POST', '/Warehouses/ValidateWarehouse', { name: 'W', address: { ...DALLAS, country: 'QQ' } })).body.data;
    assert.equal(wrong.isValid, false);
    assert.ok(wrong.messages.some((m: string) => m.includes('"QQ"')));
    const good = (await api(admin, 'POST', '/Warehouses/ValidateWarehouse', { name: 'W', address: DALLAS })).body.data;
    assert.deepEqual(good, { isValid: true, duplicates: [], missing: [], messages: [] });
  });

  it("reports warehouses with the same name, address or code (not itself, not another company's); writes nothing", async () => {
    const admin = await signIn(t);
    const w = await createWarehouse(admin, { name: 'Dallas Cross-Dock', code: 'DAL1', address: DALLAS });
    const x = await createWarehouse(admin, { name: 'Houston', address: HOUSTON });
    const other = await signIn(t);
    await createWarehouse(other, { name: 'Dallas cross dock', address: DALLAS });
    const audits = await countRows(t, 'audit_log', admin.companyId);
    const body = { name: 'dallas  cross dock!', code: 'dal1', address: { ...HOUSTON, street: '8700 Clinton Drive', postalCode: '77029' } };
    const res = (await api(admin, 'POST', '/Warehouses/ValidateWarehouse', body)).body.data;
    assert.equal(res.isValid, false);
    assert.deepEqual(res.duplicates, [
      { id: w.id, name: 'Dallas Cross-Dock', reason: 'Name' },
      { id: w.id, name: 'Dallas Cross-Dock', reason: 'Code' },
      { id: x.id, name: 'Houston', reason: 'Address' },
    ]);
    assert.deepEqual(res.missing, []);
    assert.equal(res.messages.length, 3);
    const self = (await api(admin, 'POST', '/Warehouses/ValidateWarehouse', { id: w.id, name: 'Dallas Cross-Dock', code: 'DAL1', address: DALLAS })).body.data;
    assert.deepEqual(self, { isValid: true, duplicates: [], missing: [], messages: [] });
    assert.equal(await countRows(t, 'audit_log', admin.companyId), audits);
    assert.equal(await countRows(t, 'warehouses', admin.companyId), 2);
    expectProblem(await api(admin, 'POST', '/Warehouses/ValidateWarehouse', { address: { latitude: 100 } }), 'address.latitude');
  });
});

describe('Warehouses: access and companies', () => {
  it('needs "Locations tab - View locations" to read and "Locations tab - Create/Edit/delete locations" to change', async () => {
    const admin = await signIn(t);
    const w = await createWarehouse(admin, { name: 'W', address: DALLAS });
    const view = 'Locations tab - View locations';
    const edit = 'Locations tab - Create/Edit/delete locations';
    const viewer = await signIn(t, { permissions: [view] }, admin.companyId);
    assert.equal((await api(viewer, 'GET', '/Warehouses')).status, 200);
    assert.equal((await api(viewer, 'GET', `/Warehouses/${w.id}`)).status, 200);
    assert.equal((await api(viewer, 'POST', '/Warehouses/ValidateWarehouse', { name: 'W' })).status, 200);
    expectForbidden(await api(viewer, 'POST', '/Warehouses', { name: 'New', address: HOUSTON }), edit);
    expectForbidden(await api(viewer, 'PUT', `/Warehouses/${w.id}`, { name: 'New', address: HOUSTON }), edit);
    expectForbidden(await api(viewer, 'DELETE', `/Warehouses/${w.id}`), edit);
    const nobody = await signIn(t, { permissions: [] }, admin.companyId);
    expectForbidden(await api(nobody, 'GET', '/Warehouses'), view);
    expectForbidden(await api(nobody, 'GET', `/Warehouses/${w.id}`), view);
    expectForbidden(await api(nobody, 'POST', '/Warehouses/ValidateWarehouse', { name: 'W' }), view);
    assert.equal(await countRows(t, 'warehouses', admin.companyId), 1);
    assert.equal((await api(admin, 'GET', `/Warehouses/${w.id}`)).body.data.name, 'W');
  });

  it("answers another company's warehouse as missing and never lists it", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const theirs = await createWarehouse(b, { name: 'Theirs', address: DALLAS });
    expectNotFound(await api(a, 'GET', `/Warehouses/${theirs.id}`));
    expectNotFound(await api(a, 'PUT', `/Warehouses/${theirs.id}`, { name: 'Mine', address: HOUSTON }));
    expectNotFound(await api(a, 'DELETE', `/Warehouses/${theirs.id}`));
    assert.equal((await api(a, 'GET', '/Warehouses')).body.data.totalCount, 0);
    assert.deepEqual((await api(b, 'GET', `/Warehouses/${theirs.id}`)).body.data, theirs);
  });
});
