// Cached principals never outlive a change: the code that makes one announces it after its commit,
// at once in its process and to every instance through the database's notifications; a change made
// by hand in SQL is announced by hand (docs/operations.md, "Changes made by hand in SQL").
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it, mock } from 'node:test';
import { sql } from 'kysely';
import { setPassword } from '../../src/areas/users/index.js';
import { authenticator, type Principal } from '../../src/platform/auth.js';
import { PrincipalCache } from '../../src/platform/principal-cache.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { createCompany, signIn } from '../helpers/factories.js';

const principal = (companyId: number, userId: string) => ({ companyId, userId }) as unknown as Principal;

describe('PrincipalCache', () => {
  it('caches only while notifications flow', () => {
    const cache = new PrincipalCache();
    cache.set('k', principal(1, 'u'), cache.mark());
    assert.equal(cache.get('k'), undefined, 'not live yet');
    cache.up();
    cache.set('k', principal(1, 'u'), cache.mark());
    assert.ok(cache.get('k'));
    cache.down();
    assert.equal(cache.get('k'), undefined);
    cache.close();
  });

  it('refuses a fill when a change came in while the database was read', () => {
    const cache = new PrincipalCache();
    cache.up();
    const mark = cache.mark();
    cache.invalidate({ userId: 'someone' });
    cache.set('k', principal(1, 'u'), mark);
    assert.equal(cache.get('k'), undefined);
    cache.close();
  });

  it('evicts by user, by company, by membership, or everything', () => {
    const cache = new PrincipalCache();
    cache.up();
    const fill = () => {
      for (const [c, u] of [
        [1, 'a'],
        [1, 'b'],
        [2, 'a'],
      ] as const)
        cache.set(`${c}:${u}`, principal(c, u), cache.mark());
    };
    const present = () => ['1:a', '1:b', '2:a'].filter((k) => cache.get(k));
    fill();
    cache.invalidateFromPayload('{"c":null,"u":"a"}');
    assert.deepEqual(present(), ['1:b']);
    fill();
    cache.invalidateFromPayload('{"c":1,"u":null}');
    assert.deepEqual(present(), ['2:a']);
    fill();
    cache.invalidateFromPayload('{"c":1,"u":"a"}');
    assert.deepEqual(present(), ['1:b', '2:a']);
    fill();
    cache.invalidateFromPayload('not json');
    assert.deepEqual(present(), []);
    cache.close();
  });

  it('expires entries after its time to live, or when the token expires if sooner', () => {
    const cache = new PrincipalCache(10, 1000);
    cache.up();
    cache.set('k', principal(1, 'u'), cache.mark(), 0);
    assert.ok(cache.get('k', 999));
    assert.equal(cache.get('k', 1000), undefined);
    cache.set('token', principal(1, 'u'), cache.mark(), 0, 500);
    assert.ok(cache.get('token', 499));
    assert.equal(cache.get('token', 500), undefined);
    cache.close();
  });

  it('asks for a background read once, in the last sixth of the time to live, unless the token ends first', () => {
    const cache = new PrincipalCache(10, 600);
    cache.up();
    cache.set('k', principal(1, 'u'), cache.mark(), 0);
    assert.equal(cache.refreshDue('k', 499), false);
    assert.equal(cache.refreshDue('k', 500), true);
    assert.equal(cache.refreshDue('k', 501), false, 'once: that read is on its way');
    assert.ok(cache.get('k', 599), 'the entry answers meanwhile');
    cache.set('k', principal(1, 'u'), cache.mark(), 550);
    assert.equal(cache.refreshDue('k', 1049), false, 'a fill starts the entry over');
    assert.equal(cache.refreshDue('k', 1050), true);
    cache.set('token', principal(1, 'u'), cache.mark(), 0, 550);
    assert.equal(cache.refreshDue('token', 549), false, 'reading again cannot outlast the token');
    assert.equal(cache.refreshDue('absent', 0), false);
    cache.close();
  });

  it('asks again when that read was refused by a change elsewhere', () => {
    const cache = new PrincipalCache(10, 600);
    cache.up();
    cache.set('k', principal(1, 'u'), cache.mark(), 0);
    assert.equal(cache.refreshDue('k', 500), true);
    const mark = cache.mark();
    cache.invalidate({ companyId: 2 });
    assert.equal(cache.set('k', principal(1, 'u'), mark, 510), false, 'refused: a change came in while it read');
    assert.ok(cache.get('k', 520), 'the change was not this entry’s: it stays');
    assert.equal(cache.refreshDue('k', 520), false, 'not until told');
    cache.rearm('k');
    assert.equal(cache.refreshDue('k', 520), true, 'the next request reads again');
    cache.close();
  });

  it('evicts, when full, the entry filled longest ago: a refilled one goes last', () => {
    const cache = new PrincipalCache(3, 600);
    cache.up();
    for (const key of ['a', 'b', 'c']) cache.set(key, principal(1, key), cache.mark(), 0);
    const present = () => ['a', 'b', 'c', 'd', 'e'].filter((k) => cache.get(k, 300));
    assert.ok(cache.set('b', principal(1, 'b'), cache.mark(), 100), 'b read again');
    assert.deepEqual(present(), ['a', 'b', 'c'], 'a refill at capacity evicts nothing');
    cache.set('d', principal(1, 'd'), cache.mark(), 200);
    cache.set('e', principal(1, 'e'), cache.mark(), 200);
    assert.deepEqual(present(), ['b', 'd', 'e'], 'a and c went first: b was filled after them');
    cache.close();
  });
});

