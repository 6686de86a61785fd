// Rules of carriers: authority numbers (MC, DOT) written as digits and unique among the company's
// live carriers; phones in E.164 when valid; delete is a date (deleted_at), restorable, so drivers,
// routes and expenses keep pointing at the carrier; ValidateOutsourceCompany reports duplicates
// and missing data before saving and writes nothing.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { fail, invalid } from '../../platform/errors.js';
import { columnsOf, text, type Writers } from '../../platform/writes.js';
import { checkPhone, nameKey, normalizeEmail } from '../customers/index.js';
import { countryOf } from '../settings/index.js';
import type { CarrierContactsService } from './carrier-contacts.service.js';
import { CarriersErrors } from './carriers.errors.js';
import * as repo from './carriers.repository.js';
import {
  insuranceStatus,
  type OutsourceCompanyCreateDtoT,
  type OutsourceCompanyDtoT,
  type OutsourceCompanyRow,
  type OutsourceCompanyToValidateT,
  type OutsourceCompanyUpdateDtoT,
  toOutsourceCompany,
  type ValidateOutsourceCompanyDtoT,
} from './carriers.schemas.js';

/** "MC-012345" → "12345": the digits, without leading zeros (how the FMCSA numbers compare). */
export function authorityNumber(value: string | null | undefined): string | null {
  const digits = value?.replace(/\D/g, '') ?? '';
  return digits ? String(Number(digits)) : null;
}

/** A phone in E.164 when it is a valid number (read in `country` without +), else as written. */
function phoneOf(value: string | null | undefined, country: string): string | null {
  const written = text(value);
  if (!written) return null;
  return checkPhone(written, country).e164 ?? written;
}

/** Columns of each field; phones are read in `country` (the carrier's, US when none). */
function writers(country: string): Writers<OutsourceCompanyUpdateDtoT, repo.CarrierValues> {
  const name = (v: string | null | undefined) => {
    const trimmed = text(v);
    if (!trimmed) throw invalid('name', 'The name field is required.');
    return { name: trimmed, name_key: nameKey(trimmed) };
  };
  return {
    name,
    legalName: (v) => ({ legal_name: text(v) }),
    email: (v) => ({ email: normalizeEmail(v) }),
    phone: (v) => ({ phone: phoneOf(v, country) }),
    typesOfWork: (v) => ({ types_of_work: v ?? 0 }),
    mcNumber: (v) => ({ mc_number: authorityNumber(v) }),
    dotNumber: (v) => ({ dot_number: authorityNumber(v) }),
    scac: (v) => ({ scac: text(v)?.toUpperCase() ?? null }),
    address: (a) => ({
      street: text(a?.street),
      street2: text(a?.street2),
      city: text(a?.city),
      state: text(a?.state)?.toUpperCase() ?? null,
      postal_code: text(a?.postalCode)?.toUpperCase() ?? null,
      country: text(a?.country) ? countryOf(a!.country!, 'address.country') : null,
    }),
    website: (v) => ({ website: text(v) }),
    insuranceProvider: (v) => ({ insurance_provider: text(v) }),
    insurancePolicyNumber: (v) => ({ insurance_policy_number: text(v) }),
    insuranceExpiresOn: (v) => ({ insurance_expires_on: v ?? null }),
    cargoInsuranceAmount: (v) => ({ cargo_insurance_amount: v ?? null }),
    liabilityInsuranceAmount: (v) => ({ liability_insurance_amount: v ?? null }),
    notes: (v) => ({ notes: text(v) }),
    isActive: (v) => ({ is_active: v ?? true }),
  };
}

/** The country phones are read in: the one sent, else the carrier's, else US. */
function phoneCountry(input: { address?: { country?: string | null } | null }, current: string | null): string {
  return text(input.address?.country)?.toUpperCase() ?? current ?? 'US';
}

const AUTHORITY = {
  McNumber: ['mc_number', 'MC number', CarriersErrors.duplicateMcNumber],
  DotNumber: ['dot_number', 'USDOT number', CarriersErrors.duplicateDotNumber],
} as const;

/** MC and DOT numbers belong to one carrier: another live carrier with one of them is refused. */
async function checkAuthority(t: Tenant, values: { mc_number?: string | null; dot_number?: string | null }, exceptId: number | null): Promise<void> {
  const clashes = await repo.duplicatesOf(t, { name: null, mc: values.mc_number ?? null, dot: values.dot_number ?? null }, exceptId);
  const clash = clashes[0];
  if (!clash || clash.reason === 'Name') return;
  const [column, label, code] = AUTHORITY[clash.reason];
  throw fail(code, `Carrier ${clash.id} "${clash.name}" already has the ${label} ${values[column]}.`);
}

const REASON_TEXT = { Name: 'has the same name', McNumber: 'has the same MC number', DotNumber: 'has the same USDOT number' } as const;

