import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { checkVin, vinCheckDigit } from '../../src/areas/fleet/index.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { countRows, createTruck, createTypeOfTruck, type Session, signIn } from '../helpers/factories.js';

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

const CASCADIA = '3AKJHHDR3MSA12345';
const ISUZU = 'JALC4W162L7012345';
const SPRINTER = 'W1Y4EBHY2NT098765';

describe('VIN check digit (ISO 3779, 49 CFR 565)', () => {
  it('computes the check digit and reads VINs however they are written', () => {
    assert.equal(vinCheckDigit('1M8GDM9AXKP042788'), 'X');
    assert.equal(vinCheckDigit('11111111111111111'), '1');
    assert.deepEqual(checkVin(' 3akjhhdr3-msa12345 '), { vin: CASCADIA, problem: null });
    assert.match(checkVin('3AKJHHDR4MSA12345').problem!, /check digit .* is 4 but should be 3/);
    assert.match(checkVin('1M8GDM9AXKP04278O').problem!, /never I, O or Q/);
    assert.deepEqual(checkVin('F10GCP12345'), { vin: 'F10GCP12345', problem: null }, 'a pre-1981 serial is kept');
    assert.ok(checkVin('ABC').problem);
    assert.ok(checkVin('1M8GDM9AXKP0427881').problem);
  });

  it("checks the digit only where the VIN's region carries one: North America (1-5) and China (L), not Europe or most of Asia", () => {
    // North America: a Freightliner with its check digit (6), and the same VIN mistyped.
    assert.equal(vinCheckDigit('1FUJGLDR6CSBM1234'), '6');
    assert.deepEqual(checkVin('1FUJGLDR6CSBM1234'), { vin: '1FUJGLDR6CSBM1234', problem: null });
    const mistyped = checkVin('1FUJGLDR5CSBM1234').problem!;
    assert.match(mistyped, /check digit \(its 9th character\) is 5 but should be 6/);
    assert.match(mistyped, /North American/);
    assert.match(checkVin('2HSCNAPR47C123456').problem ?? '', /North American/, 'Canada (2) is checked');
    // Europe (ISO 3779 alone): a Volvo and a Mercedes truck whatever their 9th character.
    for (const vin of ['YV2RT40A8JB123456', 'YV2RT40A6JB123456', 'WDB9634031L123456', 'WDB9634071L123456']) {
      assert.deepEqual(checkVin(vin), { vin, problem: null }, vin);
    }
    assert.notEqual(vinCheckDigit('YV2RT40A8JB123456'), '8', "the Volvo's 9th character is no check digit");
    assert.notEqual(vinCheckDigit('WDB9634031L123456'), '3', "nor the Mercedes'");
    // China (GB 16735) carries one.
    assert.equal(vinCheckDigit('LRW3E7FA8MC123456'), '8');
    assert.deepEqual(checkVin('LRW3E7FA8MC123456'), { vin: 'LRW3E7FA8MC123456', problem: null });
    assert.match(checkVin('LRW3E7FA0MC123456').problem!, /is 0 but should be 8: a Chinese VIN/);
    // The letters rule holds everywhere.
    assert.match(checkVin('YV2RT40A8JB12345O').problem!, /never I, O or Q/);
  });
});

