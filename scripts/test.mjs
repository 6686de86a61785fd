// npm test: every test/**/*.test.ts with node's test runner (TypeScript through tsx), on PGlite in
// memory, or on the PostgreSQL of DATABASE_URL when it is set. `npm test -- users` runs the files
// whose path contains "users".
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const filters = process.argv.slice(2);

function find(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'helpers' ? [] : find(path);
    return name.endsWith('.test.ts') ? [relative(root, path)] : [];
  });
}

// The longest files first (each a few minutes: many process starts, every route walked, every
// generated document of the demo company), the rest in name order: two run at once, and a long
// file started last would leave one core idle at the end while it finishes.
const LONGEST = ['test/cli.test.ts', 'test/conventions.test.ts', 'test/areas/generated-documents-demo.test.ts'];
const rank = (f) => (LONGEST.includes(f) ? LONGEST.indexOf(f) : LONGEST.length);
const files = find(join(root, 'test'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort()
  .sort((a, b) => rank(a) - rank(b));
if (files.length === 0) {
  console.error('no test files match');
  process.exit(1);
}
const node = process.execPath;
// This run's id: the demo tests share one demo company per run (test/helpers/factories.ts,
// startDemoApp), seeded by the first of them; its dump (PGlite) is removed at the end.
const runId = randomUUID().slice(0, 12);
const opts = { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_RUN_ID: runId } };
if (!process.env.DATABASE_URL) {
  // One migrated snapshot for all test processes, made before they start.
  const made = spawnSync(node, ['--import', 'tsx', 'test/helpers/snapshot.ts'], opts);
  if (made.status !== 0) process.exit(made.status ?? 1);
}
console.error(`fds tests on ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite in memory'}: ${files.length} files`);
// test/helpers/test-passwords: the factories' shared password hashed cheaply (argon2id's OWASP cost
// was about a tenth of a typical file's time); every other password as in production.
// The usual reporter on stdout (spec on a terminal, TAP otherwise), and each file's time to a file
// of this run (scripts/test-timings.mjs), read back below for the ten slowest.
const cache = join(root, '.cache');
mkdirSync(cache, { recursive: true });
const timings = join(cache, `run-${runId}-timings.txt`);
const reporters = ['--test-reporter', process.stdout.isTTY ? 'spec' : 'tap', '--test-reporter-destination', 'stdout'];
reporters.push('--test-reporter', './scripts/test-timings.mjs', '--test-reporter-destination', timings);
const run = spawnSync(
  node,
  ['--import', 'tsx', '--import', './test/helpers/test-passwords/register.mjs', '--test', '--test-concurrency=2', ...reporters, ...files],
  opts,
);
if (existsSync(timings)) {
  const slowest = readFileSync(timings, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => [Number(line.slice(0, line.indexOf(' '))), line.slice(line.indexOf(' ') + 1)])
    .sort((a, b) => b[0] - a[0])
    .slice(0, 10);
  console.error(
    `\nthe ten slowest test files (seconds, each in its own process, two at a time):\n${slowest.map(([s, f]) => `${String(s.toFixed(1)).padStart(7)}  ${f}`).join('\n')}`,
  );
}
for (const name of existsSync(cache) ? readdirSync(cache, { withFileTypes: true }) : []) {
  if (name.isFile() && name.name.startsWith(`run-${runId}-`)) rmSync(join(cache, name.name), { force: true });
}
process.exit(run.status ?? 1);
