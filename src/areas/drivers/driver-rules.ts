// The rules a driver's fields follow, shared by the writes (which refuse) and ValidateDriver (which
// reports): how emails, phones and license numbers are normalized and compared, which carrier a
// driver of each type belongs to. The records its ids name are the company's: the routes' id gate reads them.
import type { Tenant } from '../../db/tenant.js';
import { type ErrorCode, fail, invalid } from '../../platform/errors.js';
import { text, type Writers } from '../../platform/writes.js';
import { checkPhone, normalizeEmail } from '../customers/index.js';
import { countryOf } from '../settings/index.js';
import { payoutColumns } from './driver-payout.js';
import { DriversErrors } from './drivers.errors.js';
import * as repo from './drivers.repository.js';
import type { DriverType, DriverUpdateT } from './drivers.schemas.js';

/** "d123-456 78" → "D12345678": how license numbers are stored and compared. */
export const licenseKey = (v: string | null | undefined): string | null => v?.replace(/[\s-]/g, '').toUpperCase() || null;

/** The country phones without + are read in: the address's, else US. */
export const phoneCountry = (country: string | null | undefined): string => text(country)?.toUpperCase() ?? 'US';

/** A phone in E.164; an invalid one is refused, naming `field`. */
function driverPhone(value: string | null | undefined, country: string, field: string): string | null {
  const written = text(value);
  if (!written) return null;
  const { e164 } = checkPhone(written, country);
  if (!e164) throw invalid(field, `"${written}" is not a valid phone number in ${country}; write it with its country code (+1 512 555 0142).`);
  return e164;
}

/** A phone that only people read (an emergency contact): E.164 when valid, else as written. */
const loosePhone = (value: string | null | undefined, country: string): string | null => {
  const written = text(value);
  return written ? (checkPhone(written, country).e164 ?? written) : null;
};

const today = () => new Date().toISOString().slice(0, 10);

/** Columns of each field; phones are read in `country` (the driver's, US when none). */
export function driverWriters(country: string): Writers<Omit<DriverUpdateT, 'id'>, repo.DriverValues> {
  const name = (field: 'firstName' | 'lastName', v: string | undefined) => {
    const trimmed = text(v);
    if (!trimmed) throw invalid(field, `The ${field} field is required.`);
    return trimmed;
  };
  return {
    firstName: (v) => ({ first_name: name('firstName', v) }),
    lastName: (v) => ({ last_name: name('lastName', v) }),
    email: (v) => ({ email: normalizeEmail(v) }),
    phone: (v) => ({ phone: driverPhone(v, country, 'phone') }),
    status: (v) => {
      if (v === 'Deleted') throw invalid('status', 'A driver is deleted with DELETE /Drivers, not by its status.');
      return { status: v ?? 'Active' };
    },
    approvalStatus: (v) => ({ approval_status: v ?? 'New' }),
    type: (v) => ({ type: v ?? 'Default' }),
    outsourceCompanyId: (v) => ({ outsource_company_id: v ?? null }),
    licenseNumber: (v) => ({ license_number: licenseKey(v) }),
    licenseState: (v) => ({ license_state: text(v)?.toUpperCase() ?? null }),
    licenseExpiresOn: (v) => ({ license_expires_on: v ?? null }),
    licenseTypeId: (v) => ({ license_type_id: v ?? null }),
    hazmatEndorsement: (v) => ({ hazmat_endorsement: v ?? false }),
    medicalCardExpiresOn: (v) => ({ medical_card_expires_on: v ?? null }),
    twicExpiresOn: (v) => ({ twic_expires_on: v ?? null }),
    dateOfBirth: (v) => {
      if (v && v > today()) throw invalid('dateOfBirth', 'The date of birth is in the future.');
      return { date_of_birth: v ?? null };
    },
    hireDate: (v) => ({ hire_date: v ?? null }),
    address: (a) => ({
      street: text(a?.street),
      street2: text(a?.street2),
      city: text(a?.city),
      state: text(a?.state)?.toUpperCase() ?? null,
      postal_code: text(a?.postalCode)?.toUpperCase() ?? null,
      country: text(a?.country) ? countryOf(a!.country!, 'address.country') : null,
    }),
    emergencyContact: (c) => ({
      emergency_contact_name: text(c?.name),
      emergency_contact_phone: loosePhone(c?.phone, country),
      emergency_contact_relationship: text(c?.relationship),
    }),
    homeWarehouseId: (v) => ({ home_warehouse_id: v ?? null }),
    defaultTruckId: (v) => ({ default_truck_id: v ?? null }),
    payout: (p) => payoutColumns(p),
    notes: (v) => ({ notes: text(v) }),
  };
}

