// The rating engine fed from the database (src/areas/pricing/rating-input.ts): what a company set
// up through the API prices a shipment exactly, per customer, in another currency.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HOOKS } from '../../src/areas/index.js';
import { priceFor, zoneIdOf } from '../../src/areas/pricing/rating-input.js';
import { forCompany } from '../../src/db/tenant.js';
import { dataVersion } from '../../src/platform/data-versions.js';
import type { Shipment } from '../../src/pricing/rating/index.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { createCustomer, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

async function ok(s: Session, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const res = await call(t, method, `/api/v1${url}`, { token: s.token, body });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}

const inTenant = <T>(s: Session, work: Parameters<typeof forCompany<T>>[4]) =>
  forCompany(t.database.db, HOOKS, { companyId: s.companyId, userId: s.userId }, 'test', work);
const price = (s: Session, customerId: number | null, shipment: Shipment) => inTenant(s, (tx) => priceFor(tx, customerId, shipment, '2026-11-20'));
/** A one-pallet move within the US, of `distance` miles and `weight` lb, with no accessorials. */
const usMove = (distance: number, weight: number): Shipment => ({
  distance,
  distanceUnit: 'mi',
  fromCountry: 'US',
  toCountry: 'US',
  stops: 2,
  items: 1,
  pallets: 1,
  weight,
  weightUnit: 'lb',
  chargeIds: [],
});

describe('pricing a shipment from the company set-up', () => {
  it('prices base + bands, shipment type, accessorials, per customer and in another currency', async () => {
    const s = await signIn(t);
    await ok(s, 'POST', '/PricingModel', {
      currency: 'USD',
      distanceUnit: 'mi',
      baseCharge: 100,
      mileageMode: 'tiered',
      mileageCharges: [
        { fromDistance: 0, toDistance: 100, ratePerUnit: 2 },
        { fromDistance: 100, ratePerUnit: 1.5 },
      ],
    });
    const reefer = await ok(s, 'POST', '/ShipmentTypes', { name: 'Reefer', multiplier: 1.2 });
    const liftgate = await ok(s, 'POST', '/Accounting/chargeTypes', { name: 'Liftgate', code: 'LIFTGATE', kind: 'Flat', rate: 75 });
    await ok(s, 'POST', '/FxRates', { fromCurrency: 'USD', toCurrency: 'CAD', rate: 1.4, date: '2026-11-19' });
    const shipment: Shipment = {
      distance: 150,
      distanceUnit: 'mi',
      fromCountry: 'US',
      toCountry: 'US',
      stops: 2,
      items: 4,
      pallets: 2,
      weight: 1800,
      weightUnit: 'lb',
      shipmentTypeId: reefer.id,
      chargeIds: [liftgate.id],
    };
    // 100 base + 100 mi × 2 + 50 mi × 1.5 = 375; reefer +20 % = 75; liftgate 75.
    const usd = await price(s, null, shipment);
    assert.equal(usd.currency, 'USD');
    assert.equal(usd.linehaul, 450, 'the linehaul with its shipment type');
    assert.equal(usd.total, 525);
    const cad = await price(s, null, { ...shipment, currency: 'CAD' });
    assert.equal(cad.total, 735);

    // A customer with its own model (a lower base charge) is priced by it; the others by the default.
    const c = await createCustomer(t, s);
    await ok(s, 'POST', '/PricingModel', { customerId: c.id, baseCharge: 40 });
    assert.equal((await price(s, c.id, shipment)).total, 525 - 60 - 12);
    const other = await createCustomer(t, s);
    assert.equal((await price(s, other.id, shipment)).total, 525);
  });

  it('prices a zone-to-zone move by its flat rate', async () => {
    const s = await signIn(t);
    const zone = async (name: string, code: string) => (await ok(s, 'POST', '/Zones', { name, postalCodes: [code] })).id as number;
    const a = await zone('Airport', '78719');
    const b = await zone('Downtown', '78701');
    await ok(s, 'POST', '/PricingZones', { fromZoneId: a, toZoneId: b, amount: 95 });
    const quote = await price(s, null, { ...usMove(12, 300), fromZoneId: b, toZoneId: a });
    assert.equal(quote.total, 95, 'both directions by default');
  });

  it("prices the company's zone rates and shipment types in the default's currency for a customer whose model is in another", async () => {
    const s = await signIn(t);
    const zone = async (name: string, code: string) => (await ok(s, 'POST', '/Zones', { name, postalCodes: [code] })).id as number;
    const a = await zone('Airport', '78719');
    const b = await zone('Downtown', '78701');
    await ok(s, 'POST', '/PricingModel', { currency: 'USD', mileageCharges: [{ fromDistance: 0, ratePerUnit: 2 }] });
    await ok(s, 'POST', '/PricingZones', { fromZoneId: a, toZoneId: b, amount: 95 });
    const hazmat = await ok(s, 'POST', '/ShipmentTypes', { name: 'Hazmat', baseCharge: 80 });
    await ok(s, 'POST', '/FxRates', { fromCurrency: 'USD', toCurrency: 'CAD', rate: 1.4, date: '2026-11-19' });
    const canadian = await createCustomer(t, s);
    await ok(s, 'POST', '/PricingModel', { customerId: canadian.id, currency: 'CAD' });
    const move = usMove(10, 300);
    // 95 USD at 1.4 = 133 CAD; the default's customers pay 95 USD.
    const zoned = await price(s, canadian.id, { ...move, fromZoneId: a, toZoneId: b });
    assert.deepEqual([zoned.currency, zoned.total, zoned.lines[0]!.fx?.from], ['CAD', 133, 'USD']);
    assert.deepEqual([(await price(s, null, { ...move, fromZoneId: a, toZoneId: b })).total], [95]);
    // Hazmat's base charge, 80 USD = 112 CAD; the miles at the customer's own rate, 2 CAD.
    const typed = await price(s, canadian.id, { ...move, shipmentTypeId: hazmat.id });
    assert.deepEqual(
      typed.lines.map((l) => [l.code, l.amount]),
      [
        ['BASE', 112],
        ['MILEAGE', 20],
      ],
    );
    assert.equal((await price(s, null, { ...move, shipmentTypeId: hazmat.id })).total, 100);
  });
});

