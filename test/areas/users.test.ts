import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PERMISSIONS } from '../../src/platform/access.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { countRows, createCompany, createUser, login, signIn, signInAdmin } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const USERS_TAB = 'Users tab - view/edit/add users';

function assertForbidden(res: { status: number; body: any }, naming: string) {
  assert.equal(res.status, 403);
  assert.equal(res.body.success, false);
  assert.equal(res.body.errors[0].code, 'meta.missing_permission');
  assert.ok(res.body.errors[0].message.includes(naming), res.body.errors[0].message);
}

function assertNotFound(res: { status: number; body: any }) {
  assert.equal(res.status, 404);
  assert.equal(res.body.success, false);
  assert.equal(res.body.errors[0].code, 'meta.not_found');
}

async function membership(companyId: number, userId: string) {
  return t.database.db.selectFrom('company_users').selectAll().where('company_id', '=', companyId).where('user_id', '=', userId).executeTakeFirstOrThrow();
}

describe('GET /Settings/Users', () => {
  it('lists enabled users with their roles; disabledUsers=true lists the disabled ones', async () => {
    const company = await createCompany(t);
    const admin = await signInAdmin(t, company);
    const dispatcher = await createUser(t, company.companyId, 'Dispatcher', 'Dora Dispatch');
    const viewer = await createUser(t, company.companyId, 'Viewer', 'Vic Viewer');
    await call(t, 'PUT', `/api/v1/Settings/Users/${viewer.userId}/disable`, { token: admin.token });
    const enabled = await call(t, 'GET', '/api/v1/Settings/Users', { token: admin.token });
    assert.equal(enabled.status, 200);
    assert.ok(Array.isArray(enabled.body.data));
    assert.deepEqual(enabled.body.data.map((u: any) => u.id).sort(), [company.adminUserId, dispatcher.userId].sort());
    assert.deepEqual(enabled.body.data.find((u: any) => u.id === dispatcher.userId).roles, ['Dispatcher']);
    const disabled = await call(t, 'GET', '/api/v1/Settings/Users?disabledUsers=true', { token: admin.token });
    assert.deepEqual(
      disabled.body.data.map((u: any) => [u.id, u.isDisabled]),
      [[viewer.userId, true]],
    );
  });

  it('searches names and emails, filters by role, sorts and pages', async () => {
    const company = await createCompany(t);
    const admin = await signInAdmin(t, company);
    await createUser(t, company.companyId, 'Dispatcher', 'Zed Zulu');
    await createUser(t, company.companyId, 'Dispatcher', 'Amy Alpha');
    await createUser(t, company.companyId, 'Accountant', 'Bob Bravo');
    const search = await call(t, 'GET', '/api/v1/Settings/Users?searchTerm=zulu', { token: admin.token });
    assert.deepEqual(
      search.body.data.map((u: any) => u.lastName),
      ['Zulu'],
    );
    const byRole = await call(t, 'GET', '/api/v1/Settings/Users?Roles=dispatcher&SortBy=lastName', { token: admin.token });
    assert.deepEqual(
      byRole.body.data.map((u: any) => u.lastName),
      ['Alpha', 'Zulu'],
    );
    const twoRoles = await call(t, 'GET', '/api/v1/Settings/Users?Roles=Accountant&roles=Company%20Admin&SortBy=lastName&SortDirection=1', {
      token: admin.token,
    });
    assert.deepEqual(
      twoRoles.body.data.map((u: any) => u.lastName),
      ['Bravo', 'Admin'],
    );
    const paged = await call(t, 'GET', '/api/v1/Settings/Users?SortBy=lastName&ItemsPerPage=2&Page=2', { token: admin.token });
    assert.deepEqual(
      paged.body.data.map((u: any) => u.lastName),
      ['Bravo', 'Zulu'],
    );
  });

  it('refuses bad parameters with the problem object', async () => {
    const admin = await signIn(t);
    for (const query of ['disabledUsers=maybe', 'SortBy=password', 'Page=x', 'DateRange=2026-01-01', 'Customers=1,2', 'OrderStatus=Nope']) {
      const res = await call(t, 'GET', `/api/v1/Settings/Users?${query}`, { token: admin.token });
      assert.equal(res.status, 400, query);
      assert.equal(res.body.title, 'One or more validation errors occurred.', query);
    }
  });

  it("is open to any signed-in user and never shows another company's users", async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    const noPermissions = await signIn(t, { permissions: [] }, a.companyId);
    const res = await call(t, 'GET', '/api/v1/Settings/Users?ItemsPerPage=1000', { token: noPermissions.token });
    assert.equal(res.status, 200);
    const ids = res.body.data.map((u: any) => u.id);
    assert.ok(ids.includes(a.adminUserId));
    assert.ok(!ids.includes(b.adminUserId));
  });
});

