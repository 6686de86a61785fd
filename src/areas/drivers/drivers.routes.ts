// Drivers (part 2, "Drivers": /Drivers). Served elsewhere: GET /Drivers/DriversStats (dispatch,
// which owns the routes it counts). GET /Drivers reads the routes' table by name for driversOnRoute
// and includeDriverAvailability (driver-routes.ts). Served here: the Carriers table's row GET
// /OutsourceCompanies/{id}/DriverList, by the area owning drivers.
import { signedIn } from '../../platform/access.js';
import { None, PagedList } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { NameEnum, Type } from '../../platform/schemas.js';
import { carrierRecords } from '../carriers/index.js';
import { truckRecords } from '../fleet/index.js';
import { warehouseRecords } from '../settings/index.js';
import { DriverToValidate, MISSING_TEXT, ValidateDriverDisableDto, ValidateDriverDto } from './driver-checks.schemas.js';
import { CREATE_EDIT, DELETE_DRIVERS, ENABLE_DISABLE, VIEW_OUTSOURCES } from './drivers.access.js';
import { driverBriefs, driverRecords } from './drivers.repository.js';
import {
  APPROVAL_STATUSES,
  ChangeApprovalQuery,
  ChangeStatusParams,
  ChangeStatusQuery,
  CreateQuery,
  Driver,
  DriverInput,
  DriversQuery,
  DriverUpdate,
  IdParams,
  IdsBody,
} from './drivers.schemas.js';
import type { DriverServices } from './index.js';
import { licenseTypeRecords } from './license-types.repository.js';

const LIST_PARAMETERS =
  'Shared list parameters that apply: SearchTerm (contained in the name, email, phone or license number; its digits in the phone), DriverName ' +
  '(contained in "first last"), DriverStatus, DriverTypes, DriverPayoutTypes, Drivers (ids), OutsourceCompanyIds, SortBy name (first then last name, default), ' +
  'lastName or createdAt, SortDirection, Page, ItemsPerPage. Without DriverStatus every status but Deleted is listed; deletedDrivers=true adds the deleted drivers. ' +
  'driversOnRoute=true keeps the drivers with an active route on the day (Date, else today UTC), false those without; includeDriverAvailability=true adds ' +
  "each driver's availability that day (Free, Planned, OnRoute, with the route).";

const RULES =
  'Email (lower-cased) and license number (upper-case, without spaces or dashes) are unique among live drivers (drivers.duplicate_email, ' +
  "drivers.duplicate_license_number); a phone is written in E.164 and an invalid one refused. An Outsource driver needs outsourceCompanyId, one of the company's " +
  'live carriers; a Default driver has none. A payout type needs the rates it is computed from (400 naming payout.<rate>). Ids of carriers, license types, ' +
  'trucks and warehouses the company does not have: 404.';

/** What a driver's body points at: each must be the company's (else a 404 naming it). */
const POINTS_AT = { outsourceCompanyId: carrierRecords, licenseTypeId: licenseTypeRecords, homeWarehouseId: warehouseRecords, defaultTruckId: truckRecords };

