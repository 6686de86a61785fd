// Rules of truck inspections (status checks): read by the company, paged and filtered; recorded by
// the driver app (record() is its door; the demo and tests use it until the app's rows exist) for
// a live driver of the company and one of its live trucks.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { notFound } from '../../platform/errors.js';
import { text } from '../../platform/writes.js';
import { truckRecords } from '../fleet/index.js';
import { driverBriefs } from './drivers.repository.js';
import * as repo from './status-checks.repository.js';
import type { DriverStatusCheckInputT } from './status-checks.schemas.js';

export function statusChecksService() {
  return {
    list: repo.listChecks,

    /** Records an inspection of one of the company's live trucks by one of its live drivers. */
    async record(t: Tenant, input: DriverStatusCheckInputT): Promise<number> {
      const driver = await driverBriefs.requireOne(t, input.driverId);
      // A deleted driver makes no inspection: it reads as missing here.
      if (driver.deleted_at) throw notFound('Driver', input.driverId);
      await truckRecords.requireOne(t, input.truckId);
      const id = await repo.insertCheck(t, {
        driver_id: input.driverId,
        truck_id: input.truckId,
        check_type: input.checkType,
        status: input.status,
        checked_at: input.checkedAt,
        odometer: input.odometer ?? null,
        odometer_unit: input.odometerUnit ?? 'mi',
        defects: (input.defects ?? []).map((x) => x.trim()).filter(Boolean),
        notes: text(input.notes),
        location: text(input.location),
      });
      await audit(t, { action: 'driver_status_check.create', entityType: 'driver_status_check', entityId: id, after: input });
      return id;
    },

    countsByDriver: repo.countsByDriver,
  };
}

export type StatusChecksService = ReturnType<typeof statusChecksService>;
