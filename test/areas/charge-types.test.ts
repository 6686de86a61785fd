// The company's charge types (/Accounting/chargeTypes): the system types every company gets, the
// field rules, soft delete and restore, per-stop types, access and tenancy.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { countRows, createCompany, createCustomer, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const URL = '/api/v1/Accounting/chargeTypes';
const get = (s: Session, url: string) => call(t, 'GET', `/api/v1${url}`, { token: s.token });
const post = (s: Session, body: unknown) => call(t, 'POST', URL, { token: s.token, body });
const put = (s: Session, id: number, body: unknown) => call(t, 'PUT', `${URL}/${id}`, { token: s.token, body });
const del = (s: Session, id: number) => call(t, 'DELETE', `${URL}/${id}`, { token: s.token });
const delMany = (s: Session, ids: unknown) => call(t, 'DELETE', URL, { token: s.token, body: ids });

async function create(s: Session, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await post(s, body);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}

const list = async (s: Session, query = '') => (await get(s, `/Accounting/chargeTypes${query}`)).body.data as any[];
const auditActions = async (companyId: number) =>
  (
    await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('company_id', '=', companyId)
      .where('action', 'like', 'charge_type.%')
      .orderBy('id')
      .execute()
  ).map((r) => r.action);

describe('system charge types', () => {
  it('every new company has Linehaul and Fuel surcharge; excludeSystemForInvoice leaves them out', async () => {
    const admin = await signIn(t);
    const all = await list(admin);
    assert.deepEqual(
      all.map((c) => [c.code, c.name, c.kind, c.isSystem, c.rate]),
      [
        ['FUEL', 'Fuel surcharge', 'PercentOfLinehaul', true, 0],
        ['LINEHAUL', 'Linehaul', 'Flat', true, 0],
      ],
    );
    await create(admin, { name: 'Liftgate' });
    assert.deepEqual(
      (await list(admin, '?excludeSystemForInvoice=true')).map((c) => c.code),
      ['LIFTGATE'],
    );
    assert.equal((await list(admin, '?excludeSystemForInvoice=false')).length, 3);
  });

  it('gives each new company the two system types, written by the charge-types area', async () => {
    const company = await createCompany(t);
    const rows = await t.database.db
      .selectFrom('charge_types')
      .select(['code', 'kind', 'is_system'])
      .where('company_id', '=', company.companyId)
      .orderBy('code')
      .execute();
    assert.deepEqual(rows, [
      { code: 'FUEL', kind: 'PercentOfLinehaul', is_system: true },
      { code: 'LINEHAUL', kind: 'Flat', is_system: true },
    ]);
  });

  it('a system type may change its rate and name, never its code or kind, and is never deleted', async () => {
    const admin = await signIn(t);
    const fuel = (await list(admin)).find((c) => c.code === 'FUEL');
    const res = await put(admin, fuel.id, { rate: 18.5, minimumCharge: 25, name: 'Fuel' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual([res.body.data.rate, res.body.data.minimumCharge, res.body.data.name, res.body.data.code], [18.5, 25, 'Fuel', 'FUEL']);
    expectFailure(await put(admin, fuel.id, { code: 'DIESEL' }), 'charge_types.system_type');
    expectFailure(await put(admin, fuel.id, { kind: 'Flat' }), 'charge_types.system_type');
    expectFailure(await del(admin, fuel.id), 'charge_types.system_type');
    expectFailure(await delMany(admin, [fuel.id]), 'charge_types.system_type');
    const after = (await get(admin, `/Accounting/chargeTypes/${fuel.id}`)).body.data;
    assert.deepEqual([after.rate, after.deletedAt, after.kind], [18.5, null, 'PercentOfLinehaul']);
  });
});

describe('POST /Accounting/chargeTypes', () => {
  it('needs only a name: kind Flat, rate 0, a code made from the name', async () => {
    const admin = await signIn(t);
    const made = await create(admin, { name: 'Residential delivery' });
    assert.deepEqual(
      { ...made, id: 0, createdAt: 0, updatedAt: 0 },
      {
        id: 0,
        name: 'Residential delivery',
        code: 'RESIDENTIAL_DELI',
        description: null,
        kind: 'Flat',
        unit: 'flat',
        rate: 0,
        currency: null,
        minimumCharge: null,
        weightUnit: null,
        freeUnits: null,
        appliesPerStop: false,
        isTaxable: false,
        isActive: true,
        isSystem: false,
        customerId: null,
        chargeTypeId: null,
        isRemoved: false,
        createdAt: 0,
        updatedAt: 0,
        deletedAt: null,
      },
    );
    // A second type of the same start gets a free code.
    const second = await create(admin, { name: 'Residential delivery 2' });
    assert.equal(second.code, 'RESIDENTIAL_DELI_2');
    assert.deepEqual(await auditActions(admin.companyId), ['charge_type.create', 'charge_type.create']);
  });

  it('takes every field; names and units read in any case; a known unit picks the kind', async () => {
    const admin = await signIn(t);
    const heavy = await create(admin, {
      NAME: 'Overweight',
      code: 'ovw-1',
      kind: 'perweight',
      weightUnit: 'kg',
      rate: 0.0125,
      currency: 'eur',
      minimumCharge: 40.5,
      freeUnits: 5000,
      isTaxable: true,
      description: '  Above 5 t  ',
      id: 999,
      isSystem: true,
    });
    assert.deepEqual(
      [
        heavy.code,
        heavy.kind,
        heavy.unit,
        heavy.weightUnit,
        heavy.rate,
        heavy.currency,
        heavy.minimumCharge,
        heavy.freeUnits,
        heavy.isTaxable,
        heavy.description,
        heavy.isSystem,
      ],
      ['OVW-1', 'PerWeight', 'kg', 'kg', 0.0125, 'EUR', 40.5, 5000, true, 'Above 5 t', false],
    );
    const detention = await create(admin, { name: 'Detention', rate: 65, unit: 'stop' });
    assert.deepEqual([detention.kind, detention.unit, detention.appliesPerStop], ['PerStop', 'stop', true]);
    const pallets = await create(admin, { name: 'Pallets', kind: 3, rate: 8, freeUnits: 2 });
    assert.deepEqual([pallets.kind, pallets.unit], ['PerPallet', 'pallet']);
    const pounds = await create(admin, { name: 'By weight', unit: 'lbs', rate: 0.01 });
    assert.deepEqual([pounds.kind, pounds.weightUnit, pounds.unit], ['PerWeight', 'lb', 'lbs']);
    const hourly = await create(admin, { name: 'Driver assist', unit: 'hour', rate: 40, appliesPerStop: true });
    assert.deepEqual([hourly.kind, hourly.unit, hourly.appliesPerStop], ['Flat', 'hour', true]);
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const admin = await signIn(t);
    await create(admin, { name: 'Liftgate', code: 'LG' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ rate: 5 }, 'name'],
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'X', kind: 'Hourly' }, 'kind'],
      [{ name: 'X', rate: -1 }, 'rate'],
      [{ name: 'X', rate: '5' }, 'rate'],
      [{ name: 'X', code: 'has space' }, 'code'],
      [{ name: 'X', code: 'A'.repeat(21) }, 'code'],
      [{ name: 'X', currency: 'XYZ' }, 'currency'],
      [{ name: 'X', currency: 'US' }, 'currency'],
      [{ name: 'X', weightUnit: 'lb' }, 'weightUnit'],
      [{ name: 'X', kind: 'PerWeight', weightUnit: 'ton' }, 'weightUnit'],
      [{ name: 'X', freeUnits: 2 }, 'freeUnits'],
      [{ name: 'X', kind: 'PercentOfLinehaul', freeUnits: 2 }, 'freeUnits'],
      [{ name: 'X', kind: 'PerStop', appliesPerStop: false }, 'appliesPerStop'],
      [{ name: 'X', kind: 'PercentOfLinehaul', rate: 1001 }, 'rate'],
      [{ name: 'X', minimumCharge: -5 }, 'minimumCharge'],
      [{ name: 'X', code: 'lg' }, 'code'],
      [{ name: 'LIFTGATE' }, 'name'],
    ];
    for (const [body, field] of cases) expectProblem(await post(admin, body), field);
    expectProblem(await call(t, 'POST', URL, { token: admin.token, payload: '{"name":', headers: { 'content-type': 'application/json' } }), '$');
    assert.equal(await countRows(t, 'charge_types', admin.companyId), 3);
    assert.deepEqual(await auditActions(admin.companyId), ['charge_type.create']);
  });

  it('needs "Charge types - create/edit/delete charge types"', async () => {
    const dispatcher = await signIn(t, 'Dispatcher');
    expectForbidden(await post(dispatcher, { name: 'Nope' }), 'Charge types - create/edit/delete charge types');
    const accountant = await signIn(t, 'Accountant', dispatcher.companyId);
    await create(accountant, { name: 'Allowed' });
    assert.equal(await countRows(t, 'charge_types', dispatcher.companyId), 3);
  });
});

