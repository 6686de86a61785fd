// Personal API tokens: made for oneself with roles one holds, the secret answered once and kept as a
// hash, used as a bearer token with the bound roles' permissions, and refused at once when revoked,
// expired, its user disabled or removed, or a bound role no longer held; a Company Admin sees and
// revokes the company's; another company's token is a missing one.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addMember } from '../../src/areas/users/index.js';
import { principalsChanged } from '../../src/platform/principal-cache.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { countRows, createUser, login, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const url = '/api/v1/Settings/ApiTokens';

async function makeToken(session: Session, body: Record<string, unknown> = {}) {
  const res = await call(t, 'POST', url, { token: session.token, body: { name: 'Shipper portal', roles: ['Company Admin'], ...body } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data as { token: { id: string; prefix: string; roles: string[] }; secret: string };
}

const me = (secret: string) => call(t, 'GET', '/api/v1/App/User', { token: secret });

describe('POST /Settings/ApiTokens', () => {
  it('answers the secret once, keeps only its hash, and the token signs in as its user with its roles', async () => {
    const admin = await signIn(t);
    const made = await makeToken(admin, { roles: ['company admin'] });
    assert.match(made.secret, new RegExp(`^fds_${admin.companyId}_[A-Za-z0-9_-]{43}$`));
    assert.ok(made.secret.startsWith(made.token.prefix));
    assert.deepEqual(made.token.roles, ['Company Admin']);
    const row = await t.database.db.selectFrom('api_tokens').selectAll().where('id', '=', made.token.id).executeTakeFirstOrThrow();
    assert.notEqual(row.secret_hash, made.secret);
    assert.ok(!JSON.stringify(row).includes(made.secret), 'the secret is not stored');
    const listed = await call(t, 'GET', url, { token: admin.token });
    assert.ok(!JSON.stringify(listed.body).includes(made.secret), 'nor listed');

    const user = await me(made.secret);
    assert.equal(user.status, 200);
    assert.equal(user.body.data.email, admin.email);
    // The mark is written beside the request (it never holds one up): looked for until it lands.
    let entry: { lastUsedAt: string | null } | undefined;
    for (let tries = 0; tries < 50 && !entry?.lastUsedAt; tries++) {
      if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      entry = (await call(t, 'GET', url, { token: admin.token })).body.data.find((x: { id: string }) => x.id === made.token.id);
    }
    assert.ok(entry?.lastUsedAt, 'its last use is kept');
    const audited = await t.database.db.selectFrom('audit_log').select('action').where('entity_id', '=', made.token.id).execute();
    assert.deepEqual(
      audited.map((a) => a.action),
      ['api_token.create'],
    );
  });

  it('does what its roles allow and no more, even for a Company Admin', async () => {
    const admin = await signIn(t);
    await t.database.db
      .insertInto('user_roles')
      .values({
        company_id: admin.companyId,
        user_id: admin.userId,
        role_id: (
          await t.database.db.selectFrom('roles').select('id').where('company_id', '=', admin.companyId).where('name', '=', 'Viewer').executeTakeFirstOrThrow()
        ).id,
      })
      .execute();
    principalsChanged({ companyId: admin.companyId, userId: admin.userId });
    const viewer = await makeToken(admin, { roles: ['Viewer'] });
    assert.equal((await call(t, 'GET', '/api/v1/Customers', { token: viewer.secret })).status, 200);
    expectForbidden(await call(t, 'POST', '/api/v1/Customers', { token: viewer.secret, body: { name: 'Not by a viewer token' } }), 'Create customers');
    expectForbidden(await call(t, 'GET', `${url}?all=true`, { token: viewer.secret }), 'Company Admin');
  });

  it('is not made by a request signed in with a token (403), which would make a stronger one', async () => {
    const admin = await signIn(t);
    const made = await makeToken(admin, { roles: ['Company Admin'] });
    const res = await call(t, 'POST', url, { token: made.secret, body: { name: 'Stronger', roles: ['Company Admin'] } });
    assert.equal(res.status, 403);
    assert.equal(res.body.errors[0].code, 'api_tokens.token_cannot_make_tokens');
    assert.equal((await call(t, 'GET', url, { token: admin.token })).body.data.length, 1, 'nothing made');
  });

  it('refuses a role its user does not hold, a past expiry or no name (400), writing nothing', async () => {
    const dispatcher = await signIn(t, 'Dispatcher');
    const before = await countRows(t, 'api_tokens', dispatcher.companyId);
    const notHeld = await call(t, 'POST', url, { token: dispatcher.token, body: { name: 'Escalate', roles: ['Dispatcher', 'Company Admin'] } });
    expectProblem(notHeld, 'roles');
    assert.match(notHeld.body.errors.roles[0], /"company admin"/);
    expectProblem(
      await call(t, 'POST', url, { token: dispatcher.token, body: { name: 'Old', roles: ['Dispatcher'], expiresAt: '2020-01-01T00:00:00Z' } }),
      'expiresAt',
    );
    expectProblem(await call(t, 'POST', url, { token: dispatcher.token, body: { name: '  ', roles: ['Dispatcher'] } }), 'name');
    expectProblem(await call(t, 'POST', url, { token: dispatcher.token, body: { name: 'None', roles: [] } }), 'roles');
    assert.equal(await countRows(t, 'api_tokens', dispatcher.companyId), before);
  });
});

describe('GET /Settings/ApiTokens', () => {
  it("lists the user's own, or with all=true the company's for a Company Admin only (403 otherwise)", async () => {
    const admin = await signIn(t);
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    const mine = await makeToken(admin);
    const theirs = await makeToken(dispatcher, { roles: ['Dispatcher'], name: 'Bridge' });
    const ids = async (session: Session, query = '') =>
      ((await call(t, 'GET', `${url}${query}`, { token: session.token })).body.data as Array<{ id: string }>).map((x) => x.id);
    assert.deepEqual(await ids(dispatcher), [theirs.token.id]);
    assert.deepEqual((await ids(admin, '?all=true')).sort(), [mine.token.id, theirs.token.id].sort());
    expectForbidden(await call(t, 'GET', `${url}?all=true`, { token: dispatcher.token }), 'Company Admin');
  });
});

describe('DELETE /Settings/ApiTokens/{id}', () => {
  it('revokes at once (401 on its next request), keeps it listed, and lets a Company Admin revoke any of the company', async () => {
    const admin = await signIn(t);
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    const own = await makeToken(dispatcher, { roles: ['Dispatcher'] });
    assert.equal((await me(own.secret)).status, 200, 'cached as a live principal first');
    assert.equal((await call(t, 'DELETE', `${url}/${own.token.id}`, { token: dispatcher.token })).status, 200);
    assert.equal((await me(own.secret)).status, 401);
    const listed = (await call(t, 'GET', url, { token: dispatcher.token })).body.data;
    assert.ok(listed[0].revokedAt);

    const other = await makeToken(dispatcher, { roles: ['Dispatcher'] });
    const colleague = await signIn(t, 'Dispatcher', admin.companyId);
    // Another user's token reads as missing.
    expectNotFound(await call(t, 'DELETE', `${url}/${other.token.id}`, { token: colleague.token }));
    assert.equal((await me(other.secret)).status, 200);
    assert.equal((await call(t, 'DELETE', `${url}/${other.token.id}`, { token: admin.token })).status, 200);
    assert.equal((await me(other.secret)).status, 401);
  });

  it("answers another company's token as a missing one, changing nothing", async () => {
    const admin = await signIn(t);
    const stranger = await signIn(t);
    const theirs = await makeToken(stranger);
    const res = await call(t, 'DELETE', `${url}/${theirs.token.id}`, { token: admin.token });
    expectNotFound(res);
    assert.equal(res.body.errors[0].message, `API token ${theirs.token.id} was not found.`);
    assert.equal((await me(theirs.secret)).status, 200);
  });
});

describe('an API token as credentials', () => {
  it('is refused once expired, its user disabled or removed, or a bound role no longer held', async () => {
    const admin = await signIn(t);
    const user = await createUser(t, admin.companyId, 'Dispatcher');
    const session = { ...user, token: await login(t, user.email, user.password, admin.companyId) };
    const db = t.database.db;

    const expiring = await makeToken(session, { roles: ['Dispatcher'], expiresAt: new Date(Date.now() + 60_000).toISOString() });
    assert.equal((await me(expiring.secret)).status, 200);
    await db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expiring.token.id)
      .execute();
    principalsChanged({ companyId: admin.companyId, userId: user.userId });
    assert.equal((await me(expiring.secret)).status, 401, 'expired');

    const bound = await makeToken(session, { roles: ['Dispatcher'] });
    assert.equal((await me(bound.secret)).status, 200);
    assert.equal((await call(t, 'PUT', `/api/v1/Settings/Users/${user.userId}/disable`, { token: admin.token })).status, 200);
    assert.equal((await me(bound.secret)).status, 401, 'its user disabled');
    assert.equal((await call(t, 'PUT', `/api/v1/Settings/Users/${user.userId}/enable`, { token: admin.token })).status, 200);
    assert.equal((await me(bound.secret)).status, 200, 'enabled again');

    await db.deleteFrom('user_roles').where('company_id', '=', admin.companyId).where('user_id', '=', user.userId).execute();
    principalsChanged({ companyId: admin.companyId, userId: user.userId });
    assert.equal((await me(bound.secret)).status, 401, 'a bound role no longer held');

    for (const bad of ['fds_1_short', `fds_${admin.companyId}_${'A'.repeat(43)}`, `fds_0_${'A'.repeat(43)}`, `fds_9999999999_${'A'.repeat(43)}`]) {
      assert.equal((await me(bad)).status, 401, bad);
    }
  });

  it('ends with its user removed from the company: adding the user again brings it back no more', async () => {
    const admin = await signIn(t);
    const user = await createUser(t, admin.companyId, 'Dispatcher');
    const session = { ...user, token: await login(t, user.email, user.password, admin.companyId) };
    const made = await makeToken(session, { roles: ['Dispatcher'] });
    assert.equal((await me(made.secret)).status, 200);
    assert.equal((await call(t, 'DELETE', `/api/v1/Settings/Users/${user.userId}`, { token: admin.token })).status, 200);
    assert.equal((await me(made.secret)).status, 401);
    await addMember(t.database.db, { companyId: admin.companyId, email: user.email, password: user.password, role: 'Dispatcher' });
    principalsChanged({ companyId: admin.companyId, userId: user.userId });
    assert.equal((await me(made.secret)).status, 401, 'revoked, not only suspended');
    const row = await t.database.db.selectFrom('api_tokens').select('revoked_at').where('id', '=', made.token.id).executeTakeFirstOrThrow();
    assert.ok(row.revoked_at);
  });
});

describe('API token rate limits', () => {
  it('answers 429 with Retry-After past the token’s or the user’s allowance a minute, sessions untouched', async () => {
    const limited = await startTestApp({ env: { API_TOKEN_LIMIT_PER_TOKEN: '3', API_TOKEN_LIMIT_PER_USER: '5' } });
    try {
      const admin = await signIn(limited);
      const token = async () =>
        (await call(limited, 'POST', url, { token: admin.token, body: { name: 'Busy', roles: ['Company Admin'] } })).body.data.secret as string;
      const first = await token();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await call(limited, 'GET', '/api/v1/App/User', { token: first })).status);
      assert.deepEqual(statuses, [200, 200, 200, 429], 'the token’s own allowance');
      const refused = await call(limited, 'GET', '/api/v1/App/User', { token: first });
      assert.equal(refused.status, 429);
      const wait = Number(refused.headers['retry-after']);
      assert.ok(wait >= 1 && wait <= 60, String(wait));
      assert.equal(refused.raw.length, 0, 'an empty body');
      // The user's allowance counts all its tokens' answered requests: 5 a minute, 3 spent above.
      const second = await token();
      const more: number[] = [];
      for (let i = 0; i < 3; i++) more.push((await call(limited, 'GET', '/api/v1/App/User', { token: second })).status);
      assert.deepEqual(more, [200, 200, 429], 'the user’s allowance');
      for (let i = 0; i < 6; i++)
        assert.equal((await call(limited, 'GET', '/api/v1/App/User', { token: admin.token })).status, 200, 'a session is not counted');
    } finally {
      await limited.close();
    }
  });
});
