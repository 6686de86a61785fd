// Rules of warehouses: a real country, coordinates given as a pair, a code unique in the company;
// ValidateWarehouse tells a client, before saving, what is missing and which warehouses the
// company already has by the same name, at the same address or under the same code.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { fail, invalid } from '../../platform/errors.js';
import { addressKey, addSiteAddress, changeSiteAddress, removeSiteAddress, type SiteValues } from '../customers/index.js';
import { countryOf } from './country.js';
import { refusedWhileReferenced } from './in-use.js';
import { SettingsErrors } from './settings.errors.js';
import * as repo from './warehouses.repository.js';
import {
  toWarehouse,
  type ValidateWarehouseDtoT,
  type WarehouseInputT,
  type WarehouseRow,
  type WarehouseT,
  type WarehouseToValidateT,
} from './warehouses.schemas.js';

const clean = (v: string | null | undefined) => (v === null || v === undefined ? null : v.trim() || null);
const given = (v: unknown) => v !== null && v !== undefined;

/** Countries whose addresses carry a state or province. */
const STATE_COUNTRIES = new Set(['US', 'CA', 'MX']);

/** Case, accents and punctuation ignored: "Dallas Cross-Dock" and "dallas cross dock" are one name. */
export function nameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function valuesOf(input: WarehouseInputT): { warehouse: repo.WarehouseValues; place: SiteValues } {
  const name = input.name.trim();
  if (!name) throw invalid('name', 'The name field is required.');
  const a = input.address;
  const country = countryOf(a.country, 'address.country');
  if (given(a.latitude) !== given(a.longitude)) throw invalid('address.latitude', 'Latitude and longitude go together: send both or neither.');
  const street = a.street.trim();
  const city = a.city.trim();
  if (!street) throw invalid('address.street', 'The address.street field is required.');
  if (!city) throw invalid('address.city', 'The address.city field is required.');
  const place = { street, street2: clean(a.street2), city, state: clean(a.state), postalCode: clean(a.postalCode)?.toUpperCase() ?? null, country };
  return {
    warehouse: {
      name,
      name_key: nameKey(name),
      code: clean(input.code)?.toUpperCase() ?? null,
      email: clean(input.email)?.toLowerCase() ?? null,
      opening_hours: clean(input.openingHours),
      is_active: input.isActive ?? true,
    },
    place: {
      name,
      street: place.street,
      street2: place.street2,
      city: place.city,
      state: place.state,
      postal_code: place.postalCode,
      country,
      latitude: a.latitude ?? null,
      longitude: a.longitude ?? null,
      contact_name: clean(input.contactName),
      contact_phone: clean(input.phone),
      notes: clean(input.notes),
      normalized_key: addressKey(place),
    },
  };
}

async function checkCode(t: Tenant, code: string | null, exceptId: number | null): Promise<void> {
  if (!code) return;
  const clash = (await repo.duplicatesOf(t, { name: null, address: null, code }, exceptId))[0];
  if (clash) throw fail(SettingsErrors.warehouseDuplicateCode, `Warehouse ${clash.id} "${clash.name}" already has the code ${code}; codes are unique.`);
}

const REASON_TEXT = { Name: 'has the same name', Address: 'is at the same address', Code: 'has the same code' } as const;

/** The services take the warehouse the request names as the id gate read it (routes' `ids`). */
export function warehousesService() {
  /** A warehouse this request wrote, read again. */
  async function reread(t: Tenant, id: number): Promise<WarehouseT> {
    return toWarehouse(await repo.warehouseRecords.reread(t, id));
  }

  return {
    list: repo.listWarehouses,

    read: (row: WarehouseRow): WarehouseT => toWarehouse(row),

    async create(t: Tenant, input: WarehouseInputT): Promise<WarehouseT> {
      const { warehouse, place } = valuesOf(input);
      await checkCode(t, warehouse.code, null);
      const id = await repo.insertWarehouse(t, await addSiteAddress(t, place), warehouse);
      const created = await reread(t, id);
      await audit(t, { action: 'warehouse.create', entityType: 'warehouse', entityId: id, after: created });
      return created;
    },

    async update(t: Tenant, current: WarehouseRow, input: WarehouseInputT): Promise<WarehouseT> {
      const id = current.id;
      const { warehouse, place } = valuesOf(input);
      await checkCode(t, warehouse.code, id);
      await changeSiteAddress(t, current.address_id, place);
      await repo.updateWarehouse(t, id, warehouse);
      const after = await reread(t, id);
      await audit(t, { action: 'warehouse.update', entityType: 'warehouse', entityId: id, before: toWarehouse(current), after });
      return after;
    },

    /** Answers the deleted warehouse; its address goes with it. Refused while records use it. */
    async remove(t: Tenant, current: WarehouseRow): Promise<WarehouseT> {
      const id = current.id;
      const before = toWarehouse(current);
      await refusedWhileReferenced(
        async () => {
          await t.announce(repo.warehousesDeleted, { warehouseIds: [id] });
          await repo.deleteWarehouse(t, id);
          await removeSiteAddress(t, current.address_id);
        },
        () => fail(SettingsErrors.warehouseInUse, `Warehouse ${id} "${before.name}" is used by other records; mark it inactive (isActive=false) instead.`),
      );
      await audit(t, { action: 'warehouse.delete', entityType: 'warehouse', entityId: id, before });
      return before;
    },

    /** What is missing or wrong, and the warehouses it would duplicate. Writes nothing. */
    async validate(t: Tenant, input: WarehouseToValidateT): Promise<ValidateWarehouseDtoT> {
      const missing: string[] = [];
      const messages: string[] = [];
      const need = (field: string, text: string) => {
        missing.push(field);
        messages.push(text);
      };
      const name = clean(input.name);
      const a = input.address ?? {};
      const street = clean(a.street);
      const city = clean(a.city);
      const countryText = clean(a.country);
      let country: string | null = null;
      if (!name) need('name', 'The warehouse has no name.');
      if (!street) need('address.street', 'The address has no street.');
      if (!city) need('address.city', 'The address has no city.');
      if (!countryText) need('address.country', 'The address has no country.');
      else {
        try {
          country = countryOf(countryText);
        } catch {
          messages.push(`"${countryText}" is not an ISO 3166-1 alpha-2 country code.`);
        }
      }
      if (country && STATE_COUNTRIES.has(country) && !clean(a.state)) need('address.state', 'The address has no state or province.');
      if (!clean(a.postalCode)) need('address.postalCode', 'The address has no postal code.');
      if (!given(a.latitude) && !given(a.longitude)) {
        missing.push('address.latitude', 'address.longitude');
        messages.push('The address has no coordinates (latitude and longitude): routes cannot start or end there.');
      } else if (!given(a.latitude)) need('address.latitude', 'The address has a longitude but no latitude.');
      else if (!given(a.longitude)) need('address.longitude', 'The address has a latitude but no longitude.');

      const code = clean(input.code)?.toUpperCase() ?? null;
      const addressKeyOf =
        street && city && country
          ? addressKey({ street, street2: clean(a.street2), city, state: clean(a.state), postalCode: clean(a.postalCode), country })
          : null;
      const duplicates = await repo.duplicatesOf(t, { name: name ? nameKey(name) : null, address: addressKeyOf, code }, input.id ?? null);
      for (const d of duplicates) messages.push(`Warehouse ${d.id} "${d.name}" ${REASON_TEXT[d.reason]}.`);
      return { isValid: messages.length === 0, duplicates, missing, messages };
    },
  };
}

export type WarehousesService = ReturnType<typeof warehousesService>;
