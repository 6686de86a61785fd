// The drivers' checks that write nothing: ValidateDriver reports what a driver's record lacks, what
// is wrong in it and which live drivers it repeats (by the same normalized keys the writes use);
// ValidateDisable says what disabling drivers would affect — open inspections today, routes once
// dispatch serves them.
import type { Tenant } from '../../db/tenant.js';
import { text } from '../../platform/writes.js';
import { carrierExists } from '../carriers/index.js';
import { checkPhone, isEmail, normalizeEmail } from '../customers/index.js';
import { truckExists } from '../fleet/index.js';
import { countryOf, warehouseRecords } from '../settings/index.js';
import type { DriverToValidateT, ValidateDriverDisableDtoT, ValidateDriverDtoT } from './driver-checks.schemas.js';
import { payoutProblems } from './driver-payout.js';
import { routeCountsOf } from './driver-routes.js';
import { carrierProblem, licenseKey, restoreProblems } from './driver-rules.js';
import * as repo from './drivers.repository.js';
import { byId } from './drivers.service.js';
import { licenseTypeRecords } from './license-types.repository.js';
import type { StatusChecksService } from './status-checks.service.js';

const WARNING_DAYS = 30;
const DUPLICATE_TEXT = { Email: 'email', Phone: 'phone', LicenseNumber: 'license number' } as const;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Whole years from `birth` to `today` (both YYYY-MM-DD). */
function age(birth: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birth.slice(0, 4));
  return today.slice(5) < birth.slice(5) ? years - 1 : years;
}

/** The country phones are read in; an unknown one is reported and US used. */
function countryFor(input: DriverToValidateT, messages: string[]): string {
  if (!text(input.address?.country)) return 'US';
  try {
    return countryOf(input.address!.country!);
  } catch {
    messages.push(`"${input.address!.country}" is not an ISO 3166-1 alpha-2 country code.`);
    return 'US';
  }
}

