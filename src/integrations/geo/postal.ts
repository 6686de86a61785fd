// Postal codes: which countries have real codes, how a code is written, and which codes belong to
// which city. Real codes exist for the United States (every ZIP code, from zipcodes) and, at the
// level of the forward sortation area (the first 3 characters), for Canada. Other countries are
// checked against their format (postal-codes-js).

import type { ZipRow } from './sources.js';
import { canonicalPlace } from './text.js';

/** What is known of a country's postal codes. */
export type PostalCodeSupport = 'Full' | 'Partial' | 'Format' | 'None';

export const POSTAL_DATA: Record<string, Exclude<PostalCodeSupport, 'Format' | 'None'>> = { US: 'Full', CA: 'Partial' };

/** The form a code is compared and listed in: US `12345` (ZIP+4 `12345-6789`), Canada `A1A 1A1`. */
export function normalizePostalCode(country: string, code: string): string {
  const text = code.trim().toUpperCase().replace(/\s+/g, ' ');
  if (country === 'US') {
    const digits = text.replace(/\D/g, '');
    return digits.length === 9 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
  }
  if (country === 'CA') {
    const compact = text.replace(/[\s-]/g, '');
    return compact.length === 6 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : compact;
  }
  return text;
}

/** The part of a (normalized, valid) code that the data lists: the ZIP code, or the FSA. */
export function listedPart(country: string, normalized: string): string {
  if (country === 'US') return normalized.slice(0, 5);
  if (country === 'CA') return normalized.slice(0, 3);
  return normalized;
}

/** A listed postal code: where it is and the cities it belongs to (indexes into the gazetteer). */
export interface PostalPoint {
  code: string;
  country: 'US' | 'CA';
  state: number;
  latitude: number | null;
  longitude: number | null;
  cities: number[];
}

/** What pairing needs to know of the gazetteer's cities and states. */
export interface PairingView {
  /** State index by country alpha-2 and subdivision code. */
  stateIndex(country: string, code: string): number | undefined;
  /** The state's cities: [start, end) into the city columns. */
  citiesOf(state: number): readonly [number, number];
  cityName(city: number): string;
  cityPosition(city: number): readonly [number, number];
  /** The state's city nearest to a point, if one is within `km`. */
  nearestInState(state: number, latitude: number, longitude: number, km: number): number | undefined;
  distanceKm(a: readonly [number, number], b: readonly [number, number]): number;
}

/** A name match farther than this from the code's centre is a namesake elsewhere in the state. */
const NAME_MATCH_KM = 100;
/** A code that names no known city belongs to the nearest city of its state within this. */
const NEAREST_CITY_KM = 15;
const NEAREST_CITY_KM_CA = 50;

// Canada Post's first letters; X is split between the Northwest Territories and Nunavut.
const CA_PROVINCE: Record<string, string> = {
  A: 'NL',
  B: 'NS',
  C: 'PE',
  E: 'NB',
  G: 'QC',
  H: 'QC',
  J: 'QC',
  K: 'ON',
  L: 'ON',
  M: 'ON',
  N: 'ON',
  P: 'ON',
  R: 'MB',
  S: 'SK',
  T: 'AB',
  V: 'BC',
  X: 'NT',
  Y: 'YT',
};
const NUNAVUT_FSAS = new Set(['X0A', 'X0B', 'X0C']);

function position(row: ZipRow): [number, number] | null {
  const { latitude, longitude } = row;
  // zipcodes writes 0,0 for military post offices and null where its source was broken.
  if (typeof latitude !== 'number' || typeof longitude !== 'number' || (latitude === 0 && longitude === 0)) return null;
  return [latitude, longitude];
}

/**
 * Pairs each code with cities:
 * - US: the city of the same name in the code's state (names folded, St/Ft/Mt written out, a
 *   trailing "City" ignored when nothing else matches: USPS "New York" is "New York City"), the
 *   nearest one when several share the name; a code that names no known city belongs to the
 *   nearest city of its state within 15 km.
 * - Canada: an FSA is described by region ("Downtown Toronto (cn Tower / ...)"); it belongs to the
 *   cities of its province named in the description (the longest names: "North York", not
 *   "York"), else to the nearest city of its province within 50 km.
 * (gazetteer.ts then gives each city that got no code the nearest code of its state.)
 */
