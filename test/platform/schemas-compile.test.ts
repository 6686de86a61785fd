// Every route's schemas compile. The app compiles a route's serializer and validators on first use
// (src/platform/lazy-compilers.ts), so a schema that cannot compile would no longer stop the start;
// here the whole app's are compiled at once, as the start used to, and a failure is kept rather
// than compiled again on every request.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Fastify from 'fastify';
import { compilePending, lazySerializers, lazyValidators } from '../../src/platform/lazy-compilers.js';
import { validatorCompiler } from '../../src/platform/validation.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

describe('schemas compiled on first use', () => {
  it("compiles every route's serializers and validators without an error", () => {
    const compiled = compilePending();
    assert.ok(compiled > 440, `${compiled} serializers and validators were waiting`);
    assert.equal(compilePending(), 0, 'each compiles once');
  });

  it('answers and refuses as before: a valid body passes, a bad one is a 400 naming the field', async () => {
    const admin = await signIn(t, 'Company Admin');
    const bad = await call<{ success: boolean }>(t, 'POST', '/api/v1/Customers', { token: admin.token, body: { email: 'x@y.example' } });
    assert.equal(bad.status, 400, 'no name');
    const made = await call<{ success: boolean; data: { name: string } }>(t, 'POST', '/api/v1/Customers', {
      token: admin.token,
      body: { name: 'Lazy Schemas Freight' },
    });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.equal(made.body.data.name, 'Lazy Schemas Freight');
  });

  it('keeps a schema that cannot compile as an error for that route only, thrown on each use', async () => {
    const app = Fastify({ schemaController: { compilersFactory: { buildSerializer: lazySerializers() } } });
    app.setValidatorCompiler(lazyValidators(validatorCompiler));
    const broken = { type: 'object', properties: { a: { $ref: 'no-such-schema#' } } };
    app.get('/broken', { schema: { response: { 200: broken } } }, async () => ({ a: 1 }));
    app.get('/fine', { schema: { response: { 200: { type: 'object', properties: { a: { type: 'integer' } } } } } }, async () => ({ a: 1, b: 2 }));
    await app.ready();
    assert.throws(() => compilePending());
    for (let i = 0; i < 2; i++) assert.equal((await app.inject({ url: '/broken' })).statusCode, 500);
    const fine = await app.inject({ url: '/fine' });
    assert.equal(fine.body, '{"a":1}', 'serialized by its schema');
    await app.close();
  });
});
