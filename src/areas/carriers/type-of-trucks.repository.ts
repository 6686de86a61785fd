// SQL of the company's truck types, in the company's transaction; paged along the unique
// (company_id, lower(name)) index or (company_id, created_at, id).
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { likePattern, type SortSpec } from '../../platform/paging.js';
import type { TypeOfTruckRow } from './type-of-trucks.schemas.js';

const COLUMNS = ['id', 'name', 'description', 'capacity_weight', 'weight_unit', 'capacity_pallets', 'capacity_volume', 'volume_unit', 'is_refrigerated', 'created_at', 'updated_at'] as const;

export type TypeOfTruckSort = 'name' | 'created_at';

function types(t: Tenant, search: string | null) {
  let q = t.db.selectFrom('type_of_trucks').where('company_id', '=', t.companyId);
  if (search) {
    const pattern = likePattern(search.toLowerCase());
    q = q.where((eb) => eb.or([eb(sql`lower(name)`, 'like', pattern), eb(sql`lower(coalesce(description, ''))`, 'like', pattern)]));
  }
  return q;
}

export function listTypes(t: Tenant, search: string | null, sort: SortSpec<TypeOfTruckSort>, limit: number, offset: number): Promise<TypeOfTruckRow[]> {
  const direction = sort.descending ? 'desc' : 'asc';
  const q = types(t, search).select(COLUMNS);
  const ordered = sort.by === 'name' ? q.orderBy(sql`lower(name)`, direction) : q.orderBy('created_at', direction).orderBy('id', direction);
  return ordered.limit(limit).offset(offset).execute();
}

export async function countTypes(t: Tenant, search: string | null): Promise<number> {
  const row = await types(t, search).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findTypes(t: Tenant, ids: number[]): Promise<TypeOfTruckRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return types(t, null).select(COLUMNS).where('id', 'in', ids).execute();
}

/** Another type with this name (any case). */
export function typeNamed(t: Tenant, name: string, exceptId: number | null): Promise<{ id: number; name: string } | undefined> {
  let q = types(t, null).select(['id', 'name']).where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
}

/** Live users of a type: the company's trucks (migration 0009; read here, as the type's owner
 *  decides whether it may go) and the rows of live carriers. */
export async function liveUses(t: Tenant, id: number): Promise<{ trucks: number; carriers: number }> {
  const { rows } = await sql<{ trucks: number; carriers: number }>`
    select
      (select count(*)::int from trucks where company_id = ${t.companyId} and type_of_truck_id = ${id} and deleted_at is null) as trucks,
      (select count(*)::int from outsource_company_type_of_trucks r
         join outsource_companies o on o.company_id = r.company_id and o.id = r.outsource_company_id
        where r.company_id = ${t.companyId} and r.type_of_truck_id = ${id} and o.deleted_at is null) as carriers
  `.execute(t.db);
  return rows[0]!;
}

export type TypeOfTruckValues = Omit<TypeOfTruckRow, 'id' | 'created_at' | 'updated_at'>;

export async function insertType(t: Tenant, values: Partial<TypeOfTruckValues> & { name: string }): Promise<number> {
  const row = await t.db.insertInto('type_of_trucks').values({ company_id: t.companyId, ...values }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateType(t: Tenant, id: number, values: Partial<TypeOfTruckValues>): Promise<void> {
  await t.db.updateTable('type_of_trucks').set({ ...values, updated_at: new Date() }).where('company_id', '=', t.companyId).where('id', '=', id).execute();
}

export async function deleteType(t: Tenant, id: number): Promise<void> {
  await t.db.deleteFrom('type_of_trucks').where('company_id', '=', t.companyId).where('id', '=', id).execute();
}

/** The company's types by name (any case), for records made by name (demo data). */
export async function typeIdsByName(t: Tenant, names: string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const rows = await types(t, null).select(['id', 'name']).where(sql`lower(name)`, 'in', names.map((n) => n.toLowerCase())).execute();
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}