describe('GET /Accounting/chargeTypes and /{id}', () => {
  it('lists live types by name with inactive ones; reads one by id', async () => {
    const admin = await signIn(t);
    const b = await create(admin, { name: 'beta', isActive: false });
    await create(admin, { name: 'Alpha' });
    assert.deepEqual(
      (await list(admin, '?excludeSystemForInvoice=true')).map((c) => [c.name, c.isActive]),
      [
        ['Alpha', true],
        ['beta', false],
      ],
    );
    const one = await get(admin, `/accounting/CHARGETYPES/${b.id}`);
    assert.equal(one.status, 200);
    assert.deepEqual(one.body.data, b);
    expectProblem(await get(admin, '/Accounting/chargeTypes/abc'), 'id');
    expectProblem(await get(admin, '/Accounting/chargeTypes?excludeSystemForInvoice=maybe'), 'excludeSystemForInvoice');
    expectNotFound(await get(admin, '/Accounting/chargeTypes/2147480000'));
  });

  it('needs "Charge types - view charge types"; every default role has it', async () => {
    const admin = await signIn(t);
    const made = await create(admin, { name: 'Liftgate' });
    for (const role of ['Viewer', 'Dispatcher', 'Accountant']) {
      const s = await signIn(t, role, admin.companyId);
      assert.equal((await get(s, '/Accounting/chargeTypes')).status, 200, role);
    }
    const nobody = await signIn(t, { permissions: ['Create customers'] }, admin.companyId);
    expectForbidden(await get(nobody, '/Accounting/chargeTypes'), 'Charge types - view charge types');
    expectForbidden(await get(nobody, `/Accounting/chargeTypes/${made.id}`), 'Charge types - view charge types');
    expectForbidden(await get(nobody, '/Accounting/chargeTypes/perStop'), 'Charge types - view charge types');
  });
});