describe("a busy session's principal, read again before it expires", () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  /** The authenticator over a live cache whose time to live is 600 ms, on a clock moved by hand
   *  (mock.timers.tick): the entry's age does not depend on how busy the machine is. */
  function cachedAuth() {
    mock.timers.enable({ apis: ['Date'], now: Date.now() });
    const cache = new PrincipalCache(100, 600);
    cache.up();
    return { cache, authenticate: authenticator(t.database.db, t.tokens, cache) };
  }
  afterEach(() => mock.timers.reset());
  const settle = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
    return check();
  };

  it('answers from the entry while the read replaces it', async () => {
    const session = await signIn(t, 'Dispatcher');
    const { cache, authenticate } = cachedAuth();
    const header = `Bearer ${session.token}`;
    const first = await authenticate(header);
    mock.timers.tick(520);
    // In the last sixth: answered at once from the entry (no promise), a read started beside it.
    const during = authenticate(header);
    assert.ok(!(during instanceof Promise), 'not a wait on the database');
    assert.equal(during, first);
    assert.ok(await settle(() => cache.get(session.token) !== first), 'the read replaced the entry');
    mock.timers.tick(150);
    assert.ok(!(authenticate(header) instanceof Promise), 'past the first time to live, still answered from the cache');
    cache.close();
  });

  it('reads again at the next request when a change elsewhere refused the read', async () => {
    const session = await signIn(t, 'Dispatcher');
    const { cache, authenticate } = cachedAuth();
    const header = `Bearer ${session.token}`;
    const first = await authenticate(header);
    mock.timers.tick(520);
    authenticate(header);
    // Another company's change while the background read is on its way: its fill is refused.
    cache.invalidate({ companyId: session.companyId + 1_000_000 });
    let refreshed = false;
    for (let i = 0; i < 200 && !refreshed; i++) {
      await new Promise((r) => setTimeout(r, 10));
      assert.ok(!(authenticate(header) instanceof Promise), 'never a wait on the database');
      refreshed = cache.get(session.token) !== first;
    }
    assert.ok(refreshed, 'a later request read again, and that fill was kept');
    cache.close();
  });

  it('drops the entry when that read finds the session ended', async () => {
    const session = await signIn(t, 'Viewer');
    const { cache, authenticate } = cachedAuth();
    const header = `Bearer ${session.token}`;
    await authenticate(header);
    // Disabled by hand and not announced: only the background read can see it.
    await sql`update company_users set is_disabled = true where company_id = ${session.companyId} and user_id = ${session.userId}`.execute(t.database.db);
    mock.timers.tick(520);
    assert.ok(!(authenticate(header) instanceof Promise));
    assert.ok(await settle(() => cache.get(session.token) === undefined), 'dropped');
    await assert.rejects(
      Promise.resolve().then(() => authenticate(header)),
      { name: 'Unauthorized' },
    );
    cache.close();
  });
});

