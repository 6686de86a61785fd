// The spec's HTTP conventions (part 1: Resources, Value conventions, Paging, Errors, Versioning),
// checked through real routes and the probe routes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectProblem } from '../helpers/expect.js';
import { countRows, type Session, signIn } from '../helpers/factories.js';
import { addProbeRoutes } from '../helpers/probe.js';

let t: TestApp;
let session: Session;
const logLines: string[] = [];
before(async () => {
  const logger = pino({ level: 'info' }, { write: (line: string) => logLines.push(line) });
  t = await startTestApp({ extend: addProbeRoutes, logger });
  session = await signIn(t, 'Company Admin');
});
after(() => t.close());

const stop = { type: 'Pickup', address: { street: '1 Main St', city: 'Austin' } };

describe('envelope', () => {
  it('holds all five fields, with null written rather than omitted', async () => {
    const res = await call(t, 'POST', '/api/v1/__probe/echo', { token: session.token, body: { customerId: 1, stops: [stop], note: null } });
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body).sort(), ['data', 'errors', 'messages', 'otherMessages', 'success']);
    assert.deepEqual([res.body.messages, res.body.errors, res.body.otherMessages], [[], [], []]);
    const failed = await call(t, 'POST', '/api/v1/__probe/write-then-fail', { token: session.token });
    assert.equal(failed.status, 400);
    assert.equal(failed.body.success, false);
    assert.equal(failed.body.data, null);
    assert.ok('data' in failed.body);
    assert.deepEqual(failed.body.errors, [{ code: 'probe.failed', message: 'The probe failed after writing.' }]);
    assert.deepEqual(failed.body.messages, ['The probe failed after writing.']);
  });

  it('a business failure writes nothing (the request transaction rolls back)', async () => {
    const auditBefore = await countRows(t, 'audit_log', session.companyId);
    await call(t, 'POST', '/api/v1/__probe/write-then-fail', { token: session.token });
    assert.equal(await countRows(t, 'audit_log', session.companyId), auditBefore);
  });
});

