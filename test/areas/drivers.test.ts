import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { truckRecords, trucksDeleted, trucksService } from '../../src/areas/fleet/index.js';
import { HOOKS } from '../../src/areas/index.js';
import { forCompany } from '../../src/db/tenant.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { auditCount, countRows, createCarrier, createDriver, createLicenseType, createTruck, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

const DALLAS = { street: '2500 Irving Blvd', city: 'Dallas', state: 'TX', postalCode: '75207', country: 'US', latitude: 32.799, longitude: -96.842 };

async function createWarehouse(session: Session, name = 'Dallas yard'): Promise<Record<string, any>> {
  const res = await api(session, 'POST', '/Warehouses', { name, address: DALLAS });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}

const nextYear = `${new Date().getUTCFullYear() + 1}-03-31`;

describe('a deleted warehouse', () => {
  it("is no driver's home any more (the drivers area clears it when settings announce the delete)", async () => {
    const admin = await signIn(t);
    const yard = await createWarehouse(admin, 'Closing yard');
    const driver = await createDriver(t, admin, { homeWarehouseId: yard.id });
    assert.equal(driver.homeWarehouseId, yard.id);
    assert.equal((await api(admin, 'DELETE', `/Warehouses/${yard.id}`)).status, 200);
    const after = await api(admin, 'GET', `/Drivers/${driver.id}`);
    assert.equal(after.body.data.homeWarehouseId, null);
  });
});