export function driversRoutes({ drivers, checks, invitations }: DriverServices): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/Drivers',
      access: signedIn,
      ids: { query: { Drivers: { filter: driverRecords }, OutsourceCompanyIds: { filter: carrierRecords } } },
      summary: 'List drivers',
      description: `${LIST_PARAMETERS} Open to any signed-in user, as the spec lists no permission (dispatch names drivers).`,
      querystring: DriversQuery,
      response: PagedList(Driver),
      handler: ({ tenant, query }) => drivers.list(tenant, query),
    }),
    defineRoute({
      method: 'POST',
      url: '/Drivers',
      access: CREATE_EDIT,
      ids: { body: POINTS_AT },
      summary: 'Add a driver',
      description:
        `firstName and lastName are required; status defaults to Active, approvalStatus to New, type to Default. ${RULES} sendEmail=true also writes the driver ` +
        'app invitation (as POST /Drivers/{id}/Invite); a driver without email is then refused and nothing is written.',
      querystring: CreateQuery,
      body: DriverInput,
      response: Driver,
      handler: ({ tenant, principal, query, body }) => drivers.create(tenant, body, query.sendEmail ? principal : null),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Drivers',
      access: ENABLE_DISABLE,
      // The body is the list of ids, deleted drivers included (they stay as they are).
      ids: { body: { '[]': driverBriefs } },
      summary: 'Delete drivers',
      description:
        'Gives them status Deleted (deletedAt set), restorable with PUT /Drivers/Restore/{id}; the status they had comes back with them. Their inspections stay. ' +
        'All or nothing: an unknown id is a 404 and nothing changes; a driver already deleted stays as it is.',
      body: IdsBody,
      response: None,
      handler: ({ tenant, found }) => drivers.remove(tenant, found.all(driverBriefs)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Drivers/:id',
      access: signedIn,
      ids: { params: { id: driverRecords } },
      summary: 'Read a driver',
      description: 'A deleted driver too (status Deleted). Open to any signed-in user, as the spec lists no permission.',
      params: IdParams,
      response: Driver,
      handler: ({ tenant, found }) => drivers.read(tenant, found.one(driverRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Drivers/:id',
      access: CREATE_EDIT,
      // The body's id is ignored (the path names the driver): it points at nothing.
      ids: { params: { id: driverRecords }, body: { id: 'not-an-id', ...POINTS_AT } },
      summary: 'Update a driver',
      description:
        `Changes the fields sent and keeps the others; null clears one; address, emergencyContact and payout are replaced whole. ${RULES} Changing type to ` +
        'Default without sending outsourceCompanyId drops the carrier. status cannot be Deleted (DELETE /Drivers). A deleted driver is restored first (drivers.deleted).',
      params: IdParams,
      body: DriverUpdate,
      response: Driver,
      handler: ({ tenant, found, body }) => drivers.update(tenant, found.one(driverRecords), body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Drivers/:id',
      access: ENABLE_DISABLE,
      ids: { params: { id: driverRecords } },
      summary: 'Delete a driver',
      description: 'Gives it status Deleted, restorable with PUT /Drivers/Restore/{id}; its inspections stay.',
      params: IdParams,
      response: None,
      handler: ({ tenant, found }) => drivers.removeOne(tenant, found.one(driverRecords)),
    }),
    defineRoute({
      method: 'POST',
      url: '/Drivers/:id/Invite',
      access: CREATE_EDIT,
      ids: { params: { id: driverRecords } },
      summary: 'Invite a driver to the driver app',
      description:
        "Writes the invitation to the mail outbox (sent over SMTP when SMTP_URL is set): the server's address and a one-time code, valid 7 days, for the driver " +
        "app's first sign-in with the driver's email; a new invitation replaces the previous code. A New or Draft driver becomes Invited; others keep their status. " +
        'Refused for a driver without email (drivers.no_email) and for a Deleted or Disabled one (drivers.cannot_invite).',
      params: IdParams,
      response: None,
      handler: ({ tenant, principal, found }) => invitations.invite(tenant, principal, found.one(driverRecords)),
    }),
    defineRoute({
      method: 'POST',
      url: '/Drivers/ChangeDriverStatus',
      access: CREATE_EDIT,
      ids: { query: { id: driverRecords } },
      summary: "Change a driver's approval status",
      description: `Sets approvalStatus (${APPROVAL_STATUSES.join(', ')}) and answers it; the record status is left as it is.`,
      querystring: ChangeApprovalQuery,
      response: NameEnum(APPROVAL_STATUSES, { description: 'The new approval status.' }),
      handler: ({ tenant, found, query }) => drivers.changeApproval(tenant, found.one(driverRecords), query.driverStatus),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Drivers/ChangeStatus/:status',
      access: CREATE_EDIT,
      // The body is the list of ids, deleted drivers included (another status restores them).
      ids: { params: { status: 'not-an-id' }, body: { '[]': driverBriefs } },
      summary: 'Change the record status of drivers',
      description:
        'Gives every driver in the body the status. Deleted deletes them (restorable); any other status given to a deleted driver restores it, refused when a live ' +
        'driver took its email or license number since, or when two deleted drivers named share one. Invited only sets the status (POST /Drivers/{id}/Invite sends the ' +
        'invitation). All or nothing: an unknown id is a 404 and nothing changes. unassignPendingRoutes=true takes the drivers off their routes not ' +
        'started (Planned, Next): those routes keep their stops and wait for another driver.',
      params: ChangeStatusParams,
      querystring: ChangeStatusQuery,
      body: IdsBody,
      response: None,
      handler: ({ tenant, found, params, query }) => drivers.changeStatus(tenant, params.status, found.all(driverBriefs), query.unassignPendingRoutes ?? false),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Drivers/Permanent/:id',
      access: DELETE_DRIVERS,
      ids: { params: { id: driverRecords } },
      summary: 'Erase a driver',
      description:
        'Removes the driver for good, deleted or not. Refused while truck inspections (status checks) name the driver (drivers.in_use): they are safety records ' +
        '(49 CFR 396.11), so such a driver is deleted (restorable) instead.',
      params: IdParams,
      response: None,
      handler: ({ tenant, found }) => drivers.removePermanently(tenant, found.one(driverRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Drivers/Restore/:id',
      access: ENABLE_DISABLE,
      ids: { params: { id: driverRecords } },
      summary: 'Restore a deleted driver',
      description:
        'Brings the driver back with the status it had before the delete; a live driver is left as it is. Refused when a live driver took its email or license ' +
        'number since (drivers.duplicate_email, drivers.duplicate_license_number).',
      params: IdParams,
      response: None,
      handler: ({ tenant, found }) => drivers.restore(tenant, found.one(driverRecords)),
    }),
    defineRoute({
      method: 'POST',
      url: '/Drivers/ValidateDisable',
      access: ENABLE_DISABLE,
      // The body is the list of ids, deleted drivers included (disabling one restores it).
      ids: { body: { '[]': driverBriefs } },
      readOnly: true,
      summary: 'What disabling drivers would affect',
      description:
        'For each driver named and in total: open truck inspections (Pending, Failed, Maintenance) and the routes it would leave (started and not completed; ' +
        'assigned and not started), as its messages say, and canDisable false when a deleted driver named could not be restored as Disabled (a live driver, or another driver named, has its email ' +
        'or license number). Writes nothing. An unknown id is a 404.',
      body: IdsBody,
      response: ValidateDriverDisableDto,
      handler: ({ tenant, found }) => checks.validateDisable(tenant, found.all(driverBriefs)),
    }),
    defineRoute({
      method: 'POST',
      url: '/Drivers/ValidateDriver',
      access: signedIn,
      // The driver being edited must be the company's; what the body points at is reported, not refused.
      ids: {
        body: {
          id: driverRecords,
          outsourceCompanyId: { except: carrierRecords },
          licenseTypeId: { except: licenseTypeRecords },
          homeWarehouseId: { except: warehouseRecords },
          defaultTruckId: { except: truckRecords },
        },
      },
      readOnly: true,
      summary: 'Check a driver before saving it',
      description:
        `Reports what is missing (${MISSING_TEXT}), what is wrong (an invalid email or phone, expired documents, unknown carrier, license type, truck or warehouse) ` +
        'and the live drivers with the same email, phone or license number, compared normalized; warnings for documents expiring within 30 days. Send id when editing ' +
        'a driver (an unknown id is a 404). Writes nothing. Open to any signed-in user, as the spec lists no permission.',
      body: DriverToValidate,
      response: ValidateDriverDto,
      handler: ({ tenant, body }) => checks.validate(tenant, body),
    }),
    // The Carriers table's row (part 2, "Carriers"), served by the area owning drivers.
    defineRoute({
      method: 'GET',
      url: '/OutsourceCompanies/:id/DriverList',
      access: VIEW_OUTSOURCES,
      ids: { params: { id: carrierRecords } },
      summary: 'The drivers of a carrier',
      description: "The carrier's live drivers (Outsource and Mixed drivers naming it), by name. A carrier the company does not have (or has deleted): 404.",
      params: IdParams,
      response: Type.Array(Driver),
      handler: ({ tenant, found }) => drivers.ofCarrier(tenant, found.one(carrierRecords)),
    }),
  ];
}
