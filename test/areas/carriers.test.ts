import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { countRows, createCarrier, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

const auditCount = async (companyId: number, action: string) => {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from audit_log where company_id = ${companyId} and action = ${action}`.execute(
    t.database.db,
  );
  return rows[0]!.n;
};

const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;

describe('POST and GET /OutsourceCompanies/{id}', () => {
  it('adds a carrier with its authority numbers, insurance, address and contacts', async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin, {
      name: ' Red River Freight LLC ',
      legalName: 'Red River Freight Lines LLC',
      email: 'Dispatch@RedRiver.example',
      phone: '(214) 555-0134',
      typesOfWork: 3,
      mcNumber: 'MC-012345',
      dotNumber: 'USDOT 2345678',
      scac: 'rrfl',
      website: 'https://redriver.example',
      address: { street: '100 Commerce St', city: 'Dallas', state: 'tx', postalCode: '75201', country: 'us' },
      insuranceProvider: 'Great West Casualty',
      insurancePolicyNumber: 'GW-99812',
      insuranceExpiresOn: nextYear,
      cargoInsuranceAmount: 100000,
      liabilityInsuranceAmount: 1000000,
      contacts: [
        { name: 'Jo Dispatch', phone: '214 555 0135', title: 'Dispatcher' },
        { name: 'Al Accounts', email: 'ap@redriver.example', isPrimary: true },
      ],
    });
    assert.deepEqual(
      [c.name, c.legalName, c.email, c.phone, c.typesOfWork, c.typesOfWorkNames, c.mcNumber, c.dotNumber, c.scac, c.insuranceStatus, c.isActive, c.deletedAt],
      [
        'Red River Freight LLC',
        'Red River Freight Lines LLC',
        'dispatch@redriver.example',
        '+12145550134',
        3,
        ['Fixed', 'Distance'],
        '12345',
        '2345678',
        'RRFL',
        'Valid',
        true,
        null,
      ],
    );
    assert.deepEqual(c.address, { street: '100 Commerce St', street2: null, city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' });
    assert.equal(c.primaryContact.name, 'Al Accounts');
    const read = await api(admin, 'GET', `/OutsourceCompanies/${c.id}`);
    assert.equal(read.status, 200);
    assert.deepEqual(read.body.data, c);
    const contacts = (await api(admin, 'GET', `/OutsourceCompanies/${c.id}/Contacts`)).body.data;
    assert.deepEqual(
      contacts.contacts.map((k: any) => [k.name, k.isPrimary]),
      [
        ['Al Accounts', true],
        ['Jo Dispatch', false],
      ],
    );
    assert.equal(contacts.outsourceCompanyName, 'Red River Freight LLC');
    assert.equal(await auditCount(admin.companyId, 'outsource_company.create'), 1);
  });

  it('accepts typesOfWork by name and answers insurance status from the expiry date', async () => {
    const admin = await signIn(t);
    const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    assert.equal((await createCarrier(t, admin, { typesOfWork: 'Hourly' })).typesOfWork, 4);
    assert.equal((await createCarrier(t, admin, { insuranceExpiresOn: soon })).insuranceStatus, 'ExpiringSoon');
    assert.equal((await createCarrier(t, admin, { insuranceExpiresOn: '2020-01-01' })).insuranceStatus, 'Expired');
    assert.equal((await createCarrier(t, admin)).insuranceStatus, 'Unknown');
  });

  it('takes the insurance expiry day as a date or as a date-time read as its UTC day', async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin, { insuranceExpiresOn: '2031-06-30T23:30:00-05:00' });
    assert.equal(c.insuranceExpiresOn, '2031-07-01');
    const u = await api(admin, 'PUT', `/OutsourceCompanies/${c.id}`, { insuranceExpiresOn: '2032-01-15T08:00:00Z' });
    assert.equal(u.status, 200, JSON.stringify(u.body));
    assert.equal(u.body.data.insuranceExpiresOn, '2032-01-15');
    const v = (await api(admin, 'POST', '/OutsourceCompanies/ValidateOutsourceCompany', { name: 'N', insuranceExpiresOn: '2021-01-01T12:00:00Z' })).body.data;
    assert.ok(v.messages.some((m: string) => m.includes('expired on 2021-01-01')));
    expectProblem(await api(admin, 'PUT', `/OutsourceCompanies/${c.id}`, { insuranceExpiresOn: '2032-01-15T25:00:00Z' }), 'insuranceExpiresOn');
  });

  it('refuses bad input and writes nothing', async () => {
    const admin = await signIn(t);
    const post = (body: Record<string, unknown>) => api(admin, 'POST', '/OutsourceCompanies', body);
    expectProblem(await post({ email: 'x@y.example' }), 'name');
    expectProblem(await post({ name: '   ' }), 'name');
    expectProblem(await post({ name: 'C', email: 'not-an-email' }), 'email');
    expectProblem(await post({ name: 'C', typesOfWork: 16 }), 'typesOfWork');
    expectProblem(await post({ name: 'C', mcNumber: 'MC-12A' }), 'mcNumber');
    expectProblem(await post({ name: 'C', dotNumber: '123456789' }), 'dotNumber');
    expectProblem(await post({ name: 'C', scac: 'TOOLONG' }), 'scac');
    expectProblem(await post({ name: 'C', insuranceExpiresOn: '2025-13-01' }), 'insuranceExpiresOn');
    expectProblem(await post({ name: 'C', cargoInsuranceAmount: -1 }), 'cargoInsuranceAmount');
    expectProblem(await post({ name: 'C', address: { country: 'ZZ' } }), 'address.country');
    expectProblem(await post({ name: 'C', contacts: [{ email: 'a@b.example' }] }), 'contacts[0].name');
    await createCarrier(t, admin, { name: 'First', mcNumber: '555', dotNumber: '777' });
    const mc = await post({ name: 'Second', mcNumber: 'MC 555' });
    expectFailure(mc, 'outsource_companies.duplicate_mc_number');
    assert.ok(mc.body.errors[0].message.includes('"First"'));
    expectFailure(await post({ name: 'Third', dotNumber: '0777' }), 'outsource_companies.duplicate_dot_number');
    assert.equal(await countRows(t, 'outsource_companies', admin.companyId), 1);
    assert.equal(await countRows(t, 'outsource_company_contacts', admin.companyId), 0);
  });
});

describe('GET /OutsourceCompanies', () => {
  it('lists live carriers with their primary contact, filtered, searched, sorted and paged in SQL', async () => {
    const admin = await signIn(t);
    const a = await createCarrier(t, admin, {
      name: 'alpha Hauling',
      typesOfWork: 1,
      mcNumber: '111',
      address: { city: 'Austin', state: 'TX', country: 'US' },
      contacts: [{ name: 'Ann', phone: '+1 512 555 0100' }],
    });
    const b = await createCarrier(t, admin, {
      name: 'Bravo Logistics',
      typesOfWork: 3,
      dotNumber: '222',
      address: { city: 'Dallas', state: 'TX', country: 'US' },
      isActive: false,
    });
    const c = await createCarrier(t, admin, {
      name: 'Charlie Carriers',
      typesOfWork: 15,
      scac: 'CHRL',
      address: { city: 'Toronto', state: 'ON', country: 'CA' },
    });
    const ids = async (query: string) => (await api(admin, 'GET', `/OutsourceCompanies${query}`)).body.data.list.map((x: any) => x.id);
    const all = (await api(admin, 'GET', '/OutsourceCompanies')).body.data;
    assert.deepEqual([all.list.map((x: any) => x.id), all.totalCount, all.page, all.itemsPerPage], [[a.id, b.id, c.id], 3, 1, 20]);
    assert.deepEqual([all.list[0].primaryContactName, all.list[0].primaryContactPhone, all.list[1].primaryContactName], ['Ann', '+15125550100', null]);
    assert.deepEqual(await ids('?SearchTerm=LOGISTICS'), [b.id]);
    assert.deepEqual(await ids('?SearchTerm=222'), [b.id], 'by DOT number');
    assert.deepEqual(await ids('?SearchTerm=chrl'), [c.id], 'by SCAC');
    assert.deepEqual(await ids('?SearchTerm=austin'), [a.id], 'by city');
    assert.deepEqual(await ids(`?OutsourceCompanyIds=${a.id}&OutsourceCompanyIds=${c.id}`), [a.id, c.id]);
    assert.deepEqual(await ids('?OutsourceCompanyTypesOfWork=2'), [b.id, c.id], 'offering Distance');
    assert.deepEqual(await ids('?OutsourceCompanyTypesOfWork=12'), [c.id], 'offering Hourly and Pallets');
    assert.deepEqual(await ids('?OutsourceCompanyTypesOfWork=Fixed'), [a.id, b.id, c.id], 'by name');
    assert.deepEqual(await ids('?Cities=dallas&Cities=Toronto'), [b.id, c.id]);
    assert.deepEqual(await ids('?States=on'), [c.id]);
    assert.deepEqual(await ids('?Countries=us'), [a.id, b.id]);
    assert.deepEqual(await ids('?isActive=false'), [b.id]);
    assert.deepEqual(await ids('?SortBy=createdAt&SortDirection=1'), [c.id, b.id, a.id]);
    assert.deepEqual(await ids('?SortBy=Name&SortDirection=Descending'), [c.id, b.id, a.id]);
    const page = (await api(admin, 'GET', '/OutsourceCompanies?Page=2&ItemsPerPage=2')).body.data;
    assert.deepEqual([page.list.map((x: any) => x.id), page.totalCount, page.itemsPerPage], [[c.id], 3, 2]);
    expectProblem(await api(admin, 'GET', '/OutsourceCompanies?SortBy=mcNumber'), 'SortBy');
    expectProblem(await api(admin, 'GET', '/OutsourceCompanies?OutsourceCompanyTypesOfWork=1,2'), 'OutsourceCompanyTypesOfWork');
    const other = await signIn(t);
    await createCarrier(t, other);
    assert.equal((await api(other, 'GET', '/OutsourceCompanies')).body.data.totalCount, 1, "only the company's own");
  });

  it('needs "View Outsources": the Accountant role lacks it', async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin);
    const accountant = await signIn(t, 'Accountant', admin.companyId);
    expectForbidden(await api(accountant, 'GET', '/OutsourceCompanies'), 'View Outsources');
    expectForbidden(await api(accountant, 'GET', `/OutsourceCompanies/${c.id}`), 'View Outsources');
    expectForbidden(await api(accountant, 'GET', `/OutsourceCompanies/${c.id}/Contacts`), 'View Outsources');
    expectForbidden(await api(accountant, 'POST', '/OutsourceCompanies/ValidateOutsourceCompany', { name: 'X' }), 'View Outsources');
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    assert.equal((await api(viewer, 'GET', `/OutsourceCompanies/${c.id}`)).status, 200);
    expectForbidden(await api(viewer, 'POST', '/OutsourceCompanies', { name: 'X' }), 'Add/Edit outsource');
    expectForbidden(await api(viewer, 'PUT', `/OutsourceCompanies/${c.id}`, { name: 'X' }), 'Add/Edit outsource');
    expectForbidden(await api(viewer, 'DELETE', `/OutsourceCompanies?ids=${c.id}`), 'Delete Outsource');
    expectForbidden(await api(viewer, 'PUT', `/OutsourceCompanies/${c.id}/Restore`), 'Delete Outsource');
    assert.equal(await countRows(t, 'outsource_companies', admin.companyId), 1);
  });
});

describe('PUT /OutsourceCompanies/{id}', () => {
  it('changes the fields sent and keeps the others', async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin, {
      name: 'Old',
      phone: '+1 512 555 0101',
      mcNumber: '42',
      notes: 'keep me',
      address: { city: 'Austin', country: 'US' },
    });
    const res = await api(admin, 'PUT', `/OutsourceCompanies/${c.id}`, {
      name: 'New name',
      typesOfWork: 8,
      mcNumber: null,
      address: { city: 'London', country: 'GB' },
      phone: '020 7946 0958',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const u = res.body.data;
    assert.deepEqual(
      [u.name, u.typesOfWork, u.mcNumber, u.notes, u.address.city, u.address.country, u.email],
      ['New name', 8, null, 'keep me', 'London', 'GB', c.email],
    );
    assert.equal(u.phone, '+442079460958', 'read in the new country');
    assert.equal(await auditCount(admin.companyId, 'outsource_company.update'), 1);
  });

  it('refuses bad input and keeps the carrier as it was', async () => {
    const admin = await signIn(t);
    await createCarrier(t, admin, { name: 'Holder', dotNumber: '9001' });
    const c = await createCarrier(t, admin, { name: 'Mine' });
    expectProblem(await api(admin, 'PUT', `/OutsourceCompanies/${c.id}`, { name: '' }), 'name');
    expectProblem(await api(admin, 'PUT', `/OutsourceCompanies/${c.id}`, { typesOfWork: -1 }), 'typesOfWork');
    expectFailure(await api(admin, 'PUT', `/OutsourceCompanies/${c.id}`, { dotNumber: '9001' }), 'outsource_companies.duplicate_dot_number');
    assert.equal((await api(admin, 'GET', `/OutsourceCompanies/${c.id}`)).body.data.dotNumber, null);
    assert.equal(await auditCount(admin.companyId, 'outsource_company.update'), 0);
  });
});

describe('DELETE /OutsourceCompanies and PUT /OutsourceCompanies/{id}/Restore', () => {
  it('marks carriers deleted (kept, hidden) and restores one', async () => {
    const admin = await signIn(t);
    const a = await createCarrier(t, admin, { dotNumber: '31337', contacts: [{ name: 'Kept' }] });
    const b = await createCarrier(t, admin);
    const res = await api(admin, 'DELETE', `/OutsourceCompanies?ids=${a.id}&ids=${b.id}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data, null);
    expectNotFound(await api(admin, 'GET', `/OutsourceCompanies/${a.id}`));
    assert.equal((await api(admin, 'GET', '/OutsourceCompanies')).body.data.totalCount, 0);
    const withDeleted = (await api(admin, 'GET', '/OutsourceCompanies?includeDeleted=true')).body.data.list;
    assert.equal(withDeleted.length, 2);
    assert.ok(withDeleted.every((x: any) => x.deletedAt !== null));
    assert.ok((await api(admin, 'GET', `/OutsourceCompanies/${a.id}?includeDeleted=true`)).body.data.deletedAt);
    assert.equal(await countRows(t, 'outsource_companies', admin.companyId), 2, 'kept for history');
    assert.equal(await countRows(t, 'outsource_company_contacts', admin.companyId), 1);
    // Its DOT number is free while it is deleted; restoring it then is refused.
    const taker = await createCarrier(t, admin, { dotNumber: '31337' });
    expectFailure(await api(admin, 'PUT', `/OutsourceCompanies/${a.id}/Restore`), 'outsource_companies.duplicate_dot_number');
    await api(admin, 'PUT', `/OutsourceCompanies/${taker.id}`, { dotNumber: null });
    const restored = await api(admin, 'PUT', `/OutsourceCompanies/${a.id}/Restore`);
    assert.equal(restored.status, 200, JSON.stringify(restored.body));
    assert.equal(restored.body.data.deletedAt, null);
    assert.equal(restored.body.data.primaryContact.name, 'Kept');
    assert.equal(await auditCount(admin.companyId, 'outsource_company.delete'), 2);
    assert.equal(await auditCount(admin.companyId, 'outsource_company.restore'), 1);
  });

  it("is all or nothing: an unknown or another company's id is a 404 and nothing changes", async () => {
    const admin = await signIn(t);
    const mine = await createCarrier(t, admin);
    const other = await signIn(t);
    const theirs = await createCarrier(t, other);
    const refused = await api(admin, 'DELETE', `/OutsourceCompanies?ids=${mine.id}&ids=${theirs.id}`);
    expectNotFound(refused);
    assert.equal(refused.body.errors[0].message, `Carrier ${theirs.id} was not found.`);
    const several = await api(admin, 'DELETE', `/OutsourceCompanies?ids=${theirs.id}&ids=${mine.id}&ids=2147480000`);
    expectNotFound(several);
    assert.equal(several.body.errors[0].message, `Carriers ${theirs.id}, 2147480000 were not found.`, 'every missing id named');
    expectProblem(await api(admin, 'DELETE', '/OutsourceCompanies'), 'ids');
    expectProblem(await api(admin, 'DELETE', `/OutsourceCompanies?ids=${mine.id}&ids=mine`), 'ids[1]');
    for (const [method, url, body] of [
      ['GET', '/OutsourceCompanies/red-river'],
      ['PUT', '/OutsourceCompanies/1.5', { name: 'X' }],
      ['PUT', '/OutsourceCompanies/x/Restore'],
      ['GET', '/OutsourceCompanies/x/Contacts'],
      ['GET', '/OutsourceCompanies/x/DriverList'],
    ] as const) {
      expectProblem(await api(admin, method, url, body), 'id');
    }
    assert.equal((await api(admin, 'GET', `/OutsourceCompanies/${mine.id}`)).status, 200);
    assert.equal((await api(other, 'GET', `/OutsourceCompanies/${theirs.id}`)).status, 200);
  });
});

