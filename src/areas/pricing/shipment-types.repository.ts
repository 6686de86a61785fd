// SQL of shipment types, through the company door: a named company lookup (unique name among the
// live types, any case; search; by id). Deleted types keep their row (deleted_at) for the orders
// that used them, and are neither listed nor read.
import type { Tenant } from '../../db/tenant.js';
import { invalid } from '../../platform/errors.js';
import { namedLookup } from '../../platform/named-lookup.js';
import { Type } from '../../platform/schemas.js';
import { type ShipmentTypeRow, ShipmentTypesQuery, type ShipmentTypesQueryT, toShipmentType } from './shipment-types.schemas.js';

const COLUMNS = [
  's.id',
  's.name',
  's.description',
  's.customer_id',
  's.multiplier',
  's.base_charge',
  's.rate_per_unit',
  's.is_active',
  's.created_at',
  's.updated_at',
] as const;

export type TypeValues = Omit<ShipmentTypeRow, 'id' | 'created_at' | 'updated_at'>;

/** What the lists are asked: the route's query, includeInactive always given (absent reads as
 *  false), and for the list offered to a customer, that customer. */
const ListQuery = Type.Object({
  ...ShipmentTypesQuery.properties,
  offeredTo: Type.Optional(Type.Integer()),
});
export type TypeListQuery = ShipmentTypesQueryT & { includeInactive: boolean; offeredTo?: number | undefined };

/** The company's live types: by id, the lists, their names. */
export const shipmentTypes = namedLookup({
  name: 'shipment_type',
  what: 'Shipment type',
  alias: 's',
  query: ListQuery,
  from: (t: Tenant) => t.select('shipment_types as s').where('s.deleted_at', 'is', null),
  columns: (q) => q.select(COLUMNS),
  search: ['s.name', 's.description'],
  filters: {
    includeInactive: (q, all) => (all ? q : q.where('s.is_active', '=', true)),
    // The types offered to every customer, and those offered to this one only.
    offeredTo: (q, customerId) => q.where((eb) => eb.or([eb('s.customer_id', 'is', null), eb('s.customer_id', '=', customerId)])),
  },
  // By the name as written (not case-folded), then id, in the asked direction.
  sortable: { name: ['s.name', 's.id'], createdAt: ['s.created_at', 's.id'] },
  map: (rows: ShipmentTypeRow[]) => rows.map(toShipmentType),
  // For checkName; the service checks with typeNamed instead, to name the name as it was sent.
  duplicate: (clash) => invalid('name', `A shipment type named "${clash.name}" exists already (${clash.id}).`),
});

export const shipmentTypeRecords = shipmentTypes.records;

/** The live type with this name (any case), if any. */
export async function typeNamed(t: Tenant, name: string): Promise<number | undefined> {
  return (await shipmentTypes.idsByName(t, [name])).get(name.toLowerCase());
}

export async function insertType(t: Tenant, values: TypeValues): Promise<number> {
  return (await t.insert('shipment_types', values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateType(t: Tenant, id: number, values: TypeValues): Promise<void> {
  await t
    .update('shipment_types')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function markDeleted(t: Tenant, id: number): Promise<void> {
  await t.update('shipment_types').set({ deleted_at: new Date(), updated_at: new Date() }).where('id', '=', id).execute();
}

/** Every live, active type, for pricing. */
export function activeTypes(t: Tenant): Promise<ShipmentTypeRow[]> {
  return t.select('shipment_types as s').where('s.deleted_at', 'is', null).where('s.is_active', '=', true).select(COLUMNS).orderBy('s.id').execute();
}
