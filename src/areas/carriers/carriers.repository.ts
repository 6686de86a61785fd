// SQL of carriers (outsource companies), through the company door. Lists are paged in SQL along the
// (company_id, lower(name), id) and (company_id, created_at, id) indexes of live carriers.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { applyFilters, type Filters, type ListQuery, orderedBy, pagedList } from '../../platform/list.js';
import { likePattern, type SortSpec } from '../../platform/paging.js';
import { companyRecords } from '../../platform/records.js';
import {
  OutsourceCompaniesQuery,
  type OutsourceCompaniesQueryT,
  type OutsourceCompanyListRow,
  type OutsourceCompanyRow,
  toOutsourceCompanyListItem,
} from './carriers.schemas.js';

const COLUMNS = [
  'o.id',
  'o.name',
  'o.legal_name',
  'o.email',
  'o.phone',
  'o.types_of_work',
  'o.mc_number',
  'o.dot_number',
  'o.scac',
  'o.street',
  'o.street2',
  'o.city',
  'o.state',
  'o.postal_code',
  'o.country',
  'o.website',
  'o.insurance_provider',
  'o.insurance_policy_number',
  'o.insurance_expires_on',
  'o.cargo_insurance_amount',
  'o.liability_insurance_amount',
  'o.notes',
  'o.is_active',
  'o.created_at',
  'o.updated_at',
  'o.deleted_at',
] as const;

/** The company's carriers; deleted ones only when asked for. */
function carriers(t: Tenant, includeDeleted = false) {
  const q = t.select('outsource_companies as o');
  return includeDeleted ? q : q.where('o.deleted_at', 'is', null);
}

/** The company's carriers: live ones, or (`includeDeleted`) deleted ones too. Other areas point
 *  at live carriers (drivers); a carrier's sub-records (contacts, finances, truck types) are found
 *  only while their carrier is live. */
export const carrierRecords = companyRecords<OutsourceCompanyRow, number, { includeDeleted?: boolean } | undefined>({
  name: 'carrier',
  what: 'Carrier',
  read: (t, ids, options) =>
    carriers(t, options?.includeDeleted ?? false)
      .select(COLUMNS)
      .where('o.id', 'in', ids)
      .execute(),
});

// ---- The list

type ListBase = ReturnType<typeof carriers>;
type Query = OutsourceCompaniesQueryT & ListQuery;

const listOf = (t: Tenant, q: Query) => carriers(t, q.includeDeleted ?? false);

const FILTERS: Filters<Query, ListBase> = {
  // Contained (any case) in the name, legal name, email, phone, MC, DOT, SCAC or city.
  SearchTerm: (q, term) =>
    q.where(
      sql<boolean>`lower(concat_ws(' ', o.name, o.legal_name, o.email, o.phone, o.mc_number, o.dot_number, o.scac, o.city)) like ${likePattern(term.toLowerCase())}`,
    ),
  OutsourceCompanyIds: (q, ids) => q.where('o.id', 'in', ids),
  // Carriers offering every type of work of one of these flag sets.
  OutsourceCompanyTypesOfWork: (q, sets) => q.where((eb) => eb.or(sets.map((bits) => eb(sql`o.types_of_work & ${bits}::smallint`, '=', bits)))),
  Cities: (q, cities) =>
    q.where(
      sql`lower(o.city)`,
      'in',
      cities.map((c) => c.trim().toLowerCase()),
    ),
  States: (q, states) =>
    q.where(
      sql`lower(o.state)`,
      'in',
      states.map((s) => s.trim().toLowerCase()),
    ),
  Countries: (q, countries) =>
    q.where(
      'o.country',
      'in',
      countries.map((c) => c.trim().toUpperCase()),
    ),
  isActive: (q, active) => q.where('o.is_active', '=', active),
};

const SORTABLE = { name: [sql`lower(o.name)`, 'o.id'], createdAt: ['o.created_at', 'o.id'] };

/** A page's columns, with the primary contact (joined after the count, which needs no contact). */
const listColumns = (q: ListBase) =>
  q
    .leftJoin('outsource_company_contacts as k', (j) =>
      j.onRef('k.company_id', '=', 'o.company_id').onRef('k.outsource_company_id', '=', 'o.id').on('k.is_primary', '=', true),
    )
    .select([
      'o.id',
      'o.name',
      'o.email',
      'o.phone',
      'o.types_of_work',
      'o.mc_number',
      'o.dot_number',
      'o.scac',
      'o.city',
      'o.state',
      'o.country',
      'o.insurance_expires_on',
      'o.is_active',
      'o.created_at',
      'o.deleted_at',
      'k.name as primary_name',
      'k.phone as primary_phone',
      'k.email as primary_email',
    ]);