describe('POST and GET /Trucks', () => {
  it('adds a truck with its VIN, plate, type and capacities; reads it', async () => {
    const admin = await signIn(t);
    const type = await createTypeOfTruck(t, admin, { name: 'Box truck 26 ft', capacityWeight: 10000, capacityPallets: 12, capacityVolume: 1700 });
    const truck = await createTruck(t, admin, {
      name: ' Unit 101 ',
      plateNumber: 'tx-4kd 2291',
      plateState: 'tx',
      vin: 'jalc4w162l7012345',
      make: 'Isuzu',
      model: 'NPR-HD',
      year: 2020,
      typeOfTruckId: type.id,
      capacityPallets: 10,
      status: 'inshop',
      notes: 'Liftgate',
    });
    assert.deepEqual(
      [
        truck.name,
        truck.plateNumber,
        truck.plateState,
        truck.vin,
        truck.make,
        truck.model,
        truck.year,
        truck.typeOfTruckId,
        truck.typeOfTruckName,
        truck.status,
      ],
      ['Unit 101', 'TX-4KD 2291', 'TX', ISUZU, 'Isuzu', 'NPR-HD', 2020, type.id, 'Box truck 26 ft', 'InShop'],
    );
    assert.deepEqual(
      [truck.capacityWeight, truck.weightUnit, truck.capacityPallets, truck.capacityVolume, truck.volumeUnit],
      [10000, 'lb', 10, 1700, 'ft3'],
      "the type's capacities it did not give",
    );
    assert.deepEqual([truck.telematicsVehicleId, truck.deletedAt], [null, null]);
    const read = await api(admin, 'GET', `/Trucks/${truck.id}`);
    assert.deepEqual(read.body.data, truck);
    const plain = await createTruck(t, admin, { name: 'Unit 7', capacityWeight: 5, weightUnit: 'kg' });
    assert.deepEqual([plain.status, plain.capacityWeight, plain.weightUnit, plain.typeOfTruckId, plain.vin], ['Active', 5, 'kg', null, null]);
    assert.equal(await auditCount(admin.companyId, 'truck.create'), 2);
  });

  it('refuses a VIN with a wrong check digit with a 400 naming vin, and other bad input; writes nothing', async () => {
    const admin = await signIn(t);
    const post = (body: Record<string, unknown>) => api(admin, 'POST', '/Trucks', body);
    const wrong = await post({ name: 'U', vin: '3AKJHHDR4MSA12345' });
    expectProblem(wrong, 'vin');
    assert.match(wrong.body.errors.vin[0], /check digit/);
    expectProblem(await post({ name: 'U', vin: 'IAKJHHDR3MSA12345' }), 'vin');
    expectProblem(await post({ name: 'U', vin: 'AB' }), 'vin');
    expectProblem(await post({ vin: CASCADIA }), 'name');
    expectProblem(await post({ name: '   ' }), 'name');
    expectProblem(await post({ name: 'U', status: 'Sold' }), 'status');
    expectProblem(await post({ name: 'U', capacityPallets: -1 }), 'capacityPallets');
    expectProblem(await post({ name: 'U', capacityWeight: 'heavy' }), 'capacityWeight');
    expectProblem(await post({ name: 'U', year: 1850 }), 'year');
    expectNotFound(await post({ name: 'U', typeOfTruckId: 2147480000 }));
    await createTruck(t, admin, { name: 'Unit 1', vin: CASCADIA, telematicsVehicleId: '281474976710655' });
    expectFailure(await post({ name: 'UNIT 1' }), 'trucks.duplicate_name');
    expectFailure(await post({ name: 'Unit 2', vin: CASCADIA.toLowerCase() }), 'trucks.duplicate_vin');
    expectFailure(await post({ name: 'Unit 3', telematicsVehicleId: '281474976710655' }), 'trucks.duplicate_telematics_vehicle_id');
    assert.equal(await countRows(t, 'trucks', admin.companyId), 1);
  });

  it("adds European trucks whatever their VIN's 9th character; refuses a North American or Chinese VIN with a wrong check digit", async () => {
    const admin = await signIn(t);
    const volvo = await createTruck(t, admin, { name: 'Volvo FH', make: 'Volvo', vin: 'yv2rt40a8jb123456' });
    const actros = await createTruck(t, admin, { name: 'Actros', make: 'Mercedes-Benz', vin: 'WDB 9634031L123456' });
    assert.deepEqual([volvo.vin, actros.vin], ['YV2RT40A8JB123456', 'WDB9634031L123456']);
    const freightliner = await createTruck(t, admin, { name: 'Cascadia', vin: '1FUJGLDR6CSBM1234' });
    assert.equal(freightliner.vin, '1FUJGLDR6CSBM1234');
    for (const vin of ['1FUJGLDR5CSBM1234', 'LRW3E7FA0MC123456']) {
      const wrong = await api(admin, 'POST', '/Trucks', { name: `Wrong ${vin}`, vin });
      expectProblem(wrong, 'vin');
      assert.match(wrong.body.errors.vin[0], /check digit .* but should be/);
    }
    expectProblem(await api(admin, 'PUT', `/Trucks/${volvo.id}`, { vin: '1FUJGLDR5CSBM1234' }), 'vin');
    assert.equal((await api(admin, 'PUT', `/Trucks/${freightliner.id}`, { vin: 'LRW3E7FA8MC123456' })).body.data.vin, 'LRW3E7FA8MC123456');
    assert.equal(await countRows(t, 'trucks', admin.companyId), 3);
  });
});

