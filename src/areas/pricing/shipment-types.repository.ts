// SQL of shipment types, in the company's transaction. Deleted types keep their row (deleted_at).
import type { Tenant } from '../../db/tenant.js';
import { likePattern, type SortSpec } from '../../platform/paging.js';
import type { ShipmentTypeRow } from './shipment-types.schemas.js';

const COLUMNS = ['id', 'name', 'description', 'customer_id', 'multiplier', 'base_charge', 'rate_per_unit', 'is_active', 'created_at', 'updated_at'] as const;

export interface TypeFilter {
  search: string | null;
  includeInactive: boolean;
  /** undefined: every type; null: types offered to every customer; a number: those plus this customer's. */
  customerId?: number | null;
}
export type TypeSort = 'name' | 'created_at';
export type TypeValues = Omit<ShipmentTypeRow, 'id' | 'created_at' | 'updated_at'>;

function live(t: Tenant, f: TypeFilter) {
  let q = t.db.selectFrom('shipment_types').where('company_id', '=', t.companyId).where('deleted_at', 'is', null);
  if (!f.includeInactive) q = q.where('is_active', '=', true);
  if (f.search) q = q.where((eb) => eb.or([eb('name', 'ilike', likePattern(f.search!)), eb('description', 'ilike', likePattern(f.search!))]));
  if (f.customerId !== undefined) {
    const customerId = f.customerId;
    q = q.where((eb) => (customerId === null ? eb('customer_id', 'is', null) : eb.or([eb('customer_id', 'is', null), eb('customer_id', '=', customerId)])));
  }
  return q;
}

export function listTypes(t: Tenant, f: TypeFilter, sort: SortSpec<TypeSort>, limit: number, offset: number): Promise<ShipmentTypeRow[]> {
  const direction = sort.descending ? 'desc' : 'asc';
  return live(t, f).select(COLUMNS).orderBy(sort.by, direction).orderBy('id', direction).limit(limit).offset(offset).execute();
}

export async function countTypes(t: Tenant, f: TypeFilter): Promise<number> {
  const row = await live(t, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findType(t: Tenant, id: number): Promise<ShipmentTypeRow | undefined> {
  return live(t, { search: null, includeInactive: true }).select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findTypeByName(t: Tenant, name: string): Promise<{ id: number } | undefined> {
  return t.db.selectFrom('shipment_types').select('id').where('company_id', '=', t.companyId).where('deleted_at', 'is', null)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase())).executeTakeFirst();
}

export async function insertType(t: Tenant, values: TypeValues): Promise<number> {
  const row = await t.db.insertInto('shipment_types').values({ company_id: t.companyId, ...values }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateType(t: Tenant, id: number, values: TypeValues): Promise<void> {
  await t.db.updateTable('shipment_types').set({ ...values, updated_at: new Date() }).where('company_id', '=', t.companyId).where('id', '=', id).execute();
}

export async function markDeleted(t: Tenant, id: number): Promise<void> {
  await t.db.updateTable('shipment_types').set({ deleted_at: new Date(), updated_at: new Date() })
    .where('company_id', '=', t.companyId).where('id', '=', id).execute();
}

/** Every live, active type, for pricing. */
export function activeTypes(t: Tenant): Promise<ShipmentTypeRow[]> {
  return live(t, { search: null, includeInactive: false }).select(COLUMNS).orderBy('id').execute();
}