describe('sessions and changes made outside the API, announced by hand', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  async function refusedSoon(token: string): Promise<boolean> {
    for (let i = 0; i < 200; i++) {
      if ((await call(t, 'GET', '/api/v1/App/User', { token })).status === 401) return true;
      await new Promise((r) => setTimeout(r, 10));
    }
    return false;
  }

  const announce = () => sql`select pg_notify('fds_principal', '')`.execute(t.database.db);

  it('end when a membership is disabled by plain SQL', async () => {
    const company = await createCompany(t);
    const session = await signIn(t, 'Dispatcher', company.companyId);
    assert.equal((await call(t, 'GET', '/api/v1/App/User', { token: session.token })).status, 200);
    await sql`update company_users set is_disabled = true where company_id = ${company.companyId} and user_id = ${session.userId}`.execute(t.database.db);
    await announce();
    assert.ok(await refusedSoon(session.token));
  });

  it('see a permission granted to their role by plain SQL', async () => {
    const session = await signIn(t, 'Viewer');
    assert.equal((await call(t, 'GET', '/api/v1/Settings/Users/' + session.userId, { token: session.token })).status, 403);
    await sql`insert into role_permissions (company_id, role_id, permission)
      select company_id, id, 'Users tab - view/edit/add users' from roles where company_id = ${session.companyId} and name = 'Viewer'`.execute(t.database.db);
    await announce();
    let allowed = false;
    for (let i = 0; i < 200 && !allowed; i++) {
      allowed = (await call(t, 'GET', '/api/v1/Settings/Users/' + session.userId, { token: session.token })).status === 200;
      if (!allowed) await new Promise((r) => setTimeout(r, 10));
    }
    assert.ok(allowed);
  });

  it('end when the company is deactivated by plain SQL', async () => {
    const session = await signIn(t, 'Accountant');
    assert.equal((await call(t, 'GET', '/api/v1/App/User', { token: session.token })).status, 200);
    await sql`update companies set is_active = false where id = ${session.companyId}`.execute(t.database.db);
    await announce();
    assert.ok(await refusedSoon(session.token));
  });
});

describe('two instances on one database', () => {
  let a: TestApp;
  let b: TestApp;
  before(async () => {
    a = await startTestApp();
    b = await startTestApp({ database: a.database });
  });
  after(async () => {
    await b.close();
    await a.close();
  });

  async function refusedSoon(app: TestApp, token: string): Promise<boolean> {
    for (let i = 0; i < 200; i++) {
      if ((await call(app, 'GET', '/api/v1/App/User', { token })).status === 401) return true;
      await new Promise((r) => setTimeout(r, 10));
    }
    return false;
  }

  it('a user disabled through one is refused by both', async () => {
    const company = await createCompany(a);
    const admin = await signIn(a, 'Company Admin', company.companyId);
    const user = await signIn(a, 'Dispatcher', company.companyId);
    // Both instances have the user's principal cached.
    for (const app of [a, b]) assert.equal((await call(app, 'GET', '/api/v1/App/User', { token: user.token })).status, 200);
    const disabled = await call(a, 'PUT', `/api/v1/Settings/Users/${user.userId}/disable`, { token: admin.token });
    assert.equal(disabled.status, 200, JSON.stringify(disabled.body));
    assert.equal((await call(a, 'GET', '/api/v1/App/User', { token: user.token })).status, 401, 'the instance that made the change, at once');
    assert.ok(await refusedSoon(b, user.token), 'the other instance, from the announcement');
  });

  it('announces each change through the database, which is how an instance in another process hears it', async () => {
    const heard: string[] = [];
    const stop = await a.database.listen('fds_principal', { message: (payload) => heard.push(payload), up: () => {}, down: () => {} });
    try {
      const company = await createCompany(a);
      const admin = await signIn(a, 'Company Admin', company.companyId);
      const user = await signIn(a, 'Dispatcher', company.companyId);
      heard.length = 0;
      assert.equal((await call(a, 'PUT', `/api/v1/Settings/Users/${user.userId}/disable`, { token: admin.token })).status, 200);
      const expected = JSON.stringify({ c: company.companyId, u: user.userId });
      for (let i = 0; i < 200 && !heard.includes(expected); i++) await new Promise((r) => setTimeout(r, 10));
      assert.ok(heard.includes(expected), `heard ${JSON.stringify(heard)}`);
    } finally {
      await stop();
    }
  });

  it("a password set by the CLI's code ends sessions on both", async () => {
    const company = await createCompany(a);
    const user = await signIn(a, 'Accountant', company.companyId);
    for (const app of [a, b]) assert.equal((await call(app, 'GET', '/api/v1/App/User', { token: user.token })).status, 200);
    await setPassword(a.database.db, user.email, 'another-long-password-1');
    assert.ok(await refusedSoon(a, user.token));
    assert.ok(await refusedSoon(b, user.token));
  });
});
