// The IANA time zone of a place, from its country, state and coordinates: fds ships no time-zone
// boundaries, so this is a table of the zone each US state, Canadian province and Mexican state
// keeps, the states split between two zones cut at the meridian (Idaho: the parallel; Michigan's
// Upper Peninsula: both) their line roughly follows. A place near a line that does not follow it
// (Indiana's corners, the Florida panhandle's edge) can read the neighbouring zone; a place without
// coordinates reads its state's main zone; a country not listed answers null. A state is its code
// or its name (`TX`, `Texas`): addresses keep the state as typed.
import { createRequire } from 'node:module';

/** The part of a state in another zone: west (or east) of a meridian, north of a parallel, or a
 *  test of both. */
type Split =
  | { west: number; zone: string }
  | { east: number; zone: string }
  | { north: number; zone: string }
  | { test: (longitude: number, latitude: number) => boolean; zone: string };

/** US state and Canadian province names by their code (zipcodes' small table, not its 9 MB of codes). */
const STATE_CODES = (createRequire(import.meta.url)('zipcodes/lib/states.js') as { full: Record<string, string> }).full;

const EASTERN = 'America/New_York';
const CENTRAL = 'America/Chicago';
const MOUNTAIN = 'America/Denver';
const PACIFIC = 'America/Los_Angeles';

/** A state's zone, and the zone of its part west of a meridian when it has one. */
const US: Record<string, [zone: string, split?: Split]> = {
  AL: [CENTRAL],
  AK: ['America/Anchorage', { west: -169.5, zone: 'America/Adak' }],
  AZ: ['America/Phoenix'],
  AR: [CENTRAL],
  CA: [PACIFIC],
  CO: [MOUNTAIN],
  CT: [EASTERN],
  DE: [EASTERN],
  DC: [EASTERN],
  FL: [EASTERN, { west: -85.0, zone: CENTRAL }],
  GA: [EASTERN],
  HI: ['Pacific/Honolulu'],
  // The panhandle, north of the Salmon River: Pacific.
  ID: ['America/Boise', { north: 45.5, zone: PACIFIC }],
  IL: [CENTRAL],
  IN: ['America/Indiana/Indianapolis', { west: -87.1, zone: CENTRAL }],
  IA: [CENTRAL],
  KS: [CENTRAL, { west: -101.5, zone: MOUNTAIN }],
  KY: [EASTERN, { west: -85.9, zone: CENTRAL }],
  LA: [CENTRAL],
  ME: [EASTERN],
  MD: [EASTERN],
  MA: [EASTERN],
  // The Upper Peninsula's counties on Wisconsin (Gogebic, Iron, Dickinson, Menominee): Central.
  MI: ['America/Detroit', { test: (lon, lat) => lon < -89.4 || (lon < -87.4 && lat < 46.4), zone: 'America/Menominee' }],
  MN: [CENTRAL],
  MS: [CENTRAL],
  MO: [CENTRAL],
  MT: [MOUNTAIN],
  NE: [CENTRAL, { west: -101.0, zone: MOUNTAIN }],
  NV: [PACIFIC],
  NH: [EASTERN],
  NJ: [EASTERN],
  NM: [MOUNTAIN],
  NY: [EASTERN],
  NC: [EASTERN],
  ND: [CENTRAL, { west: -101.5, zone: MOUNTAIN }],
  OH: [EASTERN],
  OK: [CENTRAL],
  OR: [PACIFIC, { east: -117.6, zone: MOUNTAIN }],
  PA: [EASTERN],
  PR: ['America/Puerto_Rico'],
  RI: [EASTERN],
  SC: [EASTERN],
  SD: [CENTRAL, { west: -100.5, zone: MOUNTAIN }],
  TN: [CENTRAL, { east: -85.2, zone: EASTERN }],
  TX: [CENTRAL, { west: -104.9, zone: MOUNTAIN }],
  UT: [MOUNTAIN],
  VT: [EASTERN],
  VA: [EASTERN],
  WA: [PACIFIC],
  WV: [EASTERN],
  WI: [CENTRAL],
  WY: [MOUNTAIN],
};

const CA: Record<string, string> = {
  AB: 'America/Edmonton',
  BC: 'America/Vancouver',
  MB: 'America/Winnipeg',
  NB: 'America/Moncton',
  NL: 'America/St_Johns',
  NS: 'America/Halifax',
  NT: 'America/Yellowknife',
  NU: 'America/Iqaluit',
  ON: 'America/Toronto',
  PE: 'America/Halifax',
  QC: 'America/Toronto',
  SK: 'America/Regina',
  YT: 'America/Whitehorse',
};

/** Mexico keeps Central time (America/Mexico_City) but in these states. */
const MX: Record<string, string> = {
  BC: 'America/Tijuana',
  BCN: 'America/Tijuana',
  BS: 'America/Mazatlan',
  BCS: 'America/Mazatlan',
  SON: 'America/Hermosillo',
  SIN: 'America/Mazatlan',
  NAY: 'America/Mazatlan',
  CHH: 'America/Chihuahua',
  ROO: 'America/Cancun',
  NL: 'America/Monterrey',
  NLE: 'America/Monterrey',
  COA: 'America/Monterrey',
  TAM: 'America/Monterrey',
};

export interface ZonePlace {
  country: string;
  state: string | null;
  longitude: number | null;
  latitude: number | null;
}

function inSplit(split: Split, longitude: number, latitude: number): boolean {
  if ('west' in split) return longitude < split.west;
  if ('east' in split) return longitude > split.east;
  if ('north' in split) return latitude > split.north;
  return split.test(longitude, latitude);
}

/** The place's IANA time zone, or null when the table does not know its country or state. */
export function timeZoneOf(place: ZonePlace): string | null {
  const country = place.country.toUpperCase();
  const typed = place.state?.trim().toUpperCase() ?? '';
  const state = country === 'US' || country === 'CA' ? (STATE_CODES[typed.replace(/\s+/g, ' ')] ?? typed) : typed;
  if (country === 'US') {
    const entry = US[state];
    if (!entry) return null;
    const [zone, split] = entry;
    if (place.longitude === null || place.latitude === null || !split) return zone;
    return inSplit(split, place.longitude, place.latitude) ? split.zone : zone;
  }
  if (country === 'CA') return CA[state] ?? null;
  if (country === 'MX') return MX[state] ?? 'America/Mexico_City';
  return null;
}
