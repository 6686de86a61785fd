// SQL of zones and their postal codes, through the company door. `zoneRecords` and
// `zoneOfPostalCode` are also what other areas (pricing) use, through index.ts.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { fail } from '../../platform/errors.js';
import { namedLookup } from '../../platform/named-lookup.js';
import { likePattern } from '../../platform/paging.js';
import { leadingParts, normalizePostalCode } from './postal-codes.js';
import { SettingsErrors } from './settings.errors.js';
import { toZone, type ZoneRow, ZonesQuery } from './zones.schemas.js';

const COLUMNS = ['z.id', 'z.name', 'z.color', 'z.description', 'z.country', 'z.created_at', 'z.updated_at'] as const;
/** Rows written per statement (4 parameters each). */
const CHUNK = 1000;

const holding = (t: Tenant, codes: string[]) => sql<boolean>`exists (select 1 from zone_postal_codes p
  where ${t.owns('p')} and p.zone_id = z.id and p.postal_code in (${sql.join(codes)}))`;

/** The zones: by id, the list, the unique name. Codes come with a page in one query (postalCodesOf). */
export const zones = namedLookup({
  name: 'zone',
  what: 'Zone',
  alias: 'z',
  query: ZonesQuery,
  from: (t: Tenant) => t.select('zones as z'),
  columns: (q) => q.select(COLUMNS),
  search: ['z.name', 'z.description'],
  filters: {
    // Contained in the name or description, or exactly a postal code the zone holds.
    SearchTerm: (q, term, _query, t) => {
      const pattern = likePattern(term.toLowerCase());
      return q.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['z.name']), 'like', pattern),
          eb(sql`lower(coalesce(z.description, ''))`, 'like', pattern),
          holding(t, [normalizePostalCode(term)]),
        ]),
      );
    },
    Countries: (q, countries) =>
      q.where(
        'z.country',
        'in',
        countries.map((c) => c.trim().toUpperCase()),
      ),
    Zip: (q, zips, _query, t) => q.where(holding(t, zips.map(normalizePostalCode))),
    ZoneIds: (q, ids) => q.where('z.id', 'in', ids),
  },
  map: async (rows: ZoneRow[], t: Tenant) => {
    const codes = await postalCodesOf(
      t,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toZone(r, codes.get(r.id)!));
  },
  duplicate: (clash) => fail(SettingsErrors.zoneDuplicateName, `Zone ${clash.id} is already named "${clash.name}"; zone names are unique.`),
});

export const zoneRecords = zones.records;

/** The postal codes of these zones, sorted, by zone. */
export async function postalCodesOf(t: Tenant, zoneIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(zoneIds.map((id) => [id, []]));
  if (zoneIds.length === 0) return out;
  const rows = await t
    .select('zone_postal_codes')
    .select(['zone_id', 'postal_code'])
    .where('zone_id', 'in', zoneIds)
    .orderBy('zone_id')
    .orderBy(sql`postal_code COLLATE "C"`)
    .execute();
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
    let q = t
      .select('zone_postal_codes as p')
      .innerJoin('zones as z', (j) => j.onRef('z.company_id', '=', 'p.company_id').onRef('z.id', '=', 'p.zone_id'))
      .select(['p.postal_code', 'p.zone_id', 'z.name as zone_name'])
      .where('p.country', '=', country)
      .where('p.postal_code', 'in', codes.slice(i, i + CHUNK));
    if (exceptZoneId !== null) q = q.where('p.zone_id', '<>', exceptZoneId);
    held.push(...(await q.execute()));
  }
  return held.sort((a, b) => codes.indexOf(a.postal_code) - codes.indexOf(b.postal_code));
}

export type ZoneValues = Omit<ZoneRow, 'id' | 'created_at' | 'updated_at'>;

export async function insertZone(t: Tenant, values: ZoneValues): Promise<number> {
  return (await t.insert('zones', values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateZone(t: Tenant, id: number, values: ZoneValues): Promise<void> {
  await t
    .update('zones')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** The zone's postal codes become exactly these (of its country). */
export async function replacePostalCodes(t: Tenant, zoneId: number, country: string, codes: string[]): Promise<void> {
  await t.delete('zone_postal_codes').where('zone_id', '=', zoneId).execute();
  for (let i = 0; i < codes.length; i += CHUNK) {
    await t
      .insert(
        'zone_postal_codes',
        codes.slice(i, i + CHUNK).map((postal_code) => ({ zone_id: zoneId, country, postal_code })),
      )
      .execute();
  }
}

/** Removes the zone and its postal codes. */
export async function deleteZone(t: Tenant, id: number): Promise<void> {
  await t.delete('zones').where('id', '=', id).execute();
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
  const row = await t
    .select('zone_postal_codes as p')
    .innerJoin('zones as z', (j) => j.onRef('z.company_id', '=', 'p.company_id').onRef('z.id', '=', 'p.zone_id'))
    .select(['z.id', 'z.name', 'p.postal_code'])
    .where('p.country', '=', country.trim().toUpperCase())
    .where('p.postal_code', 'in', candidates)
    .orderBy(sql`length(p.postal_code)`, 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, name: row.name, postalCode: row.postal_code } : null;
}
