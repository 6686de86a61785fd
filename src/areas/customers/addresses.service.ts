// Rules of addresses: a valid country, an existing customer, exactly one main address per customer.
// The company's sites (kind 'warehouse', company-sites.ts) are not customers' addresses: these
// rules and routes never see them.
import countries from 'i18n-iso-countries';
import type { Tenant } from '../../db/tenant.js';
import { locatePlace } from '../../integrations/geo/locate.js';
import { audit } from '../../platform/audit.js';
import { fail, invalid, notFound } from '../../platform/errors.js';
import { addressKey } from './address-key.js';
import * as repo from './addresses.repository.js';
import { type AddressInputT, type AddressRow, type AddressT, type CustomerAddressInputT, toAddress } from './addresses.schemas.js';
import { CustomersErrors } from './customers.errors.js';
import { customerRecords } from './customers.repository.js';
import type { CustomerRow } from './customers.schemas.js';

type Fields = Omit<AddressInputT, 'customerId'> | CustomerAddressInputT;

const clean = (v: string | null | undefined) => (v === null || v === undefined ? null : v.trim() || null);

/** Address fields → row values (country checked and upper-cased, key computed). */
export function addressValues(input: Fields, customerId: number | null, field = 'country'): repo.AddressValues {
  const country = input.country.trim().toUpperCase();
  if (!countries.isValid(country)) throw invalid(field, `"${input.country}" is not an ISO 3166-1 alpha-2 country code.`);
  if ((input.latitude === null || input.latitude === undefined) !== (input.longitude === null || input.longitude === undefined)) {
    throw invalid('latitude', 'Latitude and longitude go together: send both or neither.');
  }
  const place = {
    street: input.street.trim(),
    street2: clean(input.street2),
    city: input.city.trim(),
    state: clean(input.state),
    postalCode: clean(input.postalCode),
    country,
  };
  return {
    customer_id: customerId,
    name: clean(input.name),
    street: place.street,
    street2: place.street2,
    city: place.city,
    state: place.state,
    postal_code: place.postalCode,
    country,
    latitude: input.latitude ?? null,
    longitude: input.longitude ?? null,
    is_main: input.isMain ?? false,
    is_hub: input.isHub ?? false,
    contact_name: clean(input.contactName),
    contact_phone: clean(input.contactPhone),
    notes: clean(input.notes),
    normalized_key: addressKey(place),
  };
}

/** Coordinates for an address sent without them: its postal code's centre, else its city's; the
 *  answer says which (otherMessages; the model has no field for it), or that it stays unplaced.
 *  `label` names the address in that notice (`stops[1].address`). */
export async function locateValues(t: Tenant, values: repo.AddressValues, label: string | null): Promise<repo.AddressValues> {
  if (values.latitude !== null && values.longitude !== null) return values;
  const located = await locatePlace({ city: values.city, state: values.state, postalCode: values.postal_code, country: values.country });
  const prefix = label ? `${label}: ` : '';
  if (!located) {
    t.notice(`${prefix}No coordinates were given and neither the postal code nor the city is known: distances to this place cannot be measured.`, 'Warning');
    return values;
  }
  t.notice(prefix + located.message);
  return { ...values, latitude: located.latitude, longitude: located.longitude };
}

/** Inserts or updates an address and keeps exactly one main address per customer that has any:
 *  `wantMain` true makes it main; false passes the role to the customer's oldest other address;
 *  null keeps what it was (a new address becomes main only when the customer has none). An
 *  address without coordinates is placed first (locateValues). */