describe('request normalization', () => {
  it('matches path segments case-insensitively', async () => {
    assert.equal((await call(t, 'GET', '/API/V1/app/USER', { token: session.token })).status, 200);
    assert.equal((await call(t, 'GET', '/api/v1/settings/Users/', { token: session.token })).status, 200);
  });

  it('matches body property names case-insensitively at every depth; empty strings read as null', async () => {
    const res = await call(t, 'POST', '/api/v1/__probe/echo', {
      token: session.token,
      body: {
        CUSTOMERID: 7,
        Note: '',
        STOPS: [{ TYPE: 'delivery', Address: { STREET: '9 Elm', CiTy: 'Dallas', postalcode: '' }, ITEMS: [{ Description: 'pallet' }] }],
      },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.data, {
      customerId: 7,
      note: null,
      stops: [{ type: 'Delivery', address: { street: '9 Elm', city: 'Dallas', postalCode: null }, items: [{ description: 'pallet', quantity: 1 }] }],
    });
  });

  it('accepts enumerations as a number or a name', async () => {
    const res = await call(t, 'POST', '/api/v1/__probe/echo', {
      token: session.token,
      body: { customerId: 1, pipeline: 'lead', stops: [{ ...stop, type: 2, priority: 'HIGH' }] },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.pipeline, 2);
    assert.equal(res.body.data.stops[0].type, 'Transfer');
    assert.equal(res.body.data.stops[0].priority, 'High');
    const numeric = await call(t, 'POST', '/api/v1/__probe/echo', { token: session.token, body: { customerId: 1, pipeline: 0, stops: [stop] } });
    assert.equal(numeric.body.data.pipeline, 0);
    const bad = await call(t, 'POST', '/api/v1/__probe/echo', { token: session.token, body: { customerId: 1, pipeline: 'Whale', stops: [stop] } });
    assert.equal(bad.status, 400);
    assert.ok(bad.body.errors.pipeline);
  });

  it('parses the shared list parameters: any case, repetition, enums by number or name, DateRange pairs', async () => {
    const qs =
      'itemsperpage=5&PAGE=2&customers=12&Customers=15&orderstatus=quote&OrderStatus=4&sortdirection=Descending' +
      '&DateRange=2026-01-01&daterange=2026-01-31T23:59:59Z&InspectionStatus=Failed&HasInvoice=true&searchTerm=&Cities=Austin';
    const res = await call(t, 'GET', `/api/v1/__probe/list?${qs}`, { token: session.token });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const q = res.body.data.query;
    assert.equal(q.ItemsPerPage, 5);
    assert.equal(q.Page, 2);
    assert.deepEqual(q.Customers, [12, 15]);
    assert.deepEqual(q.OrderStatus, ['Quote', 'Closed']);
    assert.equal(q.SortDirection, 1);
    assert.deepEqual(q.InspectionStatus, [2]);
    assert.equal(q.HasInvoice, true);
    assert.deepEqual(q.Cities, ['Austin']);
    assert.equal(q.SearchTerm, undefined, 'an empty value is absent');
    assert.equal(res.body.data.range.start, '2026-01-01T00:00:00.000Z');
    assert.equal(res.body.data.range.end, '2026-01-31T23:59:59.000Z');
  });

  it('refuses a lone DateRange, a reversed one, comma lists and unknown enum values', async () => {
    const cases: Array<[string, string]> = [
      ['DateRange=2026-01-01', 'DateRange'],
      ['DateRange=2026-02-01&DateRange=2026-01-01', 'DateRange'],
      ['DateRange=yesterday&DateRange=today', 'DateRange[0]'],
      ['Customers=12,15', 'Customers'],
      ['OrderStatus=Quote,Order', 'OrderStatus'],
      ['OrderStatus=Teleported', 'OrderStatus[0]'],
      ['SortDirection=2', 'SortDirection'],
      ['Latitude=200', 'Latitude'],
    ];
    for (const [qs, field] of cases) {
      const res = await call(t, 'GET', `/api/v1/__probe/list?${qs}`, { token: session.token });
      assert.equal(res.status, 400, qs);
      assert.equal(res.body.status, 400);
      assert.ok(res.body.errors[field], `${qs}: ${JSON.stringify(res.body.errors)}`);
    }
  });
});

describe('validation problem object', () => {
  it('answers malformed JSON, a missing field and a wrong type, keyed by field name', async () => {
    const malformed = await call(t, 'POST', '/api/v1/__probe/echo', {
      token: session.token,
      payload: '{"customerId": 1,',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.title, 'One or more validation errors occurred.');
    assert.ok(malformed.body.errors.$);
    const missing = await call(t, 'POST', '/api/v1/__probe/echo', { token: session.token, body: { stops: [{ type: 'Pickup', address: { city: 'X' } }] } });
    assert.equal(missing.status, 400);
    assert.ok(missing.body.errors.customerId);
    assert.ok(missing.body.errors['stops[0].address.street'], JSON.stringify(missing.body.errors));
    const wrongType = await call(t, 'POST', '/api/v1/__probe/echo', { token: session.token, body: { customerId: '12', stops: [] } });
    assert.equal(wrongType.status, 400);
    assert.match(wrongType.body.errors.customerId[0], /integer/);
    const empty = await call(t, 'POST', '/api/v1/__probe/echo', { token: session.token, payload: '', headers: { 'content-type': 'application/json' } });
    assert.equal(empty.status, 400);
    assert.ok(empty.body.errors.$);
    assert.equal(typeof malformed.body.traceId, 'string');
  });

  it('refuses prototype pollution attempts', async () => {
    const res = await call(t, 'POST', '/api/v1/__probe/echo', {
      token: session.token,
      payload: '{"customerId": 1, "stops": [], "__proto__": {"admin": true}}',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(res.status, 400);
  });

  it('refuses a NUL character in a body, query or path value, naming the field, and writes nothing', async () => {
    const customers = await countRows(t, 'customers', session.companyId);
    const body = await call(t, 'POST', '/api/v1/Customers', {
      token: session.token,
      body: { name: 'Nul\u0000 Freight', addresses: [{ street: '1 Main St', city: 'Austin', country: 'US' }] },
    });
    expectProblem(body, 'name');
    assert.match(body.body.errors.name[0], /NUL/);
    const nested = await call(t, 'POST', '/api/v1/Customers', {
      token: session.token,
      body: { name: 'Nul Freight', addresses: [{ street: '1 Main\u0000 St', city: 'Austin', country: 'US' }] },
    });
    expectProblem(nested, 'addresses[0].street');
    assert.equal(await countRows(t, 'customers', session.companyId), customers);
    expectProblem(await call(t, 'GET', '/api/v1/Customers?SearchTerm=a%00b', { token: session.token }), 'SearchTerm');
    expectProblem(await call(t, 'GET', '/api/v1/Countries/U%00S/States', { token: session.token }), 'countryId');
  });
});

describe('errors', () => {
  it('answers 500 with services.error_occurred and a reference that is in the log, nothing internal', async () => {
    const res = await call(t, 'GET', '/api/v1/__probe/boom', { token: session.token, headers: { 'x-request-id': 'ref-12345' } });
    assert.equal(res.status, 500);
    assert.equal(res.body.errors[0].code, 'services.error_occurred');
    assert.match(res.body.errors[0].message, /ref-12345/);
    const text = JSON.stringify(res.body);
    for (const leak of ['SELECT', '/srv/app', 'stack', 'file.ts']) assert.ok(!text.includes(leak), leak);
    const logged = logLines.map((l) => JSON.parse(l)).find((l) => l.reqId === 'ref-12345' && l.level === 50);
    assert.ok(logged, 'the error is logged under the reference');
    assert.match(logged.err.message, /secret internal detail/);
  });

  it('writes one log line per request with the request id, company and user', async () => {
    await call(t, 'GET', '/api/v1/App/User', { token: session.token, headers: { 'x-request-id': 'line-777' } });
    const lines = logLines.map((l) => JSON.parse(l)).filter((l) => l.reqId === 'line-777');
    assert.equal(lines.length, 1);
    assert.equal(lines[0].status, 200);
    assert.equal(lines[0].companyId, session.companyId);
    assert.equal(lines[0].userId, session.userId);
    assert.ok(!JSON.stringify(lines[0]).includes(session.token), 'no token in logs');
  });

  it('answers an unknown endpoint with 404 and the envelope', async () => {
    const res = await call(t, 'GET', '/api/v1/NoSuchThing', { token: session.token });
    assert.equal(res.status, 404);
    assert.equal(res.body.errors[0].code, 'meta.route_not_found');
    assert.ok(res.headers['api-supported-versions']);
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await call(t, 'POST', '/api/v1/__probe/echo', {
      token: session.token,
      payload: JSON.stringify({ customerId: 1, stops: [], note: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(res.status, 413);
    assert.equal(res.body.errors[0].code, 'meta.payload_too_large');
  });

  it('puts api-supported-versions on every answer', async () => {
    for (const [method, url, token] of [
      ['GET', '/api/v1/App/User', session.token],
      ['GET', '/api/v1/App/User', undefined],
      ['GET', '/api/v1/Roles?SortBy=zzz', session.token],
      ['GET', '/api/v1/Settings/Version', undefined],
    ] as const) {
      const res = await call(t, method, url, { token });
      assert.equal(res.headers['api-supported-versions'], '1.0', `${url} ${res.status}`);
    }
  });
});
