import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createSigner } from 'fast-jwt';
import { addMember, setPassword } from '../../src/areas/users/index.js';
import { call, startTestApp, TEST_SECRET, type TestApp } from '../helpers/app.js';
import { auditCount, createCompany, createUser, login, PASSWORD, setCompanyActive, signIn, signInAdmin, uniqueEmail } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

function decode(token: string): Record<string, any> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
}

describe('POST /Auth/Login', () => {
  it('answers a 30-day HS256 session token in the envelope', async () => {
    const { companyId } = await createCompany(t);
    const user = await createUser(t, companyId, 'Dispatcher');
    const res = await call(t, 'POST', '/api/v1/Auth/Login', { body: { userName: user.email, password: PASSWORD } });
    assert.equal(res.status, 200);
    assert.deepEqual(Object.keys(res.body).sort(), ['data', 'errors', 'messages', 'otherMessages', 'success']);
    assert.equal(res.body.success, true);
    const header = JSON.parse(Buffer.from(res.body.data.split('.')[0], 'base64url').toString());
    assert.equal(header.alg, 'HS256');
    const claims = decode(res.body.data);
    assert.equal(claims.exp - claims.iat, 30 * 24 * 3600);
    assert.equal(claims.cid, companyId);
  });

  it('stores passwords as argon2id hashes with OWASP parameters', async () => {
    const { companyId } = await createCompany(t);
    const { userId } = await addMember(t.database.db, { companyId, email: uniqueEmail(), password: 'a password of its own', role: 'Dispatcher', name: 'Own' });
    const hashOf = async (id: string) =>
      (await t.database.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash!;
    assert.match(await hashOf(userId), /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // Under npm test, the factories' shared password alone is hashed cheaply (test/helpers/test-passwords).
    const factoryUser = await createUser(t, companyId);
    if (process.execArgv.some((a) => a.includes('test-passwords'))) assert.match(await hashOf(factoryUser.userId), /^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
  });

  it('matches property names and the email case-insensitively', async () => {
    const { companyId } = await createCompany(t);
    const user = await createUser(t, companyId);
    const res = await call(t, 'POST', '/API/V1/auth/LOGIN', { body: { USERNAME: user.email.toUpperCase(), PassWord: PASSWORD } });
    assert.equal(res.status, 200);
  });

  it('answers auth.invalid_login alike for a wrong password, an unknown email and a disabled user', async () => {
    const company = await createCompany(t);
    const user = await createUser(t, company.companyId);
    const admin = await signInAdmin(t, company);
    await call(t, 'PUT', `/api/v1/Settings/Users/${user.userId}/disable`, { token: admin.token });
    const answers = await Promise.all([
      call(t, 'POST', '/api/v1/Auth/Login', { body: { userName: company.adminEmail, password: 'wrong password' } }),
      call(t, 'POST', '/api/v1/Auth/Login', { body: { userName: 'nobody@test.example', password: PASSWORD } }),
      call(t, 'POST', '/api/v1/Auth/Login', { body: { userName: user.email, password: PASSWORD } }),
    ]);
    for (const res of answers) {
      assert.equal(res.status, 400);
      assert.equal(res.body.success, false);
      assert.equal(res.body.data, null);
      assert.deepEqual(
        res.body.errors.map((e: any) => e.code),
        ['auth.invalid_login'],
      );
      assert.equal(res.body.messages.length, 1);
    }
    assert.deepEqual(answers[0]!.body, answers[1]!.body);
    assert.deepEqual(answers[1]!.body, answers[2]!.body);
  });

  it('answers auth.invalid_login_because_inactive_company for an inactive company', async () => {
    const company = await createCompany(t);
    await setCompanyActive(t, company.companyId, false);
    const res = await call(t, 'POST', '/api/v1/Auth/Login', { body: { userName: company.adminEmail, password: PASSWORD } });
    assert.equal(res.status, 400);
    assert.equal(res.body.errors[0].code, 'auth.invalid_login_because_inactive_company');
  });

  it('answers the validation problem object when a field is missing or empty', async () => {
    const missing = await call(t, 'POST', '/api/v1/Auth/Login', { body: { password: 'x' } });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.status, 400);
    assert.equal(typeof missing.body.title, 'string');
    assert.ok(missing.body.errors.userName, JSON.stringify(missing.body));
    assert.equal(missing.body.success, undefined, 'not the envelope');
    const empty = await call(t, 'POST', '/api/v1/Auth/Login', { body: { userName: 'a@b.example', password: '' } });
    assert.equal(empty.status, 400);
    assert.match(empty.body.errors.password[0], /required/);
    const wrongType = await call(t, 'POST', '/api/v1/Auth/Login', { body: { userName: 12, password: 'x' } });
    assert.equal(wrongType.status, 400);
    assert.ok(wrongType.body.errors.userName);
  });

  it('signs a user of several companies in to the company last worked in, or to the one asked for', async () => {
    const a = await createCompany(t, 'Alpha Haulage');
    const b = await createCompany(t, 'Beta Logistics');
    const user = await createUser(t, a.companyId, 'Dispatcher');
    await createUser(t, b.companyId, 'Viewer');
    // the same email in company B
    const { addMember } = await import('../../src/areas/users/index.js');
    await addMember(t.database.db, { companyId: b.companyId, email: user.email, password: null, role: 'Viewer' });
    assert.equal(decode(await login(t, user.email)).cid, a.companyId, 'first membership first');
    assert.equal(decode(await login(t, user.email, PASSWORD, b.companyId)).cid, b.companyId);
    assert.equal(decode(await login(t, user.email)).cid, b.companyId, 'now B was last worked in');
    const other = await createCompany(t);
    const refused = await call(t, 'POST', '/api/v1/Auth/Login', { body: { userName: user.email, password: PASSWORD, companyId: other.companyId } });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.errors[0].code, 'auth.invalid_login');
  });

  it('rate limits per client address with 429 and an empty body', async () => {
    const limited = await startTestApp({ env: { SIGNIN_LIMIT_PER_ADDRESS: '3' } });
    try {
      const codes = [];
      for (let i = 0; i < 5; i++) {
        const res = await call(limited, 'POST', '/api/v1/Auth/Login', { body: { userName: `x${i}@test.example`, password: 'nope' } });
        codes.push(res.status);
        if (res.status === 429) assert.equal(res.raw.length, 0);
      }
      assert.deepEqual(codes, [400, 400, 400, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('rate limits failed attempts per account, even with the right password after', async () => {
    const limited = await startTestApp({ env: { SIGNIN_LIMIT_PER_ACCOUNT: '2' }, database: t.database });
    try {
      const company = await createCompany(limited);
      for (let i = 0; i < 2; i++) {
        const res = await call(limited, 'POST', '/api/v1/Auth/Login', { body: { userName: company.adminEmail, password: 'wrong' } });
        assert.equal(res.status, 400);
      }
      const blocked = await call(limited, 'POST', '/api/v1/Auth/Login', { body: { userName: company.adminEmail.toUpperCase(), password: PASSWORD } });
      assert.equal(blocked.status, 429);
      assert.equal(blocked.raw.length, 0);
      const other = await createCompany(limited);
      assert.equal((await call(limited, 'POST', '/api/v1/Auth/Login', { body: { userName: other.adminEmail, password: PASSWORD } })).status, 200);
    } finally {
      await limited.close();
    }
  });
});

describe('session tokens', () => {
  const signer = (options: Record<string, unknown>) => createSigner({ key: TEST_SECRET, algorithm: 'HS256', iss: 'fds', ...options } as never);

  it('refuses forged, expired and misplaced tokens with 401 and an empty body', async () => {
    const session = await signIn(t, 'Company Admin');
    const claims = decode(session.token);
    const good = { sub: claims.sub, cid: claims.cid, sst: claims.sst };
    const [h, p] = session.token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    const tamperedPayload = Buffer.from(JSON.stringify({ ...claims, cid: claims.cid + 1 })).toString('base64url');
    const forged = {
      'alg none': none,
      'another algorithm (HS512)': createSigner({ key: TEST_SECRET, algorithm: 'HS512', iss: 'fds', expiresIn: 60_000 })(good),
      'another key': createSigner({ key: 'another-secret-another-secret-another-secret', algorithm: 'HS256', iss: 'fds', expiresIn: 60_000 })(good),
      'a tampered claim': `${h}.${tamperedPayload}.${session.token.split('.')[2]}`,
      expired: signer({ expiresIn: 1000, clockTimestamp: Date.now() - 60_000 })(good),
      'no expiry': signer({})(good),
      garbage: 'not-a-token',
    };
    for (const [name, token] of Object.entries(forged)) {
      const res = await call(t, 'GET', '/api/v1/App/User', { token });
      assert.equal(res.status, 401, name);
      assert.equal(res.raw.length, 0, `${name}: empty body`);
    }
    const inQuery = await call(t, 'GET', `/api/v1/App/User?access_token=${session.token}&token=${session.token}`);
    assert.equal(inQuery.status, 401);
    const basic = await call(t, 'GET', '/api/v1/App/User', { headers: { authorization: `Basic ${session.token}` } });
    assert.equal(basic.status, 401);
    assert.equal((await call(t, 'GET', '/api/v1/App/User', { token: session.token })).status, 200, 'the real token works');
  });

  it('dies at once when the password is set, the user is disabled or deleted', async () => {
    const company = await createCompany(t);
    const admin = await signInAdmin(t, company);
    const a = await createUser(t, company.companyId);
    const tokenA = await login(t, a.email);
    await setPassword(t.database.db, a.email, 'a brand new password');
    assert.equal((await call(t, 'GET', '/api/v1/App/User', { token: tokenA })).status, 401);
    assert.equal((await call(t, 'GET', '/api/v1/App/User', { token: await login(t, a.email, 'a brand new password') })).status, 200);

    const b = await createUser(t, company.companyId);
    const tokenB = await login(t, b.email);
    await call(t, 'PUT', `/api/v1/Settings/Users/${b.userId}/disable`, { token: admin.token });
    assert.equal((await call(t, 'GET', '/api/v1/App/User', { token: tokenB })).status, 401);

    const c = await createUser(t, company.companyId);
    const tokenC = await login(t, c.email);
    await call(t, 'DELETE', `/api/v1/Settings/Users/${c.userId}`, { token: admin.token });
    assert.equal((await call(t, 'GET', '/api/v1/App/User', { token: tokenC })).status, 401);
  });

  it('dies when the company becomes inactive', async () => {
    const company = await createCompany(t);
    const admin = await signInAdmin(t, company);
    await setCompanyActive(t, company.companyId, false);
    assert.equal((await call(t, 'GET', '/api/v1/App/User', { token: admin.token })).status, 401);
  });
});

describe('GET /App/User and /App/UserData', () => {
  it('answers the signed-in CompanyUser, every field present', async () => {
    const session = await signIn(t, 'Accountant');
    const res = await call(t, 'GET', '/api/v1/App/User', { token: session.token });
    assert.equal(res.status, 200);
    assert.equal(res.headers['api-supported-versions'], '1.0');
    const user = res.body.data;
    assert.deepEqual(
      Object.keys(user).sort(),
      ['companyId', 'createdAt', 'email', 'firstName', 'id', 'invitedAt', 'isDisabled', 'lastLoginAt', 'lastName', 'phone', 'roles'].sort(),
    );
    assert.equal(user.id, session.userId);
    assert.equal(user.email, session.email);
    assert.deepEqual(user.roles, ['Accountant']);
    assert.equal(user.phone, null, 'null, not omitted');
    assert.equal(user.companyId, session.companyId);
  });

  it("adds the company name and the user's permissions in UserData", async () => {
    const session = await signIn(t, 'Viewer');
    const res = await call(t, 'GET', '/api/v1/App/UserData', { token: session.token });
    assert.equal(res.status, 200);
    assert.equal(res.body.data.isCompanyAdmin, false);
    assert.ok(res.body.data.permissions.includes('Fleet tab - View fleets data'));
    assert.ok(!res.body.data.permissions.includes('Users tab - view/edit/add users'));
    assert.match(res.body.data.companyName, /^Company /);
  });

  it('needs a token', async () => {
    for (const url of ['/api/v1/App/User', '/api/v1/App/UserData', '/api/v1/Company/Info', '/api/v1/Company/UserToCompanies']) {
      const res = await call(t, 'GET', url);
      assert.equal(res.status, 401, url);
      assert.equal(res.raw.length, 0);
    }
  });

  it('is open to a user without any permission', async () => {
    const session = await signIn(t, { permissions: [] });
    for (const url of ['/api/v1/App/User', '/api/v1/App/UserData', '/api/v1/Company/Info', '/api/v1/Company/UserToCompanies']) {
      assert.equal((await call(t, 'GET', url, { token: session.token })).status, 200, url);
    }
  });
});

describe('GET /Company/Info and /Company/UserToCompanies', () => {
  it("answers the session's company", async () => {
    const company = await createCompany(t, 'Gamma Freight');
    const admin = await signInAdmin(t, company);
    const res = await call(t, 'GET', '/api/v1/Company/Info', { token: admin.token });
    assert.equal(res.status, 200);
    assert.deepEqual(
      { ...res.body.data, createdAt: undefined },
      { id: company.companyId, name: 'Gamma Freight', isActive: true, isCurrent: true, createdAt: undefined },
    );
  });

  it("lists only the user's companies, paged, searchable and sortable", async () => {
    const { addMember } = await import('../../src/areas/users/index.js');
    const home = await createCompany(t, 'Home Trucking');
    const user = await createUser(t, home.companyId);
    const names = ['Zeta Carriers', 'Eta Express', 'Theta Movers'];
    for (const name of names) {
      const c = await createCompany(t, name);
      await addMember(t.database.db, { companyId: c.companyId, email: user.email, password: null, role: 'Viewer' });
    }
    await createCompany(t, 'Stranger Co');
    const token = await login(t, user.email, PASSWORD, home.companyId);
    const all = await call(t, 'GET', '/api/v1/Company/UserToCompanies?itemsPerPage=2&page=1&sortBy=NAME', { token });
    assert.equal(all.status, 200);
    assert.equal(all.body.data.totalCount, 4);
    assert.equal(all.body.data.itemsPerPage, 2);
    assert.deepEqual(
      all.body.data.list.map((c: any) => c.name),
      ['Eta Express', 'Home Trucking'],
    );
    assert.equal(all.body.data.list[1].isCurrent, true);
    const page2 = await call(t, 'GET', '/api/v1/Company/UserToCompanies?ItemsPerPage=2&Page=2&SortBy=name&SortDirection=Descending', { token });
    assert.deepEqual(
      page2.body.data.list.map((c: any) => c.name),
      ['Home Trucking', 'Eta Express'],
    );
    const search = await call(t, 'GET', '/api/v1/Company/UserToCompanies?SearchTerm=stranger', { token });
    assert.equal(search.body.data.totalCount, 0, 'another company is not listed');
    const bad = await call(t, 'GET', '/api/v1/Company/UserToCompanies?SortBy=password', { token });
    assert.equal(bad.status, 400);
    assert.ok(bad.body.errors.SortBy);
    const badPage = await call(t, 'GET', '/api/v1/Company/UserToCompanies?Page=abc', { token });
    assert.equal(badPage.status, 400);
  });
});

describe('GET /Settings/Version', () => {
  it('answers the API version without a token', async () => {
    const res = await call(t, 'GET', '/api/v1/settings/version');
    assert.equal(res.status, 200);
    assert.equal(res.body.success, true);
    assert.equal(res.body.data.version, '1.0');
    assert.ok(res.headers['api-supported-versions']);
  });
});

describe('POST /Auth/AcceptInvitation', () => {
  async function invite(company: Awaited<ReturnType<typeof createCompany>>) {
    const admin = await signInAdmin(t, company);
    const user = await createUser(t, company.companyId, 'Viewer');
    const res = await call(t, 'POST', `/api/v1/Settings/Users/${user.userId}/Invite`, { token: admin.token });
    assert.equal(res.status, 200);
    const mail = await t.database.db
      .selectFrom('outbox')
      .select(['text_body', 'to_address'])
      .where('company_id', '=', company.companyId)
      .where('kind', '=', 'user.invitation')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    assert.equal(mail.to_address, user.email);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text_body)![1]!;
    return { user, token };
  }

  it('sets the password once and signs in; earlier sessions end', async () => {
    const company = await createCompany(t);
    const { user, token } = await invite(company);
    const before = await login(t, user.email);
    const res = await call(t, 'POST', '/api/v1/Auth/AcceptInvitation', { body: { token, password: 'my own password', firstName: 'Ivy' } });
    assert.equal(res.status, 200);
    assert.equal((await call(t, 'GET', '/api/v1/App/User', { token: res.body.data })).body.data.firstName, 'Ivy');
    assert.equal((await call(t, 'GET', '/api/v1/App/User', { token: before })).status, 401);
    await login(t, user.email, 'my own password');
    const again = await call(t, 'POST', '/api/v1/Auth/AcceptInvitation', { body: { token, password: 'another password' } });
    assert.equal(again.status, 400);
    assert.equal(again.body.errors[0].code, 'auth.invalid_invitation');
  });

  it('leaves an audit row in the inviting company, by the user, without the password', async () => {
    const company = await createCompany(t);
    const { user, token } = await invite(company);
    const res = await call(t, 'POST', '/api/v1/Auth/AcceptInvitation', { body: { token, password: 'my own password', firstName: 'Ivy' } });
    assert.equal(res.status, 200);
    const rows = await t.database.db
      .selectFrom('audit_log')
      .select(['user_id', 'entity_type', 'entity_id', 'before', 'after', 'request_id'])
      .where('company_id', '=', company.companyId)
      .where('action', '=', 'user.accept_invitation')
      .execute();
    assert.equal(rows.length, 1);
    const row = rows[0]!;
    assert.deepEqual([row.user_id, row.entity_type, row.entity_id, row.before], [user.userId, 'user', user.userId, null]);
    assert.deepEqual(row.after, { passwordSet: true, firstName: 'Ivy' });
    assert.ok(row.request_id, 'the request it came with');
    assert.ok(!JSON.stringify(row.after).includes('my own password'));
    // A refused acceptance leaves none.
    await call(t, 'POST', '/api/v1/Auth/AcceptInvitation', { body: { token, password: 'another password' } });
    assert.equal(await auditCount(t, company.companyId, 'user.accept_invitation'), 1);
  });

  it('refuses a short password with the problem object and writes nothing', async () => {
    const company = await createCompany(t);
    const { user, token } = await invite(company);
    const res = await call(t, 'POST', '/api/v1/Auth/AcceptInvitation', { body: { token, password: 'short' } });
    assert.equal(res.status, 400);
    assert.ok(res.body.errors.password);
    await login(t, user.email, PASSWORD);
    assert.equal(await auditCount(t, company.companyId, 'user.accept_invitation'), 0);
  });

  it('refuses an expired invitation', async () => {
    const company = await createCompany(t);
    const { user, token } = await invite(company);
    await t.database.db
      .updateTable('company_users')
      .set({ invitation_expires_at: new Date(Date.now() - 1000) })
      .where('company_id', '=', company.companyId)
      .where('user_id', '=', user.userId)
      .execute();
    const res = await call(t, 'POST', '/api/v1/Auth/AcceptInvitation', { body: { token, password: 'long enough password' } });
    assert.equal(res.status, 400);
    assert.equal(res.body.errors[0].code, 'auth.invalid_invitation');
  });
});
