import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { countRows, createCarrier, createTruck, createTypeOfTruck, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

describe('/TypeOfTrucks', () => {
  it("adds, reads, lists (searched, sorted, paged) and updates the company's truck types", async () => {
    const admin = await signIn(t);
    const box = await createTypeOfTruck(t, admin, {
      name: 'Box truck 26 ft',
      description: 'Liftgate, city deliveries',
      capacityWeight: 10000,
      capacityPallets: 12,
      capacityVolume: 1700,
    });
    assert.deepEqual(
      [box.name, box.description, box.capacityWeight, box.weightUnit, box.capacityPallets, box.capacityVolume, box.volumeUnit, box.isRefrigerated],
      ['Box truck 26 ft', 'Liftgate, city deliveries', 10000, 'lb', 12, 1700, 'ft3', false],
    );
    const reefer = await createTypeOfTruck(t, admin, { name: 'reefer 53 ft', isRefrigerated: true, weightUnit: 'KG', capacityWeight: 20000 });
    assert.equal(reefer.weightUnit, 'kg');
    const van = await createTypeOfTruck(t, admin, { name: 'Sprinter van' });
    assert.deepEqual((await api(admin, 'GET', `/TypeOfTrucks/${box.id}`)).body.data, box);
    const ids = async (query: string) => (await api(admin, 'GET', `/TypeOfTrucks${query}`)).body.data.list.map((x: any) => x.id);
    const all = (await api(admin, 'GET', '/TypeOfTrucks')).body.data;
    assert.deepEqual([all.list.map((x: any) => x.id), all.totalCount], [[box.id, reefer.id, van.id], 3]);
    assert.deepEqual(await ids('?SearchTerm=53'), [reefer.id]);
    assert.deepEqual(await ids('?SearchTerm=liftgate'), [box.id], 'by description');
    assert.deepEqual(await ids('?SortBy=createdAt&SortDirection=1'), [van.id, reefer.id, box.id]);
    assert.deepEqual(await ids('?SortDirection=1'), [van.id, reefer.id, box.id]);
    const page = (await api(admin, 'GET', '/TypeOfTrucks?Page=2&ItemsPerPage=2')).body.data;
    assert.deepEqual([page.list.map((x: any) => x.id), page.totalCount], [[van.id], 3]);
    expectProblem(await api(admin, 'GET', '/TypeOfTrucks?SortBy=capacity'), 'SortBy');
    const u = await api(admin, 'PUT', `/TypeOfTrucks/${box.id}`, { capacityPallets: 14, description: null });
    assert.equal(u.status, 200, JSON.stringify(u.body));
    assert.deepEqual(
      [u.body.data.name, u.body.data.capacityPallets, u.body.data.description, u.body.data.capacityWeight],
      ['Box truck 26 ft', 14, null, 10000],
    );
  });

  it('refuses bad input and duplicate names (any case), writing nothing', async () => {
    const admin = await signIn(t);
    const flatbed = await createTypeOfTruck(t, admin, { name: 'Flatbed' });
    expectProblem(await api(admin, 'POST', '/TypeOfTrucks', {}), 'name');
    expectProblem(await api(admin, 'POST', '/TypeOfTrucks', { name: ' ' }), 'name');
    expectProblem(await api(admin, 'POST', '/TypeOfTrucks', { name: 'X', capacityPallets: -1 }), 'capacityPallets');
    expectProblem(await api(admin, 'POST', '/TypeOfTrucks', { name: 'X', weightUnit: 'ton' }), 'weightUnit');
    expectFailure(await api(admin, 'POST', '/TypeOfTrucks', { name: 'FLATBED' }), 'type_of_trucks.duplicate_name');
    const other = await createTypeOfTruck(t, admin, { name: 'Step deck' });
    expectFailure(await api(admin, 'PUT', `/TypeOfTrucks/${other.id}`, { name: 'flatbed' }), 'type_of_trucks.duplicate_name');
    expectProblem(await api(admin, 'PUT', `/TypeOfTrucks/${other.id}`, { name: 'Step deck 2', capacityVolume: -5 }), 'capacityVolume');
    expectProblem(await api(admin, 'GET', '/TypeOfTrucks/flatbed'), 'id');
    expectProblem(await api(admin, 'DELETE', '/TypeOfTrucks/1.5'), 'id');
    assert.equal(await countRows(t, 'type_of_trucks', admin.companyId), 2);
    assert.equal((await api(admin, 'GET', `/TypeOfTrucks/${other.id}`)).body.data.name, 'Step deck');
    assert.ok(flatbed.id);
  });

  it('deletes an unused type; one a live carrier or truck uses is refused', async () => {
    const admin = await signIn(t);
    const unused = await createTypeOfTruck(t, admin);
    const used = await createTypeOfTruck(t, admin);
    const c = await createCarrier(t, admin);
    await api(admin, 'POST', '/OutsourceCompanyTypeOfTrucks', { outsourceCompanyId: c.id, typeOfTruckId: used.id });
    const res = await api(admin, 'DELETE', `/TypeOfTrucks/${unused.id}`);
    assert.equal(res.status, 200);
    assert.equal(res.body.data, null);
    expectNotFound(await api(admin, 'GET', `/TypeOfTrucks/${unused.id}`));
    const refused = await api(admin, 'DELETE', `/TypeOfTrucks/${used.id}`);
    expectFailure(refused, 'type_of_trucks.in_use');
    assert.match(refused.body.errors[0].message, /0 truck\(s\) and 1 carrier\(s\)/);
    // Once the carrier is deleted, its row no longer holds the type; it goes with the type.
    await api(admin, 'DELETE', `/OutsourceCompanies?ids=${c.id}`);
    assert.equal((await api(admin, 'DELETE', `/TypeOfTrucks/${used.id}`)).status, 200);
    assert.equal(await countRows(t, 'outsource_company_type_of_trucks', admin.companyId), 0);
  });

  it('deletes a type only deleted trucks hold: they lose it (the fleet clears it when the delete is announced)', async () => {
    const admin = await signIn(t);
    const type = await createTypeOfTruck(t, admin);
    const truck = await createTruck(t, admin, { typeOfTruckId: type.id });
    assert.equal((await api(admin, 'DELETE', `/Trucks/${truck.id}`)).status, 200);
    assert.equal((await api(admin, 'DELETE', `/TypeOfTrucks/${type.id}`)).status, 200);
    const held = await t.database.db
      .selectFrom('trucks')
      .select('type_of_truck_id')
      .where('company_id', '=', admin.companyId)
      .where('id', '=', truck.id)
      .executeTakeFirstOrThrow();
    assert.equal(held.type_of_truck_id, null);
  });

  it("needs View Outsources to read, Add/Edit outsource to write and Delete Outsource to delete; others' types are missing", async () => {
    const admin = await signIn(t);
    const type = await createTypeOfTruck(t, admin);
    const accountant = await signIn(t, 'Accountant', admin.companyId);
    expectForbidden(await api(accountant, 'GET', '/TypeOfTrucks'), 'View Outsources');
    expectForbidden(await api(accountant, 'GET', `/TypeOfTrucks/${type.id}`), 'View Outsources');
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    expectForbidden(await api(viewer, 'POST', '/TypeOfTrucks', { name: 'X' }), 'Add/Edit outsource');
    expectForbidden(await api(viewer, 'PUT', `/TypeOfTrucks/${type.id}`, { name: 'X' }), 'Add/Edit outsource');
    expectForbidden(await api(viewer, 'DELETE', `/TypeOfTrucks/${type.id}`), 'Delete Outsource');
    assert.equal(await countRows(t, 'type_of_trucks', admin.companyId), 1);
    const other = await signIn(t);
    for (const [method, url, body] of [
      ['GET', `/TypeOfTrucks/${type.id}`],
      ['PUT', `/TypeOfTrucks/${type.id}`, { name: 'Mine' }],
      ['DELETE', `/TypeOfTrucks/${type.id}`],
    ] as const) {
      expectNotFound(await api(other, method, url, body));
    }
    assert.equal((await api(other, 'GET', '/TypeOfTrucks')).body.data.totalCount, 0);
  });
});

describe('/OutsourceCompanyTypeOfTrucks', () => {
  it('records the types a carrier runs with counts and rates; reads by id or by carrier', async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin, { typesOfWork: 'Distance' });
    const van = await createTypeOfTruck(t, admin, { name: 'Dry van 53 ft' });
    const box = await createTypeOfTruck(t, admin, { name: 'Box truck 26 ft' });
    const res = await api(admin, 'POST', '/OutsourceCompanyTypeOfTrucks', {
      outsourceCompanyId: c.id,
      typeOfTruckId: van.id,
      truckCount: 12,
      ratePerDistance: 2.45,
      currency: 'usd',
      notes: 'Team drivers',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const row = res.body.data;
    assert.deepEqual(
      [row.outsourceCompanyId, row.typeOfTruckId, row.typeOfTruckName, row.truckCount, row.ratePerDistance, row.distanceUnit, row.currency, row.fixedRate],
      [c.id, van.id, 'Dry van 53 ft', 12, 2.45, 'mi', 'USD', null],
    );
    const second = (
      await api(admin, 'POST', '/OutsourceCompanyTypeOfTrucks', { outsourceCompanyId: c.id, typeOfTruckId: box.id, fixedRate: 450, ratePerHour: 85 })
    ).body.data;
    assert.deepEqual((await api(admin, 'GET', `/OutsourceCompanyTypeOfTrucks/${row.id}`)).body.data, row);
    assert.equal((await api(admin, 'GET', `/OutsourceCompanyTypeOfTrucks/${c.id}?outsourceCompanyTypeOfTruckId=${second.id}`)).body.data.id, second.id);
    const list = (await api(admin, 'GET', `/OutsourceCompanyTypeOfTrucks/${c.id}/TypeOfTruckList`)).body.data;
    assert.deepEqual(
      list.map((x: any) => x.typeOfTruckName),
      ['Box truck 26 ft', 'Dry van 53 ft'],
    );
    const u = await api(admin, 'PUT', `/OutsourceCompanyTypeOfTrucks/${row.id}`, { truckCount: 14, distanceUnit: 'km' });
    assert.deepEqual([u.body.data.truckCount, u.body.data.distanceUnit, u.body.data.ratePerDistance, u.body.data.notes], [14, 'km', 2.45, 'Team drivers']);
  });

  it('refuses bad input, a type already on the carrier and unknown types, writing nothing', async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin);
    const other = await createCarrier(t, admin);
    const van = await createTypeOfTruck(t, admin);
    const box = await createTypeOfTruck(t, admin);
    expectProblem(await api(admin, 'POST', '/OutsourceCompanyTypeOfTrucks', { outsourceCompanyId: c.id }), 'typeOfTruckId');
    expectProblem(await api(admin, 'POST', '/OutsourceCompanyTypeOfTrucks', { outsourceCompanyId: c.id, typeOfTruckId: van.id, truckCount: -2 }), 'truckCount');
    expectProblem(
      await api(admin, 'POST', '/OutsourceCompanyTypeOfTrucks', { outsourceCompanyId: c.id, typeOfTruckId: van.id, currency: 'dollars' }),
      'currency',
    );
    expectNotFound(await api(admin, 'POST', '/OutsourceCompanyTypeOfTrucks', { outsourceCompanyId: c.id, typeOfTruckId: 2147480000 }));
    const row = (await api(admin, 'POST', '/OutsourceCompanyTypeOfTrucks', { outsourceCompanyId: c.id, typeOfTruckId: van.id })).body.data;
    expectFailure(
      await api(admin, 'POST', '/OutsourceCompanyTypeOfTrucks', { outsourceCompanyId: c.id, typeOfTruckId: van.id }),
      'outsource_truck_types.duplicate_type',
    );
    const boxRow = (await api(admin, 'POST', '/OutsourceCompanyTypeOfTrucks', { outsourceCompanyId: c.id, typeOfTruckId: box.id })).body.data;
    expectFailure(await api(admin, 'PUT', `/OutsourceCompanyTypeOfTrucks/${boxRow.id}`, { typeOfTruckId: van.id }), 'outsource_truck_types.duplicate_type');
    expectFailure(await api(admin, 'PUT', `/OutsourceCompanyTypeOfTrucks/${row.id}`, { outsourceCompanyId: other.id }), 'outsource_truck_types.carrier_change');
    assert.equal(await countRows(t, 'outsource_company_type_of_trucks', admin.companyId), 2);
  });

  it("refuses bad changes and bad parameters, changing nothing; a deleted carrier's rows answer as missing", async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin);
    const type = await createTypeOfTruck(t, admin);
    const row = (
      await api(admin, 'POST', '/OutsourceCompanyTypeOfTrucks', { outsourceCompanyId: c.id, typeOfTruckId: type.id, truckCount: 3, ratePerHour: 80 })
    ).body.data;
    expectProblem(await api(admin, 'PUT', `/OutsourceCompanyTypeOfTrucks/${row.id}`, { truckCount: -1, ratePerHour: 90 }), 'truckCount');
    expectProblem(await api(admin, 'PUT', `/OutsourceCompanyTypeOfTrucks/${row.id}`, { ratePerHour: 90, distanceUnit: 'league' }), 'distanceUnit');
    expectNotFound(await api(admin, 'PUT', `/OutsourceCompanyTypeOfTrucks/${row.id}`, { typeOfTruckId: 2147480000, ratePerHour: 90 }));
    expectProblem(await api(admin, 'GET', `/OutsourceCompanyTypeOfTrucks/${c.id}?outsourceCompanyTypeOfTruckId=van`), 'outsourceCompanyTypeOfTruckId');
    expectProblem(await api(admin, 'DELETE', `/OutsourceCompanyTypeOfTrucks/${c.id}?ids=${row.id}&ids=van`), 'ids[1]');
    expectProblem(await api(admin, 'GET', '/OutsourceCompanyTypeOfTrucks/x/TypeOfTruckList'), 'id');
    const now = (await api(admin, 'GET', `/OutsourceCompanyTypeOfTrucks/${row.id}`)).body.data;
    assert.deepEqual([now.truckCount, now.ratePerHour, now.typeOfTruckId], [3, 80, type.id], 'nothing written');
    await api(admin, 'DELETE', `/OutsourceCompanies?ids=${c.id}`);
    for (const [method, url, body] of [
      ['GET', `/OutsourceCompanyTypeOfTrucks/${row.id}`],
      ['PUT', `/OutsourceCompanyTypeOfTrucks/${row.id}`, { truckCount: 9 }],
      ['DELETE', `/OutsourceCompanyTypeOfTrucks/${row.id}`],
      ['GET', `/OutsourceCompanyTypeOfTrucks/${c.id}/TypeOfTruckList`],
    ] as const) {
      expectNotFound(await api(admin, method, url, body));
    }
    assert.equal(await countRows(t, 'outsource_company_type_of_trucks', admin.companyId), 1, 'kept with the deleted carrier');
  });

  it("deletes one row, or (with ids) the carrier's rows, all or nothing", async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin);
    const add = async () =>
      (await api(admin, 'POST', '/OutsourceCompanyTypeOfTrucks', { outsourceCompanyId: c.id, typeOfTruckId: (await createTypeOfTruck(t, admin)).id })).body
        .data;
    const [a, b, x] = [await add(), await add(), await add()];
    assert.equal((await api(admin, 'DELETE', `/OutsourceCompanyTypeOfTrucks/${a.id}`)).status, 200);
    expectNotFound(await api(admin, 'DELETE', `/OutsourceCompanyTypeOfTrucks/${c.id}?ids=${b.id}&ids=${a.id}`));
    assert.equal(await countRows(t, 'outsource_company_type_of_trucks', admin.companyId), 2);
    assert.equal((await api(admin, 'DELETE', `/OutsourceCompanyTypeOfTrucks/${c.id}?ids=${b.id}&ids=${x.id}`)).status, 200);
    assert.equal(await countRows(t, 'outsource_company_type_of_trucks', admin.companyId), 0);
  });

  it("reading needs View Outsources, writing Add/Edit outsource; another company's rows are missing", async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin);
    const type = await createTypeOfTruck(t, admin);
    const row = (await api(admin, 'POST', '/OutsourceCompanyTypeOfTrucks', { outsourceCompanyId: c.id, typeOfTruckId: type.id })).body.data;
    const accountant = await signIn(t, 'Accountant', admin.companyId);
    expectForbidden(await api(accountant, 'GET', `/OutsourceCompanyTypeOfTrucks/${row.id}`), 'View Outsources');
    expectForbidden(await api(accountant, 'GET', `/OutsourceCompanyTypeOfTrucks/${c.id}/TypeOfTruckList`), 'View Outsources');
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    expectForbidden(await api(viewer, 'POST', '/OutsourceCompanyTypeOfTrucks', { outsourceCompanyId: c.id, typeOfTruckId: type.id }), 'Add/Edit outsource');
    expectForbidden(await api(viewer, 'PUT', `/OutsourceCompanyTypeOfTrucks/${row.id}`, { truckCount: 1 }), 'Add/Edit outsource');
    expectForbidden(await api(viewer, 'DELETE', `/OutsourceCompanyTypeOfTrucks/${row.id}`), 'Add/Edit outsource');
    const other = await signIn(t);
    const otherType = await createTypeOfTruck(t, other);
    expectNotFound(await api(other, 'POST', '/OutsourceCompanyTypeOfTrucks', { outsourceCompanyId: c.id, typeOfTruckId: otherType.id }));
    const theirCarrier = await createCarrier(t, other);
    expectNotFound(await api(other, 'POST', '/OutsourceCompanyTypeOfTrucks', { outsourceCompanyId: theirCarrier.id, typeOfTruckId: type.id }));
    for (const [method, url, body] of [
      ['GET', `/OutsourceCompanyTypeOfTrucks/${row.id}`],
      ['GET', `/OutsourceCompanyTypeOfTrucks/${c.id}?outsourceCompanyTypeOfTruckId=${row.id}`],
      ['PUT', `/OutsourceCompanyTypeOfTrucks/${row.id}`, { truckCount: 9 }],
      ['DELETE', `/OutsourceCompanyTypeOfTrucks/${row.id}`],
      ['GET', `/OutsourceCompanyTypeOfTrucks/${c.id}/TypeOfTruckList`],
    ] as const) {
      expectNotFound(await api(other, method, url, body));
    }
    assert.equal(await countRows(t, 'outsource_company_type_of_trucks', admin.companyId), 1);
    assert.equal(await countRows(t, 'outsource_company_type_of_trucks', other.companyId), 0);
  });
});