describe('GET /Trucks', () => {
  it('lists live trucks, searched, filtered, sorted and paged in SQL', async () => {
    const admin = await signIn(t);
    const reefer = await createTypeOfTruck(t, admin, { name: 'Reefer' });
    const a = await createTruck(t, admin, { name: 'alpha', plateNumber: 'ZZZ 100', vin: CASCADIA, make: 'Freightliner' });
    const b = await createTruck(t, admin, { name: 'Bravo', plateNumber: 'AAA 200', status: 'InShop', typeOfTruckId: reefer.id });
    const c = await createTruck(t, admin, { name: 'Charlie', plateNumber: 'MMM 300', status: 'Inactive', model: 'Sprinter 2500' });
    const gone = await createTruck(t, admin, { name: 'Deleted' });
    await api(admin, 'DELETE', `/Trucks/${gone.id}`);
    const ids = async (query: string) => (await api(admin, 'GET', `/Trucks${query}`)).body.data.list.map((x: any) => x.id);
    const all = (await api(admin, 'GET', '/Trucks')).body.data;
    assert.deepEqual([all.list.map((x: any) => x.id), all.totalCount, all.page, all.itemsPerPage], [[a.id, b.id, c.id], 3, 1, 20]);
    assert.deepEqual(await ids('?SearchTerm=freightliner'), [a.id]);
    assert.deepEqual(await ids('?SearchTerm=aaa'), [b.id], 'by plate');
    assert.deepEqual(await ids('?SearchTerm=msa123'), [a.id], 'by VIN');
    assert.deepEqual(await ids('?SearchTerm=sprinter'), [c.id], 'by model');
    assert.deepEqual(await ids('?status=InShop&status=inactive'), [b.id, c.id]);
    assert.deepEqual(await ids(`?typeOfTruckIds=${reefer.id}`), [b.id]);
    assert.deepEqual(await ids('?SortBy=plateNumber'), [b.id, c.id, a.id]);
    assert.deepEqual(await ids('?SortBy=createdAt&SortDirection=1'), [c.id, b.id, a.id]);
    const page = (await api(admin, 'GET', '/Trucks?Page=2&ItemsPerPage=2')).body.data;
    assert.deepEqual([page.list.map((x: any) => x.id), page.totalCount], [[c.id], 3]);
    expectProblem(await api(admin, 'GET', '/Trucks?SortBy=vin'), 'SortBy');
    expectProblem(await api(admin, 'GET', '/Trucks?status=Sold'), 'status[0]');
  });

  it('is open to any signed-in user; writing needs the Fleet create permission', async () => {
    const admin = await signIn(t);
    const truck = await createTruck(t, admin);
    const accountant = await signIn(t, 'Accountant', admin.companyId);
    assert.equal((await api(accountant, 'GET', '/Trucks')).body.data.totalCount, 1);
    assert.equal((await api(accountant, 'GET', `/Trucks/${truck.id}`)).status, 200);
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    const edit = 'Fleet tab - Create/Edit/delete fleet';
    expectForbidden(await api(dispatcher, 'POST', '/Trucks', { name: 'X' }), edit);
    expectForbidden(await api(dispatcher, 'PUT', `/Trucks/${truck.id}`, { name: 'X' }), edit);
    expectForbidden(await api(dispatcher, 'DELETE', `/Trucks/${truck.id}`), edit);
    expectForbidden(await api(accountant, 'GET', '/Trucks/TrucksWithVehicles'), 'Fleet tab - View fleets data');
    assert.equal(await countRows(t, 'trucks', admin.companyId), 1);
    assert.equal((await api(admin, 'GET', `/Trucks/${truck.id}`)).body.data.name, truck.name);
  });
});