export async function writeAddress(
  t: Tenant,
  existing: AddressRow | null,
  values: repo.AddressValues,
  wantMain: boolean | null,
  label: string | null = null,
): Promise<number> {
  const customerId = values.customer_id;
  const row = { ...(await locateValues(t, values, label)), is_main: false };
  let id: number;
  if (existing) {
    await repo.updateAddress(t, existing.id, row);
    id = existing.id;
  } else {
    id = await repo.insertAddress(t, row);
  }
  const sameCustomer = existing !== null && existing.customer_id === customerId;
  const main = wantMain ?? (sameCustomer && existing!.is_main);
  if (customerId !== null) {
    if (main) {
      await repo.clearMain(t, customerId);
      await repo.setMain(t, id);
    } else if (!(await repo.hasMain(t, customerId))) {
      await repo.setMain(t, (await repo.oldestAddressId(t, customerId, id)) ?? id);
    }
  }
  if (existing?.customer_id != null && !sameCustomer) await ensureMain(t, existing.customer_id);
  return id;
}

/** The customer's oldest address becomes main when it has addresses but no main one. */
export async function ensureMain(t: Tenant, customerId: number): Promise<void> {
  if (await repo.hasMain(t, customerId)) return;
  const oldest = await repo.oldestAddressId(t, customerId, null);
  if (oldest !== null) await repo.setMain(t, oldest);
}

/** The routes' services take the records the request names as the id gate read them (route ids):
 *  the address, and the active customer customerId names. */
export function addressesService() {
  /** An address this request wrote, read again. */
  async function reread(t: Tenant, id: number): Promise<AddressT> {
    return toAddress(await repo.addressRecords.reread(t, id));
  }

  return {
    async create(t: Tenant, input: AddressInputT): Promise<AddressT> {
      const customerId = input.customerId ?? null;
      const id = await writeAddress(t, null, addressValues(input, customerId), input.isMain ?? null);
      const created = await reread(t, id);
      await audit(t, { action: 'address.create', entityType: 'address', entityId: id, after: created });
      return created;
    },

    /** `customer`: the body's customerId as the id gate read it (deleted ones too). */
    async update(t: Tenant, before: AddressRow, input: AddressInputT, customer?: CustomerRow): Promise<AddressT> {
      const id = before.id;
      const customerId = input.customerId === undefined ? before.customer_id : input.customerId;
      // Another customer must be active: a deleted one reads as missing, as it did before the gate.
      if (customer && customer.id !== before.customer_id && customer.status !== 0) throw notFound(customerRecords.what, customer.id);
      await writeAddress(t, before, addressValues(input, customerId), input.isMain ?? null);
      const after = await reread(t, id);
      await audit(t, { action: 'address.update', entityType: 'address', entityId: id, before: toAddress(before), after });
      return after;
    },

    async remove(t: Tenant, before: AddressRow): Promise<null> {
      const id = before.id;
      await repo.deleteAddress(t, id);
      if (before.customer_id !== null) await ensureMain(t, before.customer_id);
      await audit(t, { action: 'address.delete', entityType: 'address', entityId: id, before: toAddress(before) });
      return null;
    },

    async setAsMain(t: Tenant, address: AddressRow): Promise<AddressT> {
      const id = address.id;
      if (address.customer_id === null) throw fail(CustomersErrors.addressNoCustomer, "Only a customer's address can be its main address.");
      if (!address.is_main) {
        await repo.clearMain(t, address.customer_id);
        await repo.setMain(t, id);
        await audit(t, { action: 'address.set_main', entityType: 'address', entityId: id, after: { customerId: address.customer_id } });
      }
      return reread(t, id);
    },

    async lookupForTransfer(t: Tenant, term: string | null | undefined): Promise<AddressT[]> {
      return (await repo.lookupForTransfer(t, term?.trim() || null)).map(toAddress);
    },

    async searchByCompanyName(t: Tenant, name: string): Promise<AddressT[]> {
      return (await repo.searchByCompanyName(t, name.trim())).map(toAddress);
    },

    async searchByAddress(t: Tenant, text: string): Promise<AddressT[]> {
      return (await repo.searchByAddress(t, text.trim())).map(toAddress);
    },
  };
}

export type AddressesService = ReturnType<typeof addressesService>;
