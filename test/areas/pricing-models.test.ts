// Pricing models: the company default (made on first read), customer models derived from it,
// mileage bands that never overlap, country-pair rates, revert and delete.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { auditCount, countRows, createCustomer, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (s: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  call(t, method, `/api/v1/PricingModel${path}`, { token: s.token, body });
const VIEWER = { permissions: ['Zones - view Zones' as const] };

async function defaultModel(s: Session) {
  const res = await api(s, 'GET', '');
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}

describe('GET /PricingModel', () => {
  it('answers the company default, made once with neutral values', async () => {
    const s = await signIn(t, 'Dispatcher');
    const first = await defaultModel(s);
    assert.equal(first.isDefault, true);
    assert.equal(first.customerId, null);
    assert.equal(first.currency, 'USD');
    assert.equal(first.distanceUnit, 'mi');
    assert.deepEqual(first.mileageCharges, []);
    assert.equal((await defaultModel(s)).id, first.id);
    assert.equal(await countRows(t, 'pricing_models', s.companyId), 1);
  });

  it("answers a customer's own model when it has one, else the default; another company's customer is missing", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const c = await createCustomer(t, a);
    const base = await defaultModel(a);
    assert.equal((await api(a, 'GET', `?customerId=${c.id}`)).body.data.id, base.id);
    await api(a, 'PUT', `/intl-rate?customerId=${c.id}`, { fromCountry: 'us', toCountry: 'mx', flatAmount: 900 });
    const own = (await api(a, 'GET', `?customerId=${c.id}`)).body.data;
    assert.equal(own.customerId, c.id);
    assert.equal(own.isDefault, false);
    expectNotFound(await api(b, 'GET', `?customerId=${c.id}`));
  });
});

