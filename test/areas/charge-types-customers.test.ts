// A customer's charge types (/Customers/{customerId}/chargeTypes): seeding on first read, PUT by
// row or company type, DELETE, and sync keeping the customer's rates; access and tenancy.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { countRows, createCustomer, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (s: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: s.token, ...(body !== undefined ? { body } : {}) });

async function companyType(s: Session, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await api(s, 'POST', '/Accounting/chargeTypes', body);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}

async function customerList(s: Session, customerId: number, query = ''): Promise<any[]> {
  const res = await api(s, 'GET', `/Customers/${customerId}/chargeTypes${query}`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}

async function putRow(s: Session, customerId: number, id: number, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await api(s, 'PUT', `/Customers/${customerId}/chargeTypes/${id}`, body);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}

async function sync(s: Session, customerId: number) {
  const res = await api(s, 'POST', `/Customers/${customerId}/chargeTypes/sync`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body as { data: any[]; otherMessages: Array<{ type: string; message: string }> };
}

const auditActions = async (companyId: number) =>
  (
    await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('company_id', '=', companyId)
      .where('action', 'like', 'customer_charge_type%')
      .orderBy('id')
      .execute()
  ).map((r) => r.action);

/** A company with Liftgate and Detention, a customer, and the admin. */
async function setUp() {
  const admin = await signIn(t);
  const lift = await companyType(admin, { name: 'Liftgate', code: 'LIFT', rate: 75, appliesPerStop: true });
  const detention = await companyType(admin, { name: 'Detention', kind: 'PerStop', rate: 60 });
  const customer = await createCustomer(t, admin);
  return { admin, lift, detention, customer };
}

describe('GET /Customers/{customerId}/chargeTypes', () => {
  it("copies the company's types to a customer without any, once, for a user who may edit customers", async () => {
    const { admin, lift, customer } = await setUp();
    const first = await customerList(admin, customer.id);
    assert.deepEqual(
      first.map((c) => [c.code, c.customerId, c.isSystem]),
      [
        ['DETENTION', customer.id, false],
        ['FUEL', customer.id, true],
        ['LIFT', customer.id, false],
        ['LINEHAUL', customer.id, true],
      ],
    );
    const copy = first.find((c) => c.code === 'LIFT');
    assert.deepEqual([copy.chargeTypeId, copy.rate, copy.appliesPerStop, copy.isRemoved, copy.deletedAt], [lift.id, 75, true, false, null]);
    assert.notEqual(copy.id, lift.id, 'the copy has an id of its own');
    assert.deepEqual(await customerList(admin, customer.id), first, 'read again, nothing is copied twice');
    assert.equal(await countRows(t, 'customer_charge_types', admin.companyId), 4);
    assert.deepEqual(await auditActions(admin.companyId), ['customer_charge_types.seed']);
  });

  it('only reads with seedIfEmpty=false, or for a user who may not edit customers', async () => {
    const { admin, customer } = await setUp();
    assert.deepEqual(await customerList(admin, customer.id, '?seedIfEmpty=false'), []);
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    assert.deepEqual(await customerList(viewer, customer.id), []);
    const accountant = await signIn(t, 'Accountant', admin.companyId);
    assert.deepEqual(await customerList(accountant, customer.id, '?seedIfEmpty=true'), []);
    assert.equal(await countRows(t, 'customer_charge_types', admin.companyId), 0);
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    assert.equal((await customerList(dispatcher, customer.id)).length, 4);
  });

  it('copies seeded by concurrent first reads are made once', async () => {
    const { admin, customer } = await setUp();
    const lists = await Promise.all([1, 2, 3].map(() => customerList(admin, customer.id)));
    for (const l of lists) assert.equal(l.length, 4);
    assert.equal(await countRows(t, 'customer_charge_types', admin.companyId), 4);
  });

  it("needs the view permission; bad ids are refused; another company's or a deleted customer is missing", async () => {
    const { admin, customer } = await setUp();
    const noView = await signIn(t, { permissions: ['Create customers'] }, admin.companyId);
    expectForbidden(await api(noView, 'GET', `/Customers/${customer.id}/chargeTypes`), 'Charge types - view charge types');
    expectProblem(await api(admin, 'GET', '/Customers/abc/chargeTypes'), 'customerId');
    expectProblem(await api(admin, 'GET', `/Customers/${customer.id}/chargeTypes?seedIfEmpty=perhaps`), 'seedIfEmpty');
    const other = await signIn(t);
    expectNotFound(await api(other, 'GET', `/Customers/${customer.id}/chargeTypes`));
    await api(admin, 'DELETE', `/Customers?ids=${customer.id}`);
    expectNotFound(await api(admin, 'GET', `/Customers/${customer.id}/chargeTypes`));
    assert.equal(await countRows(t, 'customer_charge_types', admin.companyId), 0);
    assert.equal(await countRows(t, 'customer_charge_types', other.companyId), 0);
  });
});

describe('PUT /Customers/{customerId}/chargeTypes/{chargeTypeId}', () => {
  it("sets the customer's rate by the row's id or by the company type's, keeping the rest", async () => {
    const { admin, lift, customer } = await setUp();
    // The first change copies the company's list first, so the customer keeps every type.
    const byType = await putRow(admin, customer.id, lift.id, { rate: 60 });
    assert.deepEqual([byType.chargeTypeId, byType.rate, byType.name, byType.appliesPerStop], [lift.id, 60, 'Liftgate', true]);
    assert.equal((await customerList(admin, customer.id, '?seedIfEmpty=false')).length, 4);
    const byRow = await putRow(admin, customer.id, byType.id, { minimumCharge: 50, currency: 'usd' });
    assert.deepEqual([byRow.id, byRow.rate, byRow.minimumCharge, byRow.currency], [byType.id, 60, 50, 'USD']);
    assert.equal((await api(admin, 'GET', `/Accounting/chargeTypes/${lift.id}`)).body.data.rate, 75, "the company's rate is untouched");
    assert.deepEqual(await auditActions(admin.companyId), ['customer_charge_types.seed', 'customer_charge_type.update', 'customer_charge_type.update']);
  });

  it("adds a company type the list lacks, and (id 0) a type of the customer's own", async () => {
    const { admin, customer } = await setUp();
    await customerList(admin, customer.id);
    const later = await companyType(admin, { name: 'Inside delivery', rate: 95 });
    const added = await putRow(admin, customer.id, later.id, { rate: 80 });
    assert.deepEqual([added.chargeTypeId, added.code, added.rate], [later.id, 'INSIDE_DELIVERY', 80]);
    const own = await putRow(admin, customer.id, 0, { name: 'Weekend delivery', rate: 150, appliesPerStop: true });
    assert.deepEqual([own.chargeTypeId, own.code, own.kind, own.rate, own.customerId], [null, 'WEEKEND_DELIVERY', 'Flat', 150, customer.id]);
    assert.equal((await customerList(admin, customer.id)).length, 6);
    assert.deepEqual(
      (await api(admin, 'GET', `/Accounting/chargeTypes/perStop?customerId=${customer.id}`)).body.data.map((c: any) => c.code),
      ['DETENTION', 'LIFT', 'WEEKEND_DELIVERY'],
    );
    const audited = await auditActions(admin.companyId);
    assert.deepEqual(audited.slice(-2), ['customer_charge_type.create', 'customer_charge_type.create']);
  });

  it('refuses bad input, clashes and unknown ids, writing nothing', async () => {
    const { admin, lift, customer } = await setUp();
    await customerList(admin, customer.id);
    const rowsBefore = await customerList(admin, customer.id);
    const url = `/Customers/${customer.id}/chargeTypes`;
    expectProblem(await api(admin, 'PUT', `${url}/${lift.id}`, { rate: -1 }), 'rate');
    expectProblem(await api(admin, 'PUT', `${url}/${lift.id}`, { kind: 'Weekly' }), 'kind');
    expectProblem(await api(admin, 'PUT', `${url}/${lift.id}`, { freeUnits: 3 }), 'freeUnits');
    expectProblem(await api(admin, 'PUT', `${url}/${lift.id}`, { code: 'DETENTION' }), 'code');
    expectProblem(await api(admin, 'PUT', `${url}/0`, { rate: 5 }), 'name');
    expectProblem(await api(admin, 'PUT', `${url}/0`, { name: 'Mine', code: 'LIFT' }), 'code');
    expectProblem(await api(admin, 'PUT', `${url}/-4`, { rate: 5 }), 'chargeTypeId');
    expectProblem(await api(admin, 'PUT', `${url}/x`, { rate: 5 }), 'chargeTypeId');
    const fuel = rowsBefore.find((c) => c.code === 'FUEL');
    expectFailure(await api(admin, 'PUT', `${url}/${fuel.id}`, { kind: 'Flat' }), 'charge_types.system_type');
    expectNotFound(await api(admin, 'PUT', `${url}/2147480000`, { rate: 5 }));
    const gone = await companyType(admin, { name: 'Gone' });
    await api(admin, 'DELETE', `/Accounting/chargeTypes/${gone.id}`);
    expectNotFound(await api(admin, 'PUT', `${url}/${gone.id}`, { rate: 5 }));
    assert.deepEqual(await customerList(admin, customer.id), rowsBefore);
    assert.deepEqual(await auditActions(admin.companyId), ['customer_charge_types.seed']);
  });

  it('needs "Create customers"; another company\'s customer or type is missing', async () => {
    const { admin, lift, customer } = await setUp();
    const accountant = await signIn(t, 'Accountant', admin.companyId);
    expectForbidden(await api(accountant, 'PUT', `/Customers/${customer.id}/chargeTypes/${lift.id}`, { rate: 1 }), 'Create customers');
    const other = await setUp();
    expectNotFound(await api(other.admin, 'PUT', `/Customers/${customer.id}/chargeTypes/${lift.id}`, { rate: 1 }));
    expectNotFound(await api(other.admin, 'PUT', `/Customers/${other.customer.id}/chargeTypes/${lift.id}`, { rate: 1 }));
    expectNotFound(await api(other.admin, 'PUT', `/Customers/${customer.id}/chargeTypes/0`, { name: 'Spy' }));
    assert.equal(await countRows(t, 'customer_charge_types', admin.companyId), 0);
  });
});

describe('DELETE /Customers/{customerId}/chargeTypes', () => {
  it('removes rows for good, all or nothing, and answers the list afterwards', async () => {
    const { admin, lift, detention, customer } = await setUp();
    const rows = await customerList(admin, customer.id);
    const fuel = rows.find((c) => c.code === 'FUEL');
    const url = `/Customers/${customer.id}/chargeTypes`;
    expectNotFound(await api(admin, 'DELETE', url, [lift.id, 2147480000]));
    // Every id not in the list is named, before any other refusal.
    const two = await api(admin, 'DELETE', url, [fuel.id, 2147480001, lift.id, 2147480000]);
    expectNotFound(two);
    assert.equal(two.body.errors[0].message, 'Charge types 2147480001, 2147480000 were not found.');
    expectFailure(await api(admin, 'DELETE', url, [lift.id, fuel.id]), 'charge_types.system_type');
    expectProblem(await api(admin, 'DELETE', url, []), '$');
    expectProblem(await api(admin, 'DELETE', url, ['LIFT']), '[0]');
    assert.equal(await countRows(t, 'customer_charge_types', admin.companyId), 4);
    const detentionRow = rows.find((c) => c.chargeTypeId === detention.id);
    const res = await api(admin, 'DELETE', url, [lift.id, detentionRow.id]);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      res.body.data.map((c: any) => c.code),
      ['FUEL', 'LINEHAUL'],
    );
    assert.equal(await countRows(t, 'customer_charge_types', admin.companyId), 2);
    assert.deepEqual(await auditActions(admin.companyId), ['customer_charge_types.seed', 'customer_charge_type.delete', 'customer_charge_type.delete']);
    // Sync brings the company's types back.
    assert.equal((await sync(admin, customer.id)).data.length, 4);
  });

  it('needs "Create customers"; another company\'s customer is missing', async () => {
    const { admin, lift, customer } = await setUp();
    await customerList(admin, customer.id);
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    expectForbidden(await api(viewer, 'DELETE', `/Customers/${customer.id}/chargeTypes`, [lift.id]), 'Create customers');
    const other = await signIn(t);
    expectNotFound(await api(other, 'DELETE', `/Customers/${customer.id}/chargeTypes`, [lift.id]));
    assert.equal(await countRows(t, 'customer_charge_types', admin.companyId), 4);
  });

  it("an id not in the customer's list is missing: a company type the list lacks, another company's type", async () => {
    const { admin, lift, customer } = await setUp();
    await customerList(admin, customer.id);
    const url = `/Customers/${customer.id}/chargeTypes`;
    const lacking = await companyType(admin, { name: 'Added later', rate: 5 });
    const theirs = await companyType(await signIn(t), { name: 'Theirs', rate: 5 });
    const res = await api(admin, 'DELETE', url, [lift.id, lacking.id, theirs.id]);
    expectNotFound(res);
    assert.equal(res.body.errors[0].message, `Charge types ${lacking.id}, ${theirs.id} were not found.`);
    assert.equal(await countRows(t, 'customer_charge_types', admin.companyId), 4);
  });
});

describe('POST /Customers/{customerId}/chargeTypes/sync', () => {
  it("adds new company types, follows renames and kind changes, and keeps the customer's rates", async () => {
    const { admin, lift, detention, customer } = await setUp();
    await customerList(admin, customer.id);
    await putRow(admin, customer.id, lift.id, { rate: 60, isActive: false, minimumCharge: 55 });
    await putRow(admin, customer.id, detention.id, { rate: 45, freeUnits: 1 });
    const own = await putRow(admin, customer.id, 0, { name: 'Weekend delivery', code: 'WEEKEND', rate: 150, currency: 'USD', appliesPerStop: true });
    await api(admin, 'PUT', `/Accounting/chargeTypes/${lift.id}`, { name: 'Lift gate', code: 'LIFTGATE', rate: 80, description: 'No dock' });
    await api(admin, 'PUT', `/Accounting/chargeTypes/${detention.id}`, { kind: 'Flat', appliesPerStop: true });
    const added = await companyType(admin, { name: 'Pallet jack', rate: 30 });
    const res = await sync(admin, customer.id);
    const byLink = new Map(res.data.map((c) => [c.chargeTypeId, c]));
    const l = byLink.get(lift.id);
    assert.deepEqual([l.name, l.code, l.description, l.rate, l.isActive, l.minimumCharge], ['Lift gate', 'LIFTGATE', 'No dock', 60, false, 55]);
    const d = byLink.get(detention.id);
    assert.deepEqual([d.kind, d.unit, d.rate, d.freeUnits, d.appliesPerStop], ['Flat', 'flat', 45, null, true]);
    assert.deepEqual([byLink.get(added.id)?.rate, res.data.length], [30, 6]);
    // A type of the customer's own is left as it was.
    assert.deepEqual({ ...res.data.find((c) => c.id === own.id), updatedAt: 0 }, { ...own, updatedAt: 0 });
    assert.equal(res.otherMessages.length, 1);
    assert.match(res.otherMessages[0]!.message, /kind changed from PerStop to Flat; the customer's rate 45 was kept/);
    // Nothing left to do: a second sync changes nothing.
    const again = await sync(admin, customer.id);
    assert.deepEqual(
      again.data.map((c) => ({ ...c, updatedAt: 0 })),
      res.data.map((c) => ({ ...c, updatedAt: 0 })),
    );
    assert.deepEqual(again.otherMessages, []);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('after')
      .where('company_id', '=', admin.companyId)
      .where('action', '=', 'customer_charge_types.sync')
      .orderBy('id')
      .execute();
    assert.deepEqual(audit[0]!.after, { added: ['PALLET_JACK'], updated: ['DETENTION', 'LIFTGATE'], adopted: [], removed: [], restored: [] });
  });

  it('marks copies of deleted company types removed — kept with their rates, not charged — and restores them', async () => {
    const { admin, lift, customer } = await setUp();
    await customerList(admin, customer.id);
    const copy = await putRow(admin, customer.id, lift.id, { rate: 60 });
    await api(admin, 'DELETE', `/Accounting/chargeTypes/${lift.id}`);
    // Until the sync, the customer's list is as it was.
    assert.equal((await customerList(admin, customer.id)).find((c) => c.id === copy.id).isRemoved, false);
    const res = await sync(admin, customer.id);
    const marked = res.data.find((c) => c.id === copy.id);
    assert.deepEqual([marked.isRemoved, marked.rate, marked.chargeTypeId], [true, 60, lift.id]);
    assert.match(res.otherMessages[0]!.message, /"Liftgate" was deleted from the company's charge types/);
    assert.deepEqual(
      (await api(admin, 'GET', `/Accounting/chargeTypes/perStop?customerId=${customer.id}`)).body.data.map((c: any) => c.code),
      ['DETENTION'],
    );
    // The company type restored, the next sync clears the mark.
    await api(admin, 'PUT', `/Accounting/chargeTypes/${lift.id}`, {});
    const back = (await sync(admin, customer.id)).data.find((c) => c.id === copy.id);
    assert.deepEqual([back.isRemoved, back.rate], [false, 60]);
  });

  it('a company type made again with the same code takes over the removed copy, rates and all', async () => {
    const { admin, lift, customer } = await setUp();
    await customerList(admin, customer.id);
    const copy = await putRow(admin, customer.id, lift.id, { rate: 60 });
    await api(admin, 'DELETE', `/Accounting/chargeTypes/${lift.id}`);
    await sync(admin, customer.id);
    const remade = await companyType(admin, { name: 'Liftgate service', code: 'LIFT', rate: 90, appliesPerStop: true });
    const res = await sync(admin, customer.id);
    const row = res.data.find((c) => c.id === copy.id);
    assert.deepEqual([row.chargeTypeId, row.isRemoved, row.rate, row.name], [remade.id, false, 60, 'Liftgate service']);
    assert.equal(res.data.length, 4);
  });

  it("a type of the customer's own with a new company type's code becomes its copy", async () => {
    const { admin, customer } = await setUp();
    await customerList(admin, customer.id);
    const own = await putRow(admin, customer.id, 0, { name: 'Tailgate', code: 'TAIL', rate: 20 });
    const company = await companyType(admin, { name: 'Tail lift', code: 'TAIL', rate: 50 });
    const row = (await sync(admin, customer.id)).data.find((c) => c.id === own.id);
    assert.deepEqual([row.chargeTypeId, row.name, row.rate], [company.id, 'Tail lift', 20]);
  });

  it("a PUT on a removed copy keeps it as the customer's own type", async () => {
    const { admin, lift, customer } = await setUp();
    await customerList(admin, customer.id);
    await api(admin, 'DELETE', `/Accounting/chargeTypes/${lift.id}`);
    const removed = (await sync(admin, customer.id)).data.find((c) => c.chargeTypeId === lift.id);
    const kept = await putRow(admin, customer.id, removed.id, { rate: 70 });
    assert.deepEqual([kept.chargeTypeId, kept.isRemoved, kept.rate, kept.code], [null, false, 70, 'LIFT']);
    assert.deepEqual((await sync(admin, customer.id)).otherMessages, []);
  });

  it("refuses a code clash with a type of the customer's own, changing nothing", async () => {
    const { admin, lift, customer } = await setUp();
    const before = await customerList(admin, customer.id);
    await putRow(admin, customer.id, 0, { name: 'Mine', code: 'MINE' });
    await api(admin, 'PUT', `/Accounting/chargeTypes/${lift.id}`, { code: 'MINE' });
    expectFailure(await api(admin, 'POST', `/Customers/${customer.id}/chargeTypes/sync`), 'customer_charge_types.code_conflict');
    const after = await customerList(admin, customer.id);
    assert.equal(after.find((c) => c.chargeTypeId === lift.id).code, 'LIFT');
    assert.equal(after.length, before.length + 1);
  });

  it('codes may move between copies in one sync', async () => {
    const { admin, lift, detention, customer } = await setUp();
    await customerList(admin, customer.id);
    await api(admin, 'PUT', `/Accounting/chargeTypes/${lift.id}`, { code: 'TMP' });
    await api(admin, 'PUT', `/Accounting/chargeTypes/${detention.id}`, { code: 'LIFT' });
    await api(admin, 'PUT', `/Accounting/chargeTypes/${lift.id}`, { code: 'DETENTION' });
    const res = await sync(admin, customer.id);
    const byLink = new Map(res.data.map((c) => [c.chargeTypeId, c.code]));
    assert.deepEqual([byLink.get(lift.id), byLink.get(detention.id)], ['DETENTION', 'LIFT']);
  });

  it('needs "Create customers"; another company\'s customer is missing', async () => {
    const { admin, customer } = await setUp();
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    expectForbidden(await api(viewer, 'POST', `/Customers/${customer.id}/chargeTypes/sync`), 'Create customers');
    const other = await signIn(t);
    expectNotFound(await api(other, 'POST', `/Customers/${customer.id}/chargeTypes/sync`));
    expectNotFound(await api(admin, 'POST', '/Customers/2147480000/chargeTypes/sync'));
    expectProblem(await api(admin, 'POST', '/Customers/abc/chargeTypes/sync'), 'customerId');
    assert.equal(await countRows(t, 'customer_charge_types', admin.companyId), 0);
  });
});