describe('POST and GET /Drivers/{id}', () => {
  it('adds a driver with licensing, carrier, terminal, truck and payout, normalized; reads it', async () => {
    const admin = await signIn(t);
    const carrier = await createCarrier(t, admin, { name: 'Red River Freight' });
    const cdlA = await createLicenseType(t, admin, { name: 'CDL Class A', isCommercial: true });
    const truck = await createTruck(t, admin, { name: 'Unit 101' });
    const yard = await createWarehouse(admin);
    const driver = await createDriver(t, admin, {
      firstName: ' Maria ',
      lastName: 'Gonzalez',
      email: 'Maria.Gonzalez@Example.COM',
      phone: '(512) 555-0142',
      type: 'mixed',
      outsourceCompanyId: carrier.id,
      licenseNumber: 'd123-456 78',
      licenseState: 'tx',
      licenseExpiresOn: nextYear,
      licenseTypeId: cdlA.id,
      hazmatEndorsement: true,
      medicalCardExpiresOn: nextYear,
      dateOfBirth: '1985-04-12',
      hireDate: '2021-06-01',
      address: { street: '12 Oak St', city: 'Austin', state: 'tx', postalCode: '78701', country: 'us' },
      emergencyContact: { name: 'Luis Gonzalez', phone: '512 555 0199', relationship: 'Spouse' },
      homeWarehouseId: yard.id,
      defaultTruckId: truck.id,
      payout: { type: 'FixDistance', fixedCostPerRoute: 75, ratePerDistance: 0.625, currency: 'usd' },
      approvalStatus: 'Approved',
      notes: 'Team driver',
    });
    assert.deepEqual(
      [driver.firstName, driver.lastName, driver.fullName, driver.email, driver.phone, driver.status, driver.approvalStatus, driver.type],
      ['Maria', 'Gonzalez', 'Maria Gonzalez', 'maria.gonzalez@example.com', '+15125550142', 'Active', 'Approved', 'Mixed'],
    );
    assert.deepEqual(
      [driver.outsourceCompanyId, driver.outsourceCompanyName, driver.licenseNumber, driver.licenseState, driver.licenseTypeName],
      [carrier.id, 'Red River Freight', 'D12345678', 'TX', 'CDL Class A'],
    );
    assert.deepEqual(
      [driver.homeWarehouseName, driver.defaultTruckName, driver.address.state, driver.address.country],
      ['Dallas yard', 'Unit 101', 'TX', 'US'],
    );
    assert.deepEqual(driver.emergencyContact, { name: 'Luis Gonzalez', phone: '+15125550199', relationship: 'Spouse' });
    assert.deepEqual(driver.payout, {
      type: 'FixDistance',
      hourlyRate: null,
      salaryAmount: null,
      salaryPeriod: null,
      ratePerDistance: 0.625,
      distanceUnit: 'mi',
      revenuePercent: null,
      fixedCostPerRoute: 75,
      ratePerPallet: null,
      currency: 'USD',
    });
    assert.deepEqual([driver.licenseExpiresOn, driver.dateOfBirth, driver.deletedAt, driver.invitedAt], [nextYear, '1985-04-12', null, null]);
    const read = await api(admin, 'GET', `/Drivers/${driver.id}`);
    assert.deepEqual(read.body.data, driver);
    const plain = await createDriver(t, admin, { firstName: 'Sam', lastName: 'Lee' });
    assert.deepEqual(
      [plain.status, plain.approvalStatus, plain.type, plain.payout, plain.outsourceCompanyId, plain.hazmatEndorsement],
      ['Active', 'New', 'Default', null, null, false],
    );
    assert.equal(await auditCount(t, admin.companyId, 'driver.create'), 2);
  });

  it('accepts every payout type with the rates it needs', async () => {
    const admin = await signIn(t);
    const payouts = [
      { type: 'Hourly', hourlyRate: 28.5 },
      { type: 'FixedSalary', salaryAmount: 1450, salaryPeriod: 'Weekly' },
      { type: 'Distance', ratePerDistance: 0.58, distanceUnit: 'km' },
      { type: 'FixHourly', fixedCostPerRoute: 40, hourlyRate: 22 },
      { type: 'Percent', revenuePercent: 27.5 },
      { type: 'DistanceAndPercent', ratePerDistance: 0.3, revenuePercent: 10 },
      { type: 'FixedCost', fixedCostPerRoute: 180 },
      { type: 'Pallets', ratePerPallet: 12.75 },
    ];
    for (const payout of payouts) {
      const driver = await createDriver(t, admin, { payout });
      for (const [key, value] of Object.entries(payout)) assert.equal(driver.payout[key], value, `${payout.type}.${key}`);
    }
  });

  it("takes its days as dates or as date-times read as their UTC day (the platform's Day)", async () => {
    const admin = await signIn(t);
    const driver = await createDriver(t, admin, {
      licenseExpiresOn: '2031-05-01T23:30:00-05:00',
      medicalCardExpiresOn: '2030-01-15T00:00:00Z',
      hireDate: '2021-06-01',
      dateOfBirth: '1985-04-12T10:00:00.000Z',
    });
    assert.deepEqual(
      [driver.licenseExpiresOn, driver.medicalCardExpiresOn, driver.hireDate, driver.dateOfBirth],
      ['2031-05-02', '2030-01-15', '2021-06-01', '1985-04-12'],
    );
    const changed = (await api(admin, 'PUT', `/Drivers/${driver.id}`, { twicExpiresOn: '2032-02-29T12:00:00+01:00' })).body.data;
    assert.equal(changed.twicExpiresOn, '2032-02-29');
    const check = (await api(admin, 'POST', '/Drivers/ValidateDriver', { firstName: 'A', lastName: 'B', licenseExpiresOn: '2020-03-31T22:00:00-04:00' })).body
      .data;
    assert.ok(check.messages.includes("The driver's license expired on 2020-04-01."), JSON.stringify(check.messages));
    expectProblem(await api(admin, 'POST', '/Drivers', { firstName: 'A', lastName: 'B', hireDate: '2021-06-01T25:00:00Z' }), 'hireDate');
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    const post = (body: Record<string, unknown>) => api(admin, 'POST', '/Drivers', { firstName: 'A', lastName: 'B', ...body });
    expectProblem(await api(admin, 'POST', '/Drivers', { lastName: 'B' }), 'firstName');
    expectProblem(await post({ lastName: '   ' }), 'lastName');
    expectProblem(await post({ email: 'not-an-email' }), 'email');
    const phone = await post({ phone: '555-01' });
    expectProblem(phone, 'phone');
    assert.match(phone.body.errors.phone[0], /not a valid phone number in US/);
    expectProblem(await post({ status: 'Deleted' }), 'status');
    expectProblem(await post({ status: 'Retired' }), 'status');
    expectProblem(await post({ type: 'Owner' }), 'type');
    expectProblem(await post({ licenseNumber: 'D12#45' }), 'licenseNumber');
    expectProblem(await post({ licenseExpiresOn: '31/03/2030' }), 'licenseExpiresOn');
    expectProblem(await post({ dateOfBirth: `${new Date().getUTCFullYear() + 1}-01-01` }), 'dateOfBirth');
    expectProblem(await post({ address: { country: 'XX' } }), 'address.country');
    const hourly = await post({ payout: { type: 'Hourly' } });
    expectProblem(hourly, 'payout.hourlyRate');
    assert.match(hourly.body.errors['payout.hourlyRate'][0], /hourlyRate × hours/);
    const salary = await post({ payout: { type: 'FixedSalary', salaryAmount: 100 } });
    expectProblem(salary, 'payout.salaryPeriod');
    expectProblem(await post({ payout: { type: 'Percent', revenuePercent: 0 } }), 'payout.revenuePercent');
    expectProblem(await post({ payout: { type: 'Percent', revenuePercent: 120 } }), 'payout.revenuePercent');
    expectProblem(await post({ payout: { type: 'Pallets', ratePerPallet: -1 } }), 'payout.ratePerPallet');
    expectProblem(await post({ payout: { type: 'Bonus' } }), 'payout.type');
    expectProblem(await post({ type: 'Outsource' }), 'outsourceCompanyId');
    const carrier = await createCarrier(t, admin);
    expectProblem(await post({ type: 'Default', outsourceCompanyId: carrier.id }), 'outsourceCompanyId');
    expectNotFound(await post({ type: 'Outsource', outsourceCompanyId: 2147480000 }));
    expectNotFound(await post({ type: 'Outsource', outsourceCompanyId: (await createCarrier(t, other)).id }));
    expectNotFound(await post({ licenseTypeId: (await createLicenseType(t, other)).id }));
    expectNotFound(await post({ defaultTruckId: (await createTruck(t, other)).id }));
    expectNotFound(await post({ homeWarehouseId: (await createWarehouse(other)).id }));
    await createDriver(t, admin, { email: 'ann@example.com', licenseNumber: 'A-100' });
    expectFailure(await post({ email: 'ANN@example.com' }), 'drivers.duplicate_email');
    expectFailure(await post({ licenseNumber: 'a 100' }), 'drivers.duplicate_license_number');
    assert.equal(await countRows(t, 'drivers', admin.companyId), 1);
    assert.equal(await countRows(t, 'drivers', other.companyId), 0);
  });
});