export function driverChecksService(statusChecks: StatusChecksService) {
  return {
    async validate(t: Tenant, input: DriverToValidateT): Promise<ValidateDriverDtoT> {
      // The driver being edited (input.id) is the company's: the id gate read it.
      const missing: string[] = [];
      const messages: string[] = [];
      const warnings: string[] = [];
      const need = (field: string, message: string) => {
        missing.push(field);
        messages.push(message);
      };
      const today = isoDay(new Date());
      const soon = isoDay(new Date(Date.now() + WARNING_DAYS * 86_400_000));
      const expiry = (label: string, day: string | null | undefined) => {
        if (!day) return;
        if (day < today) messages.push(`The ${label} expired on ${day}.`);
        else if (day <= soon) warnings.push(`The ${label} expires on ${day}, within ${WARNING_DAYS} days.`);
      };

      if (!text(input.firstName)) need('firstName', 'The driver has no first name.');
      if (!text(input.lastName)) need('lastName', 'The driver has no last name.');
      const country = countryFor(input, messages);
      const phone = text(input.phone);
      const e164 = phone ? checkPhone(phone, country).e164 : null;
      if (!phone) need('phone', 'The driver has no phone: dispatch cannot call or text the driver.');
      else if (!e164) messages.push(`"${phone}" is not a valid phone number in ${country}.`);
      const email = normalizeEmail(input.email);
      if (!email) need('email', 'The driver has no email: the driver app can neither invite the driver nor sign the driver in.');
      else if (!isEmail(email)) messages.push(`"${email}" is not a valid email address.`);

      if (!licenseKey(input.licenseNumber)) need('licenseNumber', 'The driver has no license number.');
      if (!text(input.licenseState)) need('licenseState', "The driver's license has no issuing state.");
      if (!input.licenseExpiresOn) need('licenseExpiresOn', "The driver's license has no expiry date.");
      expiry("driver's license", input.licenseExpiresOn);
      expiry('medical card', input.medicalCardExpiresOn);
      expiry('TWIC', input.twicExpiresOn);

      const type = input.type ?? 'Default';
      const carrierId = input.outsourceCompanyId ?? null;
      const carrier = carrierProblem(type, carrierId);
      if (carrier && carrierId === null) need('outsourceCompanyId', carrier);
      else if (carrier) messages.push(carrier);
      if (carrierId !== null && !(await carrierExists(t, carrierId))) messages.push(`Carrier ${carrierId} was not found.`);

      const licenseType = input.licenseTypeId != null ? await licenseTypeRecords.find(t, input.licenseTypeId) : undefined;
      if (input.licenseTypeId != null && !licenseType) messages.push(`License type ${input.licenseTypeId} was not found.`);
      if (licenseType?.is_commercial && !input.medicalCardExpiresOn)
        need('medicalCardExpiresOn', `A ${licenseType.name} holder needs a DOT medical card: medicalCardExpiresOn is missing.`);
      if (input.dateOfBirth && input.dateOfBirth > today) messages.push('The date of birth is in the future.');
      else if (input.dateOfBirth && licenseType?.is_commercial && age(input.dateOfBirth, today) < 21) {
        warnings.push('The driver is under 21: a commercial license holder may drive only within the issuing state (49 CFR 391.11).');
      }
      if (input.defaultTruckId != null && !(await truckExists(t, input.defaultTruckId))) messages.push(`Truck ${input.defaultTruckId} was not found.`);
      if (input.homeWarehouseId != null && !(await warehouseRecords.find(t, input.homeWarehouseId)))
        messages.push(`Warehouse ${input.homeWarehouseId} was not found.`);

      if (input.payout) for (const [field, message] of payoutProblems(input.payout)) need(`payout.${field}`, message);
      else if (type !== 'Outsource') need('payout', 'The driver has no payout type: route payouts cannot be computed.');

      const duplicates = await repo.duplicatesOf(t, { email, phone: e164, license: licenseKey(input.licenseNumber) }, input.id != null ? [input.id] : []);
      for (const dup of duplicates) messages.push(`Driver ${dup.id} "${dup.name}" has the same ${DUPLICATE_TEXT[dup.reason]}.`);
      return { isValid: messages.length === 0, duplicates, missing, messages, warnings };
    },

    /** `named`: the id gate's drivers (deleted ones too), answered by id. */
    async validateDisable(t: Tenant, named: readonly repo.DriverBrief[]): Promise<ValidateDriverDisableDtoT> {
      const rows = byId(named);
      const checks = await statusChecks.countsByDriver(
        t,
        rows.map((r) => r.id),
      );
      // Disabling a deleted driver restores it: refused (as PUT /Drivers/ChangeStatus/Disabled refuses
      // it) when a live driver, or another driver named, has its email or license number.
      const blocked = new Map((await restoreProblems(t, rows)).map((p) => [p.id, p.message]));
      const routes = await routeCountsOf(
        t,
        rows.map((r) => r.id),
      );
      const messages: string[] = [];
      const drivers = rows.map((r) => {
        const name = `${r.first_name} ${r.last_name}`;
        const open = checks.get(r.id)?.open ?? 0;
        if (open > 0) messages.push(`Driver ${r.id} "${name}" has ${open} open truck inspection(s) (Pending, Failed or Maintenance).`);
        if (r.deleted_at && blocked.has(r.id)) messages.push(`Driver ${r.id} "${name}" is deleted and cannot be restored as Disabled: ${blocked.get(r.id)}`);
        else if (r.deleted_at) messages.push(`Driver ${r.id} "${name}" is deleted: disabling restores it as Disabled.`);
        return {
          driverId: r.id,
          fullName: name,
          status: r.status as ValidateDriverDisableDtoT['drivers'][number]['status'],
          alreadyDisabled: r.status === 'Disabled',
          openStatusChecks: open,
          activeRoutes: routes.get(r.id)?.active ?? 0,
          pendingRoutes: routes.get(r.id)?.pending ?? 0,
        };
      });
      for (const d of drivers) {
        if (d.activeRoutes > 0)
          messages.push(`Driver ${d.driverId} "${d.fullName}" is driving ${d.activeRoutes} route(s) now: disabling leaves them without a driver.`);
        if (d.pendingRoutes > 0)
          messages.push(
            `Driver ${d.driverId} "${d.fullName}" has ${d.pendingRoutes} route(s) not started: unassignPendingRoutes=true takes the driver off them.`,
          );
      }
      return {
        canDisable: blocked.size === 0,
        drivers,
        openStatusChecks: drivers.reduce((n, d) => n + d.openStatusChecks, 0),
        activeRoutes: drivers.reduce((n, d) => n + d.activeRoutes, 0),
        pendingRoutes: drivers.reduce((n, d) => n + d.pendingRoutes, 0),
        messages,
      };
    },
  };
}

export type DriverChecksService = ReturnType<typeof driverChecksService>;
