// The licence check of the production tree (CI runs it: `npm run licences`). fds is MIT and ships
// its production dependencies, so each must be permissive. license-checker-rseidelsohn reads every
// installed package's declared licence; this script judges them:
// - a copyleft licence (GPL, AGPL, LGPL, SSPL, ODbL, CC-BY-SA/NC ...) fails the check, unless the
//   package also offers a permissive one ("(MIT OR GPL-3.0-or-later)": fds takes MIT);
// - a licence outside the permissive list fails too, unless REVIEWED below says why it is fine.
import { init } from 'license-checker-rseidelsohn';

const PERMISSIVE = new Set([
  'MIT',
  'MIT-0',
  'ISC',
  'Apache-2.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  '0BSD',
  'BlueOak-1.0.0',
  'Unlicense',
  'CC0-1.0',
  'Zlib',
  'Python-2.0',
  'CC-BY-4.0',
  'CC-BY-3.0',
]);
const COPYLEFT = /\b(A?GPL|LGPL|SSPL|EUPL|OSL|MPL|ODbL|CC-BY-(NC|SA|ND)|CDDL|EPL)/i;

/** Packages whose declared licence the checker cannot read as permissive, looked at by hand. */
const REVIEWED = {
  // "MIT/X11" in its package.json: the MIT licence.
  'chainsaw@0.1.0': 'MIT/X11 declared in package.json',
  // No licence field (exceljs → unzipper → binary → buffers). The author's sibling packages of that
  // time (binary, chainsaw) are MIT/X11; this one only reads xlsx imports' zip parts.
  'buffers@0.1.1': 'no licence declared; same author and era as binary/chainsaw (MIT/X11)',
  // "BSD" without a variant: its LICENSE file is the 3-clause BSD licence.
  'zipcodes@8.0.0': 'LICENSE is BSD (3-clause text)',
};

const ownName = (await import('node:fs')).readFileSync(new URL('../package.json', import.meta.url), 'utf8');
const self = JSON.parse(ownName);

function judge(licence) {
  const text = String(licence).replace(/\*$/, '').trim();
  const bare = text.replace(/^\((.*)\)$/, '$1');
  if (/ OR /.test(bare)) return bare.split(/ OR /).some((l) => judge(l) === 'ok') ? 'ok' : COPYLEFT.test(bare) ? 'copyleft' : 'unknown';
  if (/ AND /.test(bare)) {
    const parts = bare.split(/ AND /).map(judge);
    return parts.includes('copyleft') ? 'copyleft' : parts.every((p) => p === 'ok') ? 'ok' : 'unknown';
  }
  if (PERMISSIVE.has(bare)) return 'ok';
  return COPYLEFT.test(bare) ? 'copyleft' : 'unknown';
}

init({ start: new URL('..', import.meta.url).pathname, production: true }, (err, packages) => {
  if (err) {
    console.error(`licence check: ${err.message}`);
    process.exit(2);
  }
  const failures = [];
  let checked = 0;
  for (const [name, info] of Object.entries(packages)) {
    if (name === `${self.name}@${self.version}`) continue;
    checked++;
    const verdict = judge(info.licenses);
    if (verdict === 'ok') continue;
    if (verdict === 'unknown' && REVIEWED[name]) continue;
    failures.push(`${name}: ${info.licenses} (${verdict === 'copyleft' ? 'copyleft: not shippable in MIT fds' : 'not a known permissive licence: review it'})`);
  }
  if (failures.length > 0) {
    console.error(`licence check: ${failures.length} of ${checked} production packages fail:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`licence check: ${checked} production packages, all permissive (${Object.keys(REVIEWED).length} reviewed by hand)`);
});