describe('PUT and DELETE /Trucks/{id}', () => {
  it('changes the fields sent and keeps the others; pairs and unpairs a telematics vehicle', async () => {
    const admin = await signIn(t);
    const truck = await createTruck(t, admin, { name: 'Unit 5', plateNumber: 'ABC 123', vin: SPRINTER, notes: 'keep' });
    const res = await api(admin, 'PUT', `/Trucks/${truck.id}`, { id: 999, status: 'Inactive', telematicsVehicleId: ' 212014918 ', plateNumber: null });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const u = res.body.data;
    assert.deepEqual(
      [u.id, u.name, u.status, u.telematicsVehicleId, u.plateNumber, u.vin, u.notes],
      [truck.id, 'Unit 5', 'Inactive', '212014918', null, SPRINTER, 'keep'],
    );
    assert.equal((await api(admin, 'PUT', `/Trucks/${truck.id}`, { telematicsVehicleId: null })).body.data.telematicsVehicleId, null);
    assert.equal(await auditCount(admin.companyId, 'truck.update'), 2);
  });

  it('refuses bad changes and keeps the truck as it was', async () => {
    const admin = await signIn(t);
    await createTruck(t, admin, { name: 'Holder', vin: ISUZU });
    const truck = await createTruck(t, admin, { name: 'Mine' });
    expectProblem(await api(admin, 'PUT', `/Trucks/${truck.id}`, { vin: '3AKJHHDR9MSA12345', status: 'InShop' }), 'vin');
    expectProblem(await api(admin, 'PUT', `/Trucks/${truck.id}`, { name: '' }), 'name');
    expectFailure(await api(admin, 'PUT', `/Trucks/${truck.id}`, { vin: ISUZU }), 'trucks.duplicate_vin');
    expectFailure(await api(admin, 'PUT', `/Trucks/${truck.id}`, { name: 'holder' }), 'trucks.duplicate_name');
    expectNotFound(await api(admin, 'PUT', `/Trucks/${truck.id}`, { typeOfTruckId: 2147480000 }));
    expectProblem(await api(admin, 'DELETE', `/Trucks/${truck.id}?removeExpenses=perhaps`), 'removeExpenses');
    for (const [method, url] of [
      ['GET', '/Trucks/unit-5'],
      ['PUT', '/Trucks/1.5'],
      ['DELETE', '/Trucks/99999999999'],
    ] as const) {
      expectProblem(await api(admin, method, url, method === 'PUT' ? { name: 'X' } : undefined), 'id');
    }
    const now = (await api(admin, 'GET', `/Trucks/${truck.id}`)).body.data;
    assert.deepEqual([now.name, now.vin, now.status, now.deletedAt], ['Mine', null, 'Active', null]);
    assert.equal(await auditCount(admin.companyId, 'truck.update'), 0);
    assert.equal(await auditCount(admin.companyId, 'truck.delete'), 0);
  });

  it('deletes a truck softly, answering it; its name and VIN are free again; removeExpenses is accepted', async () => {
    const admin = await signIn(t);
    const truck = await createTruck(t, admin, { name: 'Old unit', vin: CASCADIA });
    const res = await api(admin, 'DELETE', `/Trucks/${truck.id}?removeExpenses=true`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.id, truck.id);
    assert.ok(res.body.data.deletedAt);
    expectNotFound(await api(admin, 'GET', `/Trucks/${truck.id}`));
    expectNotFound(await api(admin, 'DELETE', `/Trucks/${truck.id}`));
    assert.equal(await countRows(t, 'trucks', admin.companyId), 1, 'kept for history');
    assert.equal((await createTruck(t, admin, { name: 'Old unit', vin: CASCADIA })).vin, CASCADIA);
    expectProblem(await api(admin, 'DELETE', `/Trucks/${truck.id}?removeExpenses=perhaps`), 'removeExpenses');
    // A type of truck used only by deleted trucks may go; they keep no type.
    const type = await createTypeOfTruck(t, admin);
    const typed = await createTruck(t, admin, { typeOfTruckId: type.id });
    expectFailure(await api(admin, 'DELETE', `/TypeOfTrucks/${type.id}`), 'type_of_trucks.in_use');
    await api(admin, 'DELETE', `/Trucks/${typed.id}`);
    assert.equal((await api(admin, 'DELETE', `/TypeOfTrucks/${type.id}`)).status, 200);
  });

  it("answers another company's truck as missing", async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    const theirs = await createTruck(t, other, { name: 'Theirs' });
    for (const [method, url, body] of [
      ['GET', `/Trucks/${theirs.id}`],
      ['PUT', `/Trucks/${theirs.id}`, { name: 'Mine' }],
      ['DELETE', `/Trucks/${theirs.id}`],
    ] as const) {
      expectNotFound(await api(admin, method, url, body));
    }
    const theirType = await createTypeOfTruck(t, other);
    expectNotFound(await api(admin, 'POST', '/Trucks', { name: 'X', typeOfTruckId: theirType.id }));
    assert.equal((await api(other, 'GET', `/Trucks/${theirs.id}`)).body.data.name, 'Theirs');
    assert.equal(await countRows(t, 'trucks', admin.companyId), 0);
  });
});

