// SQL of zones and their postal codes, in the company's transaction. `findZone` and
// `zoneOfPostalCode` are also what other areas (pricing) use, through index.ts.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { likePattern, type SortSpec } from '../../platform/paging.js';
import { leadingParts, normalizePostalCode } from './postal-codes.js';
import type { ZoneRow } from './zones.schemas.js';

const COLUMNS = ['z.id', 'z.name', 'z.color', 'z.description', 'z.country', 'z.created_at', 'z.updated_at'] as const;
/** Rows written per statement (4 parameters each). */
const CHUNK = 1000;

export interface ZoneFilter {
  /** Contained in the name or description, or exactly a postal code the zone holds. */
  search: string | null;
  countries: string[] | null;
  /** Zones holding any of these (normalized) postal codes. */
  zips: string[] | null;
  ids: number[] | null;
}

export type ZoneSort = 'name' | 'created_at';

function zones(t: Tenant, f: ZoneFilter) {
  let q = t.db.selectFrom('zones as z').where('z.company_id', '=', t.companyId);
  if (f.search) {
    const pattern = likePattern(f.search.toLowerCase());
    const code = normalizePostalCode(f.search);
    q = q.where((eb) => eb.or([
      eb(eb.fn('lower', ['z.name']), 'like', pattern),
      eb(sql`lower(coalesce(z.description, ''))`, 'like', pattern),
      eb.exists(eb.selectFrom('zone_postal_codes as p').select('p.zone_id')
        .whereRef('p.company_id', '=', 'z.company_id').whereRef('p.zone_id', '=', 'z.id').where('p.postal_code', '=', code)),
    ]));
  }
  if (f.countries) q = q.where('z.country', 'in', f.countries);
  if (f.ids) q = q.where('z.id', 'in', f.ids);
  if (f.zips) {
    const zips = f.zips;
    q = q.where((eb) => eb.exists(eb.selectFrom('zone_postal_codes as p').select('p.zone_id')
      .whereRef('p.company_id', '=', 'z.company_id').whereRef('p.zone_id', '=', 'z.id').where('p.postal_code', 'in', zips)));
  }
  return q;
}

export function listZones(t: Tenant, f: ZoneFilter, sort: SortSpec<ZoneSort>, limit: number, offset: number): Promise<ZoneRow[]> {
  const direction = sort.descending ? 'desc' : 'asc';
  const column = sort.by === 'name' ? sql`lower(z.name)` : sql`z.created_at`;
  return zones(t, f).select(COLUMNS).orderBy(column, direction).orderBy('z.id', direction).limit(limit).offset(offset).execute();
}

export async function countZones(t: Tenant, f: ZoneFilter): Promise<number> {
  const row = await zones(t, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A zone of the company (another company's reads as missing). */
export function findZone(t: Tenant, id: number): Promise<ZoneRow | undefined> {
  return zones(t, { search: null, countries: null, zips: null, ids: null }).select(COLUMNS).where('z.id', '=', id).executeTakeFirst();
}

/** The zone of another id whose name is the same in any case. */
export function zoneNamed(t: Tenant, name: string, exceptId: number | null): Promise<{ id: number; name: string } | undefined> {
  let q = t.db.selectFrom('zones').select(['id', 'name']).where('company_id', '=', t.companyId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return q.executeTakeFirst();
}

/** The postal codes of these zones, sorted, by zone. */
export async function postalCodesOf(t: Tenant, zoneIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(zoneIds.map((id) => [id, []]));
  if (zoneIds.length === 0) return out;
  const rows = await t.db.selectFrom('zone_postal_codes').select(['zone_id', 'postal_code'])
    .where('company_id', '=', t.companyId).where('zone_id', 'in', zoneIds)
    .orderBy('zone_id').orderBy(sql`postal_code COLLATE "C"`).execute();
  for (const row of rows) out.get(row.zone_id)!.push(row.postal_code);
  return out;
}

export interface HeldCode {
  postal_code: string;
  zone_id: number;
  zone_name: string;
}

/** Which of these codes of the country another zone than `exceptZoneId` holds. */
export async function codesHeldElsewhere(t: Tenant, country: string, codes: string[], exceptZoneId: number | null): Promise<HeldCode[]> {
  const held: HeldCode[] = [];
  for (let i = 0; i < codes.length; i += CHUNK) {
    let q = t.db.selectFrom('zone_postal_codes as p')
      .innerJoin('zones as z', (j) => j.onRef('z.company_id', '=', 'p.company_id').onRef('z.id', '=', 'p.zone_id'))
      .select(['p.postal_code', 'p.zone_id', 'z.name as zone_name'])
      .where('p.company_id', '=', t.companyId).where('p.country', '=', country).where('p.postal_code', 'in', codes.slice(i, i + CHUNK));
    if (exceptZoneId !== null) q = q.where('p.zone_id', '<>', exceptZoneId);
    held.push(...(await q.execute()));
  }
  return held.sort((a, b) => codes.indexOf(a.postal_code) - codes.indexOf(b.postal_code));
}

export type ZoneValues = Omit<ZoneRow, 'id' | 'created_at' | 'updated_at'>;

export async function insertZone(t: Tenant, values: ZoneValues): Promise<number> {
  const row = await t.db.insertInto('zones').values({ company_id: t.companyId, ...values }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateZone(t: Tenant, id: number, values: ZoneValues): Promise<void> {
  await t.db.updateTable('zones').set({ ...values, updated_at: new Date() }).where('company_id', '=', t.companyId).where('id', '=', id).execute();
}

/** The zone's postal codes become exactly these (of its country). */
export async function replacePostalCodes(t: Tenant, zoneId: number, country: string, codes: string[]): Promise<void> {
  await t.db.deleteFrom('zone_postal_codes').where('company_id', '=', t.companyId).where('zone_id', '=', zoneId).execute();
  for (let i = 0; i < codes.length; i += CHUNK) {
    await t.db.insertInto('zone_postal_codes')
      .values(codes.slice(i, i + CHUNK).map((postal_code) => ({ company_id: t.companyId, zone_id: zoneId, country, postal_code })))
      .execute();
  }
}

/** Removes the zone and its postal codes. */
export async function deleteZone(t: Tenant, id: number): Promise<void> {
  await t.db.deleteFrom('zones').where('company_id', '=', t.companyId).where('id', '=', id).execute();
}

export interface ZoneMatch {
  id: number;
  name: string;
  /** The code (or leading part of it) the zone holds. */
  postalCode: string;
}

/** The zone an address's postal code falls in: the zone holding the code itself, else the one
 *  holding its longest leading part (a ZIP3, an FSA); null when none does. One index probe. */
export async function zoneOfPostalCode(t: Tenant, postalCode: string, country: string): Promise<ZoneMatch | null> {
  const candidates = leadingParts(normalizePostalCode(postalCode));
  if (candidates.length === 0) return null;
  const row = await t.db.selectFrom('zone_postal_codes as p')
    .innerJoin('zones as z', (j) => j.onRef('z.company_id', '=', 'p.company_id').onRef('z.id', '=', 'p.zone_id'))
    .select(['z.id', 'z.name', 'p.postal_code'])
    .where('p.company_id', '=', t.companyId).where('p.country', '=', country.trim().toUpperCase()).where('p.postal_code', 'in', candidates)
    .orderBy(sql`length(p.postal_code)`, 'desc').limit(1).executeTakeFirst();
  return row ? { id: row.id, name: row.name, postalCode: row.postal_code } : null;
}