describe('PUT /Accounting/chargeTypes/{id}', () => {
  it('changes what is sent and keeps the rest; null clears; the unit follows the kind unless it is a label of its own', async () => {
    const admin = await signIn(t);
    const made = await create(admin, { name: 'Pallet handling', kind: 'PerPallet', rate: 8, freeUnits: 2, minimumCharge: 20, currency: 'USD' });
    let res = await put(admin, made.id, { rate: 9.25 });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      [res.body.data.rate, res.body.data.freeUnits, res.body.data.minimumCharge, res.body.data.currency, res.body.data.name],
      [9.25, 2, 20, 'USD', 'Pallet handling'],
    );
    res = await put(admin, made.id, { minimumCharge: null, currency: '' });
    assert.deepEqual([res.body.data.minimumCharge, res.body.data.currency], [null, null]);
    res = await put(admin, made.id, { kind: 'PerItem' });
    assert.deepEqual([res.body.data.kind, res.body.data.unit, res.body.data.freeUnits], ['PerItem', 'item', 2]);
    res = await put(admin, made.id, { kind: 'Flat', unit: 'visit' });
    assert.deepEqual(
      [res.body.data.kind, res.body.data.unit, res.body.data.freeUnits],
      ['Flat', 'visit', null],
      'free units go with a kind that does not count units',
    );
    res = await put(admin, made.id, { kind: 'PerStop' });
    assert.deepEqual([res.body.data.unit, res.body.data.appliesPerStop], ['visit', true]);
    // A GET answer sent back as it is changes nothing.
    const before = (await get(admin, `/Accounting/chargeTypes/${made.id}`)).body.data;
    res = await put(admin, made.id, before);
    assert.deepEqual({ ...res.body.data, updatedAt: 0 }, { ...before, updatedAt: 0 });
    assert.deepEqual(await auditActions(admin.companyId), ['charge_type.create', ...Array(6).fill('charge_type.update')]);
  });

  it('refuses bad input and clashes, changing nothing', async () => {
    const admin = await signIn(t);
    await create(admin, { name: 'Liftgate', code: 'LG' });
    const made = await create(admin, { name: 'Inside delivery' });
    expectProblem(await put(admin, made.id, { code: 'LG' }), 'code');
    expectProblem(await put(admin, made.id, { name: 'liftgate' }), 'name');
    expectProblem(await put(admin, made.id, { name: ' ' }), 'name');
    expectProblem(await put(admin, made.id, { rate: -3 }), 'rate');
    expectProblem(await put(admin, made.id, { freeUnits: 1 }), 'freeUnits');
    expectProblem(await put(admin, made.id, { kind: 'nope' }), 'kind');
    assert.deepEqual((await get(admin, `/Accounting/chargeTypes/${made.id}`)).body.data, made);
  });

  it("needs the edit permission; another company's type is missing", async () => {
    const admin = await signIn(t);
    const made = await create(admin, { name: 'Liftgate', rate: 75 });
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    expectForbidden(await put(viewer, made.id, { rate: 1 }), 'Charge types - create/edit/delete charge types');
    const other = await signIn(t);
    expectNotFound(await put(other, made.id, { rate: 1 }));
    expectNotFound(await get(other, `/Accounting/chargeTypes/${made.id}`));
    expectNotFound(await del(other, made.id));
    expectNotFound(await delMany(other, [made.id]));
    const still = (await get(admin, `/Accounting/chargeTypes/${made.id}`)).body.data;
    assert.deepEqual([still.rate, still.deletedAt], [75, null]);
  });
});