describe('POST /PricingModel', () => {
  it('updates the default: fields, bands sorted by start, country-pair rates', async () => {
    const s = await signIn(t);
    const res = await api(s, 'POST', '', {
      name: 'Road rates 2027',
      currency: 'cad',
      distanceUnit: 'km',
      baseCharge: 75,
      mileageMode: 'whole',
      minimumLinehaul: 150,
      mileageCharges: [
        { fromDistance: 100, toDistance: null, ratePerUnit: 1.8 },
        { fromDistance: 0, toDistance: 100, ratePerUnit: 2.5, minimumCharge: 90 },
      ],
      intlRates: [{ fromCountry: 'CA', toCountry: 'US', ratePerUnit: 2.1, minimumCharge: 300 }],
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const m = res.body.data;
    assert.equal(m.name, 'Road rates 2027');
    assert.equal(m.currency, 'CAD');
    assert.equal(m.distanceUnit, 'km');
    assert.equal(m.mileageMode, 'whole');
    assert.equal(m.minimumLinehaul, 150);
    assert.deepEqual(
      m.mileageCharges.map((b: any) => [b.fromDistance, b.toDistance, b.ratePerUnit, b.minimumCharge]),
      [
        [0, 100, 2.5, 90],
        [100, null, 1.8, null],
      ],
    );
    assert.deepEqual(
      m.intlRates.map((r: any) => [r.fromCountry, r.toCountry, r.ratePerUnit, r.flatAmount]),
      [['CA', 'US', 2.1, null]],
    );
    // Fields left out keep their value.
    const again = (await api(s, 'POST', '', { baseCharge: 80 })).body.data;
    assert.equal(again.currency, 'CAD');
    assert.equal(again.mileageCharges.length, 2);
    assert.equal(again.baseCharge, 80);
  });

  it("derives a customer's model from the default on its first change, leaving the default alone", async () => {
    const s = await signIn(t);
    const c = await createCustomer(t, s, { name: 'Gulf Coast Produce' });
    await api(s, 'POST', '', { baseCharge: 50, mileageCharges: [{ fromDistance: 0, ratePerUnit: 2 }] });
    const own = (await api(s, 'POST', '', { customerId: c.id, baseCharge: 40 })).body.data;
    assert.equal(own.customerId, c.id);
    assert.equal(own.name, 'Pricing for Gulf Coast Produce');
    assert.equal(own.baseCharge, 40);
    assert.equal(own.mileageCharges[0].ratePerUnit, 2, 'bands copied from the default');
    assert.equal((await defaultModel(s)).baseCharge, 50);
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const s = await signIn(t);
    const before = await defaultModel(s);
    expectProblem(
      await api(s, 'POST', '', {
        mileageCharges: [
          { fromDistance: 0, toDistance: 200, ratePerUnit: 2 },
          { fromDistance: 150, ratePerUnit: 1 },
        ],
      }),
      'mileageCharges',
    );
    expectProblem(await api(s, 'POST', '', { mileageCharges: [{ fromDistance: 50, toDistance: 20, ratePerUnit: 2 }] }), 'mileageCharges');
    expectProblem(await api(s, 'POST', '', { mileageCharges: [{ fromDistance: 10, ratePerUnit: 2 }] }), 'mileageCharges');
    expectProblem(
      await api(s, 'POST', '', {
        mileageCharges: [
          { fromDistance: 0, toDistance: 100, ratePerUnit: 2 },
          { fromDistance: 120, ratePerUnit: 1 },
        ],
      }),
      'mileageCharges',
    );
    expectProblem(await api(s, 'POST', '', { currency: 'DOLLARS' }), 'currency');
    expectProblem(await api(s, 'POST', '', { baseCharge: -1 }), 'baseCharge');
    expectProblem(await api(s, 'POST', '', { distanceUnit: 'furlongs' }), 'distanceUnit');
    expectProblem(await api(s, 'POST', '', { intlRates: [{ fromCountry: 'US', toCountry: 'US', flatAmount: 1 }] }), 'intlRates');
    expectProblem(await api(s, 'POST', '', { intlRates: [{ fromCountry: 'US', toCountry: 'MX' }] }), 'intlRates');
    expectProblem(
      await api(s, 'POST', '', {
        intlRates: [
          { fromCountry: 'US', toCountry: 'MX', flatAmount: 1 },
          { fromCountry: 'us', toCountry: 'mx', flatAmount: 2 },
        ],
      }),
      'intlRates',
    );
    expectProblem(await api(s, 'POST', '', { id: before.id + 1000, baseCharge: 1 }), 'id');
    assert.deepEqual(await defaultModel(s), before);
    assert.equal(await countRows(t, 'pricing_mileage_charges', s.companyId), 0);
  });

  it("refuses bad input for a customer's model without deriving one; distances are checked as they are kept (to the cent)", async () => {
    const s = await signIn(t);
    const c = await createCustomer(t, s);
    const base = await defaultModel(s);
    expectProblem(await api(s, 'POST', '', { customerId: c.id, id: base.id, baseCharge: 1 }), 'id');
    expectProblem(
      await api(s, 'POST', '', {
        customerId: c.id,
        mileageCharges: [
          { fromDistance: 0, toDistance: 0.001, ratePerUnit: 2 },
          { fromDistance: 0.001, ratePerUnit: 1 },
        ],
      }),
      'mileageCharges',
    );
    expectNotFound(await api(s, 'PUT', `/intl-rate?customerId=${c.id}`, { id: 2147480000, fromCountry: 'US', toCountry: 'CA', flatAmount: 1 }));
    expectProblem(
      await api(s, 'POST', `/add-mileage-charge?pricingModelId=${base.id}`, { fromDistance: 0, toDistance: 0.004, ratePerUnit: 1 }),
      'fromDistance',
    );
    assert.equal(await countRows(t, 'pricing_models', s.companyId), 1, 'no customer model derived');
    assert.equal(await countRows(t, 'pricing_mileage_charges', s.companyId), 0);
    assert.equal((await api(s, 'GET', `?customerId=${c.id}`)).body.data.id, base.id);
    const kept = (
      await api(s, 'POST', '', {
        mileageCharges: [
          { fromDistance: 0, toDistance: 99.995, ratePerUnit: 2 },
          { fromDistance: 100, ratePerUnit: 1 },
        ],
      })
    ).body.data;
    assert.deepEqual(
      kept.mileageCharges.map((b: any) => [b.fromDistance, b.toDistance]),
      [
        [0, 100],
        [100, null],
      ],
    );
    const removed = (await api(s, 'POST', `/remove-mileage-charge?pricingModelId=${base.id}`, { fromDistance: 100.001 })).body.data;
    assert.deepEqual(
      removed.mileageCharges.map((b: any) => b.fromDistance),
      [0],
    );
  });

  it("treats another company's customer or model as missing, changing nothing", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const theirCustomer = await createCustomer(t, b);
    const theirs = await defaultModel(b);
    const mine = await defaultModel(a);
    expectNotFound(await api(a, 'POST', '', { customerId: theirCustomer.id, baseCharge: 1 }));
    // Their model's id is refused as an id that exists nowhere is.
    const foreign = await api(a, 'POST', '', { id: theirs.id, baseCharge: 1 });
    const nowhere = await api(a, 'POST', '', { id: 2147480000, baseCharge: 1 });
    expectProblem(foreign, 'id');
    expectProblem(nowhere, 'id');
    assert.deepEqual([foreign.status, Object.keys(foreign.body.errors)], [nowhere.status, Object.keys(nowhere.body.errors)]);
    // For a customer without a model of its own too, word for word (no model is derived first).
    const mine2 = await createCustomer(t, a);
    const asForeign = await api(a, 'POST', '', { customerId: mine2.id, id: theirs.id, baseCharge: 1 });
    const asNowhere = await api(a, 'POST', '', { customerId: mine2.id, id: 2147480000, baseCharge: 1 });
    expectProblem(asForeign, 'id');
    assert.deepEqual(asForeign.body.errors.id[0].replace(String(theirs.id), '<id>'), asNowhere.body.errors.id[0].replace('2147480000', '<id>'));
    assert.deepEqual(await defaultModel(a), mine);
    assert.deepEqual(await defaultModel(b), theirs);
    assert.equal(await countRows(t, 'pricing_models', a.companyId), 1);
    assert.equal(await countRows(t, 'pricing_models', b.companyId), 1);
  });

  it('concurrent first reads make one default; concurrent first changes derive one customer model', async () => {
    const s = await signIn(t);
    const reads = await Promise.all([1, 2, 3, 4].map(() => api(s, 'GET', '')));
    assert.deepEqual(
      reads.map((r) => r.status),
      [200, 200, 200, 200],
      JSON.stringify(reads.map((r) => r.body.errors)),
    );
    assert.equal(new Set(reads.map((r) => r.body.data.id)).size, 1);
    await api(s, 'POST', '', { mileageCharges: [{ fromDistance: 0, ratePerUnit: 2 }] });
    const c = await createCustomer(t, s);
    const changes = await Promise.all([10, 20, 30].map((baseCharge) => api(s, 'POST', '', { customerId: c.id, baseCharge })));
    assert.deepEqual(
      changes.map((r) => r.status),
      [200, 200, 200],
      JSON.stringify(changes.map((r) => r.body.errors)),
    );
    assert.equal(new Set(changes.map((r) => r.body.data.id)).size, 1);
    assert.equal(await countRows(t, 'pricing_models', s.companyId), 2);
    assert.equal(await countRows(t, 'pricing_mileage_charges', s.companyId), 2, "the default's band copied once");
    const fresh = await signIn(t);
    const puts = await Promise.all(['CA', 'MX'].map((toCountry) => api(fresh, 'PUT', '/intl-rate', { fromCountry: 'US', toCountry, flatAmount: 500 })));
    assert.deepEqual(
      puts.map((r) => r.status),
      [200, 200],
      JSON.stringify(puts.map((r) => r.body.errors)),
    );
    assert.equal((await defaultModel(fresh)).intlRates.length, 2);
  });

  it('needs the pricing permission to change a model; reading needs none', async () => {
    const viewer = await signIn(t, VIEWER);
    assert.equal((await api(viewer, 'GET', '')).status, 200);
    expectForbidden(await api(viewer, 'POST', '', { baseCharge: 1 }), 'Zones - create/edit/delete Zones');
    expectForbidden(await api(viewer, 'POST', '/add-mileage-charge?pricingModelId=1', { fromDistance: 0, ratePerUnit: 1 }), 'Zones - create/edit/delete Zones');
    expectForbidden(await api(viewer, 'POST', '/remove-mileage-charge?pricingModelId=1', { id: 1 }), 'Zones - create/edit/delete Zones');
    expectForbidden(await api(viewer, 'PUT', '/intl-rate', { fromCountry: 'US', toCountry: 'CA', flatAmount: 1 }), 'Zones - create/edit/delete Zones');
    expectForbidden(await api(viewer, 'DELETE', '/intl-rate/1'), 'Zones - create/edit/delete Zones');
    expectForbidden(await api(viewer, 'DELETE', '/customer-pricing-model?customerId=1'), 'Zones - create/edit/delete Zones');
    expectForbidden(await api(viewer, 'PUT', '/revert-to-default?customerId=1'), 'Zones - create/edit/delete Zones');
  });
});

describe('mileage bands', () => {
  it('adds bands from 0, each where the last ends; an open last band is split by a later start', async () => {
    const s = await signIn(t);
    const m = await defaultModel(s);
    const add = (band: Record<string, unknown>) => api(s, 'POST', `/add-mileage-charge?pricingModelId=${m.id}`, band);
    expectProblem(await add({ fromDistance: 100, toDistance: 500, ratePerUnit: 1.9 }), 'fromDistance');
    assert.equal((await add({ fromDistance: 0, toDistance: 100, ratePerUnit: 2.4, minimumCharge: 85 })).status, 200);
    assert.equal((await add({ fromDistance: 100, ratePerUnit: 1.9 })).status, 200);
    const three = (await add({ fromDistance: 500, ratePerUnit: 1.7 })).body.data;
    assert.deepEqual(
      three.mileageCharges.map((b: any) => [b.fromDistance, b.toDistance]),
      [
        [0, 100],
        [100, 500],
        [500, null],
      ],
    );
    expectProblem(await add({ fromDistance: 400, ratePerUnit: 1 }), 'fromDistance');
    expectProblem(await add({ fromDistance: -5, ratePerUnit: 1 }), 'fromDistance');
    expectProblem(await add({ fromDistance: 600 }), 'ratePerUnit');
    assert.equal(await countRows(t, 'pricing_mileage_charges', s.companyId), 3);
    // Only the last band can go: a middle one would leave distances unpriced.
    expectProblem(await api(s, 'POST', `/remove-mileage-charge?pricingModelId=${m.id}`, { id: three.mileageCharges[1].id }), 'id');
    assert.deepEqual((await defaultModel(s)).mileageCharges, three.mileageCharges, 'nothing removed');
    const byId = (await api(s, 'POST', `/remove-mileage-charge?pricingModelId=${m.id}`, { id: three.mileageCharges[2].id })).body.data;
    assert.deepEqual(
      byId.mileageCharges.map((b: any) => b.fromDistance),
      [0, 100],
    );
    const byStart = await api(s, 'POST', `/remove-mileage-charge?pricingModelId=${m.id}`, { fromDistance: 100, toDistance: 500 });
    assert.deepEqual(
      byStart.body.data.mileageCharges.map((b: any) => b.fromDistance),
      [0],
    );
    expectNotFound(await api(s, 'POST', `/remove-mileage-charge?pricingModelId=${m.id}`, { id: 999999 }));
    expectProblem(await api(s, 'POST', `/remove-mileage-charge?pricingModelId=${m.id}`, {}), 'id');
  });

  it("treats another company's model as missing", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const theirs = await defaultModel(b);
    expectNotFound(await api(a, 'POST', `/add-mileage-charge?pricingModelId=${theirs.id}`, { fromDistance: 0, ratePerUnit: 1 }));
    expectNotFound(await api(a, 'POST', `/remove-mileage-charge?pricingModelId=${theirs.id}`, { fromDistance: 0 }));
    assert.equal(await countRows(t, 'pricing_mileage_charges', b.companyId), 0);
  });
});

