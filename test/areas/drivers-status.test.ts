// The drivers' two status axes, delete, restore and erase, invitations and the disable preview.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectNotFound, expectProblem } from '../helpers/expect.js';
import { auditCount, countRows, createDriver, createStatusCheck, createTruck, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

const statusOf = async (session: Session, id: number) => (await api(session, 'GET', `/Drivers/${id}`)).body.data;

describe('PUT /Drivers/ChangeStatus/{status}', () => {
  it('gives every driver the record status, leaves the approval alone, and restores deleted drivers with any status but Deleted', async () => {
    const admin = await signIn(t);
    const a = await createDriver(t, admin, { approvalStatus: 'Approved' });
    const b = await createDriver(t, admin);
    const res = await api(admin, 'PUT', '/Drivers/ChangeStatus/Inactive?unassignPendingRoutes=true', [a.id, b.id, a.id]);
    assert.deepEqual([res.status, res.body.data], [200, null]);
    assert.deepEqual(
      [(await statusOf(admin, a.id)).status, (await statusOf(admin, a.id)).approvalStatus, (await statusOf(admin, b.id)).status],
      ['Inactive', 'Approved', 'Inactive'],
    );
    assert.equal((await api(admin, 'PUT', '/Drivers/ChangeStatus/6', [a.id])).status, 200, 'by position: 6 is Disabled');
    assert.equal((await statusOf(admin, a.id)).status, 'Disabled');
    await api(admin, 'PUT', '/Drivers/changestatus/deleted', [a.id]);
    const deleted = await statusOf(admin, a.id);
    assert.deepEqual([deleted.status, typeof deleted.deletedAt], ['Deleted', 'string']);
    await api(admin, 'PUT', '/Drivers/ChangeStatus/Active', [a.id]);
    const back = await statusOf(admin, a.id);
    assert.deepEqual([back.status, back.deletedAt], ['Active', null]);
    assert.equal(await auditCount(t, admin.companyId, 'driver.change_status'), 5);
  });

  it('refuses an unknown status or a body that is no id list, and changes nothing', async () => {
    const admin = await signIn(t);
    const a = await createDriver(t, admin);
    expectProblem(await api(admin, 'PUT', '/Drivers/ChangeStatus/Retired', [a.id]), 'status');
    expectProblem(await api(admin, 'PUT', '/Drivers/ChangeStatus/Inactive', []), '$');
    expectProblem(await api(admin, 'PUT', '/Drivers/ChangeStatus/Inactive', ['one']), '[0]');
    assert.equal((await statusOf(admin, a.id)).status, 'Active');
  });

  it('refuses to restore a driver whose email a live driver took since', async () => {
    const admin = await signIn(t);
    const a = await createDriver(t, admin, { email: 'same@example.com' });
    await api(admin, 'DELETE', '/Drivers', [a.id]);
    await createDriver(t, admin, { email: 'same@example.com' });
    expectFailure(await api(admin, 'PUT', '/Drivers/ChangeStatus/Active', [a.id]), 'drivers.duplicate_email');
    expectFailure(await api(admin, 'PUT', `/Drivers/Restore/${a.id}`), 'drivers.duplicate_email');
    assert.equal((await statusOf(admin, a.id)).status, 'Deleted');
  });

  it('refuses to bring back together two deleted drivers sharing an email or license number, naming both, and changes nothing', async () => {
    const admin = await signIn(t);
    const a = await createDriver(t, admin, { email: 'twin@example.com' });
    await api(admin, 'DELETE', '/Drivers', [a.id]);
    const b = await createDriver(t, admin, { email: 'Twin@Example.com' });
    const c = await createDriver(t, admin, { licenseNumber: 'TX-100' });
    await api(admin, 'DELETE', '/Drivers', [c.id]);
    const d = await createDriver(t, admin, { licenseNumber: 'tx 100' });
    await api(admin, 'DELETE', '/Drivers', [b.id, d.id]);
    const email = await api(admin, 'PUT', '/Drivers/ChangeStatus/Active', [a.id, b.id]);
    expectFailure(email, 'drivers.duplicate_email');
    assert.match(email.body.errors[0].message, new RegExp(`Drivers ${a.id} .* and ${b.id} .* both have the email twin@example.com`));
    expectFailure(await api(admin, 'PUT', '/Drivers/ChangeStatus/Inactive', [d.id, c.id]), 'drivers.duplicate_license_number');
    for (const id of [a.id, b.id, c.id, d.id]) assert.equal((await statusOf(admin, id)).status, 'Deleted', `driver ${id} stays deleted`);
    assert.equal(await auditCount(t, admin.companyId, 'driver.change_status'), 0);
    assert.equal((await api(admin, 'PUT', '/Drivers/ChangeStatus/Active', [b.id, c.id])).status, 200, 'one of each pair comes back');
    assert.deepEqual([(await statusOf(admin, b.id)).status, (await statusOf(admin, c.id)).status], ['Active', 'Active']);
  });
});

describe('POST /Drivers/ChangeDriverStatus', () => {
  it('sets the approval status, answers it as a string, and leaves the record status alone', async () => {
    const admin = await signIn(t);
    const a = await createDriver(t, admin, { status: 'Inactive' });
    const res = await api(admin, 'POST', `/Drivers/ChangeDriverStatus?id=${a.id}&driverStatus=blocked`);
    assert.deepEqual([res.status, res.body.data], [200, 'Blocked']);
    assert.deepEqual([(await statusOf(admin, a.id)).approvalStatus, (await statusOf(admin, a.id)).status], ['Blocked', 'Inactive']);
    assert.equal((await api(admin, 'POST', `/Drivers/ChangeDriverStatus?id=${a.id}&driverStatus=1`)).body.data, 'Approved', 'by position');
    expectProblem(await api(admin, 'POST', `/Drivers/ChangeDriverStatus?id=${a.id}&driverStatus=Fired`), 'driverStatus');
    expectProblem(await api(admin, 'POST', '/Drivers/ChangeDriverStatus?driverStatus=Approved'), 'id');
    assert.equal((await statusOf(admin, a.id)).approvalStatus, 'Approved');
    assert.equal(await auditCount(t, admin.companyId, 'driver.change_approval'), 2);
  });
});

describe('DELETE /Drivers, PUT /Drivers/Restore/{id}, DELETE /Drivers/Permanent/{id}', () => {
  it('deletes restorably and restores the status the driver had', async () => {
    const admin = await signIn(t);
    const a = await createDriver(t, admin, { status: 'Invited' });
    const b = await createDriver(t, admin);
    assert.equal((await api(admin, 'DELETE', '/Drivers', [a.id, b.id])).status, 200);
    assert.equal((await api(admin, 'GET', '/Drivers')).body.data.totalCount, 0);
    assert.equal((await api(admin, 'DELETE', `/Drivers/${a.id}`)).status, 200, 'a deleted driver stays as it is');
    assert.equal((await api(admin, 'PUT', `/Drivers/Restore/${a.id}`)).status, 200);
    const back = await statusOf(admin, a.id);
    assert.deepEqual([back.status, back.deletedAt], ['Invited', null]);
    assert.equal((await api(admin, 'PUT', `/Drivers/Restore/${a.id}`)).status, 200, 'a live driver is left as it is');
    assert.equal((await statusOf(admin, a.id)).status, 'Invited');
    expectProblem(await api(admin, 'DELETE', '/Drivers', []), '$');
    assert.deepEqual([await auditCount(t, admin.companyId, 'driver.delete'), await auditCount(t, admin.companyId, 'driver.restore')], [2, 1]);
  });

  it('erases a driver for good, but not one with truck inspections: they are safety records', async () => {
    const admin = await signIn(t);
    const truck = await createTruck(t, admin);
    const inspected = await createDriver(t, admin);
    await createStatusCheck(t, admin, { driverId: inspected.id, truckId: truck.id });
    const res = await api(admin, 'DELETE', `/Drivers/Permanent/${inspected.id}`);
    expectFailure(res, 'drivers.in_use');
    assert.match(res.body.errors[0].message, /1 truck inspection/);
    assert.equal(await countRows(t, 'drivers', admin.companyId), 1);
    const plain = await createDriver(t, admin);
    await api(admin, 'DELETE', `/Drivers/${plain.id}`);
    assert.equal((await api(admin, 'DELETE', `/Drivers/Permanent/${plain.id}`)).status, 200);
    assert.equal((await api(admin, 'GET', `/Drivers/${plain.id}`)).status, 404);
    assert.equal(await countRows(t, 'drivers', admin.companyId), 1);
    assert.equal(await auditCount(t, admin.companyId, 'driver.delete_permanently'), 1);
  });

  it('an erased driver is gone for good: restoring it or changing its status answers 404', async () => {
    const admin = await signIn(t);
    const driver = await createDriver(t, admin, { email: 'erased@example.com' });
    assert.equal((await api(admin, 'DELETE', `/Drivers/Permanent/${driver.id}`)).status, 200, 'a live driver is erased too');
    expectNotFound(await api(admin, 'PUT', `/Drivers/Restore/${driver.id}`));
    expectNotFound(await api(admin, 'PUT', '/Drivers/ChangeStatus/Active', [driver.id]));
    expectNotFound(await api(admin, 'POST', `/Drivers/${driver.id}/Invite`));
    expectNotFound(await api(admin, 'DELETE', `/Drivers/Permanent/${driver.id}`));
    assert.equal((await api(admin, 'GET', '/Drivers?deletedDrivers=true')).body.data.totalCount, 0);
    assert.equal(await countRows(t, 'drivers', admin.companyId), 0);
    assert.equal(await countRows(t, 'outbox', admin.companyId), 0);
    assert.equal((await createDriver(t, admin, { email: 'erased@example.com' })).email, 'erased@example.com', 'its email is free');
  });
});

describe('POST /Drivers/{id}/Invite and sendEmail', () => {
  it('writes the invitation to the outbox with the server and a one-time code kept hashed; New drivers become Invited', async () => {
    const admin = await signIn(t);
    const driver = await createDriver(t, admin, { firstName: 'Rosa', email: 'Rosa@Example.com', status: 'New' });
    const res = await api(admin, 'POST', `/Drivers/${driver.id}/Invite`);
    assert.deepEqual([res.status, res.body.data], [200, null]);
    const mail = await t.database.db.selectFrom('outbox').selectAll().where('company_id', '=', admin.companyId).executeTakeFirstOrThrow();
    assert.deepEqual([mail.kind, mail.to_address, mail.status], ['driver.invitation', 'rosa@example.com', 'pending']);
    assert.match(mail.text_body, /Hello Rosa/);
    assert.match(mail.text_body, /http:\/\/fds\.test/);
    const code = /invitation code: (\S+)/.exec(mail.text_body)![1]!;
    const row = await t.database.db
      .selectFrom('drivers')
      .select(['invitation_token_hash', 'invitation_expires_at'])
      .where('id', '=', driver.id)
      .executeTakeFirstOrThrow();
    assert.ok(row.invitation_token_hash && row.invitation_token_hash !== code && row.invitation_token_hash.length === 64, 'kept as a SHA-256 hash');
    assert.ok(row.invitation_expires_at!.getTime() > Date.now() + 6 * 86_400_000);
    const after = await statusOf(admin, driver.id);
    assert.deepEqual([after.status, typeof after.invitedAt], ['Invited', 'string']);
    const active = await createDriver(t, admin, { email: 'active@example.com' });
    await api(admin, 'POST', `/Drivers/${active.id}/Invite`);
    assert.equal((await statusOf(admin, active.id)).status, 'Active', 'a working driver keeps its status');
    assert.equal(await countRows(t, 'outbox', admin.companyId), 2);
    assert.equal(await auditCount(t, admin.companyId, 'driver.invite'), 2);
  });

  it('a new invitation replaces the previous code and renews its deadline', async () => {
    const admin = await signIn(t);
    const driver = await createDriver(t, admin, { email: 'again@example.com', status: 'New' });
    const invitation = async () =>
      t.database.db.selectFrom('drivers').select(['invitation_token_hash', 'invitation_expires_at']).where('id', '=', driver.id).executeTakeFirstOrThrow();
    await api(admin, 'POST', `/Drivers/${driver.id}/Invite`);
    const first = await invitation();
    assert.equal((await api(admin, 'POST', `/Drivers/${driver.id}/Invite`)).status, 200);
    const second = await invitation();
    assert.notEqual(second.invitation_token_hash, first.invitation_token_hash, 'the first code no longer signs in');
    assert.ok(second.invitation_expires_at!.getTime() >= first.invitation_expires_at!.getTime());
    const mails = await t.database.db.selectFrom('outbox').select('text_body').where('company_id', '=', admin.companyId).orderBy('id').execute();
    const codes = mails.map((m) => /invitation code: (\S+)/.exec(m.text_body)![1]);
    assert.equal(codes.length, 2);
    assert.notEqual(codes[0], codes[1], 'each mail carries its own code');
    assert.equal((await statusOf(admin, driver.id)).status, 'Invited');
  });

  it('invites on create with sendEmail=true; refuses drivers without email, deleted or disabled, writing nothing', async () => {
    const admin = await signIn(t);
    const driver = await createDriver(t, admin, { email: 'new@example.com', status: 'Draft' }, '?sendEmail=true');
    assert.deepEqual([driver.status, typeof driver.invitedAt], ['Invited', 'string']);
    assert.equal(await countRows(t, 'outbox', admin.companyId), 1);
    expectFailure(await api(admin, 'POST', '/Drivers?sendEmail=true', { firstName: 'No', lastName: 'Mail' }), 'drivers.no_email');
    assert.equal(await countRows(t, 'drivers', admin.companyId), 1, 'the driver was not added either');
    const noMail = await createDriver(t, admin);
    expectFailure(await api(admin, 'POST', `/Drivers/${noMail.id}/Invite`), 'drivers.no_email');
    const disabled = await createDriver(t, admin, { email: 'off@example.com', status: 'Disabled' });
    expectFailure(await api(admin, 'POST', `/Drivers/${disabled.id}/Invite`), 'drivers.cannot_invite');
    await api(admin, 'DELETE', `/Drivers/${disabled.id}`);
    expectFailure(await api(admin, 'POST', `/Drivers/${disabled.id}/Invite`), 'drivers.cannot_invite');
    assert.equal(await countRows(t, 'outbox', admin.companyId), 1);
  });
});

describe('POST /Drivers/ValidateDisable', () => {
  it('counts open inspections per driver and in total (routes: test/areas/dispatch-drivers.test.ts), and writes nothing', async () => {
    const admin = await signIn(t);
    const truck = await createTruck(t, admin);
    const a = await createDriver(t, admin, { firstName: 'Ann', lastName: 'Open' });
    const b = await createDriver(t, admin, { status: 'Disabled' });
    for (const status of [1, 2, 3, 4] as const) await createStatusCheck(t, admin, { driverId: a.id, truckId: truck.id, status });
    const res = await api(admin, 'POST', '/Drivers/ValidateDisable', [b.id, a.id]);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const data = res.body.data;
    assert.deepEqual([data.canDisable, data.openStatusChecks, data.activeRoutes, data.pendingRoutes], [true, 3, 0, 0]);
    assert.deepEqual(
      data.drivers.map((d: any) => [d.driverId, d.status, d.alreadyDisabled, d.openStatusChecks, d.pendingRoutes]),
      [
        [a.id, 'Active', false, 3, 0],
        [b.id, 'Disabled', true, 0, 0],
      ],
    );
    assert.ok(data.messages.some((m: string) => m.includes('"Ann Open" has 3 open truck inspection(s)')));
    assert.ok(!data.messages.some((m: string) => /route/.test(m)), 'drivers on no route: nothing said of routes');
    assert.equal((await statusOf(admin, a.id)).status, 'Active');
    expectProblem(await api(admin, 'POST', '/Drivers/ValidateDisable', []), '$');
  });

  it('says disabling a deleted driver restores it, and that it cannot when its email was taken since — as ChangeStatus then refuses', async () => {
    const admin = await signIn(t);
    const free = await createDriver(t, admin, { firstName: 'Free', lastName: 'Back' });
    const taken = await createDriver(t, admin, { firstName: 'Taken', lastName: 'Mail', email: 'taken@example.com' });
    await api(admin, 'DELETE', '/Drivers', [free.id, taken.id]);
    const ok = (await api(admin, 'POST', '/Drivers/ValidateDisable', [free.id])).body.data;
    assert.equal(ok.canDisable, true);
    assert.ok(
      ok.messages.some((m: string) => m.includes('"Free Back" is deleted: disabling restores it as Disabled')),
      JSON.stringify(ok.messages),
    );
    const holder = await createDriver(t, admin, { email: 'taken@example.com' });
    const res = await api(admin, 'POST', '/Drivers/ValidateDisable', [free.id, taken.id]);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.canDisable, false);
    assert.ok(
      res.body.data.messages.some((m: string) => m.includes(`"Taken Mail" is deleted and cannot be restored as Disabled: Driver ${holder.id}`)),
      JSON.stringify(res.body.data.messages),
    );
    expectFailure(await api(admin, 'PUT', '/Drivers/ChangeStatus/Disabled', [free.id, taken.id]), 'drivers.duplicate_email');
    assert.deepEqual(
      [(await statusOf(admin, free.id)).status, (await statusOf(admin, taken.id)).status],
      ['Deleted', 'Deleted'],
      'the preview and the refusal wrote nothing',
    );
    const twin = await createDriver(t, admin, { email: 'pair@example.com' });
    await api(admin, 'DELETE', '/Drivers', [twin.id]);
    const other = await createDriver(t, admin, { email: 'pair@example.com' });
    await api(admin, 'DELETE', '/Drivers', [other.id]);
    assert.equal(
      (await api(admin, 'POST', '/Drivers/ValidateDisable', [twin.id, other.id])).body.data.canDisable,
      false,
      'two deleted drivers sharing an email',
    );
    assert.equal((await api(admin, 'POST', '/Drivers/ValidateDisable', [twin.id])).body.data.canDisable, true);
  });
});
