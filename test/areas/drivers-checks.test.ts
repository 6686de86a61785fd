// ValidateDriver (duplicates and missing data, writing nothing) and the truck inspections list.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { countRows, createCarrier, createDriver, createLicenseType, createStatusCheck, createTruck, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('POST /Drivers/ValidateDriver', () => {
  it('reports live drivers with the same email, phone or license number, compared normalized, and writes nothing', async () => {
    const admin = await signIn(t);
    const cdl = await createLicenseType(t, admin, { isCommercial: true });
    const complete = {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      phone: '+1 512 555 0120',
      licenseNumber: 'D-100 200',
      licenseState: 'TX',
      licenseExpiresOn: day(400),
      licenseTypeId: cdl.id,
      medicalCardExpiresOn: day(300),
      payout: { type: 'Hourly', hourlyRate: 30 },
    };
    const ann = await createDriver(t, admin, complete);
    const gone = await createDriver(t, admin, { email: 'gone@example.com' });
    await api(admin, 'DELETE', `/Drivers/${gone.id}`);
    const before = await countRows(t, 'drivers', admin.companyId);
    const res = await api(admin, 'POST', '/Drivers/ValidateDriver', {
      ...complete,
      firstName: 'Other',
      email: 'ANN@Example.com',
      phone: '(512) 555-0120',
      licenseNumber: 'd100200',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const data = res.body.data;
    assert.equal(data.isValid, false);
    assert.deepEqual(data.duplicates, [
      { id: ann.id, name: 'Ann Lee', reason: 'Email' },
      { id: ann.id, name: 'Ann Lee', reason: 'Phone' },
      { id: ann.id, name: 'Ann Lee', reason: 'LicenseNumber' },
    ]);
    assert.deepEqual(data.missing, []);
    assert.ok(data.messages.includes(`Driver ${ann.id} "Ann Lee" has the same phone.`));
    const self = (await api(admin, 'POST', '/Drivers/ValidateDriver', { ...complete, id: ann.id })).body.data;
    assert.deepEqual([self.isValid, self.duplicates, self.messages, self.warnings], [true, [], [], []], 'the driver being edited is no duplicate of itself');
    const deleted = (await api(admin, 'POST', '/Drivers/ValidateDriver', { ...complete, email: 'gone@example.com', phone: null, licenseNumber: 'Z9' })).body
      .data;
    assert.deepEqual(deleted.duplicates, [], 'deleted drivers are no duplicates');
    assert.equal(await countRows(t, 'drivers', admin.companyId), before);
    assert.equal(await countRows(t, 'outbox', admin.companyId), 0);
  });

  it('reports missing data, invalid values, unknown records and expiring documents', async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    const cdl = await createLicenseType(t, admin, { name: 'CDL Class A', isCommercial: true });
    const empty = (await api(admin, 'POST', '/Drivers/ValidateDriver', {})).body.data;
    assert.equal(empty.isValid, false);
    assert.deepEqual(empty.missing, ['firstName', 'lastName', 'phone', 'email', 'licenseNumber', 'licenseState', 'licenseExpiresOn', 'payout']);
    const outsource = (await api(admin, 'POST', '/Drivers/ValidateDriver', { firstName: 'A', type: 'Outsource' })).body.data;
    assert.ok(outsource.missing.includes('outsourceCompanyId') && !outsource.missing.includes('payout'), 'an Outsource driver is paid through its carrier');
    const res = await api(admin, 'POST', '/Drivers/ValidateDriver', {
      firstName: 'Young',
      lastName: 'Driver',
      email: 'nope',
      phone: '555',
      licenseNumber: 'X1',
      licenseState: 'TX',
      licenseExpiresOn: day(-1),
      twicExpiresOn: day(10),
      licenseTypeId: cdl.id,
      dateOfBirth: `${new Date().getUTCFullYear() - 19}-01-01`,
      outsourceCompanyId: (await createCarrier(t, other)).id,
      defaultTruckId: (await createTruck(t, other)).id,
      payout: { type: 'FixDistance', ratePerDistance: 0.5 },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const data = res.body.data;
    assert.deepEqual(data.missing, ['medicalCardExpiresOn', 'payout.fixedCostPerRoute']);
    for (const text of [
      '"nope" is not a valid email',
      '"555" is not a valid phone',
      'license expired on',
      'A Default driver belongs to no carrier',
      'was not found',
      'Truck',
    ]) {
      assert.ok(
        data.messages.some((m: string) => m.includes(text)),
        `${text} in ${JSON.stringify(data.messages)}`,
      );
    }
    assert.ok(data.messages.filter((m: string) => m.includes('was not found')).length === 2, "another company's carrier and truck read as missing");
    assert.ok(data.warnings.some((w: string) => /TWIC expires on/.test(w)));
    assert.ok(data.warnings.some((w: string) => /under 21/.test(w)));
    expectProblem(await api(admin, 'POST', '/Drivers/ValidateDriver', { licenseExpiresOn: 'soon' }), 'licenseExpiresOn');
    expectNotFound(await api(admin, 'POST', '/Drivers/ValidateDriver', { id: 2147480000 }));
  });
});

describe('GET /Drivers/StatusCheck', () => {
  it('lists truck inspections newest first, filtered by dates, drivers, trucks, status and text, paged', async () => {
    const admin = await signIn(t);
    const ann = await createDriver(t, admin, { firstName: 'Ann', lastName: 'Lee' });
    const bob = await createDriver(t, admin, { firstName: 'Bob', lastName: 'Ray' });
    const u1 = await createTruck(t, admin, { name: 'Unit 101' });
    const u2 = await createTruck(t, admin, { name: 'Unit 202' });
    const c1 = await createStatusCheck(t, admin, { driverId: ann.id, truckId: u1.id, status: 4, checkedAt: '2025-03-01T12:00:00Z', odometer: 120400 });
    const c2 = await createStatusCheck(t, admin, {
      driverId: bob.id,
      truckId: u2.id,
      status: 2,
      checkType: 'PostTrip',
      checkedAt: '2025-03-02T18:30:00Z',
      defects: ['Brake lamp out, rear left', '  '],
      notes: 'Sent to shop',
      location: 'Austin yard',
    });
    const c3 = await createStatusCheck(t, admin, { driverId: ann.id, truckId: u2.id, status: 3, checkedAt: '2025-03-03T06:00:00Z' });
    const get = async (query = '') => {
      const res = await api(admin, 'GET', `/Drivers/StatusCheck${query}`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.data;
    };
    const all = await get();
    assert.deepEqual([all.list.map((c: any) => c.id), all.totalCount], [[c3, c2, c1], 3]);
    const second = all.list[1];
    assert.deepEqual(
      [
        second.driverId,
        second.driverName,
        second.truckId,
        second.truckName,
        second.checkType,
        second.status,
        second.defects,
        second.notes,
        second.location,
        second.odometerUnit,
      ],
      [bob.id, 'Bob Ray', u2.id, 'Unit 202', 'PostTrip', 2, ['Brake lamp out, rear left'], 'Sent to shop', 'Austin yard', 'mi'],
    );
    assert.equal(all.list[2].odometer, 120400);
    const ids = async (query: string) => (await get(query)).list.map((c: any) => c.id);
    assert.deepEqual(await ids('?DateRange=2025-03-01&DateRange=2025-03-02T23:59:59Z'), [c2, c1]);
    assert.deepEqual(await ids('?Date=2025-03-02'), [c2]);
    assert.deepEqual(await ids(`?Drivers=${ann.id}`), [c3, c1]);
    assert.deepEqual(await ids(`?truckIds=${u2.id}`), [c3, c2]);
    assert.deepEqual(await ids('?InspectionStatus=Failed&InspectionStatus=3'), [c3, c2]);
    assert.deepEqual(await ids('?checkTypes=PostTrip'), [c2]);
    assert.deepEqual(await ids('?DriverName=bob'), [c2]);
    assert.deepEqual(await ids('?SearchTerm=unit 101'), [c1]);
    assert.deepEqual(await ids('?SearchTerm=shop'), [c2]);
    assert.deepEqual(await ids('?SortBy=checkedAt&SortDirection=0'), [c1, c2, c3]);
    const page = await get('?Page=2&ItemsPerPage=2');
    assert.deepEqual([page.list.map((c: any) => c.id), page.totalCount], [[c1], 3]);
    expectProblem(await api(admin, 'GET', '/Drivers/StatusCheck?InspectionStatus=9'), 'InspectionStatus[0]');
    expectProblem(await api(admin, 'GET', '/Drivers/StatusCheck?DateRange=2025-03-02'), 'DateRange');
    expectProblem(await api(admin, 'GET', '/Drivers/StatusCheck?DateRange=2025-03-02&DateRange=2025-03-01'), 'DateRange');
    expectProblem(await api(admin, 'GET', '/Drivers/StatusCheck?SortBy=status'), 'SortBy');
  });

  it("keeps inspections of deleted drivers; needs the Company Admin role; never shows another company's", async () => {
    const admin = await signIn(t);
    const driver = await createDriver(t, admin);
    const truck = await createTruck(t, admin);
    await createStatusCheck(t, admin, { driverId: driver.id, truckId: truck.id });
    await api(admin, 'DELETE', `/Drivers/${driver.id}`);
    assert.equal((await api(admin, 'GET', '/Drivers/StatusCheck')).body.data.totalCount, 1);
    const other = await signIn(t);
    assert.equal((await api(other, 'GET', `/Drivers/StatusCheck?Drivers=${driver.id}`)).body.data.totalCount, 0);
    for (const role of ['Dispatcher', 'Accountant', 'Viewer']) {
      expectForbidden(await api(await signIn(t, role, admin.companyId), 'GET', '/Drivers/StatusCheck'), 'Company Admin');
    }
    const allPermissions = await signIn(
      t,
      { permissions: ['Create/Edit Drivers', 'Enable/Disable drivers', 'Delete Drivers', 'Drivers settings - edit/delete data'] },
      admin.companyId,
    );
    expectForbidden(await api(allPermissions, 'GET', '/Drivers/StatusCheck'), 'Company Admin');
  });

  it("records inspections only for the company's live drivers and trucks", async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    const driver = await createDriver(t, admin);
    const truck = await createTruck(t, admin);
    await assert.rejects(createStatusCheck(t, admin, { driverId: (await createDriver(t, other)).id, truckId: truck.id }), /Driver .* was not found/);
    await assert.rejects(createStatusCheck(t, admin, { driverId: driver.id, truckId: (await createTruck(t, other)).id }), /Truck .* was not found/);
    await api(admin, 'DELETE', `/Drivers/${driver.id}`);
    await assert.rejects(createStatusCheck(t, admin, { driverId: driver.id, truckId: truck.id }), /Driver .* was not found/);
    assert.equal(await countRows(t, 'driver_status_checks', admin.companyId), 0);
  });
});