describe('country-pair rates', () => {
  it('adds, replaces by pair, changes by id and removes rates', async () => {
    const s = await signIn(t);
    const put = (body: Record<string, unknown>, q = '') => api(s, 'PUT', `/intl-rate${q}`, body);
    const one = (await put({ fromCountry: 'US', toCountry: 'MX', flatAmount: 1200 })).body.data;
    assert.equal(one.intlRates.length, 1);
    const replaced = (await put({ fromCountry: 'us', toCountry: 'mx', ratePerUnit: 3.1 })).body.data;
    assert.equal(replaced.intlRates.length, 1);
    assert.equal(replaced.intlRates[0].ratePerUnit, 3.1);
    assert.equal(replaced.intlRates[0].flatAmount, null);
    const id = replaced.intlRates[0].id;
    const changed = (await put({ id, fromCountry: 'US', toCountry: 'CA', flatAmount: 800 })).body.data;
    assert.deepEqual(
      changed.intlRates.map((r: any) => [r.id, r.toCountry]),
      [[id, 'CA']],
    );
    expectNotFound(await put({ id: 999999, fromCountry: 'US', toCountry: 'GT', flatAmount: 1 }));
    expectProblem(await put({ fromCountry: 'USA', toCountry: 'CA', flatAmount: 1 }), 'fromCountry');
    expectProblem(await put({ fromCountry: 'CA', toCountry: 'CA', flatAmount: 1 }), 'fromCountry');
    expectProblem(await put({ id, fromCountry: 'US', toCountry: 'CA', flatAmount: -1 }), 'flatAmount');
    expectProblem(await put({ id, fromCountry: 'US', toCountry: 'CA' }), 'fromCountry');
    assert.deepEqual((await defaultModel(s)).intlRates, changed.intlRates, 'nothing changed');
    const removed = (await api(s, 'DELETE', `/intl-rate/${id}`)).body.data;
    assert.deepEqual(removed.intlRates, []);
    expectNotFound(await api(s, 'DELETE', `/intl-rate/${id}`));
  });

  it('removing a default rate for a customer gives the customer its own model without that pair', async () => {
    const s = await signIn(t);
    const c = await createCustomer(t, s);
    const base = (await api(s, 'PUT', '/intl-rate', { fromCountry: 'US', toCountry: 'CA', flatAmount: 700 })).body.data;
    const own = (await api(s, 'DELETE', `/intl-rate/${base.intlRates[0].id}?customerId=${c.id}`)).body.data;
    assert.equal(own.customerId, c.id);
    assert.deepEqual(own.intlRates, []);
    assert.equal((await defaultModel(s)).intlRates.length, 1, 'the default keeps its rate');
  });

  it("treats another company's rate or customer as missing", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const theirs = (await api(b, 'PUT', '/intl-rate', { fromCountry: 'US', toCountry: 'CA', flatAmount: 700 })).body.data;
    const theirCustomer = await createCustomer(t, b);
    expectNotFound(await api(a, 'DELETE', `/intl-rate/${theirs.intlRates[0].id}`));
    expectNotFound(await api(a, 'PUT', `/intl-rate?customerId=${theirCustomer.id}`, { fromCountry: 'US', toCountry: 'CA', flatAmount: 1 }));
    expectNotFound(await api(a, 'PUT', '/intl-rate', { id: theirs.intlRates[0].id, fromCountry: 'US', toCountry: 'MX', flatAmount: 1 }));
    assert.equal(await countRows(t, 'pricing_intl_rates', b.companyId), 1);
    assert.deepEqual((await defaultModel(b)).intlRates, theirs.intlRates);
    assert.equal(await countRows(t, 'pricing_intl_rates', a.companyId), 0);
  });
});