describe('DELETE /Accounting/chargeTypes/{id} and with a body of ids', () => {
  it('keeps the deleted type, readable by id and listed on request; a PUT restores it', async () => {
    const admin = await signIn(t);
    const made = await create(admin, { name: 'Liftgate', code: 'LIFT', rate: 75 });
    const res = await del(admin, made.id);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.id, made.id);
    assert.ok(res.body.data.deletedAt);
    assert.ok(!(await list(admin)).some((c) => c.id === made.id));
    assert.ok((await list(admin, '?includeDeleted=true')).some((c) => c.id === made.id && c.deletedAt));
    assert.equal((await get(admin, `/Accounting/chargeTypes/${made.id}`)).body.data.deletedAt, res.body.data.deletedAt);
    // Deleting it again changes nothing.
    assert.equal((await del(admin, made.id)).body.data.deletedAt, res.body.data.deletedAt);
    // Its code and name are free again; restoring it then clashes.
    const again = await create(admin, { name: 'Liftgate', code: 'LIFT' });
    expectProblem(await put(admin, made.id, {}), 'code');
    await del(admin, again.id);
    const restored = await put(admin, made.id, {});
    assert.equal(restored.status, 200, JSON.stringify(restored.body));
    assert.deepEqual([restored.body.data.deletedAt, restored.body.data.rate], [null, 75]);
    assert.deepEqual(await auditActions(admin.companyId), [
      'charge_type.create',
      'charge_type.delete',
      'charge_type.create',
      'charge_type.delete',
      'charge_type.restore',
    ]);
  });

  it('deletes several, all or nothing, and answers the list afterwards', async () => {
    const admin = await signIn(t);
    const a = await create(admin, { name: 'A' });
    const b = await create(admin, { name: 'B' });
    const c = await create(admin, { name: 'C' });
    const fuel = (await list(admin)).find((x) => x.code === 'FUEL');
    expectNotFound(await delMany(admin, [a.id, 2147480000]));
    const two = await delMany(admin, [2147480001, a.id, 2147480000]);
    expectNotFound(two);
    assert.equal(two.body.errors[0].message, 'Charge types 2147480001, 2147480000 were not found.', "every missing id named, the company's own not");
    expectFailure(await delMany(admin, [a.id, fuel.id]), 'charge_types.system_type');
    expectProblem(await delMany(admin, []), '$');
    expectProblem(await delMany(admin, ['x']), '[0]');
    expectProblem(await delMany(admin, { ids: [a.id] }), '$');
    assert.equal((await list(admin)).length, 5, 'nothing deleted');
    const res = await delMany(admin, [a.id, b.id, a.id]);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      res.body.data.map((x: any) => x.code),
      ['C', 'FUEL', 'LINEHAUL'],
    );
    assert.equal(c.deletedAt, null);
    assert.deepEqual(await auditActions(admin.companyId), [...Array(3).fill('charge_type.create'), 'charge_type.delete', 'charge_type.delete']);
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    expectForbidden(await delMany(dispatcher, [c.id]), 'Charge types - create/edit/delete charge types');
    expectForbidden(await del(dispatcher, c.id), 'Charge types - create/edit/delete charge types');
    assert.equal((await list(admin)).length, 3);
  });

  it("says how many customers' lists keep a copy of a deleted type", async () => {
    const admin = await signIn(t);
    const made = await create(admin, { name: 'Liftgate' });
    const customer = await createCustomer(t, admin);
    await get(admin, `/Customers/${customer.id}/chargeTypes`);
    const res = await del(admin, made.id);
    assert.equal(res.body.success, true);
    assert.equal(res.body.otherMessages.length, 1);
    assert.match(res.body.otherMessages[0].message, /1 customer list/);
  });
});

