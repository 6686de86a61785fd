// SQL of the company's license types, in the company's transaction; paged along the unique
// (company_id, lower(name)) index or (company_id, created_at, id). Each type is read with the
// number of drivers holding it (one correlated count along drivers_license_type_idx).
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { likePattern, type SortSpec } from '../../platform/paging.js';
import type { LicenseTypeRow } from './license-types.schemas.js';

export type LicenseTypeSort = 'name' | 'created_at';

function types(t: Tenant, search: string | null) {
  let q = t.db.selectFrom('license_types as l').where('l.company_id', '=', t.companyId);
  if (search) {
    const pattern = likePattern(search.toLowerCase());
    q = q.where(sql<boolean>`lower(concat_ws(' ', l.name, l.description)) like ${pattern}`);
  }
  return q;
}

function withCount<Q extends ReturnType<typeof types>>(q: Q) {
  return q.select([
    'l.id', 'l.name', 'l.description', 'l.is_commercial', 'l.created_at', 'l.updated_at',
    sql<number>`(select count(*)::int from drivers r where r.company_id = l.company_id and r.license_type_id = l.id)`.as('driver_count'),
  ]);
}

export function listTypes(t: Tenant, search: string | null, sort: SortSpec<LicenseTypeSort>, limit: number, offset: number): Promise<LicenseTypeRow[]> {
  const direction = sort.descending ? 'desc' : 'asc';
  const q = withCount(types(t, search));
  const ordered = sort.by === 'name' ? q.orderBy(sql`lower(l.name)`, direction) : q.orderBy('l.created_at', direction).orderBy('l.id', direction);
  return ordered.limit(limit).offset(offset).execute();
}

export async function countTypes(t: Tenant, search: string | null): Promise<number> {
  const row = await types(t, search).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findType(t: Tenant, id: number): Promise<LicenseTypeRow | undefined> {
  return withCount(types(t, null)).where('l.id', '=', id).executeTakeFirst();
}

/** Another type with this name (any case). */
export function typeNamed(t: Tenant, name: string, exceptId: number | null): Promise<{ id: number; name: string } | undefined> {
  let q = types(t, null).select(['l.id', 'l.name']).where(sql`lower(l.name)`, '=', name.toLowerCase());
  if (exceptId !== null) q = q.where('l.id', '<>', exceptId);
  return q.executeTakeFirst();
}

export type LicenseTypeValues = Omit<LicenseTypeRow, 'id' | 'driver_count' | 'created_at' | 'updated_at'>;

export async function insertType(t: Tenant, values: LicenseTypeValues): Promise<number> {
  const row = await t.db.insertInto('license_types').values({ company_id: t.companyId, ...values }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateType(t: Tenant, id: number, values: Partial<LicenseTypeValues>): Promise<void> {
  await t.db.updateTable('license_types').set({ ...values, updated_at: new Date() }).where('company_id', '=', t.companyId).where('id', '=', id).execute();
}

export async function deleteType(t: Tenant, id: number): Promise<void> {
  await t.db.deleteFrom('license_types').where('company_id', '=', t.companyId).where('id', '=', id).execute();
}

