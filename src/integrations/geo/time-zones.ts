// The IANA time zone of a place, from its country, state and longitude: fds ships no time-zone
// boundaries, so this is a table of the zone each US state, Canadian province and Mexican state
// keeps, the states split between two zones cut at the meridian their line roughly follows. A
// place near a line that does not follow its meridian (Indiana's corners, the Florida panhandle's
// edge) can read the neighbouring zone; a place without a longitude reads its state's main zone;
// a country not listed answers null.

/** The part of a state west (or east) of a meridian, in another zone. */
type Split = { west: number; zone: string } | { east: number; zone: string };

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
  ID: ['America/Boise', { west: -116.3, zone: PACIFIC }],
  IL: [CENTRAL],
  IN: ['America/Indiana/Indianapolis', { west: -87.1, zone: CENTRAL }],
  IA: [CENTRAL],
  KS: [CENTRAL, { west: -101.5, zone: MOUNTAIN }],
  KY: [EASTERN, { west: -85.9, zone: CENTRAL }],
  LA: [CENTRAL],
  ME: [EASTERN],
  MD: [EASTERN],
  MA: [EASTERN],
  MI: ['America/Detroit', { west: -87.6, zone: 'America/Menominee' }],
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
}

/** The place's IANA time zone, or null when the table does not know its country or state. */
export function timeZoneOf(place: ZonePlace): string | null {
  const country = place.country.toUpperCase();
  const state = place.state?.trim().toUpperCase() ?? '';
  if (country === 'US') {
    const entry = US[state];
    if (!entry) return null;
    const [zone, split] = entry;
    const lon = place.longitude;
    if (lon === null || !split) return zone;
    const inSplit = 'west' in split ? lon < split.west : lon > split.east;
    return inSplit ? split.zone : zone;
  }
  if (country === 'CA') return CA[state] ?? null;
  if (country === 'MX') return MX[state] ?? 'America/Mexico_City';
  return null;
}