export const carriersList = pagedList({
  query: OutsourceCompaniesQuery,
  from: listOf,
  filters: FILTERS,
  sortable: SORTABLE,
  select: listColumns,
  map: (rows: OutsourceCompanyListRow[]) => rows.map(toOutsourceCompanyListItem),
});

/** Carriers as other areas filter them (the drivers' demo): the list's filters, by field. */
export interface CarrierFilter {
  search: string | null;
  ids: number[] | null;
  typesOfWork: number[] | null;
  cities: string[] | null;
  states: string[] | null;
  countries: string[] | null;
  isActive: boolean | null;
  includeDeleted: boolean;
}

export type CarrierSort = 'name' | 'created_at';

/** The list's rows for other areas: the same filters and order as GET /OutsourceCompanies. */
export function listCarriers(t: Tenant, f: CarrierFilter, sort: SortSpec<CarrierSort>, limit: number, offset: number): Promise<OutsourceCompanyListRow[]> {
  const query: Query = {
    SearchTerm: f.search ?? undefined,
    OutsourceCompanyIds: f.ids ?? undefined,
    OutsourceCompanyTypesOfWork: f.typesOfWork ?? undefined,
    Cities: f.cities ?? undefined,
    States: f.states ?? undefined,
    Countries: f.countries ?? undefined,
    isActive: f.isActive ?? undefined,
    includeDeleted: f.includeDeleted,
  };
  const filtered = applyFilters(listOf(t, query), FILTERS, query, t);
  return orderedBy(listColumns(filtered), SORTABLE[sort.by === 'name' ? 'name' : 'createdAt'], sort.descending)
    .limit(limit)
    .offset(offset)
    .execute();
}

export interface CarrierDuplicate {
  id: number;
  name: string;
  reason: 'Name' | 'McNumber' | 'DotNumber';
}

/** The company's live carriers (other than `exceptId`) with the same name key, MC or DOT number. */
export async function duplicatesOf(
  t: Tenant,
  keys: { name: string | null; mc: string | null; dot: string | null },
  exceptId: number | null,
): Promise<CarrierDuplicate[]> {
  if (!keys.name && !keys.mc && !keys.dot) return [];
  let q = carriers(t)
    .select(['o.id', 'o.name', 'o.name_key', 'o.mc_number', 'o.dot_number'])
    .where((eb) =>
      eb.or([
        ...(keys.name ? [eb('o.name_key', '=', keys.name)] : []),
        ...(keys.mc ? [eb('o.mc_number', '=', keys.mc)] : []),
        ...(keys.dot ? [eb('o.dot_number', '=', keys.dot)] : []),
      ]),
    );
  if (exceptId !== null) q = q.where('o.id', '<>', exceptId);
  const out: CarrierDuplicate[] = [];
  for (const r of await q.orderBy('o.id').execute()) {
    if (keys.name && r.name_key === keys.name) out.push({ id: r.id, name: r.name, reason: 'Name' });
    if (keys.mc && r.mc_number === keys.mc) out.push({ id: r.id, name: r.name, reason: 'McNumber' });
    if (keys.dot && r.dot_number === keys.dot) out.push({ id: r.id, name: r.name, reason: 'DotNumber' });
  }
  return out;
}

/** What a write sets: the row without its key, state and timestamps. */
export type CarrierValues = Omit<OutsourceCompanyRow, 'id' | 'created_at' | 'updated_at' | 'deleted_at'> & { name_key: string };

export async function insertCarrier(t: Tenant, values: CarrierValues): Promise<number> {
  return (await t.insert('outsource_companies', values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateCarrier(t: Tenant, id: number, values: Partial<CarrierValues>): Promise<void> {
  await t
    .update('outsource_companies')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Marks carriers deleted (a date) or live again (null). */
export async function setDeleted(t: Tenant, ids: number[], at: Date | null): Promise<void> {
  if (ids.length === 0) return;
  await t.update('outsource_companies').set({ deleted_at: at, updated_at: new Date() }).where('id', 'in', ids).execute();
}
