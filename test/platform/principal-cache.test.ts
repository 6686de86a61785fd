// Cached principals never outlive a change: evicted by the database's notifications (any writer, any
// process) and, for changes made in this process, at once after commit.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { Principal } from '../../src/platform/auth.js';
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
      for (const [c, u] of [[1, 'a'], [1, 'b'], [2, 'a']] as const) cache.set(`${c}:${u}`, principal(c, u), cache.mark());
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
});

describe('sessions and changes made outside the API', () => {
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

  it('end when a membership is disabled by plain SQL (the trigger\'s notification)', async () => {
    const company = await createCompany(t);
    const session = await signIn(t, 'Dispatcher', company.companyId);
    assert.equal((await call(t, 'GET', '/api/v1/App/User', { token: session.token })).status, 200);
    await sql`update company_users set is_disabled = true where company_id = ${company.companyId} and user_id = ${session.userId}`.execute(t.database.db);
    assert.ok(await refusedSoon(session.token));
  });

  it('see a permission granted to their role by plain SQL', async () => {
    const session = await signIn(t, 'Viewer');
    assert.equal((await call(t, 'GET', '/api/v1/Settings/Users/' + session.userId, { token: session.token })).status, 403);
    await sql`insert into role_permissions (company_id, role_id, permission)
      select company_id, id, 'Users tab - view/edit/add users' from roles where company_id = ${session.companyId} and name = 'Viewer'`.execute(t.database.db);
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
    assert.ok(await refusedSoon(session.token));
  });
});
