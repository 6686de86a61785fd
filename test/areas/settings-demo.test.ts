import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HOOKS } from '../../src/areas/index.js';
import { zoneOfPostalCode } from '../../src/areas/settings/index.js';
import { federalHolidays, settingsDemo } from '../../src/areas/settings/settings.demo.js';
import { forCompany } from '../../src/db/tenant.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { createCompany, signInAdmin } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

describe('company settings demo data', () => {
  it('computes the US federal holidays on their observed days', () => {
    assert.deepEqual(
      federalHolidays(2026).map((h) => h.date),
      [
        '2026-01-01',
        '2026-01-19',
        '2026-02-16',
        '2026-05-25',
        '2026-06-19',
        '2026-07-03',
        '2026-09-07',
        '2026-10-12',
        '2026-11-11',
        '2026-11-26',
        '2026-12-25',
      ],
    );
    assert.equal(federalHolidays(2026)[5]!.name, 'Independence Day (observed)');
    // 1 January 2028 is a Saturday: observed on Friday 31 December 2027.
    assert.equal(federalHolidays(2028)[0]!.date, '2027-12-31');
    assert.equal(federalHolidays(2028)[10]!.date, '2028-12-25');
  });

  it("seeds warehouses, zones, next year's holidays and one default terms text", async () => {
    const company = await createCompany(t);
    const admin = await signInAdmin(t, company);
    const actor = { companyId: company.companyId, userId: company.adminUserId };
    await settingsDemo.seed({
      companyId: company.companyId,
      adminUserId: company.adminUserId,
      inCompany: (work) => forCompany(t.database.db, HOOKS, actor, 'demo', work),
    });
    const get = async (url: string) => (await call(t, 'GET', `/api/v1${url}`, { token: admin.token })).body.data;
    const warehouses = await get('/Warehouses');
    assert.equal(warehouses.totalCount, 4);
    assert.ok(warehouses.list.every((w: any) => w.address.latitude !== null && w.address.postalCode && w.code));
    assert.equal((await get('/Warehouses?isActive=true')).totalCount, 3);
    const zones = await get('/Zones');
    assert.deepEqual(
      zones.list.map((z: any) => z.name),
      ['Austin metro', 'Dallas - Fort Worth', 'Greater Houston'],
    );
    const year = new Date().getUTCFullYear() + 1;
    assert.equal(
      (await get(`/NonWorkingDays?year=${year}&ItemsPerPage=50`)).totalCount,
      federalHolidays(year).filter((h) => h.date.startsWith(String(year))).length,
    );
    assert.equal((await get('/NonWorkingDays')).totalCount, 11);
    const terms = await get('/TermsAndConditions');
    assert.deepEqual(
      terms.map((x: any) => [x.title, x.isDefault]),
      [['Standard terms of carriage', true]],
    );
    // Every demo warehouse is in a demo zone but San Antonio; Arlington (76013) is in DFW.
    const zoneNames = await forCompany(t.database.db, HOOKS, actor, null, async (tenant) =>
      Promise.all(
        [...warehouses.list.map((w: any) => w.address.postalCode), '76013'].map(
          async (code: string) => (await zoneOfPostalCode(tenant, code, 'US'))?.name ?? null,
        ),
      ),
    );
    assert.deepEqual(zoneNames, ['Austin metro', 'Dallas - Fort Worth', 'Greater Houston', null, 'Dallas - Fort Worth']);
  });
});