describe("another company's carrier", () => {
  it('answers exactly as a missing one, on every carrier row', async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    const theirs = await createCarrier(t, other, { contacts: [{ name: 'Theirs' }] });
    for (const [method, url, body] of [
      ['GET', `/OutsourceCompanies/${theirs.id}`],
      ['PUT', `/OutsourceCompanies/${theirs.id}`, { name: 'Mine now' }],
      ['PUT', `/OutsourceCompanies/${theirs.id}/Restore`],
      ['GET', `/OutsourceCompanies/${theirs.id}/Contacts`],
    ] as const) {
      expectNotFound(await api(admin, method, url, body));
    }
    assert.equal((await api(other, 'GET', `/OutsourceCompanies/${theirs.id}`)).body.data.name, theirs.name);
  });
});

describe('POST /OutsourceCompanies/ValidateOutsourceCompany', () => {
  it('reports duplicates by name, MC and DOT, and what is missing, writing nothing', async () => {
    const admin = await signIn(t);
    const a = await createCarrier(t, admin, { name: 'Lone Star Transport, Inc.', mcNumber: '1001' });
    const b = await createCarrier(t, admin, { name: 'Other', dotNumber: '2002' });
    const before = await countRows(t, 'outsource_companies', admin.companyId);
    const res = await api(admin, 'POST', '/OutsourceCompanies/ValidateOutsourceCompany', {
      name: 'lone star transport',
      mcNumber: 'MC-1001',
      dotNumber: '2002',
      phone: '12',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const v = res.body.data;
    assert.equal(v.isValid, false);
    assert.deepEqual(v.duplicates, [
      { id: a.id, name: a.name, reason: 'Name' },
      { id: a.id, name: a.name, reason: 'McNumber' },
      { id: b.id, name: 'Other', reason: 'DotNumber' },
    ]);
    assert.deepEqual(v.missing, ['typesOfWork', 'insuranceExpiresOn']);
    assert.ok(v.messages.some((m: string) => m.includes('"12" is not a valid phone number')));
    const self = (
      await api(admin, 'POST', '/OutsourceCompanies/ValidateOutsourceCompany', {
        id: a.id,
        name: a.name,
        mcNumber: '1001',
        email: 'x@y.example',
        typesOfWork: 1,
        insuranceExpiresOn: nextYear,
      })
    ).body.data;
    assert.deepEqual([self.isValid, self.duplicates, self.missing], [true, [], []]);
    const empty = (await api(admin, 'POST', '/OutsourceCompanies/ValidateOutsourceCompany', {})).body.data;
    assert.deepEqual(empty.missing, ['name', 'phone', 'dotNumber', 'typesOfWork', 'insuranceExpiresOn']);
    const expired = (await api(admin, 'POST', '/OutsourceCompanies/ValidateOutsourceCompany', { name: 'N', insuranceExpiresOn: '2021-01-01' })).body.data;
    assert.ok(expired.messages.some((m: string) => m.includes('expired on 2021-01-01')));
    expectProblem(await api(admin, 'POST', '/OutsourceCompanies/ValidateOutsourceCompany', { mcNumber: 'abc' }), 'mcNumber');
    assert.equal(await countRows(t, 'outsource_companies', admin.companyId), before);
    const other = await signIn(t);
    const theirs = (await api(other, 'POST', '/OutsourceCompanies/ValidateOutsourceCompany', { name: 'Lone Star Transport' })).body.data;
    assert.deepEqual(theirs.duplicates, [], "never another company's carriers");
  });
});
