// The drivers area's part of the conventions walk (test/helpers/walk.ts says what each holds):
// drivers and license types, and the requests that change something where a generated one would
// change nothing or be refused.
import { randomUUID } from 'node:crypto';
import { call } from '../app.js';
import { createDriver, createLicenseType } from '../factories.js';
import type { AreaWalk, Factory } from '../walk.js';

/** A driver with an email (the invitation needs one), Active and New. */
const driver: Factory = async (t, s) => (await createDriver(t, s, { email: `walk-${randomUUID().slice(0, 12)}@test.example` })).id;
const licenseType: Factory = async (t, s) => (await createLicenseType(t, s)).id;

export const driversWalk: AreaWalk = {
  factories: { driver, license_type: licenseType },
  cases: {
    // The walk points the driver at a carrier (outsourceCompanyId): a Mixed driver may have one.
    'POST /Drivers': async () => ({ body: { firstName: 'Walk', lastName: `Driver ${randomUUID().slice(0, 6)}`, type: 'Mixed' } }),
    'PUT /Drivers/:id': async () => ({ body: { type: 'Mixed' } }),
    // A new driver's approval is New and its status Active: give others, or nothing changes.
    'POST /Drivers/ChangeDriverStatus': async () => ({ query: { driverStatus: 'Approved' } }),
    'PUT /Drivers/ChangeStatus/:status': async () => ({ params: { status: 'Inactive' } }),
    // Only a deleted driver is restored: a live one is left as it is.
    'PUT /Drivers/Restore/:id': async ({ t, admin, make }) => {
      const id = await make('driver');
      const res = await call(t, 'DELETE', `/api/v1/Drivers/${id}`, { token: admin.token });
      if (res.status !== 200) throw new Error(`driver not deleted: ${res.status} ${JSON.stringify(res.body)}`);
      return { params: { id } };
    },
  },
};
