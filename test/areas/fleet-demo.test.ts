// The demo data of the carriers and fleet sections (`fds demo`).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { carriersDemo } from '../../src/areas/carriers/carriers.demo.js';
import { fleetDemo } from '../../src/areas/fleet/fleet.demo.js';
import { checkVin } from '../../src/areas/fleet/index.js';
import { HOOKS } from '../../src/areas/index.js';
import { forCompany } from '../../src/db/tenant.js';
import type { DemoContext } from '../../src/platform/demo-seeder.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { createCompany, signInAdmin } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

describe('carriers and fleet demo data', () => {
  it('seeds truck types, three carriers with contacts, finances and truck types, and seven trucks with valid VINs', async () => {
    const company = await createCompany(t);
    const admin = await signInAdmin(t, company);
    const actor = { companyId: company.companyId, userId: company.adminUserId };
    const ctx: DemoContext = {
      companyId: company.companyId,
      adminUserId: company.adminUserId,
      inCompany: (work) => forCompany(t.database.db, HOOKS, actor, 'demo', work),
    };
    await carriersDemo.seed(ctx);
    await fleetDemo.seed(ctx);
    const get = async (url: string) => (await call(t, 'GET', `/api/v1${url}`, { token: admin.token })).body.data;
    assert.deepEqual(
      (await get('/TypeOfTrucks')).list.map((x: any) => x.name),
      ['Box truck 26 ft', 'Dry van 53 ft', 'Flatbed 48 ft', 'Reefer 53 ft', 'Sprinter van'],
    );
    const carriers = (await get('/OutsourceCompanies')).list;
    assert.deepEqual(
      carriers.map((c: any) => c.name),
      ['Capital City Couriers', 'Hill Country Cold Chain', 'Red River Freight Lines'],
    );
    assert.deepEqual(
      carriers.map((c: any) => c.insuranceStatus),
      ['Valid', 'ExpiringSoon', 'Valid'],
    );
    for (const c of carriers) {
      assert.ok(c.primaryContactName, `${c.name} has a primary contact`);
      const finances = await get(`/OutsourceCompanyFinances/${c.id}/FinanceList`);
      assert.equal(finances.length, 1);
      assert.ok(finances[0].isDefault && finances[0].contactId !== null);
      assert.ok((await get(`/OutsourceCompanyTypeOfTrucks/${c.id}/TypeOfTruckList`)).length >= 1);
      const check = await call(t, 'POST', '/api/v1/OutsourceCompanies/ValidateOutsourceCompany', {
        token: admin.token,
        body: { ...c, id: c.id, insuranceExpiresOn: c.insuranceExpiresOn },
      });
      assert.deepEqual(check.body.data.duplicates, [], `${c.name} duplicates no other carrier`);
    }
    const trucks = (await get('/Trucks?ItemsPerPage=50')).list;
    assert.equal(trucks.length, 7);
    assert.ok(trucks.every((k: any) => k.vin && checkVin(k.vin).problem === null && k.typeOfTruckId !== null && k.plateState === 'TX'));
    assert.deepEqual(trucks.map((k: any) => k.status).sort(), ['Active', 'Active', 'Active', 'Active', 'Active', 'InShop', 'Inactive']);
  });
});
