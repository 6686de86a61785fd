// The gazetteer: countries, states, cities and postal codes in memory, with the lookups the API
// needs (by id, by name prefix, nearest to a point). The 169k cities are kept in columns (typed
// arrays and two string arrays) rather than an object each, and KD-trees over their positions and
// the postal codes' answer "nearest" on the sphere (point-tree.ts).
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { assignIds, cityKey, countryIdOf, RETIRED_KEYS, stateKey } from './ids.js';
import { distanceKm, PointTree } from './point-tree.js';
import { listedPart, normalizePostalCode, POSTAL_DATA, type PostalCodeSupport, type PostalPoint, pairPostalCodes } from './postal.js';
import { readCountryCodes, readPlaces, readPostalFormats, readZipCodes } from './sources.js';
import { Spread } from './spread.js';
import { fold } from './text.js';

export interface CountryRecord {
  index: number;
  id: number;
  name: string;
  /** ISO 3166-1 alpha-2. */
  isoCode: string;
  iso3: string | null;
  numericCode: string | null;
  phoneCode: string | null;
  currency: string | null;
  flag: string | null;
  latitude: number | null;
  longitude: number | null;
  postalCodeSupport: PostalCodeSupport;
  /** [start, end) into the states, which are sorted by country then name. */
  states: readonly [number, number];
}

export interface StateRecord {
  index: number;
  id: number;
  name: string;
  isoCode: string;
  country: CountryRecord;
  /** The mean position of its cities (none for a state without cities). */
  latitude: number | null;
  longitude: number | null;
  /** [start, end) into the cities, which are sorted by state then name. */
  cities: readonly [number, number];
}

/** A city, read out of the columns. */
export interface CityRecord {
  index: number;
  id: number;
  name: string;
  state: StateRecord;
  country: CountryRecord;
  latitude: number;
  longitude: number;
}

export interface CitySearch {
  country?: CountryRecord;
  state?: StateRecord;
  /** Folded name prefix (see text.ts). */
  prefix?: string;
  offset: number;
  limit: number;
}

export interface GazetteerStats {
  countries: number;
  states: number;
  cities: number;
  postalCodes: Record<string, number>;
  citiesWithPostalCodes: Record<string, number>;
}

/** A city that got no code from pairing gets its state's nearest code within this (postal.ts). */
const CITY_TO_CODE_KM = 100;

interface Columns {
  id: Int32Array;
  name: string[];
  folded: string[];
  state: Uint32Array;
  latitude: Float64Array;
  longitude: Float64Array;
}

export class Gazetteer {
  private readonly countryById = new Map<number, CountryRecord>();
  private readonly countryByCode = new Map<string, CountryRecord>();
  private readonly stateById = new Map<number, StateRecord>();
  private readonly stateByCode = new Map<string, StateRecord>();
  /** City indexes sorted by id (binary search) and by folded name (prefix search). */
  private readonly byId: Uint32Array;
  private readonly byName: Uint32Array;
  private readonly postalList: PostalPoint[];
  private readonly postalTree: PointTree;
  private readonly cityPostal = new Map<number, string[]>();

  constructor(
    readonly countries: readonly CountryRecord[],
    readonly states: readonly StateRecord[],
    private readonly city: Columns,
    orders: { byId: Uint32Array; byName: Uint32Array },
    private readonly cityTree: PointTree,
    private readonly postal: Map<string, PostalPoint>,
    readonly checkFormat: (country: string, code: string) => true | string,
  ) {
    for (const c of countries) {
      this.countryById.set(c.id, c);
      this.countryByCode.set(c.isoCode, c);
    }
    for (const s of states) {
      this.stateById.set(s.id, s);
      this.stateByCode.set(stateKey(s.country.isoCode, s.isoCode), s);
    }
    this.byId = orders.byId;
    this.byName = orders.byName;
    this.postalList = [...postal.values()];
    this.postalTree = new PointTree(
      this.postalList.length,
      (i) => this.postalList[i]!.latitude ?? NaN,
      (i) => this.postalList[i]!.longitude ?? NaN,
    );
    this.attachPostalCodes();
  }

  // ---- Countries and states

  country(id: number): CountryRecord | undefined {
    return this.countryById.get(id);
  }

