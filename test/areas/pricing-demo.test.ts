// The pricing section of `fds demo`: a default pricing model, zone-to-zone rates between the demo
// zones, shipment types and FX rates, with the settings and charge types it sits on; a shipment is
// priced from them. Seeded into a company of the test's own (the seeders `fds demo` runs).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chargeTypesDemo } from '../../src/areas/charge-types/charge-types.demo.js';
import { HOOKS } from '../../src/areas/index.js';
import { pricingDemo } from '../../src/areas/pricing/pricing.demo.js';
import { priceFor } from '../../src/areas/pricing/rating-input.js';
import { settingsDemo } from '../../src/areas/settings/settings.demo.js';
import { forCompany, type Tenant } from '../../src/db/tenant.js';
import type { Shipment } from '../../src/pricing/rating/index.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { createCompany, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

describe('pricing demo data', () => {
  it('gives the company a default model, zone rates, shipment types, charge types, FX rates, warehouses and terms that price a shipment', async () => {
    const company = await createCompany(t);
    const actor = { companyId: company.companyId, userId: company.adminUserId };
    const ctx = {
      companyId: company.companyId,
      adminUserId: company.adminUserId,
      inCompany: <T>(work: (tx: Tenant) => Promise<T>) => forCompany(t.database.db, HOOKS, actor, 'demo', work),
    };
    for (const seeder of [settingsDemo, chargeTypesDemo, pricingDemo]) await seeder.seed(ctx);
    const admin = await signIn(t, 'Company Admin', company.companyId);
    const get = async (url: string) => {
      const res = await call(t, 'GET', `/api/v1${url}`, { token: admin.token });
      assert.equal(res.status, 200, `${url}: ${JSON.stringify(res.body)}`);
      return res.body.data;
    };

    const model = await get('/PricingModel');
    assert.deepEqual(
      [model.name, model.isDefault, model.currency, model.distanceUnit, model.baseCharge, model.minimumLinehaul],
      ['Standard road rates', true, 'USD', 'mi', 150, 300],
    );
    assert.deepEqual(
      model.mileageCharges.map((b: any) => [b.fromDistance, b.toDistance, b.ratePerUnit]),
      [
        [0, 100, 3.25],
        [100, 500, 2.4],
        [500, null, 1.95],
      ],
    );
    assert.deepEqual(
      model.intlRates.map((r: any) => `${r.fromCountry}>${r.toCountry}`),
      ['MX>US', 'US>CA', 'US>MX'],
    );
    const zones = (await get('/Zones')).list;
    assert.equal(zones.length, 3);
    const zoneRates = await get('/PricingZones');
    assert.equal(zoneRates.length, 6, 'each zone to itself and to each other');
    const types = await get('/ShipmentTypes');
    assert.deepEqual(
      types.list.map((x: any) => x.name),
      ['Flatbed', 'Full truckload', 'Hazmat', 'Less than truckload', 'Refrigerated'],
    );
    const fx = await get('/FxRates');
    assert.deepEqual(fx.map((r: any) => `${r.fromCurrency}>${r.toCurrency}`).sort(), ['EUR>USD', 'USD>CAD', 'USD>MXN']);
    const charges = (await get('/Accounting/chargeTypes')).map((c: any) => c.code);
    for (const code of ['LIFTGATE', 'RESI', 'DETENTION', 'PALLETS', 'FUEL']) assert.ok(charges.includes(code), code);
    assert.ok((await get('/Warehouses')).totalCount > 0);
    assert.equal((await get('/TermsAndConditions')).filter((x: any) => x.isDefault).length, 1);

    // 250 mi: 150 base + 100 mi × 3.25 + 150 mi × 2.40 = 835 USD; fuel 18.5 % = 154.48; in CAD at today's demo rate.
    const fuel = (await get('/Accounting/chargeTypes')).find((c: any) => c.code === 'FUEL');
    const shipment: Shipment = {
      distance: 250,
      distanceUnit: 'mi',
      fromCountry: 'US',
      toCountry: 'US',
      stops: 2,
      items: 10,
      pallets: 4,
      weight: 8000,
      weightUnit: 'lb',
      chargeIds: [fuel.id],
    };
    const today = new Date().toISOString().slice(0, 10);
    const price = (s: Shipment) => forCompany(t.database.db, HOOKS, actor, 'test', (tx) => priceFor(tx, null, s, today));
    const usd = await price(shipment);
    assert.deepEqual(
      usd.lines.map((l) => [l.code, l.amount]),
      [
        ['BASE', 150],
        ['MILEAGE', 325],
        ['MILEAGE', 360],
        ['ACCESSORIAL', 154.48],
      ],
    );
    assert.equal(usd.total, 989.48);
    const cad = await price({ ...shipment, currency: 'CAD' });
    assert.equal(cad.currency, 'CAD');
    assert.equal(cad.linehaul, 1160.65, '208.50 + 451.75 + 500.40');
    // Between two demo zones the zone rate prices the move: 185 + 140 for neighbouring zones.
    const zoned = await price({ ...shipment, chargeIds: [], fromZoneId: zones[0].id, toZoneId: zones[1].id });
    assert.deepEqual(
      zoned.lines.map((l) => [l.code, l.amount]),
      [['ZONE', 325]],
    );
  });
});