describe('customer models: delete and revert', () => {
  it('revert-to-default copies the default again; delete returns the customer to the default', async () => {
    const s = await signIn(t);
    const c = await createCustomer(t, s);
    await api(s, 'POST', '', { baseCharge: 60, mileageCharges: [{ fromDistance: 0, ratePerUnit: 2 }] });
    const own = (await api(s, 'POST', '', { customerId: c.id, baseCharge: 10, mileageCharges: [] })).body.data;
    assert.deepEqual(own.mileageCharges, []);
    const reverted = (await api(s, 'PUT', `/revert-to-default?customerId=${c.id}&pricingModelId=${own.id}`)).body.data;
    assert.equal(reverted.id, own.id);
    assert.equal(reverted.baseCharge, 60);
    assert.equal(reverted.mileageCharges.length, 1);
    const base = (await api(s, 'DELETE', `/customer-pricing-model?customerId=${c.id}`)).body.data;
    assert.equal(base.isDefault, true);
    assert.equal((await api(s, 'GET', `?customerId=${c.id}`)).body.data.id, base.id);
    assert.equal(await countRows(t, 'pricing_models', s.companyId), 1);
    // Nothing of its own left: delete again changes nothing, revert is already where it leads.
    assert.equal((await api(s, 'DELETE', `/customer-pricing-model?customerId=${c.id}`)).status, 200);
    const again = await api(s, 'PUT', `/revert-to-default?customerId=${c.id}`);
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.deepEqual(again.body.data, base);
  });

  it('reverting a customer already on the default answers the default, writing nothing (issue 12)', async () => {
    const s = await signIn(t);
    const c = await createCustomer(t, s);
    const base = (await api(s, 'POST', '', { baseCharge: 45, mileageCharges: [{ fromDistance: 0, ratePerUnit: 2.2 }] })).body.data;
    const audits = await auditCount(t, s.companyId, 'pricing_model.revert_to_default');
    const rows = await Promise.all(
      ['pricing_models', 'pricing_mileage_charges', 'pricing_intl_rates', 'audit_log'].map((table) => countRows(t, table, s.companyId)),
    );
    const plain = await api(s, 'PUT', `/revert-to-default?customerId=${c.id}`);
    assert.equal(plain.status, 200, JSON.stringify(plain.body));
    assert.deepEqual(plain.body.data, base, 'the model that prices the customer, as a real revert answers one');
    // pricingModelId, when sent, is the model that prices the customer: here the default.
    const named = await api(s, 'PUT', `/revert-to-default?customerId=${c.id}&pricingModelId=${base.id}`);
    assert.equal(named.status, 200, JSON.stringify(named.body));
    assert.deepEqual(named.body.data, base);
    expectNotFound(await api(s, 'PUT', `/revert-to-default?customerId=${c.id}&pricingModelId=${base.id + 100000}`));
    // Nothing written: no model derived, no audit row, the default untouched.
    assert.deepEqual(
      await Promise.all(['pricing_models', 'pricing_mileage_charges', 'pricing_intl_rates', 'audit_log'].map((table) => countRows(t, table, s.companyId))),
      rows,
    );
    assert.equal(await auditCount(t, s.companyId, 'pricing_model.revert_to_default'), audits);
    assert.deepEqual(await defaultModel(s), base);
    // A customer that exists nowhere, or another company's, is still missing.
    const other = await signIn(t);
    const theirs = await createCustomer(t, other);
    expectNotFound(await api(s, 'PUT', '/revert-to-default?customerId=2147480000'));
    const foreign = await api(s, 'PUT', `/revert-to-default?customerId=${theirs.id}`);
    expectNotFound(foreign);
    assert.match(foreign.body.errors[0].message, new RegExp(`Customer ${theirs.id} was not found`));
  });

  it('a real revert writes its audit row; the answer has the same shape as a revert of a customer on the default', async () => {
    const s = await signIn(t);
    const c = await createCustomer(t, s);
    await api(s, 'POST', '', { baseCharge: 30 });
    const own = (await api(s, 'POST', '', { customerId: c.id, baseCharge: 12 })).body.data;
    const reverted = await api(s, 'PUT', `/revert-to-default?customerId=${c.id}`);
    assert.equal(reverted.status, 200, JSON.stringify(reverted.body));
    assert.equal(reverted.body.data.id, own.id);
    assert.equal(reverted.body.data.baseCharge, 30);
    assert.equal(await auditCount(t, s.companyId, 'pricing_model.revert_to_default'), 1);
    const onDefault = await createCustomer(t, s);
    const noop = (await api(s, 'PUT', `/revert-to-default?customerId=${onDefault.id}`)).body.data;
    assert.deepEqual(Object.keys(noop).sort(), Object.keys(reverted.body.data).sort());
    assert.equal(await auditCount(t, s.companyId, 'pricing_model.revert_to_default'), 1);
  });

  it("refuses bad input and treats another company's customer as missing", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const theirs = await createCustomer(t, b);
    await api(b, 'POST', '', { customerId: theirs.id, baseCharge: 5 });
    expectProblem(await api(a, 'DELETE', '/customer-pricing-model'), 'customerId');
    expectProblem(await api(a, 'PUT', '/revert-to-default?customerId=abc'), 'customerId');
    expectProblem(await api(a, 'PUT', '/revert-to-default?customerId=1&pricingModelId=x'), 'pricingModelId');
    expectProblem(await api(a, 'GET', '?customerId=abc'), 'customerId');
    expectProblem(await api(a, 'DELETE', '/intl-rate/abc'), 'rateId');
    expectProblem(await api(a, 'POST', '/add-mileage-charge', { fromDistance: 0, ratePerUnit: 1 }), 'pricingModelId');
    assert.equal(await countRows(t, 'pricing_models', a.companyId), 0);
    expectNotFound(await api(a, 'DELETE', `/customer-pricing-model?customerId=${theirs.id}`));
    expectNotFound(await api(a, 'PUT', `/revert-to-default?customerId=${theirs.id}`));
    assert.equal(await countRows(t, 'pricing_models', b.companyId), 2);
    // pricingModelId must be the customer's own model: another customer's, or another company's, is missing.
    const mine = await createCustomer(t, a);
    const other = await createCustomer(t, a);
    const own = (await api(a, 'POST', '', { customerId: mine.id, baseCharge: 7 })).body.data;
    const others = (await api(a, 'POST', '', { customerId: other.id, baseCharge: 8 })).body.data;
    const theirModel = (await api(b, 'GET', `?customerId=${theirs.id}`)).body.data;
    expectNotFound(await api(a, 'PUT', `/revert-to-default?customerId=${mine.id}&pricingModelId=${others.id}`));
    expectNotFound(await api(a, 'PUT', `/revert-to-default?customerId=${mine.id}&pricingModelId=${theirModel.id}`));
    assert.equal((await api(a, 'GET', `?customerId=${mine.id}`)).body.data.baseCharge, own.baseCharge);
    assert.equal((await api(b, 'GET', `?customerId=${theirs.id}`)).body.data.baseCharge, 5);
  });
});