  countryByIsoCode(alpha2: string): CountryRecord | undefined {
    return this.countryByCode.get(alpha2.toUpperCase());
  }

  statesOf(country: CountryRecord): StateRecord[] {
    return this.states.slice(country.states[0], country.states[1]);
  }

  state(id: number): StateRecord | undefined {
    return this.stateById.get(id);
  }

  stateByIsoCode(country: string, code: string): StateRecord | undefined {
    return this.stateByCode.get(stateKey(country, code));
  }

  // ---- Cities

  get cityCount(): number {
    return this.city.id.length;
  }

  cityById(id: number): CityRecord | undefined {
    let lo = 0;
    let hi = this.byId.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = this.city.id[this.byId[mid]!]!;
      if (at === id) return this.cityAt(this.byId[mid]!);
      if (at < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }

  cityAt(index: number): CityRecord {
    const state = this.states[this.city.state[index]!]!;
    return {
      index,
      id: this.city.id[index]!,
      name: this.city.name[index]!,
      state,
      country: state.country,
      latitude: this.city.latitude[index]!,
      longitude: this.city.longitude[index]!,
    };
  }

  citiesOf(state: StateRecord): CityRecord[] {
    const out: CityRecord[] = [];
    for (let i = state.cities[0]; i < state.cities[1]; i++) out.push(this.cityAt(i));
    return out;
  }

  /** Cities by name (folded, then as written), filtered, one page of them. */
  searchCities(search: CitySearch): CityRecord[] {
    const { country, state, prefix, offset, limit } = search;
    const out: CityRecord[] = [];
    let skipped = 0;
    const take = (i: number): boolean => {
      if (state && this.city.state[i] !== state.index) return true;
      if (country && this.states[this.city.state[i]!]!.country !== country) return true;
      if (skipped < offset) skipped++;
      else out.push(this.cityAt(i));
      return out.length < limit;
    };
    if (prefix) {
      for (let k = this.lowerBound(prefix); k < this.byName.length; k++) {
        const i = this.byName[k]!;
        if (!this.city.folded[i]!.startsWith(prefix) || !take(i)) break;
      }
    } else if (state) {
      for (let i = state.cities[0]; i < state.cities[1] && take(i); i++);
    } else {
      for (let k = 0; k < this.byName.length && take(this.byName[k]!); k++);
    }
    return out;
  }

  private lowerBound(prefix: string): number {
    let lo = 0;
    let hi = this.byName.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.city.folded[this.byName[mid]!]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The city nearest to a point by great-circle distance, with the distance in km. */
  nearestCity(latitude: number, longitude: number): { city: CityRecord; km: number } | undefined {
    const index = this.cityTree.nearest(latitude, longitude);
    if (index === undefined) return undefined;
    const city = this.cityAt(index);
    return { city, km: distanceKm({ latitude, longitude }, city) };
  }

  // ---- Postal codes

  postalCodesOf(city: CityRecord): string[] {
    return this.cityPostal.get(city.index) ?? [];
  }

  /** The listed code (ZIP code, Canadian FSA) a normalized postal code falls under. */
  postalPoint(country: string, normalized: string): PostalPoint | undefined {
    const point = this.postal.get(listedPart(country, normalized));
    return point && point.country === country ? point : undefined;
  }

  /** The nearest listed code of a state, within `km`. */
  nearestPostal(state: StateRecord, latitude: number, longitude: number, km: number): PostalPoint | undefined {
    const i = this.postalTree.nearestWithin(latitude, longitude, km, (p) => this.postalList[p]!.state === state.index);
    return i === undefined ? undefined : this.postalList[i];
  }

  distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
    return distanceKm(a, b);
  }

  normalizePostalCode(country: CountryRecord, code: string): string {
    return normalizePostalCode(country.isoCode, code);
  }

  stats(): GazetteerStats {
    const postalCodes: Record<string, number> = {};
    for (const p of this.postal.values()) postalCodes[p.country] = (postalCodes[p.country] ?? 0) + 1;
    const citiesWithPostalCodes: Record<string, number> = {};
    for (const index of this.cityPostal.keys()) {
      const code = this.cityAt(index).country.isoCode;
      citiesWithPostalCodes[code] = (citiesWithPostalCodes[code] ?? 0) + 1;
    }
    return { countries: this.countries.length, states: this.states.length, cities: this.cityCount, postalCodes, citiesWithPostalCodes };
  }

  /** Lists each city's codes: those paired with it (postal.ts), else the nearest code of its
   *  state within 100 km, so each US and Canadian city lists at least the code around it. */
  private attachPostalCodes(): void {
    for (const point of this.postal.values()) {
      for (const c of point.cities) push(this.cityPostal, c, point.code);
    }
    for (const country of Object.keys(POSTAL_DATA)) {
      const record = this.countryByCode.get(country);
      if (!record) continue;
      for (let s = record.states[0]; s < record.states[1]; s++) {
        const state = this.states[s]!;
        for (let c = state.cities[0]; c < state.cities[1]; c++) {
          if (this.cityPostal.has(c) || !Number.isFinite(this.city.latitude[c])) continue;
          const nearest = this.nearestPostal(state, this.city.latitude[c]!, this.city.longitude[c]!, CITY_TO_CODE_KM);
          if (nearest) {
            push(this.cityPostal, c, nearest.code);
            nearest.cities.push(c);
          }
        }
      }
    }
    for (const codes of this.cityPostal.values()) codes.sort();
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function coordinate(text: string | null | undefined): number | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** Whether a country writes postal codes: postal-codes-js accepts anything for one that does not
 *  (and answers "unknown" for one it has no entry for), so a value no format allows tells. */
function usesPostalCodes(check: (country: string, code: string) => true | string, country: string): boolean {
  try {
    const answer = check(country, '\u00a7');
    return answer !== true && !answer.startsWith('Unknown');
  } catch {
    return false;
  }
}

/**
 * Reads the packages and builds the gazetteer. Heavy steps are separated by a turn of the event
 * loop, so requests already in flight keep being answered while the data loads.
 */
export async function buildGazetteer(): Promise<Gazetteer> {
  const [places, codes, zips, checkFormat] = await Promise.all([readPlaces(), readCountryCodes(), readZipCodes(), readPostalFormats()]);
  await yieldToOthers();

  // Countries, by name.
  const countryRows = [...places.countries].sort((a, b) => compareText(fold(a.name), fold(b.name)));
  const countries: CountryRecord[] = countryRows.map((row, index) => {
    const isoCode = row.isoCode.toUpperCase();
    const numeric = codes.numeric(isoCode);
    return {
      index,
      id: countryIdOf(isoCode, numeric),
      name: row.name,
      isoCode,
      iso3: codes.alpha3(isoCode) ?? null,
      numericCode: numeric ?? null,
      phoneCode: row.phoneCode,
      currency: row.currency,
      flag: row.flag,
      latitude: row.latitude,
      longitude: row.longitude,
      postalCodeSupport: POSTAL_DATA[isoCode] ?? (usesPostalCodes(checkFormat, isoCode) ? 'Format' : 'None'),
      states: [0, 0],
    };
  });
  const seen = new Map<number, string>();
  for (const c of countries) {
    if (seen.has(c.id)) throw new Error(`reference data: countries ${seen.get(c.id)} and ${c.isoCode} share the id ${c.id}`);
    seen.set(c.id, c.isoCode);
  }
  const countryByCode = new Map(countries.map((c) => [c.isoCode, c]));

  // States, by country (in the countries' order) then name.
  const stateRows = places.states
    .filter((s) => countryByCode.has(s.countryCode.toUpperCase()))
    .map((row) => ({ row, country: countryByCode.get(row.countryCode.toUpperCase())!, folded: fold(row.name) }))
    .sort((a, b) => a.country.index - b.country.index || compareText(a.folded, b.folded) || compareText(a.row.isoCode, b.row.isoCode));
  const states: StateRecord[] = stateRows.map(({ row, country }, index) => ({
    index,
    id: 0,
    name: row.name,
    isoCode: row.isoCode,
    country,
    latitude: null,
    longitude: null,
    cities: [0, 0],
  }));
  for (let i = 0; i < states.length; i++) {
    const c = states[i]!.country;
    if (c.states[1] === 0) c.states = [i, i + 1];
    else c.states = [c.states[0], i + 1];
  }
  const stateByCode = new Map(states.map((s) => [stateKey(s.country.isoCode, s.isoCode), s]));
  await yieldToOthers();

  // Cities, by state then name; those whose state is unknown are left out.
  const rows = places.cities;
  const rowState = new Int32Array(rows.length).fill(-1);
  const rowFolded = new Array<string>(rows.length);
  const kept: number[] = [];
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    const state = stateByCode.get(stateKey(row[1], row[2]));
    if (!state) continue;
    rowState[r] = state.index;
    rowFolded[r] = fold(row[0]);
    kept.push(r);
  }
  kept.sort((a, b) => rowState[a]! - rowState[b]! || compareText(rowFolded[a]!, rowFolded[b]!) || compareText(rows[a]![0], rows[b]![0]));
  await yieldToOthers();

  const n = kept.length;
  const columns: Columns = {
    id: new Int32Array(n),
    name: new Array<string>(n),
    folded: new Array<string>(n),
    state: new Uint32Array(n),
    latitude: new Float64Array(n),
    longitude: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    const r = kept[i]!;
    const row = rows[r]!;
    const state = rowState[r]!;
    columns.name[i] = row[0];
    columns.folded[i] = rowFolded[r]!;
    columns.state[i] = state;
    columns.latitude[i] = coordinate(row[3]) ?? NaN;
    columns.longitude[i] = coordinate(row[4]) ?? NaN;
    const s = states[state]!;
    s.cities = s.cities[1] === 0 ? [i, i + 1] : [s.cities[0], i + 1];
  }
  // A state's position: the mean position of its cities.
  for (const s of states) {
    const spread = new Spread();
    for (let i = s.cities[0]; i < s.cities[1]; i++) spread.add(columns.latitude[i]!, columns.longitude[i]!);
    [s.latitude, s.longitude] = spread.mean() ?? [null, null];
  }
  await yieldToOthers();

  // Ids: states and cities in one space (ids.ts).
  const keys = states.map((s) => stateKey(s.country.isoCode, s.isoCode));
  for (let i = 0; i < n; i++) {
    const s = states[columns.state[i]!]!;
    keys.push(cityKey(s.country.isoCode, s.isoCode, columns.name[i]!));
  }
  const present = new Set(keys);
  const ids = assignIds(
    keys,
    (k) =>
      k < states.length ? states[k]!.name : `${columns.name[k - states.length]} ${columns.latitude[k - states.length]} ${columns.longitude[k - states.length]}`,
    RETIRED_KEYS.filter((key) => !present.has(key)),
  );
  for (const s of states) s.id = ids[s.index]!;
  columns.id.set(ids.subarray(states.length));
  await yieldToOthers();

  // Orders for lookups by id (binary search) and by name (prefix search).
  const order = Array.from({ length: n }, (_, i) => i);
  const byId = Uint32Array.from(order.sort((a, b) => columns.id[a]! - columns.id[b]!));
  await yieldToOthers();
  const byName = Uint32Array.from(
    order.sort(
      (a, b) => compareText(columns.folded[a]!, columns.folded[b]!) || compareText(columns.name[a]!, columns.name[b]!) || columns.state[a]! - columns.state[b]!,
    ),
  );
  await yieldToOthers();

  const cityTree = new PointTree(
    n,
    (i) => columns.latitude[i]!,
    (i) => columns.longitude[i]!,
  );
  await yieldToOthers();

  const postal = pairPostalCodes(zips, {
    stateIndex: (country, code) => stateByCode.get(stateKey(country, code))?.index,
    citiesOf: (state) => states[state]!.cities,
    cityName: (city) => columns.name[city]!,
    cityPosition: (city) => [columns.latitude[city]!, columns.longitude[city]!],
    nearestInState: (state, latitude, longitude, km) => cityTree.nearestWithin(latitude, longitude, km, (city) => columns.state[city] === state),
    distanceKm: (a, b) => distanceKm({ latitude: a[0], longitude: a[1] }, { latitude: b[0], longitude: b[1] }),
  });
  await yieldToOthers();

  return new Gazetteer(countries, states, columns, { byId, byName }, cityTree, postal, checkFormat);
}
