import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { HOOKS } from '../../src/areas/index.js';
import { zoneOfPostalCode, zoneRecords } from '../../src/areas/settings/index.js';
import { forCompany, type Tenant } from '../../src/db/tenant.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { countRows, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

async function createZone(session: Session, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await api(session, 'POST', '/Zones', body);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}

const auditCount = async (companyId: number, action: string) => {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from audit_log where company_id = ${companyId} and action = ${action}`.execute(
    t.database.db,
  );
  return rows[0]!.n;
};

const inCompany = <T>(session: Session, work: (tenant: Tenant) => Promise<T>) =>
  forCompany(t.database.db, HOOKS, { companyId: session.companyId, userId: session.userId }, null, work);

describe('POST and GET /Zones', () => {
  it('creates a zone with normalized, de-duplicated, sorted postal codes', async () => {
    const admin = await signIn(t);
    const zone = await createZone(admin, {
      name: ' Dallas core ',
      color: '1f77b4',
      description: 'Downtown',
      postalCodes: [' 75202 ', '75201', '75201', 'tx  9'],
    });
    assert.equal(zone.name, 'Dallas core');
    assert.equal(zone.color, '#1F77B4');
    assert.equal(zone.country, 'US', 'US when absent');
    assert.deepEqual(zone.postalCodes, ['75201', '75202', 'TX 9']);
    assert.deepEqual(Object.keys(zone).sort(), ['color', 'country', 'createdAt', 'description', 'id', 'name', 'postalCodes', 'updatedAt']);
    const read = await api(admin, 'GET', `/Zones/${zone.id}`);
    assert.equal(read.status, 200);
    assert.deepEqual(read.body.data, zone);
    assert.equal(await countRows(t, 'zone_postal_codes', admin.companyId), 3);
    assert.equal(await auditCount(admin.companyId, 'zone.create'), 1);
  });

  it('lists with paging, search (name, description, a held code), Countries, Zip, ZoneIds and SortBy', async () => {
    const admin = await signIn(t);
    const a = await createZone(admin, { name: 'Austin', postalCodes: ['78701', '78702'] });
    const d = await createZone(admin, { name: 'dallas', description: 'North Texas', postalCodes: ['752'] });
    const m = await createZone(admin, { name: 'Mexico City', country: 'mx', postalCodes: ['06600'] });
    const list = async (query: string) => (await api(admin, 'GET', `/Zones${query}`)).body.data;
    const all = await list('');
    assert.deepEqual(
      all.list.map((z: any) => z.id),
      [a.id, d.id, m.id],
      'by name, any case',
    );
    assert.equal(all.totalCount, 3);
    assert.deepEqual(all.list[0].postalCodes, ['78701', '78702']);
    const page = await list('?ItemsPerPage=2&Page=2');
    assert.deepEqual([page.list.map((z: any) => z.id), page.page, page.itemsPerPage, page.totalCount], [[m.id], 2, 2, 3]);
    assert.deepEqual(
      (await list('?SearchTerm=texas')).list.map((z: any) => z.id),
      [d.id],
    );
    assert.deepEqual(
      (await list('?SearchTerm=78702')).list.map((z: any) => z.id),
      [a.id],
    );
    assert.deepEqual(
      (await list('?Countries=MX')).list.map((z: any) => z.id),
      [m.id],
    );
    assert.deepEqual(
      (await list('?Zip=78701&Zip=752')).list.map((z: any) => z.id),
      [a.id, d.id],
    );
    assert.deepEqual(
      (await list(`?ZoneIds=${m.id}`)).list.map((z: any) => z.id),
      [m.id],
    );
    assert.deepEqual(
      (await list('?SortBy=createdAt&SortDirection=1')).list.map((z: any) => z.id),
      [m.id, d.id, a.id],
    );
    expectProblem(await api(admin, 'GET', '/Zones?SortBy=color'), 'SortBy');
  });

  it('refuses a postal code another zone holds, naming it and the zone, and writes nothing', async () => {
    const admin = await signIn(t);
    const a = await createZone(admin, { name: 'Zone A', postalCodes: ['75201', '75202'] });
    const res = await api(admin, 'POST', '/Zones', { name: 'Zone B', postalCodes: ['75203', ' 75201'] });
    expectFailure(res, 'zones.postal_code_taken');
    assert.ok(res.body.errors[0].message.includes('75201') && res.body.errors[0].message.includes(`zone ${a.id} "Zone A"`), res.body.errors[0].message);
    assert.equal(await countRows(t, 'zones', admin.companyId), 1);
    assert.equal(await countRows(t, 'zone_postal_codes', admin.companyId), 2);
    // The same code of another country, or in another company, is another code.
    await createZone(admin, { name: 'Zone C', country: 'CA', postalCodes: ['75201'] });
    const other = await signIn(t);
    await createZone(other, { name: 'Zone A', postalCodes: ['75201'] });
  });

  it('refuses bad input with the problem object and writes nothing', async () => {
    const admin = await signIn(t);
    expectProblem(await api(admin, 'POST', '/Zones', { postalCodes: ['75201'] }), 'name');
    expectProblem(await api(admin, 'POST', '/Zones', { name: '   ' }), 'name');
    expectProblem(await api(admin, 'POST', '/Zones', { name: 'Z', color: 'red' }), 'color');
    expectProblem(await api(admin, 'POST', '/Zones', { name: 'Z', country: 'XX' }), 'country');
    expectProblem(await api(admin, 'POST', '/Zones', { name: 'Z', postalCodes: ['75201', '75#01'] }), 'postalCodes[1]');
    expectProblem(await api(admin, 'POST', '/Zones', { name: 'Z', postalCodes: '75201' }), 'postalCodes');
    await createZone(admin, { name: 'Austin' });
    expectFailure(await api(admin, 'POST', '/Zones', { name: 'AUSTIN' }), 'zones.duplicate_name');
    assert.equal(await countRows(t, 'zones', admin.companyId), 1);
    assert.equal(await countRows(t, 'zone_postal_codes', admin.companyId), 0);
  });
});

describe('PUT and DELETE /Zones/{id}', () => {
  it('replaces the codes (absent keeps them, [] empties them) and moves them with the country', async () => {
    const admin = await signIn(t);
    const zone = await createZone(admin, { name: 'North', postalCodes: ['75201'] });
    const put = (body: Record<string, unknown>) => api(admin, 'PUT', `/Zones/${zone.id}`, body);
    let res = await put({ name: 'North 2', postalCodes: ['75204', '75205'] });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual([res.body.data.name, res.body.data.postalCodes, res.body.data.color], ['North 2', ['75204', '75205'], null]);
    res = await put({ name: 'North 2', color: '#00ff00' });
    assert.deepEqual([res.body.data.postalCodes, res.body.data.color], [['75204', '75205'], '#00FF00']);
    res = await put({ name: 'North 2', country: 'ca' });
    assert.deepEqual([res.body.data.country, res.body.data.postalCodes], ['CA', ['75204', '75205']]);
    const { rows } = await sql<{ country: string }>`select distinct country from zone_postal_codes where company_id = ${admin.companyId}`.execute(
      t.database.db,
    );
    assert.deepEqual(
      rows.map((r) => r.country),
      ['CA'],
    );
    res = await put({ name: 'North 2', postalCodes: [] });
    assert.deepEqual(res.body.data.postalCodes, []);
    assert.equal(await auditCount(admin.companyId, 'zone.update'), 4);
  });

  it("refuses taking another zone's code or name on update, and writes nothing", async () => {
    const admin = await signIn(t);
    const a = await createZone(admin, { name: 'A', postalCodes: ['78701'] });
    const b = await createZone(admin, { name: 'B', postalCodes: ['78702'] });
    expectFailure(await api(admin, 'PUT', `/Zones/${b.id}`, { name: 'B', postalCodes: ['78702', '78701'] }), 'zones.postal_code_taken');
    expectFailure(await api(admin, 'PUT', `/Zones/${b.id}`, { name: 'a' }), 'zones.duplicate_name');
    expectProblem(await api(admin, 'PUT', `/Zones/${b.id}`, { name: 'B', postalCodes: [''] }), 'postalCodes[0]');
    assert.deepEqual((await api(admin, 'GET', `/Zones/${b.id}`)).body.data.postalCodes, ['78702']);
    assert.deepEqual((await api(admin, 'GET', `/Zones/${a.id}`)).body.data.postalCodes, ['78701']);
    // Its own codes are not taken from itself.
    assert.equal((await api(admin, 'PUT', `/Zones/${b.id}`, { name: 'B', postalCodes: ['78702', '78703'] })).status, 200);
  });

  it('deletes a zone with its codes and answers it', async () => {
    const admin = await signIn(t);
    const zone = await createZone(admin, { name: 'Gone', postalCodes: ['77001', '77002'] });
    const res = await api(admin, 'DELETE', `/Zones/${zone.id}`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data, zone);
    expectNotFound(await api(admin, 'GET', `/Zones/${zone.id}`));
    assert.equal(await countRows(t, 'zone_postal_codes', admin.companyId), 0);
    assert.equal(await auditCount(admin.companyId, 'zone.delete'), 1);
    // The code is free again.
    await createZone(admin, { name: 'Back', postalCodes: ['77001'] });
  });

  it('refuses to delete a zone that zone-to-zone rates use', async (ctx) => {
    const { rows } = await sql<{ t: string | null }>`select to_regclass('pricing_zones')::text as t`.execute(t.database.db);
    if (!rows[0]!.t) return ctx.skip('pricing_zones is not migrated here');
    const admin = await signIn(t);
    const a = await createZone(admin, { name: 'From' });
    const b = await createZone(admin, { name: 'To' });
    await sql`insert into pricing_zones (company_id, name, from_zone_id, to_zone_id, amount) values (${admin.companyId}, 'A to B', ${a.id}, ${b.id}, 100)`.execute(
      t.database.db,
    );
    expectFailure(await api(admin, 'DELETE', `/Zones/${a.id}`), 'zones.in_use');
    assert.equal(await countRows(t, 'zones', admin.companyId), 2);
  });
});

describe('Zones: access and companies', () => {
  it('needs "Zones - view Zones" to read and "Zones - create/edit/delete Zones" to change', async () => {
    const admin = await signIn(t);
    const zone = await createZone(admin, { name: 'Z', postalCodes: ['1000'] });
    const viewer = await signIn(t, { permissions: ['Zones - view Zones'] }, admin.companyId);
    assert.equal((await api(viewer, 'GET', '/Zones')).status, 200);
    assert.equal((await api(viewer, 'GET', `/Zones/${zone.id}`)).status, 200);
    const edit = 'Zones - create/edit/delete Zones';
    expectForbidden(await api(viewer, 'POST', '/Zones', { name: 'New' }), edit);
    expectForbidden(await api(viewer, 'PUT', `/Zones/${zone.id}`, { name: 'New' }), edit);
    expectForbidden(await api(viewer, 'DELETE', `/Zones/${zone.id}`), edit);
    const nobody = await signIn(t, { permissions: [] }, admin.companyId);
    expectForbidden(await api(nobody, 'GET', '/Zones'), 'Zones - view Zones');
    expectForbidden(await api(nobody, 'GET', `/Zones/${zone.id}`), 'Zones - view Zones');
    const editor = await signIn(t, { permissions: [edit] }, admin.companyId);
    assert.equal((await api(editor, 'POST', '/Zones', { name: 'By editor' })).status, 200);
    assert.equal(await countRows(t, 'zones', admin.companyId), 2);
  });

  it("answers another company's zone as missing and never lists it", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const theirs = await createZone(b, { name: 'Theirs', postalCodes: ['60601'] });
    expectNotFound(await api(a, 'GET', `/Zones/${theirs.id}`));
    expectNotFound(await api(a, 'PUT', `/Zones/${theirs.id}`, { name: 'Mine now', postalCodes: [] }));
    expectNotFound(await api(a, 'DELETE', `/Zones/${theirs.id}`));
    assert.equal((await api(a, 'GET', '/Zones?Zip=60601')).body.data.totalCount, 0);
    assert.deepEqual((await api(b, 'GET', `/Zones/${theirs.id}`)).body.data, theirs);
  });
});

describe('zoneOfPostalCode and zoneRecords (for pricing)', () => {
  it('finds the zone of a code, or of its longest leading part, in the company and country', async () => {
    const admin = await signIn(t);
    const broad = await createZone(admin, { name: 'DFW', postalCodes: ['752', '760'] });
    const core = await createZone(admin, { name: 'Core', postalCodes: ['75201'] });
    const canada = await createZone(admin, { name: 'Toronto', country: 'CA', postalCodes: ['M5V'] });
    const other = await signIn(t);
    const found = await inCompany(admin, async (tenant) => ({
      exact: await zoneOfPostalCode(tenant, '75201', 'US'),
      zip4: await zoneOfPostalCode(tenant, ' 75201-1234 ', 'us'),
      prefix: await zoneOfPostalCode(tenant, '75207', 'US'),
      fsa: await zoneOfPostalCode(tenant, 'm5v 3l9', 'CA'),
      wrongCountry: await zoneOfPostalCode(tenant, '75201', 'CA'),
      none: await zoneOfPostalCode(tenant, '10001', 'US'),
      empty: await zoneOfPostalCode(tenant, '  ', 'US'),
      zone: await zoneRecords.find(tenant, broad.id),
    }));
    assert.deepEqual(found.exact, { id: core.id, name: 'Core', postalCode: '75201' });
    assert.equal(found.zip4?.id, core.id);
    assert.deepEqual(found.prefix, { id: broad.id, name: 'DFW', postalCode: '752' });
    assert.equal(found.fsa?.id, canada.id);
    assert.equal(found.wrongCountry, null);
    assert.equal(found.none, null);
    assert.equal(found.empty, null);
    assert.equal(found.zone?.name, 'DFW');
    const theirs = await inCompany(other, async (tenant) => [await zoneOfPostalCode(tenant, '75201', 'US'), await zoneRecords.find(tenant, core.id)]);
    assert.deepEqual(theirs, [null, undefined]);
  });
});
