import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound } from '../helpers/expect.js';
import { createCustomer, createQuote, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

/** An approved invoice of an order of `miles` priced `price`. */
async function invoicedOrder(s: Session, customerId: number, miles: number, price: number, unit: 'mi' | 'km' = 'mi') {
  const q = await createQuote(t, s, { customerId });
  assert.equal((await api(s, 'PUT', `/Quotes/${q.id}/4?createInvoice=false`, { distance: miles, distanceUnit: unit, totalPrice: price })).status, 200);
  await api(s, 'PUT', `/Quotes/ApproveQuote?quoteId=${q.id}`);
  const invoice = (await api(s, 'PUT', `/Orders/${q.id}/invoice`)).body.data;
  await api(s, 'PUT', `/Accounting/invoice/${invoice.id}/status?status=2`);
  return invoice;
}

describe('POST /PricingModel/generate-from-invoices', () => {
  it("derives per band the invoiced amount per mile, saved as the customer's model", async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    await invoicedOrder(admin, customer.id, 50, 200);
    await invoicedOrder(admin, customer.id, 80, 240);
    // 482.8032 km = 300 mi.
    await invoicedOrder(admin, customer.id, 482.8032, 600, 'km');
    const res = await api(admin, 'POST', '/PricingModel/generate-from-invoices', { customerId: customer.id, name: 'As invoiced' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const model = res.body.data;
    assert.deepEqual(
      [model.customerId, model.name, model.mileageMode, model.baseCharge, model.minimumLinehaul, model.distanceUnit],
      [customer.id, 'As invoiced', 'whole', 0, 200, 'mi'],
    );
    // 0–100: 440 / 130 mi; 250–500: 600 / 300; the others the rate of all: 1040 / 430.
    assert.deepEqual(
      model.mileageCharges.map((b: any) => [b.fromDistance, b.toDistance, b.ratePerUnit]),
      [
        [0, 100, 3.3846],
        [100, 250, 2.4186],
        [250, 500, 2],
        [500, 1000, 2.4186],
        [1000, null, 2.4186],
      ],
    );
    assert.deepEqual((await api(admin, 'GET', `/PricingModel?customerId=${customer.id}`)).body.data.id, model.id);
    const banded = await api(admin, 'POST', '/PricingModel/generate-from-invoices', {
      customerId: customer.id,
      mileageCharges: [{ fromDistance: 0 }, { fromDistance: 60 }],
    });
    assert.deepEqual(
      banded.body.data.mileageCharges.map((b: any) => [b.fromDistance, b.toDistance, b.ratePerUnit]),
      [
        [0, 60, 4],
        [60, null, 2.2105],
      ],
    );
  });

  it('refuses a customer with nothing invoiced; another company’s customer is missing; needs the pricing write permission', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    expectFailure(await api(admin, 'POST', '/PricingModel/generate-from-invoices', { customerId: customer.id }), 'accounting.no_invoiced_distance');
    const other = await signIn(t);
    expectNotFound(await api(other, 'POST', '/PricingModel/generate-from-invoices', { customerId: customer.id }));
    expectForbidden(
      await api(await signIn(t, 'Accountant', admin.companyId), 'POST', '/PricingModel/generate-from-invoices', { customerId: customer.id }),
      'Zones - create/edit/delete Zones',
    );
    assert.equal((await api(admin, 'GET', `/PricingModel?customerId=${customer.id}`)).body.data.customerId, null);
  });
});
