// Warehouses (part 1, "Company settings"; model not shown there, designed here): the company's own
// locations — depots, cross-docks, yards — where routes start and end and transfers meet. The place
// is an Address (kind 'warehouse', so transfer lookups offer it); its contact and notes are the
// address's own fields, shown on the warehouse too.

import { DateTime, Id, NameEnum, Nullable, Opt, SharedListParams, type Static, Text, Type } from '../../platform/schemas.js';
import { type AddressT, formatAddress } from '../customers/index.js';

const Latitude = Type.Number({ minimum: -90, maximum: 90, description: 'Degrees, -90 to 90 (WGS 84). Send with longitude.' });
const Longitude = Type.Number({ minimum: -180, maximum: 180, description: 'Degrees, -180 to 180 (WGS 84). Send with latitude.' });

export const Warehouse = Type.Object(
  {
    id: Id,
    name: Type.String({ description: 'What dispatchers call the place ("Dallas cross-dock").' }),
    code: Nullable(Type.String({ description: 'Short code, upper-case, unique in the company (DAL1).' })),
    address: Type.Ref('Address', { description: 'Where it is: street, city, state, postal code, country and coordinates; its id is the address id.' }),
    contactName: Nullable(Type.String({ description: 'Person to ask for on site (also address.contactName).' })),
    phone: Nullable(Type.String({ description: 'Phone of the site or its contact (also address.contactPhone).' })),
    email: Nullable(Type.String({ description: 'Email of the site.' })),
    openingHours: Nullable(Type.String({ description: 'Opening and dock hours as text ("Mon-Fri 06:00-18:00, Sat 07:00-12:00").' })),
    notes: Nullable(Type.String({ description: 'Instructions for drivers: gate, dock doors, check-in (also address.notes).' })),
    isActive: Type.Boolean({ description: 'False: kept on record but not in use.' }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  {
    $id: 'Warehouse',
    description: 'A location of the company (depot, cross-dock, yard): where routes start and end and transfers meet. Its place is an Address.',
  },
);
export type WarehouseT = Omit<Static<typeof Warehouse>, 'address'> & { address: AddressT };

const addressFields = {
  street: Type.String({ minLength: 1, maxLength: 200 }),
  street2: Opt(Text(200, 'Suite, building, dock.')),
  city: Type.String({ minLength: 1, maxLength: 100 }),
  state: Opt(Text(100, 'State or province, as written in the country (TX).')),
  postalCode: Opt(Text(20)),
  country: Type.String({ minLength: 2, maxLength: 2, description: 'ISO 3166-1 alpha-2 code (any case).' }),
  latitude: Opt(Latitude),
  longitude: Opt(Longitude),
};

const warehouseFields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  code: Opt(
    Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$', description: 'Letters, digits, - and _, up to 20; stored upper-case; unique in the company.' }),
  ),
  contactName: Opt(Text(200)),
  phone: Opt(Text(50)),
  email: Opt(Type.String({ format: 'email', maxLength: 254 })),
  openingHours: Opt(Text(500)),
  notes: Opt(Text(2000)),
  isActive: Opt(Type.Boolean({ description: 'Default true.' })),
};

export const WarehouseAddressInput = Type.Object(addressFields);

export const WarehouseInput = Type.Object({ ...warehouseFields, address: WarehouseAddressInput });
export type WarehouseInputT = Static<typeof WarehouseInput>;

/** What ValidateWarehouse reads: the same fields, none required (what is missing is reported). */
export const WarehouseToValidate = Type.Object({
  id: Opt(Type.Integer({ format: 'int32', description: 'The warehouse being edited, if any: not a duplicate of itself.' })),
  name: Opt(warehouseFields.name),
  code: warehouseFields.code,
  address: Opt(
    Type.Object({
      street: Opt(addressFields.street),
      street2: addressFields.street2,
      city: Opt(addressFields.city),
      state: addressFields.state,
      postalCode: addressFields.postalCode,
      country: Opt(addressFields.country),
      latitude: addressFields.latitude,
      longitude: addressFields.longitude,
    }),
  ),
});
export type WarehouseToValidateT = Static<typeof WarehouseToValidate>;

export const DuplicateReason = NameEnum(['Name', 'Address', 'Code'], {
  description:
    'Name: the same name once case, accents and punctuation are ignored; Address: the same place once written the same way (St/Street...); Code: the same code.',
});

export const ValidateWarehouseDto = Type.Object(
  {
    isValid: Type.Boolean({ description: 'True when nothing is missing or wrong and no warehouse duplicates it.' }),
    duplicates: Type.Array(
      Type.Object({
        id: Id,
        name: Type.String(),
        reason: DuplicateReason,
      }),
      { description: "The company's warehouses it duplicates, one entry per warehouse and reason." },
    ),
    missing: Type.Array(Type.String(), {
      description:
        'Fields missing, as paths: name, address.street, address.city, address.country, address.state (US, CA, MX), address.postalCode, address.latitude, address.longitude.',
    }),
    messages: Type.Array(Type.String(), { description: 'Every problem found, in English.' }),
  },
  { $id: 'ValidateWarehouseDto', description: "What ValidateWarehouse found: missing fields, wrong values and duplicates among the company's warehouses." },
);
export type ValidateWarehouseDtoT = Static<typeof ValidateWarehouseDto>;

export const WarehousesQuery = Type.Object({
  ...SharedListParams,
  isActive: Type.Optional(Type.Boolean({ description: 'Only active (true) or only inactive (false) warehouses; both when absent.' })),
});
export type WarehousesQueryT = Static<typeof WarehousesQuery>;

export const WarehouseIdParams = Type.Object({ id: Id });

/** A warehouse with its address's columns (prefixed a_). */
export interface WarehouseRow {
  id: number;
  name: string;
  code: string | null;
  email: string | null;
  opening_hours: string | null;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
  address_id: number;
  a_name: string | null;
  street: string;
  street2: string | null;
  city: string;
  state: string | null;
  postal_code: string | null;
  country: string;
  latitude: number | null;
  longitude: number | null;
  is_hub: boolean;
  contact_name: string | null;
  contact_phone: string | null;
  notes: string | null;
  a_created_at: Date;
  a_updated_at: Date;
}

function toAddress(r: WarehouseRow): AddressT {
  return {
    id: r.address_id,
    name: r.a_name,
    street: r.street,
    street2: r.street2,
    city: r.city,
    state: r.state,
    postalCode: r.postal_code,
    country: r.country,
    latitude: r.latitude,
    longitude: r.longitude,
    isMain: false,
    isHub: r.is_hub,
    customerId: null,
    customerName: null,
    contactName: r.contact_name,
    contactPhone: r.contact_phone,
    notes: r.notes,
    fullAddress: formatAddress({ ...r, postalCode: r.postal_code }),
    createdAt: r.a_created_at,
    updatedAt: r.a_updated_at,
  };
}

export function toWarehouse(r: WarehouseRow): WarehouseT {
  return {
    id: r.id,
    name: r.name,
    code: r.code,
    address: toAddress(r),
    contactName: r.contact_name,
    phone: r.contact_phone,
    email: r.email,
    openingHours: r.opening_hours,
    notes: r.notes,
    isActive: r.is_active,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}
