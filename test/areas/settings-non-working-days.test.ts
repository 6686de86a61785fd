import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { PERMISSIONS } from '../../src/platform/access.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { countRows, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

async function addDay(session: Session, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await api(session, 'POST', '/NonWorkingDays', body);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}

const auditCount = async (companyId: number, action: string) => {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from audit_log where company_id = ${companyId} and action = ${action}`.execute(
    t.database.db,
  );
  return rows[0]!.n;
};

const dates = async (session: Session, query = '') => (await api(session, 'GET', `/NonWorkingDays${query}`)).body.data.list.map((d: any) => d.date);

describe('POST and GET /NonWorkingDays', () => {
  it('adds days (a date-time is read as its UTC day) and lists them by date', async () => {
    const admin = await signIn(t);
    const christmas = await addDay(admin, { date: '2031-12-25', name: ' Christmas Day ', isRecurring: true });
    assert.deepEqual([christmas.date, christmas.name, christmas.isRecurring], ['2031-12-25', 'Christmas Day', true]);
    const july = await addDay(admin, { date: '2031-07-04T22:30:00-05:00' });
    assert.deepEqual([july.date, july.name, july.isRecurring], ['2031-07-05', null, false]);
    const list = (await api(admin, 'GET', '/NonWorkingDays')).body.data;
    assert.deepEqual([list.list.map((d: any) => d.id), list.totalCount], [[july.id, christmas.id], 2]);
    assert.deepEqual(Object.keys(list.list[0]).sort(), ['createdAt', 'date', 'id', 'isRecurring', 'name', 'updatedAt']);
    assert.equal(await auditCount(admin.companyId, 'non_working_day.create'), 2);
  });

  it('refuses a second day for a date, counting recurring days, and writes nothing', async () => {
    const admin = await signIn(t);
    const christmas = await addDay(admin, { date: '2031-12-25', name: 'Christmas Day', isRecurring: true });
    const later = await addDay(admin, { date: '2033-01-02', name: 'Bridge day' });
    let res = await api(admin, 'POST', '/NonWorkingDays', { date: '2031-12-25', name: 'Again' });
    expectFailure(res, 'non_working_days.duplicate_date');
    assert.ok(res.body.errors[0].message.includes(`"Christmas Day" (id ${christmas.id})`), res.body.errors[0].message);
    res = await api(admin, 'POST', '/NonWorkingDays', { date: '2035-12-25' });
    expectFailure(res, 'non_working_days.duplicate_date');
    assert.ok(res.body.errors[0].message.includes('recurs every year from 2031-12-25'), res.body.errors[0].message);
    res = await api(admin, 'POST', '/NonWorkingDays', { date: '2032-01-02', isRecurring: true });
    expectFailure(res, 'non_working_days.duplicate_date');
    assert.ok(res.body.errors[0].message.includes(`2033-01-02`) && res.body.errors[0].message.includes(`id ${later.id}`), res.body.errors[0].message);
    // Before the first year of a recurring day, the date is free.
    await addDay(admin, { date: '2030-12-25', name: 'Earlier Christmas' });
    assert.equal(await countRows(t, 'non_working_days', admin.companyId), 3);
  });

  it('refuses bad input with the problem object and writes nothing', async () => {
    const admin = await signIn(t);
    expectProblem(await api(admin, 'POST', '/NonWorkingDays', { name: 'No date' }), 'date');
    expectProblem(await api(admin, 'POST', '/NonWorkingDays', { date: 'soon' }), 'date');
    expectProblem(await api(admin, 'POST', '/NonWorkingDays', { date: '2031-02-30' }), 'date');
    expectProblem(await api(admin, 'POST', '/NonWorkingDays', { date: '2032-02-29', isRecurring: true }), 'isRecurring');
    expectProblem(await api(admin, 'POST', '/NonWorkingDays', { date: '2031-01-01', isRecurring: 'often' }), 'isRecurring');
    // Years the list can show (1900 to 2200); the database has no year 0.
    expectProblem(await api(admin, 'POST', '/NonWorkingDays', { date: '0000-01-01' }), 'date');
    expectProblem(await api(admin, 'POST', '/NonWorkingDays', { date: '1899-12-31' }), 'date');
    expectProblem(await api(admin, 'POST', '/NonWorkingDays', { date: '2201-01-01T00:00:00Z' }), 'date');
    assert.equal(await countRows(t, 'non_working_days', admin.companyId), 0);
    await addDay(admin, { date: '2032-02-29', name: 'Leap day' });
  });

  it('lists a year, a DateRange or a Date, with recurring days in every later year', async () => {
    const admin = await signIn(t);
    await addDay(admin, { date: '2030-12-25', name: 'Christmas', isRecurring: true });
    await addDay(admin, { date: '2031-01-01', name: 'New Year' });
    await addDay(admin, { date: '2031-07-04', name: 'Independence Day' });
    await addDay(admin, { date: '2032-07-05', name: 'Independence Day (observed)' });
    assert.deepEqual(await dates(admin, '?year=2031'), ['2030-12-25', '2031-01-01', '2031-07-04']);
    assert.deepEqual(await dates(admin, '?year=2030'), ['2030-12-25']);
    assert.deepEqual(await dates(admin, '?year=2029'), []);
    assert.deepEqual(await dates(admin, '?DateRange=2031-06-01&DateRange=2032-07-31'), ['2030-12-25', '2031-07-04', '2032-07-05']);
    assert.deepEqual(await dates(admin, '?DateRange=2031-01-01&DateRange=2031-12-24'), ['2031-01-01', '2031-07-04']);
    assert.deepEqual(await dates(admin, '?Date=2034-12-25T10:00:00Z'), ['2030-12-25']);
    assert.deepEqual(await dates(admin, '?year=2031&DateRange=2031-06-01&DateRange=2031-12-31'), ['2030-12-25', '2031-07-04']);
    assert.deepEqual(await dates(admin, '?year=2031&Date=2032-07-05'), [], 'windows narrow each other');
    assert.deepEqual(await dates(admin, '?SortDirection=1'), ['2032-07-05', '2031-07-04', '2031-01-01', '2030-12-25']);
    assert.deepEqual(await dates(admin, '?SortBy=name'), ['2030-12-25', '2031-07-04', '2032-07-05', '2031-01-01']);
    const page = (await api(admin, 'GET', '/NonWorkingDays?Page=2&ItemsPerPage=3')).body.data;
    assert.deepEqual([page.list.map((d: any) => d.date), page.totalCount, page.itemsPerPage], [['2032-07-05'], 4, 3]);
    expectProblem(await api(admin, 'GET', '/NonWorkingDays?DateRange=2031-01-01'), 'DateRange');
    expectProblem(await api(admin, 'GET', '/NonWorkingDays?DateRange=2031-02-01&DateRange=2031-01-01'), 'DateRange');
    expectProblem(await api(admin, 'GET', '/NonWorkingDays?year=99'), 'year');
    expectProblem(await api(admin, 'GET', '/NonWorkingDays?SortBy=color'), 'SortBy');
  });
});

describe('PUT and DELETE /NonWorkingDays', () => {
  it('updates the day given by id and deletes the one given by nonWorkingDayId', async () => {
    const admin = await signIn(t);
    const day = await addDay(admin, { date: '2031-11-27', name: 'Thanksgiving' });
    const other = await addDay(admin, { date: '2031-11-28', name: 'Day after' });
    const res = await api(admin, 'PUT', `/NonWorkingDays?id=${day.id}`, { date: '2031-11-26', name: 'Moved', isRecurring: true });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual([res.body.data.id, res.body.data.date, res.body.data.name, res.body.data.isRecurring], [day.id, '2031-11-26', 'Moved', true]);
    // Its own date is no clash; another day's is.
    assert.equal((await api(admin, 'PUT', `/NonWorkingDays?id=${day.id}`, { date: '2031-11-26', name: 'Renamed' })).status, 200);
    expectFailure(await api(admin, 'PUT', `/NonWorkingDays?id=${day.id}`, { date: '2031-11-28' }), 'non_working_days.duplicate_date');
    expectProblem(await api(admin, 'PUT', '/NonWorkingDays', { date: '2031-11-20' }), 'id');
    expectProblem(await api(admin, 'PUT', `/NonWorkingDays?id=${day.id}`, {}), 'date');
    const del = await api(admin, 'DELETE', `/NonWorkingDays?nonWorkingDayId=${other.id}`);
    assert.equal(del.status, 200);
    assert.equal(del.body.data, null);
    assert.equal(del.body.success, true);
    expectNotFound(await api(admin, 'DELETE', `/NonWorkingDays?nonWorkingDayId=${other.id}`));
    expectProblem(await api(admin, 'DELETE', '/NonWorkingDays'), 'nonWorkingDayId');
    assert.deepEqual(await dates(admin), ['2031-11-26']);
    assert.equal(await auditCount(admin.companyId, 'non_working_day.update'), 2);
    assert.equal(await auditCount(admin.companyId, 'non_working_day.delete'), 1);
  });
});

describe('NonWorkingDays: access and companies', () => {
  it('lets any signed-in user list; only the Company Admin role changes', async () => {
    const admin = await signIn(t);
    const day = await addDay(admin, { date: '2031-05-26', name: 'Memorial Day' });
    const nobody = await signIn(t, { permissions: [] }, admin.companyId);
    assert.deepEqual(await dates(nobody), ['2031-05-26']);
    // Every permission is not the role.
    const everything = await signIn(t, { permissions: [...PERMISSIONS] }, admin.companyId);
    expectForbidden(await api(everything, 'POST', '/NonWorkingDays', { date: '2031-09-01' }), 'Company Admin');
    expectForbidden(await api(everything, 'PUT', `/NonWorkingDays?id=${day.id}`, { date: '2031-09-01' }), 'Company Admin');
    expectForbidden(await api(everything, 'DELETE', `/NonWorkingDays?nonWorkingDayId=${day.id}`), 'Company Admin');
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    expectForbidden(await api(dispatcher, 'POST', '/NonWorkingDays', { date: '2031-09-01' }), 'Company Admin');
    assert.equal(await countRows(t, 'non_working_days', admin.companyId), 1);
  });

  it("answers another company's day as missing and never lists it", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const theirs = await addDay(b, { date: '2031-10-13', name: 'Columbus Day' });
    expectNotFound(await api(a, 'PUT', `/NonWorkingDays?id=${theirs.id}`, { date: '2031-10-14' }));
    expectNotFound(await api(a, 'DELETE', `/NonWorkingDays?nonWorkingDayId=${theirs.id}`));
    assert.deepEqual(await dates(a), []);
    // The same date is free in another company.
    await addDay(a, { date: '2031-10-13' });
    assert.deepEqual(await dates(b), ['2031-10-13']);
    assert.equal((await api(b, 'GET', '/NonWorkingDays')).body.data.list[0].name, 'Columbus Day');
  });
});
