// The pricing area's part of the conventions walk (test/helpers/walk.ts says what each holds):
// pricing models (a customer's own, so each is fresh), their bands and country-pair rates,
// zone-to-zone rates, shipment types and FX rates.
import { randomUUID } from 'node:crypto';
import { call, type TestApp } from '../app.js';
import { createCustomer, type Session } from '../factories.js';
import type { AreaWalk, Factory } from '../walk.js';

async function ok(res: Promise<{ status: number; body: any }>, what: string): Promise<any> {
  const answer = await res;
  if (answer.status !== 200) throw new Error(`${what} not made: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** A new customer's own pricing model (derived from the default), with these bands. */
async function customerModel(t: TestApp, s: Session, mileageCharges: unknown[] = []): Promise<{ customerId: number; model: any }> {
  const customer = await createCustomer(t, s);
  const model = await ok(call(t, 'POST', '/api/v1/PricingModel', { token: s.token, body: { customerId: customer.id, mileageCharges } }), 'pricing model');
  return { customerId: customer.id, model };
}

const COUNTRIES = ['US', 'CA', 'MX', 'GT', 'BZ', 'HN', 'SV', 'NI', 'CR', 'PA'];
/** A country-pair rate of the company default (each call a pair of its own, mostly). */
async function defaultRate(t: TestApp, s: Session): Promise<{ id: number; fromCountry: string; toCountry: string }> {
  const from = COUNTRIES[Math.floor(Math.random() * COUNTRIES.length)]!;
  const to = COUNTRIES.filter((c) => c !== from)[Math.floor(Math.random() * (COUNTRIES.length - 1))]!;
  const model = await ok(
    call(t, 'PUT', '/api/v1/PricingModel/intl-rate', { token: s.token, body: { fromCountry: from, toCountry: to, flatAmount: 500 } }),
    'country-pair rate',
  );
  return model.intlRates.find((r: any) => r.fromCountry === from && r.toCountry === to);
}

const zone = async (t: TestApp, s: Session): Promise<number> =>
  (await ok(call(t, 'POST', '/api/v1/Zones', { token: s.token, body: { name: `Zone ${randomUUID().slice(0, 8)}` } }), 'zone')).id;

let day = 0;
/** A day no other FX rate of the run takes (a second rate of a pair on a day replaces the first). */
const freshDay = () => new Date(Date.UTC(1990, 0, 1) + ++day * 86_400_000 + Math.floor(Math.random() * 3000) * 86_400_000).toISOString().slice(0, 10);

const pricingModel: Factory = async (t, s) => (await customerModel(t, s)).model.id;
const mileageCharge: Factory = async (t, s) => (await customerModel(t, s, [{ fromDistance: 0, ratePerUnit: 1.5 }])).model.mileageCharges[0].id;
const intlRate: Factory = async (t, s) => (await defaultRate(t, s)).id;
const pricingZone: Factory = async (t, s) =>
  (
    await ok(
      call(t, 'POST', '/api/v1/PricingZones', {
        token: s.token,
        body: { fromZoneId: await zone(t, s), toZoneId: await zone(t, s), amount: 250 },
      }),
      'pricing zone',
    )
  ).id;
const shipmentType: Factory = async (t, s) =>
  (
    await ok(
      call(t, 'POST', '/api/v1/ShipmentTypes', {
        token: s.token,
        body: { name: `Type ${randomUUID().slice(0, 8)}`, multiplier: 1.1 },
      }),
      'shipment type',
    )
  ).id;
const fxRate: Factory = async (t, s) =>
  (
    await ok(
      call(t, 'POST', '/api/v1/FxRates', {
        token: s.token,
        body: { fromCurrency: 'USD', toCurrency: 'EUR', rate: 0.9, date: freshDay() },
      }),
      'FX rate',
    )
  ).id;

export const pricingWalk: AreaWalk = {
  factories: {
    pricing_model: pricingModel,
    pricing_mileage_charge: mileageCharge,
    pricing_intl_rate: intlRate,
    pricing_zone: pricingZone,
    shipment_type: shipmentType,
    fx_rate: fxRate,
  },
  cases: {
    // A model without bands: the first band starts at 0.
    'POST /PricingModel/add-mileage-charge': async ({ t, admin }) => ({
      query: { pricingModelId: (await customerModel(t, admin)).model.id },
      body: { fromDistance: 0, ratePerUnit: 2 },
    }),
    // The band of the model named (a model's only band is its last: it may go).
    'POST /PricingModel/remove-mileage-charge': async ({ t, admin }) => {
      const { model } = await customerModel(t, admin, [{ fromDistance: 0, ratePerUnit: 1.5 }]);
      return { query: { pricingModelId: model.id }, body: { id: model.mileageCharges[0].id } };
    },
    // A customer with a model of its own, so that there is something to remove or revert.
    'DELETE /PricingModel/customer-pricing-model': async ({ t, admin }) => ({ query: { customerId: (await customerModel(t, admin)).customerId } }),
    'PUT /PricingModel/revert-to-default': async ({ t, admin }) => {
      const { customerId, model } = await customerModel(t, admin);
      return { query: { customerId, pricingModelId: model.id } };
    },
    // A rate of the default changed by id (customerId left out: the default's own rate).
    'PUT /PricingModel/intl-rate': async ({ t, admin }) => {
      const rate = await defaultRate(t, admin);
      return { query: { customerId: null }, body: { id: rate.id, fromCountry: rate.fromCountry, toCountry: rate.toCountry, flatAmount: 650 } };
    },
    // Two real zones of the company (new ones: one rate per direction of a pair).
    'POST /PricingZones': async ({ t, admin }) => ({ body: { fromZoneId: await zone(t, admin), toZoneId: await zone(t, admin), amount: 300 } }),
    'PUT /PricingZones/:id': async ({ t, admin }) => ({ body: { fromZoneId: await zone(t, admin), toZoneId: await zone(t, admin), amount: 310 } }),
  },
};