describe('the API reference', () => {
  it('documents every field of the pricing models and of the bodies that write them', async () => {
    const doc = (await call(t, 'GET', '/api/v1/openapi.json')).body as any;
    const described = (p: any) => Boolean(p.description || p.$ref || (p.anyOf ?? []).some((x: any) => x.description || x.$ref));
    const undocumented = (schema: any) =>
      Object.entries(schema.properties ?? {})
        .filter(([name, p]) => !['id', 'createdAt', 'updatedAt'].includes(name) && !described(p))
        .map(([name]) => name);
    const models = [
      'PricingModelDto',
      'AddMileageChargeRequestDto',
      'MileageChargeDto',
      'PricingIntlRateDto',
      'PricingZoneDto',
      'ShipmentType',
      'FxRate',
      'ChargeType',
    ];
    for (const name of models) {
      const schema = doc.components.schemas[name];
      assert.ok(schema, `${name} is in the reference`);
      assert.ok(schema.description, `${name} says what it is`);
      assert.deepEqual(undocumented(schema), [], `${name}: fields without a description`);
    }
    let bodies = 0;
    for (const [path, operations] of Object.entries(doc.paths) as Array<[string, Record<string, any>]>) {
      if (!/\/(PricingModel|PricingZones|ShipmentTypes|FxRates|Accounting\/chargeTypes|Customers\/\{customerId\}\/chargeTypes)/.test(path)) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const body = operation.requestBody?.content?.['application/json']?.schema;
        if (!body?.properties) continue;
        bodies++;
        assert.deepEqual(undocumented(body), [], `${method.toUpperCase()} ${path}: body fields without a description`);
      }
    }
    assert.ok(bodies >= 12, `${bodies} bodies`);
  });
});
