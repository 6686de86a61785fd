// The demo data of the drivers section (`fds demo`), made after the carriers and fleet demos.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { carriersDemo } from '../../src/areas/carriers/carriers.demo.js';
import { driversDemo } from '../../src/areas/drivers/drivers.demo.js';
import { fleetDemo } from '../../src/areas/fleet/fleet.demo.js';
import { HOOKS } from '../../src/areas/index.js';
import { forCompany } from '../../src/db/tenant.js';
import type { DemoContext } from '../../src/platform/demo-seeder.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { countRows, createCompany, signInAdmin } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

describe('drivers demo data', () => {
  it("seeds license types, ten drivers paid in eight ways (carriers' drivers among them) and recent inspections of the demo trucks", async () => {
    const company = await createCompany(t);
    const admin = await signInAdmin(t, company);
    const actor = { companyId: company.companyId, userId: company.adminUserId };
    const ctx: DemoContext = {
      companyId: company.companyId,
      adminUserId: company.adminUserId,
      inCompany: (work) => forCompany(t.database.db, HOOKS, actor, 'demo', work),
    };
    for (const seeder of [carriersDemo, fleetDemo, driversDemo]) await seeder.seed(ctx);
    const get = async (url: string) => (await call(t, 'GET', `/api/v1${url}`, { token: admin.token })).body.data;
    assert.deepEqual(
      (await get('/LicenseTypes')).list.map((x: any) => x.name),
      ['CDL Class A', 'CDL Class B', 'Class C', 'Non-CDL'],
    );
    const drivers = (await get('/Drivers?ItemsPerPage=50')).list;
    assert.equal(drivers.length, 10);
    assert.equal(new Set(drivers.map((d: any) => d.payout?.type).filter(Boolean)).size, 8);
    const outsource = drivers.filter((d: any) => d.type === 'Outsource');
    assert.equal(outsource.length, 2);
    assert.ok(outsource.every((d: any) => d.outsourceCompanyName && d.payout === null));
    assert.ok(drivers.some((d: any) => d.type === 'Mixed' && d.outsourceCompanyName === 'Capital City Couriers'));
    assert.ok(drivers.filter((d: any) => d.defaultTruckName).length >= 6);
    for (const d of drivers) {
      const check = (await call(t, 'POST', '/api/v1/Drivers/ValidateDriver', { token: admin.token, body: { ...d, id: d.id } })).body.data;
      assert.deepEqual([check.duplicates, check.missing], [[], []], `${d.fullName} is complete and unique`);
    }
    const checks = await get('/Drivers/StatusCheck');
    assert.equal(checks.totalCount, 6);
    assert.deepEqual(checks.list.map((c: any) => c.status).sort(), [1, 2, 3, 4, 4, 4]);
    const carrier = (await get('/OutsourceCompanies')).list.find((c: any) => c.name === 'Red River Freight Lines');
    assert.deepEqual(
      (await get(`/OutsourceCompanies/${carrier.id}/DriverList`)).map((d: any) => d.fullName),
      ['Travis Boone'],
    );
    assert.equal(await countRows(t, 'outbox', company.companyId), 0, 'the demo sends no invitation');
  });
});