describe('GET /Drivers', () => {
  it('lists live drivers, searched, filtered, sorted and paged in SQL', async () => {
    const admin = await signIn(t);
    const carrier = await createCarrier(t, admin);
    const a = await createDriver(t, admin, {
      firstName: 'Ann',
      lastName: 'Zimmer',
      phone: '+1 512 555 0101',
      licenseNumber: 'TX-5550001',
      payout: { type: 'Hourly', hourlyRate: 20 },
    });
    const b = await createDriver(t, admin, {
      firstName: 'bob',
      lastName: 'Young',
      email: 'bob@haul.example',
      status: 'Inactive',
      type: 'Outsource',
      outsourceCompanyId: carrier.id,
    });
    const c = await createDriver(t, admin, {
      firstName: 'Cara',
      lastName: 'Adams',
      status: 'Invited',
      type: 'Mixed',
      payout: { type: 'Percent', revenuePercent: 25 },
    });
    const gone = await createDriver(t, admin, { firstName: 'Dan', lastName: 'Gone' });
    await api(admin, 'DELETE', `/Drivers/${gone.id}`);
    const ids = async (query: string) => {
      const res = await api(admin, 'GET', `/Drivers${query}`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return res.body.data.list.map((x: any) => x.id);
    };
    const all = (await api(admin, 'GET', '/Drivers')).body.data;
    assert.deepEqual([all.list.map((x: any) => x.id), all.totalCount, all.page, all.itemsPerPage], [[a.id, b.id, c.id], 3, 1, 20]);
    assert.deepEqual(await ids('?SearchTerm=HAUL'), [b.id], 'by email');
    assert.deepEqual(await ids('?SearchTerm=(512) 555-0101'), [a.id], 'by phone, however written');
    assert.deepEqual(await ids('?SearchTerm=tx 5550001'), [a.id], 'by license number, however written');
    assert.deepEqual(await ids('?SearchTerm=adams'), [c.id], 'by name');
    assert.deepEqual(await ids('?DriverName=ann zim'), [a.id]);
    assert.deepEqual(await ids('?DriverStatus=Inactive&DriverStatus=invited'), [b.id, c.id]);
    assert.deepEqual(await ids('?DriverStatus=Deleted'), [gone.id]);
    assert.deepEqual(await ids('?deletedDrivers=true'), [a.id, b.id, c.id, gone.id]);
    assert.deepEqual(await ids('?DriverTypes=Outsource&DriverTypes=Mixed'), [b.id, c.id]);
    assert.deepEqual(await ids('?DriverPayoutTypes=Hourly&DriverPayoutTypes=Percent'), [a.id, c.id]);
    assert.deepEqual(await ids(`?OutsourceCompanyIds=${carrier.id}`), [b.id]);
    assert.deepEqual(await ids(`?Drivers=${c.id}&Drivers=${a.id}`), [a.id, c.id]);
    assert.deepEqual(await ids('?SortBy=lastName'), [c.id, b.id, a.id]);
    assert.deepEqual(await ids('?SortBy=createdAt&SortDirection=1'), [c.id, b.id, a.id]);
    assert.deepEqual(await ids('?SortBy=name&SortDirection=Descending'), [c.id, b.id, a.id]);
    const page = (await api(admin, 'GET', '/Drivers?Page=2&ItemsPerPage=2')).body.data;
    assert.deepEqual([page.list.map((x: any) => x.id), page.totalCount, page.itemsPerPage], [[c.id], 3, 2]);
    expectProblem(await api(admin, 'GET', '/Drivers?SortBy=email'), 'SortBy');
    expectProblem(await api(admin, 'GET', '/Drivers?DriverStatus=Retired'), 'DriverStatus[0]');
    expectProblem(await api(admin, 'GET', '/Drivers?DriverPayoutTypes=Bonus'), 'DriverPayoutTypes[0]');
  });

  it("never lists another company's drivers", async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    await createDriver(t, other, { firstName: 'Theirs' });
    const mine = await createDriver(t, admin, { firstName: 'Mine' });
    const list = (await api(admin, 'GET', '/Drivers?deletedDrivers=true')).body.data;
    assert.deepEqual([list.list.map((x: any) => x.id), list.totalCount], [[mine.id], 1]);
  });
});