describe('GET /Settings/Users/{id}', () => {
  it('reads a user of the company', async () => {
    const company = await createCompany(t);
    const admin = await signInAdmin(t, company);
    const user = await createUser(t, company.companyId, 'Accountant', 'Ann Account');
    const res = await call(t, 'GET', `/api/v1/settings/users/${user.userId}`, { token: admin.token });
    assert.equal(res.status, 200);
    assert.equal(res.body.data.email, user.email);
    assert.equal(res.body.data.firstName, 'Ann');
    assert.deepEqual(res.body.data.roles, ['Accountant']);
  });

  it("answers 404 for an unknown id and for another company's user; 400 for a malformed id", async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    const admin = await signInAdmin(t, a);
    assertNotFound(await call(t, 'GET', '/api/v1/Settings/Users/no-such-user', { token: admin.token }));
    assertNotFound(await call(t, 'GET', `/api/v1/Settings/Users/${b.adminUserId}`, { token: admin.token }));
    const bad = await call(t, 'GET', `/api/v1/Settings/Users/${'x'.repeat(65)}`, { token: admin.token });
    assert.equal(bad.status, 400);
    assert.ok(bad.body.errors.id);
  });

  it('needs the Users tab permission', async () => {
    const dispatcher = await signIn(t, 'Dispatcher');
    assertForbidden(await call(t, 'GET', `/api/v1/Settings/Users/${dispatcher.userId}`, { token: dispatcher.token }), USERS_TAB);
    const custom = await signIn(t, { permissions: [USERS_TAB] });
    assert.equal((await call(t, 'GET', `/api/v1/Settings/Users/${custom.userId}`, { token: custom.token })).status, 200);
  });
});

describe('DELETE /Settings/Users/{id}', () => {
  it('removes the member, keeps the history and writes an audit row', async () => {
    const company = await createCompany(t);
    const admin = await signInAdmin(t, company);
    const user = await createUser(t, company.companyId);
    const res = await call(t, 'DELETE', `/api/v1/Settings/Users/${user.userId}`, { token: admin.token });
    assert.equal(res.status, 200);
    assert.equal(res.body.success, true);
    assert.ok((await membership(company.companyId, user.userId)).deleted_at);
    assertNotFound(await call(t, 'GET', `/api/v1/Settings/Users/${user.userId}`, { token: admin.token }));
    const auditRow = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('company_id', '=', company.companyId)
      .where('action', '=', 'user.delete')
      .executeTakeFirstOrThrow();
    assert.equal(auditRow.user_id, company.adminUserId);
    assert.equal(auditRow.entity_id, user.userId);
    assert.equal((auditRow.before as any).email, user.email);
  });

  it('refuses to delete yourself, writing nothing', async () => {
    const company = await createCompany(t);
    const admin = await signInAdmin(t, company);
    const auditBefore = await countRows(t, 'audit_log', company.companyId);
    const res = await call(t, 'DELETE', `/api/v1/Settings/Users/${admin.userId}`, { token: admin.token });
    assert.equal(res.status, 400);
    assert.equal(res.body.errors[0].code, 'users.cannot_delete_self');
    assert.equal((await membership(company.companyId, admin.userId)).deleted_at, null);
    assert.equal(await countRows(t, 'audit_log', company.companyId), auditBefore);
  });

  it('needs the Company Admin role', async () => {
    const company = await createCompany(t);
    const holder = await signIn(t, { permissions: [...PERMISSIONS] }, company.companyId);
    const target = await createUser(t, company.companyId);
    assertForbidden(await call(t, 'DELETE', `/api/v1/Settings/Users/${target.userId}`, { token: holder.token }), 'Company Admin');
    assert.equal((await membership(company.companyId, target.userId)).deleted_at, null);
  });

  it("treats another company's user as missing and leaves it alone", async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    const admin = await signInAdmin(t, a);
    const other = await createUser(t, b.companyId);
    assertNotFound(await call(t, 'DELETE', `/api/v1/Settings/Users/${other.userId}`, { token: admin.token }));
    assert.equal((await membership(b.companyId, other.userId)).deleted_at, null);
    await login(t, other.email);
  });
});

