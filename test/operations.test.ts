// Operations: health, readiness, the reference, 503 when the database is unreachable, graceful stop.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createSigner } from 'fast-jwt';
import { openDatabase } from '../src/db/database.js';
import { call, startTestApp, TEST_SECRET, type TestApp } from './helpers/app.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

describe('health and reference', () => {
  it('answers /healthz and /readyz without a token', async () => {
    const health = await call(t, 'GET', '/healthz');
    assert.equal(health.status, 200);
    assert.equal(health.body.status, 'ok');
    const ready = await call(t, 'GET', '/readyz');
    assert.equal(ready.status, 200);
    assert.equal(ready.body.status, 'ok');
  });

  it('serves the OpenAPI 3.1 document and the interactive page', async () => {
    const doc = await call(t, 'GET', '/api/v1/openapi.json');
    assert.equal(doc.status, 200);
    assert.equal(doc.body.openapi, '3.1.0');
    const paths = Object.keys(doc.body.paths).map((p) => p.toLowerCase());
    for (const p of ['/api/v1/auth/login', '/api/v1/settings/users/{id}', '/api/v1/permissions/currentroleswithpermissions']) assert.ok(paths.includes(p), p);
    const login = doc.body.paths['/api/v1/Auth/Login'].post;
    assert.ok(login.requestBody.content['application/json'].schema);
    assert.ok(login.responses['429']);
    assert.ok(doc.body.paths['/api/v1/Roles'].get.security);
    assert.ok(doc.body.components.schemas.CompanyUser);
    const page = await call(t, 'GET', '/docs');
    assert.equal(page.status, 200);
    assert.match(String(page.body), /<!DOCTYPE html>/i);
    assert.match(String(page.body), /swagger/i);
  });
});

describe('database unreachable', () => {
  it('answers 503 meta.service_temporarily_unavailable within a second, and /readyz 503', async () => {
    const down = await openDatabase({
      databaseUrl: 'postgres://nobody:nothing@127.0.0.1:9/none',
      dataDir: 'memory://',
      poolSize: 2,
      log: { warn() {}, error() {} },
    });
    const app = await startTestApp({ database: down });
    try {
      const token = createSigner({ key: TEST_SECRET, algorithm: 'HS256', iss: 'fds', expiresIn: 60_000 })({ sub: 'u', cid: 1, sst: 's' });
      const started = Date.now();
      const res = await call(app, 'GET', '/api/v1/App/User', { token });
      assert.ok(Date.now() - started < 1000, `${Date.now() - started} ms`);
      assert.equal(res.status, 503);
      assert.equal(res.body.errors[0].code, 'meta.service_temporarily_unavailable');
      const login = await call(app, 'POST', '/api/v1/Auth/Login', { body: { userName: 'a@b.example', password: 'whatever' } });
      assert.equal(login.status, 503);
      assert.equal((await call(app, 'GET', '/readyz')).status, 503);
      assert.equal((await call(app, 'GET', '/healthz')).status, 200);
    } finally {
      await app.close();
      await down.close();
    }
  });
});

describe('process', () => {
  it('starts, serves, and on SIGTERM finishes in-flight requests and exits 0', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fds-main-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: new URL('..', import.meta.url).pathname,
      env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let stdout = '';
    child.stderr.on('data', (d) => (output += d));
    try {
      const address = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start: ${output}`)), 100_000);
        child.stdout.on('data', (d: Buffer) => {
          output += d;
          stdout += d;
          const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match && output.includes('fds is serving')) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
      });
      // An empty embedded database gets the demo company and logs how to sign in; stdout is JSON lines only.
      if (!process.env.DATABASE_URL) assert.match(stdout, /"userName":"demo@fds\.example".*"msg":"empty database: demo company created; sign in with these"/);
      for (const line of stdout.split('\n').filter(Boolean)) assert.doesNotThrow(() => JSON.parse(line), line);
      // It listens before applying migrations (an operator watches /readyz meanwhile), and is
      // serving only once they are applied.
      if (stdout.includes('"msg":"migration applied"')) {
        assert.ok(stdout.indexOf('Server listening at') < stdout.indexOf('"msg":"migration applied"'), stdout);
        assert.ok(stdout.lastIndexOf('"msg":"migration applied"') < stdout.indexOf('fds is serving'), stdout);
      }
      const health = await fetch(`${address}/healthz`);
      assert.equal(health.status, 200);
      // A request whose body is still arriving when SIGTERM comes: it is in flight and must be answered.
      const body = JSON.stringify({ userName: 'nobody@fds.example', password: 'not the password' });
      const answered = new Promise<number>((resolve, reject) => {
        const req = request(
          `${address}/api/v1/Auth/Login`,
          { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(body.length) } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 10));
        setTimeout(() => {
          child.kill('SIGTERM');
          setTimeout(() => req.end(body.slice(10)), 300);
        }, 300);
      });
      assert.equal(await answered, 400, 'answered (auth.invalid_login) rather than cut off');
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      assert.equal(code, 0);
      assert.match(output, /stopped/);
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
