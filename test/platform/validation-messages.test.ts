// The messages of the validation problem object say what would have been accepted: an
// enumeration's values with their names, a date's format.
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

describe('validation messages', () => {
  it('a numeric enumeration lists its values with their names, and only that', async () => {
    const res = await call(t, 'POST', '/api/v1/Accounting/Payment', { token: session.token, body: { customerId: 1, amount: 10, paymentMethodType: 'Cheque' } });
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.deepEqual(res.body.errors.paymentMethodType, ['The paymentMethodType field must be one of: 0 Check, 1 Cash, 2 PaymentMethod.']);
  });

  it('a named enumeration that may be null lists its names without a stray separator', async () => {
    const res = await call(t, 'POST', '/api/v1/SupportTickets', {
      token: session.token,
      body: { customerId: 1, subject: 'Late', description: 'The truck is late.', priority: 'Critical' },
    });
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.deepEqual(res.body.errors.priority, ['The priority field must be one of: Low, Normal, High, Urgent.']);
  });

  it('a query enumeration names its values too', async () => {
    const res = await call(t, 'GET', '/api/v1/__probe/list?SortDirection=Sideways', { token: session.token });
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.deepEqual(res.body.errors.SortDirection, ['The SortDirection field must be one of: 0 Ascending, 1 Descending.']);
  });

  it('a day or a date-time in the wrong format says which format is expected', async () => {
    const day = await call(t, 'POST', '/api/v1/Routes', { token: session.token, body: { name: 'Monday', date: '30/11/2026' } });
    assert.equal(day.status, 400, JSON.stringify(day.body));
    assert.deepEqual(day.body.errors.date, ['The date field must be a date as YYYY-MM-DD.']);
    const time = await call(t, 'GET', '/api/v1/__probe/list?Date=yesterday', { token: session.token });
    assert.equal(time.status, 400, JSON.stringify(time.body));
    assert.deepEqual(time.body.errors.Date, [
      'The Date field must be a date-time as YYYY-MM-DDThh:mm:ss (UTC unless it ends in Z or ±hh:mm) or a date as YYYY-MM-DD.',
    ]);
  });
});