describe('PUT /Settings/Users/{id}/disable and /enable', () => {
  it('disables and enables a user, with audit rows', async () => {
    const company = await createCompany(t);
    const admin = await signInAdmin(t, company);
    const user = await createUser(t, company.companyId);
    assert.equal((await call(t, 'PUT', `/api/v1/Settings/Users/${user.userId}/Disable`, { token: admin.token })).status, 200);
    assert.equal((await membership(company.companyId, user.userId)).is_disabled, true);
    const refused = await call(t, 'POST', '/api/v1/Auth/Login', { body: { userName: user.email, password: user.password } });
    assert.equal(refused.body.errors[0].code, 'auth.invalid_login');
    assert.equal((await call(t, 'PUT', `/api/v1/Settings/Users/${user.userId}/ENABLE`, { token: admin.token })).status, 200);
    assert.equal((await membership(company.companyId, user.userId)).is_disabled, false);
    await login(t, user.email);
    const actions = await t.database.db.selectFrom('audit_log').select('action').where('company_id', '=', company.companyId).orderBy('id').execute();
    assert.deepEqual(
      actions.map((a) => a.action),
      ['user.disable', 'user.enable'],
    );
  });

  it('refuses to disable yourself and the last enabled Company Admin', async () => {
    const company = await createCompany(t);
    const admin = await signInAdmin(t, company);
    const self = await call(t, 'PUT', `/api/v1/Settings/Users/${admin.userId}/disable`, { token: admin.token });
    assert.equal(self.status, 400);
    assert.equal(self.body.errors[0].code, 'users.cannot_disable_self');
    const manager = await signIn(t, { permissions: [USERS_TAB] }, company.companyId);
    const last = await call(t, 'PUT', `/api/v1/Settings/Users/${admin.userId}/disable`, { token: manager.token });
    assert.equal(last.status, 400);
    assert.equal(last.body.errors[0].code, 'users.last_company_admin');
    assert.equal((await membership(company.companyId, admin.userId)).is_disabled, false);
    // With a second admin the first may be disabled.
    await createUser(t, company.companyId, 'Company Admin');
    assert.equal((await call(t, 'PUT', `/api/v1/Settings/Users/${admin.userId}/disable`, { token: manager.token })).status, 200);
  });

  it('needs the Users tab permission', async () => {
    const company = await createCompany(t);
    const dispatcher = await signIn(t, 'Dispatcher', company.companyId);
    const target = await createUser(t, company.companyId);
    assertForbidden(await call(t, 'PUT', `/api/v1/Settings/Users/${target.userId}/disable`, { token: dispatcher.token }), USERS_TAB);
    assertForbidden(await call(t, 'PUT', `/api/v1/Settings/Users/${target.userId}/enable`, { token: dispatcher.token }), USERS_TAB);
    assert.equal((await membership(company.companyId, target.userId)).is_disabled, false);
  });

  it("treats another company's user as missing", async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    const admin = await signInAdmin(t, a);
    const other = await createUser(t, b.companyId);
    assertNotFound(await call(t, 'PUT', `/api/v1/Settings/Users/${other.userId}/disable`, { token: admin.token }));
    assertNotFound(await call(t, 'PUT', `/api/v1/Settings/Users/${other.userId}/enable`, { token: admin.token }));
    assert.equal((await membership(b.companyId, other.userId)).is_disabled, false);
  });

  it('refuses a malformed id', async () => {
    const admin = await signIn(t);
    assert.equal((await call(t, 'PUT', `/api/v1/Settings/Users/${'y'.repeat(100)}/disable`, { token: admin.token })).status, 400);
  });
});