describe('GET /Accounting/chargeTypes/perStop', () => {
  it('lists the active types chosen on stops: PerStop ones and those marked appliesPerStop', async () => {
    const admin = await signIn(t);
    await create(admin, { name: 'Liftgate', appliesPerStop: true });
    await create(admin, { name: 'Detention', kind: 'PerStop', rate: 60 });
    await create(admin, { name: 'Old stop charge', appliesPerStop: true, isActive: false });
    await create(admin, { name: 'Pallets', kind: 'PerPallet' });
    const res = await get(admin, '/Accounting/chargeTypes/perStop');
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.data.map((c: any) => c.name),
      ['Detention', 'Liftgate'],
    );
    expectProblem(await get(admin, '/Accounting/chargeTypes/perStop?customerId=x'), 'customerId');
  });

  it("with customerId: the customer's list when it has one; another company's customer is missing", async () => {
    const admin = await signIn(t);
    const lift = await create(admin, { name: 'Liftgate', appliesPerStop: true, rate: 75 });
    const customer = await createCustomer(t, admin);
    assert.deepEqual(
      (await get(admin, `/Accounting/chargeTypes/perStop?customerId=${customer.id}`)).body.data.map((c: any) => [c.id, c.rate]),
      [[lift.id, 75]],
    );
    const res = await call(t, 'PUT', `/api/v1/Customers/${customer.id}/chargeTypes/${lift.id}`, { token: admin.token, body: { rate: 60 } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const own = (await get(admin, `/Accounting/chargeTypes/perStop?customerId=${customer.id}`)).body.data;
    assert.deepEqual(
      own.map((c: any) => [c.id, c.chargeTypeId, c.customerId, c.rate]),
      [[res.body.data.id, lift.id, customer.id, 60]],
    );
    const other = await signIn(t);
    expectNotFound(await get(other, `/Accounting/chargeTypes/perStop?customerId=${customer.id}`));
    expectNotFound(await get(admin, '/Accounting/chargeTypes/perStop?customerId=2147480000'));
  });
});
