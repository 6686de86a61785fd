// The Address model (core fields: docs/architecture.md) and its input shape; row → response mapper.

import type { Selectable } from 'kysely';
import { DateTime, Id, Nullable, Opt, type Static, Text, Type } from '../../platform/schemas.js';
import { formatAddress } from './address-key.js';
import type { AddressesTable } from './customers.tables.js';

const Latitude = Type.Number({ minimum: -90, maximum: 90 });
const Longitude = Type.Number({ minimum: -180, maximum: 180 });

export const Address = Type.Object(
  {
    id: Id,
    name: Nullable(Type.String({ description: "Name of the place (a site, a warehouse, a company's location)." })),
    street: Type.String(),
    street2: Nullable(Type.String()),
    city: Type.String(),
    state: Nullable(Type.String()),
    postalCode: Nullable(Type.String()),
    country: Type.String({ description: 'ISO 3166-1 alpha-2 code.' }),
    latitude: Nullable(Latitude),
    longitude: Nullable(Longitude),
    isMain: Type.Boolean({ description: "The customer's main address; exactly one per customer that has addresses." }),
    isHub: Type.Boolean({ description: 'A hub, terminal or cross-dock: offered for transfers.' }),
    customerId: Nullable(Id),
    customerName: Nullable(Type.String()),
    contactName: Nullable(Type.String()),
    contactPhone: Nullable(Type.String()),
    notes: Nullable(Type.String()),
    fullAddress: Type.String({ description: 'The address on one line.' }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'Address' },
);
export type AddressT = Static<typeof Address>;

/** What a client sends: street, city and country are required. */
export const AddressInputFields = {
  name: Opt(Text(200)),
  street: Type.String({ minLength: 1, maxLength: 200 }),
  street2: Opt(Text(200)),
  city: Type.String({ minLength: 1, maxLength: 100 }),
  state: Opt(Text(100)),
  postalCode: Opt(Text(20)),
  country: Type.String({ minLength: 2, maxLength: 2, description: 'ISO 3166-1 alpha-2 code (any case).' }),
  latitude: Opt(Latitude),
  longitude: Opt(Longitude),
  isMain: Opt(Type.Boolean()),
  isHub: Opt(Type.Boolean()),
  contactName: Opt(Text(200)),
  contactPhone: Opt(Text(50)),
  notes: Opt(Text(2000)),
};

export const AddressInput = Type.Object({ ...AddressInputFields, customerId: Opt(Id) });
export type AddressInputT = Static<typeof AddressInput>;

/** An address inside a customer (POST/PUT /Customers): `id` updates one of the customer's addresses. */
export const CustomerAddressInput = Type.Object({ id: Opt(Id), ...AddressInputFields });
export type CustomerAddressInputT = Static<typeof CustomerAddressInput>;

/** An address as read, with its customer's name (joined). */
export type AddressRow = Omit<Selectable<AddressesTable>, 'company_id' | 'kind' | 'search_text' | 'kept_customer_id'> & { customer_name: string | null };

export function toAddress(row: AddressRow): AddressT {
  return addressOf(row, row.customer_name, row.created_at, row.updated_at);
}

/** The fields of an address row that the answer takes as they are. */
export type AddressFields = Omit<AddressRow, 'customer_name' | 'created_at' | 'updated_at'>;

/**
 * Row → response, with the customer's name and the timestamps given apart (a list page's addresses
 * come as JSON beside their customer, timestamps as text). Fields are copied one by one, never by
 * spreading the row: a spread copies every key of a dictionary-like parsed object, and on a list
 * page of 20 customers that cost more than the rest of the answer (customers.service.ts).
 */
export function addressOf(row: AddressFields, customerName: string | null, createdAt: Date, updatedAt: Date): AddressT {
  return {
    id: row.id,
    name: row.name,
    street: row.street,
    street2: row.street2,
    city: row.city,
    state: row.state,
    postalCode: row.postal_code,
    country: row.country,
    latitude: row.latitude,
    longitude: row.longitude,
    isMain: row.is_main,
    isHub: row.is_hub,
    customerId: row.customer_id,
    customerName,
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    notes: row.notes,
    fullAddress: formatAddress({
      street: row.street,
      street2: row.street2,
      city: row.city,
      state: row.state,
      postalCode: row.postal_code,
      country: row.country,
    }),
    createdAt,
    updatedAt,
  };
}
