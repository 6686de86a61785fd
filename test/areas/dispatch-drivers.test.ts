import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectNotFound } from '../helpers/expect.js';
import { createDriver, createQuote, createRoute, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

const TODAY = new Date().toISOString().slice(0, 10);

describe('drivers and their routes', () => {
  it("GET /Drivers: driversOnRoute and includeDriverAvailability read the day's routes", async () => {
    const admin = await signIn(t);
    const [busy, planned, free] = [await createDriver(t, admin), await createDriver(t, admin), await createDriver(t, admin)];
    const driving = await createRoute(t, admin, { date: TODAY, driverId: busy.id, name: 'Driving' });
    await api(admin, 'PUT', `/Routes/${driving.id}/updateStatus/StartNow`);
    await createRoute(t, admin, { date: TODAY, driverId: planned.id, name: 'Later' });
    await createRoute(t, admin, { date: '2026-12-20', driverId: free.id, name: 'Another day' });
    const ids = async (query: string) =>
      (await api(admin, 'GET', `/Drivers${query}`)).body.data.list.map((d: any) => d.id).sort((a: number, b: number) => a - b);
    assert.deepEqual(await ids('?driversOnRoute=true'), [busy.id, planned.id]);
    assert.deepEqual(await ids('?driversOnRoute=false'), [free.id]);
    assert.deepEqual(await ids('?driversOnRoute=true&Date=2026-12-20'), [free.id]);
    const list = (await api(admin, 'GET', '/Drivers?includeDriverAvailability=true')).body.data.list;
    const availability = (id: number) => list.find((d: any) => d.id === id).availability;
    assert.deepEqual(availability(busy.id), { status: 'OnRoute', routeId: driving.id, routeName: 'Driving' });
    assert.equal(availability(planned.id).status, 'Planned');
    assert.deepEqual(availability(free.id), { status: 'Free', routeId: null, routeName: null });
    assert.equal((await api(admin, 'GET', '/Drivers')).body.data.list[0].availability, undefined, 'only when asked');
  });

  it('ValidateDisable counts the routes; ChangeStatus with unassignPendingRoutes takes drivers off routes not started', async () => {
    const admin = await signIn(t);
    const driver = await createDriver(t, admin);
    const started = await createRoute(t, admin, { date: TODAY, driverId: driver.id });
    await api(admin, 'PUT', `/Routes/${started.id}/updateStatus/StartNow`);
    const later = await createRoute(t, admin, { date: '2026-12-21', driverId: driver.id });
    const next = await createRoute(t, admin, { date: '2026-12-22', driverId: driver.id });
    await api(admin, 'PUT', `/Routes/${next.id}/updateStatus/StartNext`);
    const check = (await api(admin, 'POST', '/Drivers/ValidateDisable', [driver.id])).body.data;
    assert.deepEqual([check.activeRoutes, check.pendingRoutes, check.drivers[0].activeRoutes, check.drivers[0].pendingRoutes], [1, 2, 1, 2]);
    assert.ok(
      check.messages.some((m: string) => /2 route\(s\) not started/.test(m)),
      JSON.stringify(check.messages),
    );
    assert.equal((await api(admin, 'PUT', `/Drivers/ChangeStatus/Disabled?unassignPendingRoutes=false`, [driver.id])).status, 200);
    assert.equal((await api(admin, 'GET', `/Routes/${later.id}`)).body.data.driverId, driver.id, 'without the flag the routes keep the driver');
    assert.equal((await api(admin, 'PUT', `/Drivers/ChangeStatus/Inactive?unassignPendingRoutes=true`, [driver.id])).status, 200);
    const driverOf = async (id: number) => (await api(admin, 'GET', `/Routes/${id}`)).body.data.driverId;
    assert.deepEqual([await driverOf(started.id), await driverOf(later.id), await driverOf(next.id)], [driver.id, null, null]);
  });

  it('GET /Drivers/DriversStats: routes, stops and distance of a driver or of all', async () => {
    const admin = await signIn(t);
    const driver = await createDriver(t, admin);
    const route = await createRoute(t, admin, { date: TODAY, driverId: driver.id });
    const q = await createQuote(t, admin);
    await api(admin, 'PUT', `/Quotes/ApproveQuote?quoteId=${q.id}`);
    await api(admin, 'POST', `/Routes/${route.id}/assign-unassigned-stop`, { orderStopIds: q.stops.map((s: any) => s.id) });
    await api(admin, 'PUT', `/Routes/${route.id}/RouteItems/CloseAll`);
    await createRoute(t, admin, { date: TODAY, driverId: (await createDriver(t, admin)).id });
    // The orders list finds the order by its driver.
    await createQuote(t, admin);
    const byDriver = (await api(admin, 'GET', `/Quotes?Drivers=${driver.id}`)).body.data;
    assert.deepEqual([byDriver.list.map((o: any) => o.id), byDriver.totalCount], [[q.id], 1]);
    const mine = (await api(admin, 'GET', `/Drivers/DriversStats?driverId=${driver.id}`)).body.data;
    assert.deepEqual(
      [mine.driverId, mine.routes, mine.routesToday, mine.activeRoutes, mine.completedRoutes, mine.stopsDone, mine.stopsOpen],
      [driver.id, 1, 1, 0, 1, 2, 0],
    );
    assert.ok(mine.distanceMeters > 300_000, String(mine.distanceMeters));
    const all = (await api(admin, 'GET', '/Drivers/DriversStats')).body.data;
    assert.deepEqual([all.driverId, all.routes, all.activeRoutes], [null, 2, 1]);
    expectNotFound(await api(admin, 'GET', '/Drivers/DriversStats?driverId=2147480000'));
  });
});