/** The services take the carriers the request names as the id gate read them (routes' `ids`). */
export function carriersService(contacts: CarrierContactsService) {
  /** The carrier's answer, with its primary contact. */
  async function read(t: Tenant, row: OutsourceCompanyRow): Promise<OutsourceCompanyDtoT> {
    return toOutsourceCompany(row, await contacts.primaryOf(t, row.id));
  }

  /** A live carrier this request wrote, read again. */
  const reread = async (t: Tenant, id: number): Promise<OutsourceCompanyDtoT> => read(t, await repo.carrierRecords.reread(t, id));

  return {
    list: repo.carriersList,

    read,

    async create(t: Tenant, input: OutsourceCompanyCreateDtoT): Promise<OutsourceCompanyDtoT> {
      const { contacts: people, ...fields } = input;
      const values = columnsOf(fields, writers(phoneCountry(fields, null)), 'all') as repo.CarrierValues;
      await checkAuthority(t, values, null);
      const id = await repo.insertCarrier(t, values);
      for (const person of people ?? []) await contacts.add(t, id, person);
      const created = await reread(t, id);
      await audit(t, { action: 'outsource_company.create', entityType: 'outsource_company', entityId: id, after: created });
      return created;
    },

    /** Changes the fields sent and keeps the others. */
    async update(t: Tenant, current: OutsourceCompanyRow, input: OutsourceCompanyUpdateDtoT): Promise<OutsourceCompanyDtoT> {
      const id = current.id;
      const before = await read(t, current);
      const values = columnsOf(input, writers(phoneCountry(input, current.country)), 'sent');
      await checkAuthority(t, values, id);
      await repo.updateCarrier(t, id, values);
      const after = await reread(t, id);
      await audit(t, { action: 'outsource_company.update', entityType: 'outsource_company', entityId: id, before, after });
      return after;
    },

    /** Marks the carriers deleted (those deleted already stay as they are); all or nothing: the
     *  gate answered unknown ids with a 404 naming them. */
    async remove(t: Tenant, rows: OutsourceCompanyRow[]): Promise<null> {
      const live = rows.filter((r) => r.deleted_at === null);
      await repo.setDeleted(
        t,
        live.map((r) => r.id),
        new Date(),
      );
      for (const r of live)
        await audit(t, { action: 'outsource_company.delete', entityType: 'outsource_company', entityId: r.id, before: { deletedAt: null } });
      return null;
    },

    /** Brings a deleted carrier back, unless a live carrier took its MC or DOT number meanwhile. */
    async restore(t: Tenant, row: OutsourceCompanyRow): Promise<OutsourceCompanyDtoT> {
      const id = row.id;
      if (row.deleted_at !== null) {
        await checkAuthority(t, row, id);
        await repo.setDeleted(t, [id], null);
        await audit(t, { action: 'outsource_company.restore', entityType: 'outsource_company', entityId: id, before: { deletedAt: row.deleted_at } });
      }
      return reread(t, id);
    },

    /** What is missing or wrong, and the live carriers it would duplicate. Writes nothing. */
    async validate(t: Tenant, input: OutsourceCompanyToValidateT): Promise<ValidateOutsourceCompanyDtoT> {
      const missing: string[] = [];
      const messages: string[] = [];
      const need = (field: string, message: string) => {
        missing.push(field);
        messages.push(message);
      };
      const name = text(input.name);
      const phone = text(input.phone);
      const mc = authorityNumber(input.mcNumber);
      const dot = authorityNumber(input.dotNumber);
      if (!name) need('name', 'The carrier has no name.');
      if (!phone && !text(input.email)) need('phone', 'The carrier has neither a phone nor an email to reach it.');
      if (phone) {
        const country = phoneCountry(input, null);
        if (!checkPhone(phone, country).valid) messages.push(`"${phone}" is not a valid phone number in ${country}.`);
      }
      if (!mc && !dot) need('dotNumber', 'The carrier has neither a USDOT nor an MC number: its operating authority cannot be checked.');
      if (!input.typesOfWork) need('typesOfWork', 'The carrier has no type of work (Fixed, Distance, Hourly, Pallets): how it is paid is unknown.');
      if (!input.insuranceExpiresOn) need('insuranceExpiresOn', 'The carrier has no insurance expiry date.');
      else if (insuranceStatus(input.insuranceExpiresOn) === 'Expired') messages.push(`The carrier's insurance expired on ${input.insuranceExpiresOn}.`);
      if (text(input.address?.country)) {
        try {
          countryOf(input.address!.country!);
        } catch {
          messages.push(`"${input.address!.country}" is not an ISO 3166-1 alpha-2 country code.`);
        }
      }
      const duplicates = await repo.duplicatesOf(t, { name: name ? nameKey(name) : null, mc, dot }, input.id ?? null);
      for (const d of duplicates) messages.push(`Carrier ${d.id} "${d.name}" ${REASON_TEXT[d.reason]}.`);
      return { isValid: messages.length === 0, duplicates, missing, messages };
    },
  };
}

export type CarriersService = ReturnType<typeof carriersService>;