describe('POST /Settings/Users/{id}/Invite', () => {
  it('writes the invitation mail to the outbox', async () => {
    const company = await createCompany(t, 'Invite Freight');
    const admin = await signInAdmin(t, company);
    const user = await createUser(t, company.companyId);
    const res = await call(t, 'POST', `/api/v1/Settings/Users/${user.userId}/invite`, { token: admin.token });
    assert.equal(res.status, 200);
    const mail = await t.database.db.selectFrom('outbox').selectAll().where('company_id', '=', company.companyId).executeTakeFirstOrThrow();
    assert.equal(mail.to_address, user.email);
    assert.equal(mail.status, 'pending');
    assert.match(mail.subject, /Invite Freight/);
    assert.match(mail.text_body, /http:\/\/fds\.test\/accept-invitation\?token=/);
    assert.ok((await membership(company.companyId, user.userId)).invited_at);
    const read = await call(t, 'GET', `/api/v1/Settings/Users/${user.userId}`, { token: admin.token });
    assert.ok(read.body.data.invitedAt);
  });

  it('refuses a disabled user and writes nothing', async () => {
    const company = await createCompany(t);
    const admin = await signInAdmin(t, company);
    const user = await createUser(t, company.companyId);
    await call(t, 'PUT', `/api/v1/Settings/Users/${user.userId}/disable`, { token: admin.token });
    const res = await call(t, 'POST', `/api/v1/Settings/Users/${user.userId}/Invite`, { token: admin.token });
    assert.equal(res.status, 400);
    assert.equal(res.body.errors[0].code, 'users.user_disabled');
    assert.equal(await countRows(t, 'outbox', company.companyId), 0);
  });

  it("needs the Users tab permission, and another company's user is missing", async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    const viewer = await signIn(t, 'Viewer', a.companyId);
    assertForbidden(await call(t, 'POST', `/api/v1/Settings/Users/${a.adminUserId}/Invite`, { token: viewer.token }), USERS_TAB);
    const admin = await signInAdmin(t, a);
    assertNotFound(await call(t, 'POST', `/api/v1/Settings/Users/${b.adminUserId}/Invite`, { token: admin.token }));
    assert.equal(await countRows(t, 'outbox', a.companyId), 0);
    assert.equal(await countRows(t, 'outbox', b.companyId), 0);
  });
});

describe('GET /Roles', () => {
  it("pages the company's roles with their permissions", async () => {
    const admin = await signIn(t);
    const res = await call(t, 'GET', '/api/v1/Roles', { token: admin.token });
    assert.equal(res.status, 200);
    const data = res.body.data;
    assert.equal(data.totalCount, 4, 'the four default roles');
    assert.equal(data.page, 1);
    assert.equal(data.itemsPerPage, 20);
    const names = data.list.map((r: any) => r.name);
    for (const name of ['Company Admin', 'Dispatcher', 'Accountant', 'Viewer']) assert.ok(names.includes(name));
    const adminRole = data.list.find((r: any) => r.name === 'Company Admin');
    assert.equal(adminRole.permissions.length, PERMISSIONS.length);
    assert.equal(adminRole.isDefault, true);
    assert.equal(adminRole.usersCount, 2);
    const viewer = data.list.find((r: any) => r.name === 'Viewer');
    assert.ok(viewer.permissions.includes('Fleet tab - View fleets data'));
    assert.ok(!viewer.permissions.includes('Archive'));
  });

  it('applies paging, search and sort rules', async () => {
    const admin = await signIn(t);
    const small = await call(t, 'GET', '/api/v1/Roles?ItemsPerPage=2&Page=0&SortBy=name', { token: admin.token });
    assert.equal(small.body.data.page, 1, 'a page below 1 reads the first page');
    assert.equal(small.body.data.itemsPerPage, 2);
    assert.equal(small.body.data.totalCount, 4);
    assert.deepEqual(
      small.body.data.list.map((r: any) => r.name),
      ['Accountant', 'Company Admin'],
    );
    const past = await call(t, 'GET', '/api/v1/Roles?ItemsPerPage=2&Page=9', { token: admin.token });
    assert.deepEqual(past.body.data.list, []);
    assert.equal(past.body.data.totalCount, 4);
    const huge = await call(t, 'GET', '/api/v1/Roles?ItemsPerPage=5000', { token: admin.token });
    assert.equal(huge.body.data.itemsPerPage, 1000);
    const search = await call(t, 'GET', '/api/v1/Roles?SearchTerm=PATCH', { token: admin.token });
    assert.deepEqual(
      search.body.data.list.map((r: any) => r.name),
      ['Dispatcher'],
    );
    const desc = await call(t, 'GET', '/api/v1/Roles?SortBy=Name&SortDirection=Descending&ItemsPerPage=1', { token: admin.token });
    assert.equal(desc.body.data.list[0].name, 'Viewer');
  });

  it('orders roles made together by id, ascending whatever the direction', async () => {
    const company = await createCompany(t);
    const admin = await signInAdmin(t, company);
    const ids = async (query: string) => (await call(t, 'GET', `/api/v1/Roles${query}`, { token: admin.token })).body.data.list.map((r: any) => r.id);
    const byId = await ids('');
    assert.deepEqual(
      byId,
      [...byId].sort((a, b) => a - b),
    );
    assert.deepEqual(await ids('?SortBy=id&SortDirection=1'), [...byId].reverse());
    // The default roles are made in one transaction: one creation time, then the id decides.
    assert.deepEqual(await ids('?SortBy=createdAt'), byId);
    assert.deepEqual(await ids('?SortBy=createdAt&SortDirection=1'), byId);
  });

  it('refuses bad parameters and needs the Company Admin role', async () => {
    const admin = await signIn(t);
    assert.equal((await call(t, 'GET', '/api/v1/Roles?SortBy=permissions', { token: admin.token })).status, 400);
    assert.equal((await call(t, 'GET', '/api/v1/Roles?SortDirection=Sideways', { token: admin.token })).status, 400);
    assert.equal((await call(t, 'GET', '/api/v1/Roles?ItemsPerPage=ten', { token: admin.token })).status, 400);
    const everything = await signIn(t, { permissions: [...PERMISSIONS] });
    assertForbidden(await call(t, 'GET', '/api/v1/Roles', { token: everything.token }), 'Company Admin');
  });

  it("shows only the company's own roles", async () => {
    const a = await createCompany(t);
    await signIn(t, { permissions: [] }, a.companyId);
    const b = await signIn(t);
    const res = await call(t, 'GET', '/api/v1/Roles', { token: b.token });
    assert.equal(res.body.data.totalCount, 4, "company A's custom role is not listed");
    assert.ok(res.body.data.list.every((r: any) => r.isDefault));
  });
});

