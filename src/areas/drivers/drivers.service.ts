// Rules of drivers: the record status and the approval status change apart; status Deleted is the
// restorable delete (deleted_at), and every other status given to a deleted driver restores it;
// email and license number belong to one live driver; an Outsource driver belongs to a live carrier
// of the company; a payout type comes with the rates it is computed from. A permanent delete is
// refused while inspection records name the driver: they are safety records (49 CFR 396.11 keeps
// them three months), so the driver is deleted (restorable) instead.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import type { Principal } from '../../platform/auth.js';
import { fail } from '../../platform/errors.js';
import { dayOf } from '../../platform/paging.js';
import { columnsOf } from '../../platform/writes.js';
import type { DriverInvitations } from './driver-invitations.js';
import { availabilityOf, driversStatusChanged } from './driver-routes.js';
import { checkUnique, driverWriters, phoneCountry, restoreProblems, settleCarrier } from './driver-rules.js';
import { DriversErrors } from './drivers.errors.js';
import * as repo from './drivers.repository.js';
import {
  type ApprovalStatus,
  type DriverInputT,
  type DriverRow,
  type DriverStatus,
  type DriversQueryT,
  type DriverT,
  type DriverUpdateT,
  toDriver,
} from './drivers.schemas.js';
import type { StatusChecksService } from './status-checks.service.js';

/** A driver that is not deleted: a deleted one is restored before it changes. */
export function liveDriver(row: DriverRow): DriverRow {
  if (row.deleted_at) throw fail(DriversErrors.deleted, `Driver ${row.id} is deleted; restore it first (PUT /Drivers/Restore/${row.id}).`);
  return row;
}

/** The drivers of a list in the body (the id gate's, in the order sent) by id: the order their
 *  changes, audit rows and answers come in. */
export const byId = <R extends { id: number }>(rows: readonly R[]): R[] => [...rows].sort((a, b) => a.id - b.id);

/** Deleted drivers coming back must not take a live driver's email or license number, nor each other's. */
async function checkRestorable(t: Tenant, rows: repo.DriverBrief[]): Promise<void> {
  const problem = (await restoreProblems(t, rows))[0];
  if (problem) throw fail(problem.code, problem.message);
}

