// SQL of carriers (outsource companies), in the company's transaction. Lists are paged in SQL along
// the (company_id, lower(name), id) and (company_id, created_at, id) indexes of live carriers.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { likePattern, type SortSpec } from '../../platform/paging.js';
import type { OutsourceCompanyListRow, OutsourceCompanyRow } from './carriers.schemas.js';

const COLUMNS = [
  'id', 'name', 'legal_name', 'email', 'phone', 'types_of_work', 'mc_number', 'dot_number', 'scac', 'street', 'street2', 'city', 'state',
  'postal_code', 'country', 'website', 'insurance_provider', 'insurance_policy_number', 'insurance_expires_on', 'cargo_insurance_amount',
  'liability_insurance_amount', 'notes', 'is_active', 'created_at', 'updated_at', 'deleted_at',
] as const;

export interface CarrierFilter {
  /** Contained (any case) in the name, legal name, email, phone, MC, DOT, SCAC or city. */
  search: string | null;
  ids: number[] | null;
  /** Carriers offering every type of work of one of these flag sets. */
  typesOfWork: number[] | null;
  cities: string[] | null;
  states: string[] | null;
  countries: string[] | null;
  isActive: boolean | null;
  includeDeleted: boolean;
}

export type CarrierSort = 'name' | 'created_at';

function carriers(t: Tenant, f: CarrierFilter) {
  let q = t.db.selectFrom('outsource_companies as o').where('o.company_id', '=', t.companyId);
  if (!f.includeDeleted) q = q.where('o.deleted_at', 'is', null);
  if (f.search) {
    const pattern = likePattern(f.search.toLowerCase());
    q = q.where(sql<boolean>`lower(concat_ws(' ', o.name, o.legal_name, o.email, o.phone, o.mc_number, o.dot_number, o.scac, o.city)) like ${pattern}`);
  }
  if (f.ids) q = q.where('o.id', 'in', f.ids);
  if (f.typesOfWork) {
    const sets = f.typesOfWork;
    q = q.where((eb) => eb.or(sets.map((bits) => eb(sql`o.types_of_work & ${bits}::smallint`, '=', bits))));
  }
  if (f.cities) q = q.where(sql`lower(o.city)`, 'in', f.cities.map((c) => c.trim().toLowerCase()));
  if (f.states) q = q.where(sql`lower(o.state)`, 'in', f.states.map((s) => s.trim().toLowerCase()));
  if (f.countries) q = q.where('o.country', 'in', f.countries.map((c) => c.trim().toUpperCase()));
  if (f.isActive !== null) q = q.where('o.is_active', '=', f.isActive);
  return q;
}

export function listCarriers(t: Tenant, f: CarrierFilter, sort: SortSpec<CarrierSort>, limit: number, offset: number): Promise<OutsourceCompanyListRow[]> {
  const direction = sort.descending ? 'desc' : 'asc';
  const column = sort.by === 'name' ? sql`lower(o.name)` : sql`o.created_at`;
  return carriers(t, f)
    .leftJoin('outsource_company_contacts as k', (j) => j.onRef('k.company_id', '=', 'o.company_id').onRef('k.outsource_company_id', '=', 'o.id').on('k.is_primary', '=', true))
    .select([
      'o.id', 'o.name', 'o.email', 'o.phone', 'o.types_of_work', 'o.mc_number', 'o.dot_number', 'o.scac', 'o.city', 'o.state', 'o.country',
      'o.insurance_expires_on', 'o.is_active', 'o.created_at', 'o.deleted_at', 'k.name as primary_name', 'k.phone as primary_phone', 'k.email as primary_email',
    ])
    .orderBy(column, direction).orderBy('o.id', direction).limit(limit).offset(offset).execute();
}

export async function countCarriers(t: Tenant, f: CarrierFilter): Promise<number> {
  const row = await carriers(t, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findCarrier(t: Tenant, id: number, includeDeleted = false): Promise<OutsourceCompanyRow | undefined> {
  let q = t.db.selectFrom('outsource_companies').select(COLUMNS).where('company_id', '=', t.companyId).where('id', '=', id);
  if (!includeDeleted) q = q.where('deleted_at', 'is', null);
  return q.executeTakeFirst();
}

/** The carriers among `ids`, deleted ones included. */
export function findCarriers(t: Tenant, ids: number[]): Promise<Array<Pick<OutsourceCompanyRow, 'id' | 'name' | 'deleted_at'>>> {
  if (ids.length === 0) return Promise.resolve([]);
  return t.db.selectFrom('outsource_companies').select(['id', 'name', 'deleted_at']).where('company_id', '=', t.companyId).where('id', 'in', ids).execute();
}

export interface CarrierDuplicate {
  id: number;
  name: string;
  reason: 'Name' | 'McNumber' | 'DotNumber';
}

/** The company's live carriers (other than `exceptId`) with the same name key, MC or DOT number. */
export async function duplicatesOf(t: Tenant, keys: { name: string | null; mc: string | null; dot: string | null }, exceptId: number | null): Promise<CarrierDuplicate[]> {
  if (!keys.name && !keys.mc && !keys.dot) return [];
  let q = t.db.selectFrom('outsource_companies').select(['id', 'name', 'name_key', 'mc_number', 'dot_number'])
    .where('company_id', '=', t.companyId).where('deleted_at', 'is', null)
    .where((eb) => eb.or([
      ...(keys.name ? [eb('name_key', '=', keys.name)] : []),
      ...(keys.mc ? [eb('mc_number', '=', keys.mc)] : []),
      ...(keys.dot ? [eb('dot_number', '=', keys.dot)] : []),
    ]));
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  const out: CarrierDuplicate[] = [];
  for (const r of await q.orderBy('id').execute()) {
    if (keys.name && r.name_key === keys.name) out.push({ id: r.id, name: r.name, reason: 'Name' });
    if (keys.mc && r.mc_number === keys.mc) out.push({ id: r.id, name: r.name, reason: 'McNumber' });
    if (keys.dot && r.dot_number === keys.dot) out.push({ id: r.id, name: r.name, reason: 'DotNumber' });
  }
  return out;
}

/** What a write sets: the row without its key, state and timestamps. */
export type CarrierValues = Omit<OutsourceCompanyRow, 'id' | 'created_at' | 'updated_at' | 'deleted_at'> & { name_key: string };

export async function insertCarrier(t: Tenant, values: CarrierValues): Promise<number> {
  const row = await t.db.insertInto('outsource_companies').values({ company_id: t.companyId, ...values }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCarrier(t: Tenant, id: number, values: Partial<CarrierValues>): Promise<void> {
  await t.db.updateTable('outsource_companies').set({ ...values, updated_at: new Date() })
    .where('company_id', '=', t.companyId).where('id', '=', id).execute();
}

/** Marks carriers deleted (a date) or live again (null). */
export async function setDeleted(t: Tenant, ids: number[], at: Date | null): Promise<void> {
  if (ids.length === 0) return;
  await t.db.updateTable('outsource_companies').set({ deleted_at: at, updated_at: new Date() })
    .where('company_id', '=', t.companyId).where('id', 'in', ids).execute();
}