// What a price is read from is kept per company under its rating data version
// (platform/data-versions.ts): every change through the API must show in the next price.
describe('kept rating inputs', () => {
  const version = (s: Session) => inTenant(s, (tx) => dataVersion(tx, 'rating'));
  const move = usMove(100, 500);

  it('prices every change of the model, charge types, shipment types, FX rates and zones at once', async () => {
    const s = await signIn(t);
    await ok(s, 'POST', '/PricingModel', { currency: 'USD', baseCharge: 100, mileageCharges: [{ fromDistance: 0, ratePerUnit: 2 }] });
    assert.equal((await price(s, null, move)).total, 300);
    assert.equal((await price(s, null, move)).total, 300, 'read again, kept');

    await ok(s, 'POST', '/PricingModel', { baseCharge: 150 });
    assert.equal((await price(s, null, move)).total, 350, 'the base charge changed');

    const lift = await ok(s, 'POST', '/Accounting/chargeTypes', { name: 'Liftgate', code: 'LIFTGATE', kind: 'Flat', rate: 75 });
    assert.equal((await price(s, null, { ...move, chargeIds: [lift.id] })).total, 425, 'a new charge type');
    await ok(s, 'PUT', `/Accounting/chargeTypes/${lift.id}`, { rate: 60 });
    assert.equal((await price(s, null, { ...move, chargeIds: [lift.id] })).total, 410, "a charge type's rate");

    const reefer = await ok(s, 'POST', '/ShipmentTypes', { name: 'Reefer', multiplier: 1.2 });
    assert.equal((await price(s, null, { ...move, shipmentTypeId: reefer.id })).total, 420, 'a new shipment type');
    await ok(s, 'PUT', `/ShipmentTypes/${reefer.id}`, { name: 'Reefer', multiplier: 1.5 });
    assert.equal((await price(s, null, { ...move, shipmentTypeId: reefer.id })).total, 525, "a shipment type's multiplier");

    await assert.rejects(price(s, null, { ...move, currency: 'CAD' }), /CAD/, 'no FX rate yet');
    await ok(s, 'POST', '/FxRates', { fromCurrency: 'USD', toCurrency: 'CAD', rate: 1.4, date: '2026-11-19' });
    assert.equal((await price(s, null, { ...move, currency: 'CAD' })).total, 490, 'a new FX rate');

    const zoneOf = (code: string) => inTenant(s, (tx) => zoneIdOf(tx, code, 'US'));
    assert.equal(await zoneOf('78719'), null);
    const airport = await ok(s, 'POST', '/Zones', { name: 'Airport', postalCodes: ['78719'] });
    assert.equal(await zoneOf('78719'), airport.id, 'a new zone');
    await ok(s, 'PUT', `/Zones/${airport.id}`, { name: 'Airport', postalCodes: ['78720'] });
    assert.deepEqual([await zoneOf('78719'), await zoneOf('78720')], [null, airport.id], "a zone's postal codes");
    await ok(s, 'DELETE', `/Zones/${airport.id}`);
    assert.equal(await zoneOf('78720'), null, 'a zone removed');
  });

  it('raises the version once per transaction that writes, never on a read, and only for its company', async () => {
    const s = await signIn(t);
    const other = await signIn(t);
    await ok(s, 'POST', '/PricingModel', { baseCharge: 10, mileageCharges: [{ fromDistance: 0, ratePerUnit: 1 }] });
    const [before, otherBefore] = [await version(s), await version(other)];
    await price(s, null, move);
    assert.equal(await version(s), before, 'a price read');
    // Two tables of the group written by one request: one raise.
    await ok(s, 'POST', '/PricingModel', { baseCharge: 20, mileageCharges: [{ fromDistance: 0, ratePerUnit: 3 }] });
    assert.equal(Number(await version(s)), Number(before) + 1);
    assert.equal(await version(other), otherBefore);
  });

  it('prices a transaction that wrote the tables from its own writes, and keeps nothing of them', async () => {
    const s = await signIn(t);
    await ok(s, 'POST', '/PricingModel', { baseCharge: 100, mileageCharges: [{ fromDistance: 0, ratePerUnit: 2 }] });
    assert.equal((await price(s, null, move)).total, 300);
    await assert.rejects(
      inTenant(s, async (tx) => {
        await tx.update('pricing_models').set({ base_charge: 900 }).where('customer_id', 'is', null).execute();
        assert.equal((await priceFor(tx, null, move, '2026-11-20')).total, 1100, 'its own write');
        throw new Error('rolled back');
      }),
      /rolled back/,
    );
    assert.equal((await price(s, null, move)).total, 300, 'the rolled-back write was not kept');
  });
});
