// Rules of truck inspections (status checks): read by the company, paged and filtered; recorded by
// the driver app (record() is its door; the demo and tests use it until the app's rows exist) for
// a live driver of the company and one of its live trucks.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import type { Paged } from '../../platform/envelope.js';
import { notFound } from '../../platform/errors.js';
import { dateRangeOf, pageOf, paged, sortOf } from '../../platform/paging.js';
import { parseDateTime } from '../../platform/validation.js';
import { text } from '../../platform/writes.js';
import { truckExists } from '../fleet/index.js';
import * as drivers from './drivers.repository.js';
import * as repo from './status-checks.repository.js';
import { toStatusCheck, type DriverStatusCheckInputT, type DriverStatusCheckT, type StatusChecksQueryT } from './status-checks.schemas.js';

const DAY_MS = 86_400_000;

/** DateRange and Date (its UTC day) narrow each other. */
function window(q: StatusChecksQueryT): { from: Date | null; to: Date | null } {
  const range = dateRangeOf(q.DateRange);
  const day = q.Date ? new Date(Math.floor(parseDateTime(q.Date).getTime() / DAY_MS) * DAY_MS) : null;
  const starts = [range?.start, day].filter((d): d is Date => Boolean(d));
  const ends = [range?.end, day && new Date(day.getTime() + DAY_MS - 1)].filter((d): d is Date => Boolean(d));
  return {
    from: starts.length ? new Date(Math.max(...starts.map((d) => d.getTime()))) : null,
    to: ends.length ? new Date(Math.min(...ends.map((d) => d.getTime()))) : null,
  };
}

export function statusChecksService() {
  return {
    async list(t: Tenant, q: StatusChecksQueryT): Promise<Paged<DriverStatusCheckT>> {
      const page = pageOf(q);
      const sort = sortOf(q, { checkedAt: 'checked_at' } as const, { by: 'checked_at', descending: true });
      const filter: repo.StatusCheckFilter = {
        search: q.SearchTerm?.trim() || null,
        driverName: q.DriverName?.trim() || null,
        driverIds: q.Drivers?.length ? q.Drivers : null,
        truckIds: q.truckIds?.length ? q.truckIds : null,
        statuses: q.InspectionStatus?.length ? q.InspectionStatus : null,
        checkTypes: q.checkTypes?.length ? q.checkTypes : null,
        ...window(q),
      };
      const [rows, total] = await Promise.all([repo.listChecks(t, filter, sort.descending, page.limit, page.offset), repo.countChecks(t, filter)]);
      return paged(rows.map(toStatusCheck), page, total);
    },

    /** Records an inspection of one of the company's live trucks by one of its live drivers. */
    async record(t: Tenant, input: DriverStatusCheckInputT): Promise<number> {
      const driver = (await drivers.findBriefs(t, [input.driverId]))[0];
      if (!driver || driver.deleted_at) throw notFound('Driver', input.driverId);
      if (!(await truckExists(t, input.truckId))) throw notFound('Truck', input.truckId);
      const id = await repo.insertCheck(t, {
        driver_id: input.driverId, truck_id: input.truckId, check_type: input.checkType, status: input.status, checked_at: input.checkedAt,
        odometer: input.odometer ?? null, odometer_unit: input.odometerUnit ?? 'mi', defects: (input.defects ?? []).map((x) => x.trim()).filter(Boolean),
        notes: text(input.notes), location: text(input.location),
      });
      await audit(t, { action: 'driver_status_check.create', entityType: 'driver_status_check', entityId: id, after: input });
      return id;
    },

    countsByDriver: repo.countsByDriver,
  };
}

export type StatusChecksService = ReturnType<typeof statusChecksService>;
