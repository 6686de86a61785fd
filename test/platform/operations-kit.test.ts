// What an operator watches: readiness while the service starts, /metrics (token or a port of its
// own), and 503 with Retry-After while the event loop stalls.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Database } from '../../src/db/database.js';
import { Readiness } from '../../src/platform/health.js';
import { metricsOf, serveMetrics } from '../../src/platform/metrics.js';
import { call, openTestDatabase, startTestApp, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/factories.js';

let database: Database;
before(async () => {
  database = await openTestDatabase();
});
after(() => database.close());

describe('readiness', () => {
  it('answers 503 with the reason on /readyz and the API until ready; health and reference serve', async () => {
    const readiness = new Readiness('applying migrations: 3 of 14 applied, now 0004_pricing');
    const t = await startTestApp({ database, readiness });
    try {
      const ready = await call(t, 'GET', '/readyz');
      assert.equal(ready.status, 503);
      assert.deepEqual(ready.body, { status: 'starting', database: database.kind, reason: 'applying migrations: 3 of 14 applied, now 0004_pricing' });
      assert.equal(ready.headers['retry-after'], '5');
      const api = await call(t, 'POST', '/api/v1/Auth/Login', { body: { userName: 'a@b.example', password: 'whatever' } });
      assert.equal(api.status, 503);
      assert.equal(api.headers['retry-after'], '5');
      assert.equal(api.body.errors[0].code, 'meta.service_temporarily_unavailable');
      assert.match(api.body.errors[0].message, /starting \(applying migrations: 3 of 14 applied/);
      assert.equal((await call(t, 'GET', '/healthz')).status, 200);
      assert.equal((await call(t, 'GET', '/api/v1/openapi.json')).status, 200);

      readiness.ready();
      assert.equal((await call(t, 'GET', '/readyz')).status, 200);
      assert.equal((await call(t, 'POST', '/api/v1/Auth/Login', { body: { userName: 'a@b.example', password: 'whatever' } })).status, 400);
    } finally {
      await t.close();
    }
  });
});

describe('GET /metrics', () => {
  const TOKEN = 'metrics-token-0123456789';
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ database, env: { METRICS_TOKEN: TOKEN } });
  });
  after(() => t.close());

  it('serves Prometheus text to the token: requests per route and status, pools, event loop, outbox', async () => {
    const { token } = await signIn(t, { permissions: [] });
    assert.equal((await call(t, 'GET', '/api/v1/App/User', { token })).status, 200);
    assert.equal((await call(t, 'GET', '/api/v1/Settings/Users/2147480000')).status, 401);
    const res = await call(t, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    const text = String(res.body);
    // The route's pattern, not the path asked for: one series per endpoint.
    assert.match(text, /^http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/App\/User",status_code="200"\} [1-9]/m);
    assert.match(text, /^http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/Settings\/Users\/:id",status_code="401"\} 1$/m);
    assert.match(text, /^http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/v1\/App\/User",status_code="200"\} \d+$/m);
    assert.match(text, /^nodejs_eventloop_lag_p99_seconds \d/m);
    assert.match(text, /^fds_db_pool_connections\{pool="(embedded|requests)",state="max"\} \d+$/m);
    assert.match(text, /^fds_db_pool_waiting\{pool="(embedded|requests)"\} 0$/m);
    assert.match(text, /^fds_db_pool_wait_seconds_count \d+$/m);
    assert.match(text, /^fds_outbox_mail\{state="pending"\} \d+$/m);
    // /metrics itself is not counted as traffic.
    assert.doesNotMatch(text, /route="\/metrics"/);
  });

  it('answers 401 without the token or with a wrong one', async () => {
    const none = await call(t, 'GET', '/metrics');
    assert.equal(none.status, 401);
    assert.equal(none.headers['www-authenticate'], 'Bearer realm="metrics"');
    assert.doesNotMatch(String(none.body), /http_request/);
    assert.equal((await call(t, 'GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}x` } })).status, 401);
  });

  it('is not served, nor collected, without METRICS_TOKEN or METRICS_PORT', async () => {
    const plain = await startTestApp({ database });
    try {
      assert.equal((await call(plain, 'GET', '/metrics')).status, 404);
      assert.equal(metricsOf(plain.app), undefined);
    } finally {
      await plain.close();
    }
  });

  it('serves on a port of its own without a token (METRICS_PORT)', async () => {
    const registry = metricsOf(t.app)!;
    const server = await serveMetrics(registry, 0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await fetch(`${base}/metrics`);
      assert.equal(res.status, 200);
      assert.match(await res.text(), /^fds_db_pool_connections/m);
      assert.equal((await fetch(`${base}/other`)).status, 404);
    } finally {
      server.close();
    }
  });
});

describe('under pressure', () => {
  it('answers API requests 503 with Retry-After while the event loop stalls; health passes', async () => {
    const t = await startTestApp({ database, env: { MAX_EVENT_LOOP_DELAY_MS: '100' } });
    const calm = () => new Promise((resolve) => setTimeout(resolve, 1100));
    try {
      // Building the app kept the loop busy: let two samples pass first.
      await calm();
      const { token } = await signIn(t, { permissions: [] });
      // A stall the sampler sees (the mean delay over its 500 ms samples): the loop blocked again
      // and again, 200 ms at a time, for 1.2 s.
      for (let i = 0; i < 6; i++) {
        const until = performance.now() + 200;
        while (performance.now() < until);
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      const stalled = await call(t, 'GET', '/api/v1/App/User', { token });
      assert.equal(stalled.status, 503);
      assert.equal(stalled.headers['retry-after'], '10');
      assert.equal(stalled.body.errors[0].code, 'meta.service_temporarily_unavailable');
      assert.equal((await call(t, 'GET', '/healthz')).status, 200);
      // Once a sample passes without a stall, requests are served again.
      await calm();
      assert.equal((await call(t, 'GET', '/api/v1/App/User', { token })).status, 200);
    } finally {
      await t.close();
    }
  });
});