describe('telematics without a connected account', () => {
  it('answers a clear 400 on the telematics rows and lists trucks with no vehicle', async () => {
    const admin = await signIn(t);
    const truck = await createTruck(t, admin, { vin: CASCADIA });
    for (const [method, url, body] of [
      ['GET', '/Telematics/Fleet'],
      ['GET', '/Telematics/FleetLocations'],
      ['PUT', '/Telematics/Vehicle', { id: '1', name: 'X' }],
    ] as const) {
      const res = await api(admin, method, url, body);
      expectFailure(res, 'telematics.not_connected');
      assert.match(res.body.errors[0].message, /No telematics account is connected/);
    }
    const list = (await api(admin, 'GET', '/Trucks/TrucksWithVehicles')).body.data;
    assert.deepEqual([list.totalCount, list.list[0].id, list.list[0].vehicle, list.list[0].pairing], [1, truck.id, null, 'NotConnected']);
    expectProblem(await api(admin, 'GET', '/Trucks/TrucksWithVehicles?SortBy=vin'), 'SortBy');
    expectProblem(await api(admin, 'GET', '/Trucks/TrucksWithVehicles?status=Sold'), 'status[0]');
    expectProblem(await api(admin, 'PUT', '/Telematics/Vehicle', { name: 'X' }), 'id');
    const other = await signIn(t);
    assert.equal((await api(other, 'GET', '/Trucks/TrucksWithVehicles')).body.data.totalCount, 0, "never another company's trucks");
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    assert.equal((await api(viewer, 'GET', '/Trucks/TrucksWithVehicles')).status, 200);
    const accountant = await signIn(t, 'Accountant', admin.companyId);
    expectForbidden(await api(accountant, 'GET', '/Telematics/Fleet'), 'Fleet tab - View fleets data');
    expectForbidden(await api(accountant, 'PUT', '/Telematics/Vehicle', { id: '1', name: 'X' }), 'Fleet tab - View fleets data');
    expectFailure(await api(accountant, 'GET', '/Telematics/FleetLocations'), 'telematics.not_connected');
  });
});
