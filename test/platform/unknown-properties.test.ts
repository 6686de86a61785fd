// Body properties a route does not declare are dropped, and the answer says so in otherMessages
// (naming each, with a did-you-mean when a declared name is close), rather than vanishing silently.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { type Session, signIn } from '../helpers/factories.js';
import { addProbeRoutes } from '../helpers/probe.js';

let t: TestApp;
let session: Session;
before(async () => {
  t = await startTestApp({ extend: addProbeRoutes });
  session = await signIn(t, 'Company Admin');
});
after(() => t.close());

const messages = (body: Record<string, any>) => (body.otherMessages as Array<{ message: string }>).map((m) => m.message);

describe('unknown body properties', () => {
  it('POST /Routes names each ignored property, with a did-you-mean', async () => {
    const res = await call(t, 'POST', '/api/v1/Routes', { token: session.token, body: { name: 'Monday', date: '2026-11-30', driver_id: 7, truck: 6 } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.driverId, null);
    assert.deepEqual(messages(res.body), [
      'Ignored unknown property "driver_id" (did you mean "driverId"?).',
      'Ignored unknown property "truck" (did you mean "truckId"?).',
    ]);
    assert.ok(res.body.otherMessages.every((m: { type: string }) => m.type === 'Warning'));
  });

  it('names nested ones by their path, drops them, and leaves declared names in any case alone', async () => {
    const res = await call(t, 'POST', '/api/v1/__probe/echo', {
      token: session.token,
      body: {
        CUSTOMERID: 1,
        colour: 'red',
        stops: [
          { type: 'Pickup', address: { street: '1 Main St', city: 'Austin' } },
          { type: 'Delivery', Address: { Street: '2 Elm', city: 'Dallas', postal_code: '7' }, items: [{ description: 'pallet', weigth: 3 }] },
        ],
      },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(messages(res.body), [
      'Ignored unknown property "colour".',
      'Ignored unknown property "stops[1].address.postal_code" (did you mean "postalCode"?).',
      'Ignored unknown property "stops[1].items[0].weigth".',
    ]);
    assert.equal('colour' in res.body.data, false);
    assert.deepEqual(res.body.data.stops[1].address, { street: '2 Elm', city: 'Dallas' });
    assert.deepEqual(res.body.data.stops[1].items, [{ description: 'pallet', quantity: 1 }]);
  });

  it('says nothing when every property is declared', async () => {
    const res = await call(t, 'POST', '/api/v1/__probe/echo', { token: session.token, body: { customerId: 1, stops: [] } });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.otherMessages, []);
  });
});
