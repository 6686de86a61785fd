// Reading the data packages. Everything here is imported dynamically: the server starts without
// touching the ~15 MB of place data, and the first request that needs it pays once (see index.ts).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** A country as country-state-city writes it (coordinates are decimal strings). */
export interface CountryRow {
  name: string;
  isoCode: string;
  phonecode: string;
  currency: string;
  flag: string;
  latitude: string;
  longitude: string;
}

export interface StateRow {
  name: string;
  isoCode: string;
  countryCode: string;
  latitude?: string | null;
  longitude?: string | null;
}

/** name, country alpha-2, state code, latitude, longitude. */
export type CityRow = readonly [string, string, string, string, string];

export interface PlaceRows {
  countries: CountryRow[];
  states: StateRow[];
  cities: CityRow[];
  /** 'assets' (the package's data files) or 'api' (its functions, the fallback). */
  source: 'assets' | 'api';
}

const require = createRequire(import.meta.url);

const isCountry = (r: unknown): r is CountryRow =>
  typeof r === 'object' && r !== null && typeof (r as CountryRow).isoCode === 'string' && typeof (r as CountryRow).name === 'string';
const isState = (r: unknown): r is StateRow =>
  isCountry(r) && typeof (r as unknown as StateRow).countryCode === 'string';
const isCity = (r: unknown): r is CityRow =>
  Array.isArray(r) && r.length >= 5 && r.slice(0, 5).every((v) => typeof v === 'string' || v === null);

/**
 * Countries, states and cities of country-state-city. Its functions keep a second, expanded copy
 * of the 148k cities in memory for the life of the process (about 45 MB); reading its data files
 * directly lets that copy be collected once the gazetteer has its compact form. The files are the
 * package's own (what its functions read); should an upgrade move or reshape them, the package's
 * functions are used instead, so an upgrade costs memory, never correctness.
 */
export async function readPlaces(): Promise<PlaceRows> {
  try {
    const root = join(dirname(require.resolve('country-state-city/package.json')), 'lib', 'cjs', 'assets');
    const [countries, states, cities] = await Promise.all(
      ['country.json', 'state.json', 'city.json'].map(async (file) => JSON.parse(await readFile(join(root, file), 'utf8')) as unknown),
    );
    if (
      Array.isArray(countries) && countries.length > 0 && countries.every(isCountry) &&
      Array.isArray(states) && states.length > 0 && states.every(isState) &&
      Array.isArray(cities) && cities.length > 0 && cities.every(isCity)
    ) {
      return { countries, states, cities: cities.map(nullsToEmpty), source: 'assets' };
    }
  } catch {
    // Files moved or unreadable: the functions below read them wherever the package keeps them.
  }
  return readPlacesThroughApi();
}

const nullsToEmpty = (row: CityRow): CityRow =>
  row.every((v) => typeof v === 'string') ? row : (row.map((v) => v ?? '') as unknown as CityRow);

/** The same rows through country-state-city's documented functions. */
export async function readPlacesThroughApi(): Promise<PlaceRows> {
  const { Country, State, City } = await import('country-state-city');
  return {
    countries: Country.getAllCountries(),
    states: State.getAllStates(),
    cities: City.getAllCities().map((c) => [c.name, c.countryCode, c.stateCode, c.latitude ?? '', c.longitude ?? ''] as const),
    source: 'api',
  };
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