export function pairPostalCodes(rows: readonly ZipRow[], view: PairingView): Map<string, PostalPoint> {
  const points = new Map<string, PostalPoint>();
  const names = new Map<number, StateNames>();
  const namesOf = (state: number) => {
    let found = names.get(state);
    if (!found) names.set(state, (found = stateNames(state, view)));
    return found;
  };

  for (const row of rows) {
    const country = row.country === 'US' ? 'US' : row.country === 'Canada' ? 'CA' : null;
    if (!country) continue;
    const code = country === 'CA' ? row.zip.toUpperCase() : row.zip;
    const subdivision = country === 'US' ? row.state : NUNAVUT_FSAS.has(code) ? 'NU' : CA_PROVINCE[code[0]!];
    const state = subdivision ? view.stateIndex(country, subdivision) : undefined;
    // Military (AA, AE, AP) and freely associated states' codes have no state in the gazetteer.
    if (state === undefined) continue;
    const at = position(row);
    const point: PostalPoint = { code, country, state, latitude: at?.[0] ?? null, longitude: at?.[1] ?? null, cities: [] };
    points.set(code, point);
    const near = (candidates: number[]) => candidates.filter((c) => !at || view.distanceKm(at, view.cityPosition(c)) <= NAME_MATCH_KM);

    const known = namesOf(state);
    if (country === 'US') {
      const name = canonicalPlace(row.city);
      const matches = near(known.exact.get(name) ?? known.alias.get(name) ?? []);
      if (matches.length > 0) point.cities.push(at ? closest(matches, at, view) : matches[0]!);
    } else {
      point.cities.push(...near(namedIn(row.city, known)));
    }
    if (point.cities.length === 0 && at) {
      const nearest = view.nearestInState(state, at[0], at[1], country === 'US' ? NEAREST_CITY_KM : NEAREST_CITY_KM_CA);
      if (nearest !== undefined) point.cities.push(nearest);
    }
  }
  return points;
}

/** A state's city names in canonical form, by name and as a list. */
interface StateNames {
  exact: Map<string, number[]>;
  /** "New York City" also as "new york". */
  alias: Map<string, number[]>;
  list: Array<{ city: number; name: string }>;
}

function stateNames(state: number, view: PairingView): StateNames {
  const found: StateNames = { exact: new Map(), alias: new Map(), list: [] };
  const [start, end] = view.citiesOf(state);
  for (let c = start; c < end; c++) {
    const name = canonicalPlace(view.cityName(c));
    if (!name) continue;
    push(found.exact, name, c);
    if (name.endsWith(' city')) push(found.alias, name.slice(0, -5), c);
    found.list.push({ city: c, name: ` ${name} ` });
  }
  return found;
}

/** Cities of the state whose names appear as whole words in a Canadian FSA's description. */
function namedIn(description: string, known: StateNames): number[] {
  // The part before the parentheses names the area; the part inside lists places within it.
  const [head, inner = ''] = description.split('(', 2);
  for (const part of [head!, inner]) {
    const text = ` ${canonicalPlace(part)} `;
    if (text.trim() === '') continue;
    const found = known.list.filter((k) => text.includes(k.name));
    const longest = found.filter((f) => !found.some((g) => g.name !== f.name && g.name.includes(f.name)));
    if (longest.length > 0) return longest.map((f) => f.city);
  }
  return [];
}

function closest(cities: number[], at: readonly [number, number], view: PairingView): number {
  let best = cities[0]!;
  let bestKm = Infinity;
  for (const c of cities) {
    const km = view.distanceKm(at, view.cityPosition(c));
    if (km < bestKm) [best, bestKm] = [c, km];
  }
  return best;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
