// Placing an address that came without coordinates, offline: at the centre of its postal code (US
// ZIP codes and Canadian forward sortation areas, from zipcodes), else at its city (the gazetteer,
// within the state when one is given). A place left without coordinates is measured as nothing
// (a quote priced over it has no distance), so a rough centre is better than none — and the
// answer says which centre it is.
import { gazetteer } from './index.js';
import { listedPart, normalizePostalCode, POSTAL_DATA } from './postal.js';
import { fold } from './text.js';

export interface PlaceText {
  city: string;
  state: string | null;
  postalCode: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string;
}

export interface Located {
  latitude: number;
  longitude: number;
  /** How it was placed: the centre of its postal code, or of its city. */
  by: 'postalCode' | 'city';
  /** One sentence for the answer's otherMessages. */
  message: string;
}

const NO_COORDINATES = 'no coordinates were given';

/** Where the place is, or null when neither its postal code nor its city is known. */
export async function locatePlace(place: PlaceText): Promise<Located | null> {
  return (await byPostalCode(place)) ?? (await byCity(place));
}

async function byPostalCode({ postalCode, country }: PlaceText): Promise<Located | null> {
  if (!postalCode || !(country in POSTAL_DATA)) return null;
  const code = listedPart(country, normalizePostalCode(country, postalCode));
  // zipcodes is loaded once (9 MB, about a second) and kept: the whole gazetteer is not needed.
  const { default: zipcodes } = await import('zipcodes');
  const row = zipcodes.lookup(code);
  if (!row || (row.country === 'US') !== (country === 'US')) return null;
  const { latitude, longitude } = row;
  // zipcodes writes 0,0 for military post offices and null where its source was broken.
  if (typeof latitude !== 'number' || typeof longitude !== 'number' || (latitude === 0 && longitude === 0)) return null;
  return { latitude, longitude, by: 'postalCode', message: `Placed at the centre of postal code ${code}: ${NO_COORDINATES}.` };
}

async function byCity({ city, state, country }: PlaceText): Promise<Located | null> {
  const name = fold(city);
  if (!name) return null;
  const g = await gazetteer();
  const where = g.countryByIsoCode(country);
  if (!where) return null;
  const region = state ? (g.stateByIsoCode(country, state.trim()) ?? g.statesOf(where).find((s) => fold(s.name) === fold(state))) : undefined;
  // A state that names no known region of the country does not narrow the search.
  const found = g
    .searchCities({ country: where, ...(region ? { state: region } : {}), prefix: name, offset: 0, limit: 50 })
    .filter((c) => fold(c.name) === name);
  // Without a state, two cities of one name (Springfield) are a guess: the place stays unplaced.
  const states = new Set(found.map((c) => c.state.index));
  if (found.length === 0 || states.size > 1) return null;
  const at = found[0]!;
  return {
    latitude: at.latitude,
    longitude: at.longitude,
    by: 'city',
    message: `Placed at the centre of ${at.name}, ${at.state.name}: ${NO_COORDINATES}.`,
  };
}