export function driversService(statusChecks: StatusChecksService, invitations: DriverInvitations) {
  /** The driver as it is after a change of this request. */
  const reread = async (t: Tenant, id: number): Promise<DriverT> => toDriver(await repo.driverRecords.reread(t, id));

  /** Deletes drivers (status Deleted, restorable); deleted ones stay as they are. */
  async function removeRows(t: Tenant, rows: readonly repo.DriverBrief[]): Promise<null> {
    const targets = rows.filter((r) => r.deleted_at === null);
    await repo.markDeleted(
      t,
      targets.map((r) => r.id),
      new Date(),
    );
    for (const r of targets) await audit(t, { action: 'driver.delete', entityType: 'driver', entityId: r.id, before: { status: r.status } });
    return null;
  }

  return {
    /** The list; with includeDriverAvailability each driver's availability on the day. */
    async list(t: Tenant, query: DriversQueryT) {
      const page = await repo.listDrivers(t, query);
      if (!query.includeDriverAvailability) return page;
      const on = await availabilityOf(
        t,
        page.list.map((d) => d.id),
        dayOf(query.Date),
      );
      return {
        ...page,
        list: page.list.map((d) => {
          const a = on.get(d.id);
          return { ...d, availability: a ?? { status: 'Free' as const, routeId: null, routeName: null } };
        }),
      };
    },

    /** `driver`: the id gate's (deleted ones too). */
    read: (_t: Tenant, driver: DriverRow): DriverT => toDriver(driver),

    /** Adds a driver; with `inviteAs`, also writes the driver app invitation (sendEmail=true). The
     *  carrier, license type, warehouse and truck it points at are the company's: the id gate read them. */
    async create(t: Tenant, input: DriverInputT, inviteAs: Principal | null): Promise<DriverT> {
      const values = columnsOf(input, driverWriters(phoneCountry(input.address?.country)), 'all') as repo.DriverValues;
      settleCarrier(values, null);
      await checkUnique(t, values, []);
      const created = await reread(t, await repo.insertDriver(t, values));
      await audit(t, { action: 'driver.create', entityType: 'driver', entityId: created.id, after: created });
      if (!inviteAs) return created;
      await invitations.invite(t, inviteAs, await repo.driverRecords.reread(t, created.id));
      return reread(t, created.id);
    },

    /** Changes the fields sent and keeps the others. `driver`: the id gate's; what the body points at, the gate read too. */
    async update(t: Tenant, driver: DriverRow, input: DriverUpdateT): Promise<DriverT> {
      const current = liveDriver(driver);
      const id = current.id;
      const { id: _ignored, ...fields } = input;
      const country = input.address !== undefined ? input.address?.country : current.country;
      const values = columnsOf(fields, driverWriters(phoneCountry(country)), 'sent');
      settleCarrier(values, current);
      await checkUnique(t, values, [id]);
      await repo.updateDriver(t, id, values);
      const after = await reread(t, id);
      await audit(t, { action: 'driver.update', entityType: 'driver', entityId: id, before: toDriver(current), after });
      return after;
    },

    /** Deletes drivers (the id gate's: status Deleted, restorable); deleted ones stay as they are. */
    remove: (t: Tenant, drivers: readonly repo.DriverBrief[]): Promise<null> => removeRows(t, byId(drivers)),

    /** Deletes the driver (the id gate's). */
    removeOne: (t: Tenant, driver: DriverRow): Promise<null> => removeRows(t, [driver]),

    /** Brings a deleted driver (the id gate's) back with the status it had; a live one is left as it is. */
    async restore(t: Tenant, driver: DriverRow): Promise<null> {
      const id = driver.id;
      if (driver.deleted_at === null) return null;
      await checkRestorable(t, [driver]);
      await repo.restore(t, id);
      await audit(t, { action: 'driver.restore', entityType: 'driver', entityId: id, before: { status: 'Deleted' } });
      return null;
    },

    async removePermanently(t: Tenant, driver: DriverRow): Promise<null> {
      const id = driver.id;
      const before = toDriver(driver);
      const checks = (await statusChecks.countsByDriver(t, [id])).get(id)?.total ?? 0;
      if (checks > 0) {
        throw fail(
          DriversErrors.inUse,
          `Driver ${id} "${before.fullName}" made ${checks} truck inspection(s) (status checks), which are kept as safety records: ` +
            'delete the driver (restorable) instead of erasing it.',
        );
      }
      await repo.deleteDriver(t, id);
      await audit(t, { action: 'driver.delete_permanently', entityType: 'driver', entityId: id, before });
      await t.announce(repo.driverPurged, { driverId: id });
      return null;
    },

    /** Gives the drivers (the id gate's) a record status: Deleted deletes them, any other restores deleted ones.
     *  With `unassignPendingRoutes` dispatch takes them off the routes they have not started. */
    async changeStatus(t: Tenant, status: DriverStatus, drivers: readonly repo.DriverBrief[], unassignPendingRoutes: boolean): Promise<null> {
      const rows = byId(drivers);
      const targets = rows.filter((r) => r.status !== status);
      if (status === 'Deleted') {
        await repo.markDeleted(
          t,
          targets.map((r) => r.id),
          new Date(),
        );
      } else {
        await checkRestorable(t, targets);
        await repo.setStatus(
          t,
          targets.map((r) => r.id),
          status,
        );
      }
      for (const r of targets) {
        await audit(t, {
          action: 'driver.change_status',
          entityType: 'driver',
          entityId: r.id,
          before: { status: r.status },
          after: { status, unassignPendingRoutes },
        });
      }
      await t.announce(driversStatusChanged, { driverIds: rows.map((r) => r.id), status, unassignPendingRoutes });
      return null;
    },

    /** Sets the approval status and answers it. */
    async changeApproval(t: Tenant, current: DriverRow, approval: ApprovalStatus): Promise<ApprovalStatus> {
      const id = current.id;
      if (current.approval_status !== approval) {
        await repo.setApproval(t, id, approval);
        await audit(t, {
          action: 'driver.change_approval',
          entityType: 'driver',
          entityId: id,
          before: { approvalStatus: current.approval_status },
          after: { approvalStatus: approval },
        });
      }
      return approval;
    },

    /** The live drivers of one of the company's live carriers (the id gate's). */
    ofCarrier: async (t: Tenant, carrier: { id: number }): Promise<DriverT[]> => (await repo.driversOfCarrier(t, carrier.id)).map(toDriver),
  };
}

export type DriversService = ReturnType<typeof driversService>;

/** The subscription to trucksDeleted (fleet): the drivers whose default truck was deleted have none
 *  afterwards, in the truck delete's transaction; each change is audited. */
export async function clearDefaultTrucks(t: Tenant, truckIds: number[]): Promise<void> {
  for (const cleared of await repo.clearDefaultTrucks(t, truckIds)) {
    await audit(t, {
      action: 'driver.clear_default_truck',
      entityType: 'driver',
      entityId: cleared.id,
      before: { defaultTruckId: cleared.truck_id },
      after: { defaultTruckId: null, because: 'truck.delete' },
    });
  }
}
