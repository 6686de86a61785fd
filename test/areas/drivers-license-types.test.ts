// The company's license types (/LicenseTypes).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { countRows, createDriver, createLicenseType, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

describe('/LicenseTypes', () => {
  it("adds, lists (searched, sorted, paged, with driver counts), updates by the body's id and deletes", async () => {
    const admin = await signIn(t);
    const a = await createLicenseType(t, admin, { name: ' CDL Class A ', description: 'Combination vehicles over 26,001 lb', isCommercial: true });
    assert.deepEqual([a.name, a.description, a.isCommercial, a.driverCount], ['CDL Class A', 'Combination vehicles over 26,001 lb', true, 0]);
    const b = await createLicenseType(t, admin, { name: 'CDL Class B', isCommercial: true });
    const c = await createLicenseType(t, admin, { name: 'class C' });
    assert.equal(c.isCommercial, false);
    await createDriver(t, admin, { licenseTypeId: a.id });
    await createDriver(t, admin, { licenseTypeId: a.id });
    const list = (await api(admin, 'GET', '/LicenseTypes')).body.data;
    assert.deepEqual(
      [list.list.map((x: any) => [x.id, x.driverCount]), list.totalCount],
      [
        [
          [a.id, 2],
          [b.id, 0],
          [c.id, 0],
        ],
        3,
      ],
    );
    const ids = async (query: string) => (await api(admin, 'GET', `/LicenseTypes${query}`)).body.data.list.map((x: any) => x.id);
    assert.deepEqual(await ids('?SearchTerm=26,001'), [a.id]);
    assert.deepEqual(await ids('?SortBy=createdAt&SortDirection=1'), [c.id, b.id, a.id]);
    assert.deepEqual(await ids('?SortBy=name&SortDirection=1&ItemsPerPage=2&Page=1'), [c.id, b.id]);
    expectProblem(await api(admin, 'GET', '/LicenseTypes?SortBy=driverCount'), 'SortBy');
    const updated = await api(admin, 'PUT', '/LicenseTypes', { id: c.id, name: 'Class C (non-CDL)', description: null });
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    assert.deepEqual([updated.body.data.name, updated.body.data.description, updated.body.data.isCommercial], ['Class C (non-CDL)', null, false]);
    assert.deepEqual([(await api(admin, 'DELETE', `/LicenseTypes/${c.id}`)).status, await countRows(t, 'license_types', admin.companyId)], [200, 2]);
  });

  it('keeps names unique, any case; refuses bad input and deleting a type drivers hold (deleted ones too), writing nothing', async () => {
    const admin = await signIn(t);
    const a = await createLicenseType(t, admin, { name: 'CDL Class A' });
    const b = await createLicenseType(t, admin, { name: 'Non-CDL' });
    expectFailure(await api(admin, 'POST', '/LicenseTypes', { name: 'cdl class a' }), 'license_types.duplicate_name');
    expectFailure(await api(admin, 'PUT', '/LicenseTypes', { id: b.id, name: 'CDL CLASS A' }), 'license_types.duplicate_name');
    expectProblem(await api(admin, 'POST', '/LicenseTypes', { name: '  ' }), 'name');
    expectProblem(await api(admin, 'POST', '/LicenseTypes', { description: 'x' }), 'name');
    expectProblem(await api(admin, 'PUT', '/LicenseTypes', { name: 'No id' }), 'id');
    expectProblem(await api(admin, 'PUT', '/LicenseTypes', { id: b.id, name: null }), 'name');
    const driver = await createDriver(t, admin, { licenseTypeId: a.id });
    await api(admin, 'DELETE', `/Drivers/${driver.id}`);
    const refused = await api(admin, 'DELETE', `/LicenseTypes/${a.id}`);
    expectFailure(refused, 'license_types.in_use');
    assert.match(refused.body.errors[0].message, /held by 1 driver/);
    assert.equal(await countRows(t, 'license_types', admin.companyId), 2);
    assert.equal((await api(admin, 'GET', '/LicenseTypes')).body.data.list.find((x: any) => x.id === b.id).name, 'Non-CDL');
  });

  it('is read by any signed-in user; changing it needs "Drivers settings - edit/delete data"', async () => {
    const admin = await signIn(t);
    const a = await createLicenseType(t, admin);
    const setting = 'Drivers settings - edit/delete data';
    for (const role of ['Dispatcher', 'Accountant', 'Viewer']) {
      const user = await signIn(t, role, admin.companyId);
      assert.equal((await api(user, 'GET', '/LicenseTypes')).body.data.totalCount, 1, role);
      expectForbidden(await api(user, 'POST', '/LicenseTypes', { name: 'X' }), setting);
      expectForbidden(await api(user, 'PUT', '/LicenseTypes', { id: a.id, name: 'X' }), setting);
      expectForbidden(await api(user, 'DELETE', `/LicenseTypes/${a.id}`), setting);
    }
    const holder = await signIn(t, { permissions: [setting] }, admin.companyId);
    assert.equal((await api(holder, 'PUT', '/LicenseTypes', { id: a.id, description: 'ok' })).status, 200);
    assert.equal(await countRows(t, 'license_types', admin.companyId), 1);
  });

  it("answers another company's type exactly like a missing one (404), and changes nothing", async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    const theirs = await createLicenseType(t, other, { name: 'Theirs' });
    for (const id of [theirs.id, 2147480000]) {
      expectNotFound(await api(admin, 'PUT', '/LicenseTypes', { id, name: 'Mine' }));
      expectNotFound(await api(admin, 'DELETE', `/LicenseTypes/${id}`));
      expectNotFound(await api(admin, 'POST', '/Drivers', { firstName: 'A', lastName: 'B', licenseTypeId: id }));
    }
    assert.equal((await api(admin, 'GET', '/LicenseTypes')).body.data.totalCount, 0);
    assert.equal((await api(other, 'GET', '/LicenseTypes')).body.data.list[0].name, 'Theirs');
    assert.equal(await countRows(t, 'drivers', admin.companyId), 0);
  });
});