describe('GET /Permissions', () => {
  it("lists every permission with the company's roles granting it", async () => {
    const admin = await signIn(t);
    const res = await call(t, 'GET', '/api/v1/Permissions', { token: admin.token });
    assert.equal(res.status, 200);
    assert.equal(res.body.data.length, PERMISSIONS.length);
    const archive = res.body.data.find((p: any) => p.name === 'Archive');
    assert.deepEqual(archive.roles, ['Company Admin', 'Dispatcher']);
    assert.equal(res.body.data[0].id, 1);
    const search = await call(t, 'GET', '/api/v1/Permissions?SearchTerm=fleet&SortBy=name', { token: admin.token });
    assert.deepEqual(
      search.body.data.map((p: any) => p.name),
      ['Fleet tab - Create/Edit/delete fleet', 'Fleet tab - View fleets data'],
    );
    const paged = await call(t, 'GET', '/api/v1/Permissions?ItemsPerPage=5&Page=2', { token: admin.token });
    assert.deepEqual(
      paged.body.data.map((p: any) => p.id),
      [6, 7, 8, 9, 10],
    );
  });

  it('refuses bad parameters and needs the Company Admin role', async () => {
    const admin = await signIn(t);
    assert.equal((await call(t, 'GET', '/api/v1/Permissions?SortBy=roles', { token: admin.token })).status, 400);
    const dispatcher = await signIn(t, 'Dispatcher');
    assertForbidden(await call(t, 'GET', '/api/v1/Permissions', { token: dispatcher.token }), 'Company Admin');
  });
});

describe('GET /Permissions/CurrentRolesPermissions and /CurrentRolesWithPermissions', () => {
  it("answer the signed-in user's permissions from the same data", async () => {
    const viewer = await signIn(t, 'Viewer');
    const names = await call(t, 'GET', '/api/v1/Permissions/CurrentRolesPermissions', { token: viewer.token });
    const withRoles = await call(t, 'GET', '/api/v1/Permissions/CurrentRolesWithPermissions', { token: viewer.token });
    assert.equal(names.status, 200);
    assert.equal(withRoles.status, 200);
    assert.deepEqual(
      names.body.data,
      withRoles.body.data.map((p: any) => p.name),
    );
    assert.deepEqual(
      new Set(names.body.data),
      new Set([
        'Zones - view Zones',
        'Shipment types - view',
        'Locations tab - View locations',
        'Charge types - view charge types',
        'View Order Sheet',
        'View Outsources',
        'Fleet tab - View fleets data',
      ]),
    );
    for (const p of withRoles.body.data) assert.deepEqual(p.roles, ['Viewer']);
  });

  it('give a Company Admin every permission and a user without roles none', async () => {
    const admin = await signIn(t);
    const all = await call(t, 'GET', '/api/v1/Permissions/CurrentRolesPermissions', { token: admin.token });
    assert.equal(all.body.data.length, PERMISSIONS.length);
    const nobody = await signIn(t, { permissions: [] });
    assert.deepEqual((await call(t, 'GET', '/api/v1/Permissions/CurrentRolesPermissions', { token: nobody.token })).body.data, []);
    assert.deepEqual((await call(t, 'GET', '/api/v1/Permissions/CurrentRolesWithPermissions', { token: nobody.token })).body.data, []);
  });
});