describe('PUT /Drivers/{id}', () => {
  it('changes the fields sent, keeps the others, clears with null and replaces the payout whole', async () => {
    const admin = await signIn(t);
    const carrier = await createCarrier(t, admin);
    const driver = await createDriver(t, admin, {
      email: 'kim@example.com',
      phone: '+1 512 555 0110',
      type: 'Mixed',
      outsourceCompanyId: carrier.id,
      notes: 'Nights',
      payout: { type: 'Hourly', hourlyRate: 25, currency: 'USD' },
    });
    const res = await api(admin, 'PUT', `/Drivers/${driver.id}`, { id: 999, lastName: 'Park', notes: null, payout: { type: 'Pallets', ratePerPallet: 9 } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const after = res.body.data;
    assert.deepEqual(
      [after.id, after.firstName, after.lastName, after.email, after.phone, after.notes, after.outsourceCompanyId],
      [driver.id, driver.firstName, 'Park', 'kim@example.com', '+15125550110', null, carrier.id],
    );
    assert.deepEqual([after.payout.type, after.payout.ratePerPallet, after.payout.hourlyRate], ['Pallets', 9, null], 'the payout is replaced whole');
    const toDefault = (await api(admin, 'PUT', `/Drivers/${driver.id}`, { type: 'Default' })).body.data;
    assert.deepEqual([toDefault.type, toDefault.outsourceCompanyId], ['Default', null], 'a Default driver drops its carrier');
    expectProblem(await api(admin, 'PUT', `/Drivers/${driver.id}`, { type: 'Outsource' }), 'outsourceCompanyId');
    const outsourced = (await api(admin, 'PUT', `/Drivers/${driver.id}`, { type: 'Outsource', outsourceCompanyId: carrier.id, payout: null })).body.data;
    assert.deepEqual([outsourced.type, outsourced.outsourceCompanyId, outsourced.payout], ['Outsource', carrier.id, null]);
    expectProblem(await api(admin, 'PUT', `/Drivers/${driver.id}`, { firstName: null }), 'firstName');
    expectProblem(await api(admin, 'PUT', `/Drivers/${driver.id}`, { status: 'Deleted' }), 'status');
    const other = await createDriver(t, admin, { email: 'lee@example.com', licenseNumber: 'L1' });
    expectFailure(await api(admin, 'PUT', `/Drivers/${driver.id}`, { email: 'LEE@example.com' }), 'drivers.duplicate_email');
    expectFailure(await api(admin, 'PUT', `/Drivers/${driver.id}`, { licenseNumber: 'l-1' }), 'drivers.duplicate_license_number');
    assert.equal(
      (await api(admin, 'PUT', `/Drivers/${other.id}`, { email: 'lee@example.com', licenseNumber: 'L1' })).status,
      200,
      'its own values are no duplicates',
    );
    const read = (await api(admin, 'GET', `/Drivers/${driver.id}`)).body.data;
    assert.deepEqual([read.email, read.type], ['kim@example.com', 'Outsource'], 'refused changes wrote nothing');
    assert.equal(await auditCount(t, admin.companyId, 'driver.update'), 4);
  });

  it('refuses to change a deleted driver until it is restored', async () => {
    const admin = await signIn(t);
    const driver = await createDriver(t, admin);
    await api(admin, 'DELETE', `/Drivers/${driver.id}`);
    expectFailure(await api(admin, 'PUT', `/Drivers/${driver.id}`, { notes: 'x' }), 'drivers.deleted');
  });
});

describe("a driver's default truck", () => {
  it("is cleared when the truck is deleted: a deleted truck is no driver's default truck", async () => {
    const admin = await signIn(t);
    const gone = await createTruck(t, admin, { name: 'Unit 9' });
    const kept = await createTruck(t, admin, { name: 'Unit 10' });
    const a = await createDriver(t, admin, { defaultTruckId: gone.id });
    const b = await createDriver(t, admin, { defaultTruckId: gone.id });
    const c = await createDriver(t, admin, { defaultTruckId: kept.id });
    await api(admin, 'DELETE', '/Drivers', [b.id]);
    assert.equal((await api(admin, 'DELETE', `/Trucks/${gone.id}`)).status, 200);
    for (const id of [a.id, b.id]) {
      const driver = (await api(admin, 'GET', `/Drivers/${id}`)).body.data;
      assert.deepEqual([driver.defaultTruckId, driver.defaultTruckName], [null, null], `driver ${id}, deleted ones too`);
    }
    assert.deepEqual((await api(admin, 'GET', `/Drivers/${c.id}`)).body.data.defaultTruckName, 'Unit 10', "other trucks' drivers keep theirs");
    const check = (await api(admin, 'POST', '/Drivers/ValidateDriver', { ...(await api(admin, 'GET', `/Drivers/${a.id}`)).body.data })).body.data;
    assert.ok(!check.messages.some((m: string) => m.includes('Truck')), 'the driver names no missing truck');
    expectNotFound(await api(admin, 'PUT', `/Drivers/${a.id}`, { defaultTruckId: gone.id }));
  });

  it("is cleared by the drivers area hearing the fleet's trucksDeleted, in the delete's transaction, each driver audited", async () => {
    assert.deepEqual(HOOKS.subscribersOf(trucksDeleted), ['drivers'], 'fleet announces, drivers clear their own column');
    const admin = await signIn(t);
    const truck = await createTruck(t, admin, { name: 'Unit 11' });
    const a = await createDriver(t, admin, { defaultTruckId: truck.id });
    const b = await createDriver(t, admin, { defaultTruckId: truck.id });
    const actor = { companyId: admin.companyId, userId: admin.userId };
    // The delete and the drivers' change commit or roll back together.
    await assert.rejects(
      forCompany(t.database.db, HOOKS, actor, 'test', async (tenant) => {
        await trucksService().remove(tenant, await truckRecords.reread(tenant, truck.id), false);
        const inside = await tenant.select('drivers').select(['id', 'default_truck_id']).where('id', 'in', [a.id, b.id]).execute();
        assert.deepEqual(
          inside.map((r) => r.default_truck_id),
          [null, null],
          'cleared in the same transaction',
        );
        throw new Error('roll back');
      }),
      /roll back/,
    );
    assert.equal((await api(admin, 'GET', `/Drivers/${a.id}`)).body.data.defaultTruckId, truck.id, 'rolled back with the truck');
    assert.equal((await api(admin, 'GET', `/Trucks/${truck.id}`)).status, 200);
    assert.equal(await auditCount(t, admin.companyId, 'driver.clear_default_truck'), 0);
    assert.equal((await api(admin, 'DELETE', `/Trucks/${truck.id}`)).status, 200);
    for (const id of [a.id, b.id]) assert.equal((await api(admin, 'GET', `/Drivers/${id}`)).body.data.defaultTruckId, null);
    assert.equal(await auditCount(t, admin.companyId, 'driver.clear_default_truck'), 2);
    assert.equal(await auditCount(t, admin.companyId, 'truck.delete'), 1);
  });
});

describe('access', () => {
  it('lets any signed-in user read and check drivers; writing needs the drivers permissions', async () => {
    const admin = await signIn(t);
    const driver = await createDriver(t, admin);
    for (const role of ['Dispatcher', 'Accountant', 'Viewer']) {
      const user = await signIn(t, role, admin.companyId);
      assert.equal((await api(user, 'GET', '/Drivers')).body.data.totalCount, 1, role);
      assert.equal((await api(user, 'GET', `/Drivers/${driver.id}`)).status, 200, role);
      assert.equal((await api(user, 'POST', '/Drivers/ValidateDriver', { firstName: 'X' })).status, 200, role);
      const ce = 'Create/Edit Drivers';
      const ed = 'Enable/Disable drivers';
      expectForbidden(await api(user, 'POST', '/Drivers', { firstName: 'X', lastName: 'Y' }), ce);
      expectForbidden(await api(user, 'PUT', `/Drivers/${driver.id}`, { notes: 'x' }), ce);
      expectForbidden(await api(user, 'POST', `/Drivers/${driver.id}/Invite`), ce);
      expectForbidden(await api(user, 'POST', `/Drivers/ChangeDriverStatus?id=${driver.id}&driverStatus=Approved`), ce);
      expectForbidden(await api(user, 'PUT', '/Drivers/ChangeStatus/Inactive', [driver.id]), ce);
      expectForbidden(await api(user, 'DELETE', '/Drivers', [driver.id]), ed);
      expectForbidden(await api(user, 'DELETE', `/Drivers/${driver.id}`), ed);
      expectForbidden(await api(user, 'PUT', `/Drivers/Restore/${driver.id}`), ed);
      expectForbidden(await api(user, 'POST', '/Drivers/ValidateDisable', [driver.id]), ed);
      expectForbidden(await api(user, 'DELETE', `/Drivers/Permanent/${driver.id}`), 'Delete Drivers');
    }
    const read = (await api(admin, 'GET', `/Drivers/${driver.id}`)).body.data;
    assert.deepEqual(read, driver, 'nothing changed');
  });

  it('grants each action to a role holding just its permission', async () => {
    const admin = await signIn(t);
    const driver = await createDriver(t, admin);
    const editor = await signIn(t, { permissions: ['Create/Edit Drivers'] }, admin.companyId);
    assert.equal((await api(editor, 'PUT', `/Drivers/${driver.id}`, { notes: 'ok' })).status, 200);
    expectForbidden(await api(editor, 'DELETE', `/Drivers/${driver.id}`), 'Enable/Disable drivers');
    const enabler = await signIn(t, { permissions: ['Enable/Disable drivers'] }, admin.companyId);
    assert.equal((await api(enabler, 'DELETE', `/Drivers/${driver.id}`)).status, 200);
    assert.equal((await api(enabler, 'PUT', `/Drivers/Restore/${driver.id}`)).status, 200);
    const eraser = await signIn(t, { permissions: ['Delete Drivers'] }, admin.companyId);
    assert.equal((await api(eraser, 'DELETE', `/Drivers/Permanent/${driver.id}`)).status, 200);
  });
});

describe("another company's driver", () => {
  it('answers exactly like a missing one (404) on every row taking a driver id, and changes nothing', async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    const theirs = await createDriver(t, other, { email: 'theirs@example.com', status: 'New' });
    for (const id of [theirs.id, 2147480000]) {
      expectNotFound(await api(admin, 'GET', `/Drivers/${id}`));
      expectNotFound(await api(admin, 'PUT', `/Drivers/${id}`, { notes: 'mine now' }));
      expectNotFound(await api(admin, 'DELETE', `/Drivers/${id}`));
      expectNotFound(await api(admin, 'DELETE', '/Drivers', [id]));
      expectNotFound(await api(admin, 'POST', `/Drivers/${id}/Invite`));
      expectNotFound(await api(admin, 'POST', `/Drivers/ChangeDriverStatus?id=${id}&driverStatus=Blocked`));
      expectNotFound(await api(admin, 'PUT', '/Drivers/ChangeStatus/Disabled', [id]));
      expectNotFound(await api(admin, 'DELETE', `/Drivers/Permanent/${id}`));
      expectNotFound(await api(admin, 'PUT', `/Drivers/Restore/${id}`));
      expectNotFound(await api(admin, 'POST', '/Drivers/ValidateDisable', [id]));
      expectNotFound(await api(admin, 'POST', '/Drivers/ValidateDriver', { id, firstName: 'X' }));
    }
    const mine = await createDriver(t, admin);
    const one = await api(admin, 'DELETE', '/Drivers', [mine.id, theirs.id]);
    expectNotFound(one);
    assert.equal(one.body.errors[0].message, `Driver ${theirs.id} was not found.`);
    // Every missing id is named (another company's reads as missing), the company's own never.
    const several = await api(admin, 'PUT', '/Drivers/ChangeStatus/Inactive', [theirs.id, mine.id, 2147480000]);
    expectNotFound(several);
    assert.equal(several.body.errors[0].message, `Drivers ${theirs.id}, 2147480000 were not found.`);
    assert.equal((await api(admin, 'GET', `/Drivers/${mine.id}`)).body.data.status, 'Active', 'all or nothing');
    const still = (await api(other, 'GET', `/Drivers/${theirs.id}`)).body.data;
    assert.deepEqual(still, theirs);
    assert.equal((await countRows(t, 'outbox', admin.companyId)) + (await countRows(t, 'outbox', other.companyId)), 0);
  });
});

describe('GET /OutsourceCompanies/{id}/DriverList', () => {
  it("lists the carrier's live drivers by name; needs View Outsources; another company's carrier is a 404", async () => {
    const admin = await signIn(t);
    const carrier = await createCarrier(t, admin);
    const elsewhere = await createCarrier(t, admin);
    const zed = await createDriver(t, admin, { firstName: 'Zed', type: 'Outsource', outsourceCompanyId: carrier.id });
    const amy = await createDriver(t, admin, { firstName: 'Amy', type: 'Mixed', outsourceCompanyId: carrier.id });
    const gone = await createDriver(t, admin, { firstName: 'Gone', type: 'Outsource', outsourceCompanyId: carrier.id });
    await createDriver(t, admin, { type: 'Outsource', outsourceCompanyId: elsewhere.id });
    await createDriver(t, admin);
    await api(admin, 'DELETE', `/Drivers/${gone.id}`);
    const res = await api(admin, 'GET', `/OutsourceCompanies/${carrier.id}/DriverList`);
    assert.deepEqual(
      res.body.data.map((d: any) => d.id),
      [amy.id, zed.id],
    );
    assert.equal(res.body.data[0].outsourceCompanyName, carrier.name);
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    assert.equal((await api(viewer, 'GET', `/OutsourceCompanies/${carrier.id}/DriverList`)).status, 200);
    const accountant = await signIn(t, 'Accountant', admin.companyId);
    expectForbidden(await api(accountant, 'GET', `/OutsourceCompanies/${carrier.id}/DriverList`), 'View Outsources');
    const other = await signIn(t);
    expectNotFound(await api(other, 'GET', `/OutsourceCompanies/${carrier.id}/DriverList`));
    expectNotFound(await api(admin, 'GET', '/OutsourceCompanies/2147480000/DriverList'));
  });
});