/** What the type says of the carrier: Outsource needs one, Default has none (when the body does not
 *  send one, a change to Default drops the carrier the driver had). Null: the carrier is right. */
export function carrierProblem(type: DriverType, carrierId: number | null): string | null {
  if (type === 'Outsource' && carrierId === null) return 'An Outsource driver belongs to a carrier: outsourceCompanyId is required.';
  if (type === 'Default' && carrierId !== null)
    return 'A Default driver belongs to no carrier: make the driver Outsource or Mixed, or send outsourceCompanyId null.';
  return null;
}

/** The driver's type and carrier after a write: refused when they do not go together. */
export function settleCarrier(values: Partial<repo.DriverValues>, current: { type: string; outsource_company_id: number | null } | null): void {
  const type = (values.type ?? current?.type ?? 'Default') as DriverType;
  if (type === 'Default' && values.outsource_company_id === undefined && current?.outsource_company_id != null) values.outsource_company_id = null;
  const carrierId = values.outsource_company_id !== undefined ? values.outsource_company_id : (current?.outsource_company_id ?? null);
  const problem = carrierProblem(type, carrierId);
  if (problem) throw invalid('outsourceCompanyId', problem);
}

const UNIQUE_TEXT = {
  Email: ['email', 'email', DriversErrors.duplicateEmail],
  LicenseNumber: ['license_number', 'license number', DriversErrors.duplicateLicenseNumber],
} as const;

export interface UniqueProblem {
  code: ErrorCode;
  message: string;
}

/** The live driver (other than `exceptIds`) that has the email or license number already, or null. */
export async function uniqueProblem(
  t: Tenant,
  keys: { email?: string | null; license_number?: string | null },
  exceptIds: number[],
): Promise<UniqueProblem | null> {
  const clashes = await repo.duplicatesOf(t, { email: keys.email ?? null, phone: null, license: keys.license_number ?? null }, exceptIds);
  const clash = clashes[0];
  if (!clash || clash.reason === 'Phone') return null;
  const [column, label, code] = UNIQUE_TEXT[clash.reason];
  return { code, message: `Driver ${clash.id} "${clash.name}" already has the ${label} ${keys[column]}.` };
}

/** Email and license number belong to one live driver. */
export async function checkUnique(t: Tenant, keys: { email?: string | null; license_number?: string | null }, exceptIds: number[]): Promise<void> {
  const problem = await uniqueProblem(t, keys, exceptIds);
  if (problem) throw fail(problem.code, problem.message);
}

/** Why deleted drivers among `rows` cannot all come back: a live driver has the email or license
 *  number of one of them, or two of them share one (only one may hold it). One entry per driver. */
export async function restoreProblems(t: Tenant, rows: repo.DriverBrief[]): Promise<Array<UniqueProblem & { id: number }>> {
  const back = rows.filter((r) => r.deleted_at !== null);
  // Every live holder of their emails and license numbers in one query (by id, as uniqueProblem
  // finds them); deleted drivers are never among them, so none needs leaving out.
  const present = (column: 'email' | 'license_number') => back.map((r) => r[column]).filter((v): v is string => Boolean(v));
  const holders = await repo.liveHolders(t, { emails: present('email'), licenses: present('license_number') });
  const out: Array<UniqueProblem & { id: number }> = [];
  for (const [i, r] of back.entries()) {
    const holder = holders.find((h) => (r.email && h.email === r.email) || (r.license_number && h.license_number === r.license_number));
    if (holder) {
      const [column, label, code] = r.email && holder.email === r.email ? UNIQUE_TEXT.Email : UNIQUE_TEXT.LicenseNumber;
      out.push({ id: r.id, code, message: `Driver ${holder.id} "${holder.first_name} ${holder.last_name}" already has the ${label} ${r[column]}.` });
      continue;
    }
    for (const [column, label, code] of Object.values(UNIQUE_TEXT)) {
      const twin = r[column] ? back.slice(0, i).find((o) => o[column] === r[column]) : undefined;
      if (!twin) continue;
      out.push({
        id: r.id,
        code,
        message: `Drivers ${twin.id} "${twin.first_name} ${twin.last_name}" and ${r.id} "${r.first_name} ${r.last_name}" both have the ${label} ${r[column]}: only one of them can come back.`,
      });
      break;
    }
  }
  return out;
}
