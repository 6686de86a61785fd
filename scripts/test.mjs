// npm test: every test/**/*.test.ts with node's test runner (TypeScript through tsx), on PGlite in
// memory, or on the PostgreSQL of DATABASE_URL when it is set. `npm test -- users` runs the files
// whose path contains "users".
//
// The files run in a few long-lived worker processes (scripts/test-worker.mjs; TEST_WORKERS, one
// per core by default), each taking the next file when it is done with one, the longest known
// first. A process per file paid about 4.5 s each to load TypeScript, the app and PGlite: about
// half of the suite's CPU on a 2-core machine.
import { fork, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';

const root = new URL('..', import.meta.url).pathname;
const filters = process.argv.slice(2);
const cache = join(root, '.cache');
mkdirSync(cache, { recursive: true });

function find(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'helpers' ? [] : find(path);
    return name.endsWith('.test.ts') ? [relative(root, path)] : [];
  });
}

// The longest files first, so that no long file starts last and leaves the other cores idle at the
// end: by the times of the last run on this machine (.cache/test-times.json), or on a fresh
// checkout these, the longest when measured.
const timesFile = join(cache, 'test-times.json');
const known = existsSync(timesFile) ? JSON.parse(readFileSync(timesFile, 'utf8')) : {};
const LONGEST = ['test/conventions.test.ts', 'test/cli.test.ts', 'test/operations.test.ts', 'test/areas/generated-documents-demo.test.ts'];
const weight = (f) => known[f] ?? (LONGEST.includes(f) ? 1000 - LONGEST.indexOf(f) : 0);
const files = find(join(root, 'test'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort()
  .sort((a, b) => weight(b) - weight(a));
// A file that must not share its process (it tests what a process does once, like loading data on
// first use) says so in its first lines; it gets a worker of its own, before the shared ones start.
const OWN = '// npm test: a process of its own';
const own = files.filter((f) => readFileSync(join(root, f), 'utf8').slice(0, 4000).includes(OWN));
const shared = files.filter((f) => !own.includes(f));
if (files.length === 0) {
  console.error('no test files match');
  process.exit(1);
}

// This run's id: the demo tests share one demo company per run (test/helpers/factories.ts,
// startDemoApp), seeded by the first of them; its dump (PGlite) is removed at the end.
const runId = randomUUID().slice(0, 12);
const env = { ...process.env, TEST_RUN_ID: runId };
if (!process.env.DATABASE_URL) {
  // One migrated snapshot for all workers, made before they start.
  const made = spawnSync(process.execPath, ['--import', 'tsx', 'test/helpers/snapshot.ts'], { cwd: root, stdio: 'inherit', env });
  if (made.status !== 0) process.exit(made.status ?? 1);
}
const workers = Math.max(1, Math.min(files.length, Number(process.env.TEST_WORKERS) || availableParallelism()));
console.error(`fds tests on ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite in memory'}: ${files.length} files, ${workers} workers`);

const spec = process.stdout.isTTY === true;
const totals = { tests: 0, suites: 0, pass: 0, fail: 0, cancelled: 0, skipped: 0, todo: 0 };
const times = {};
const failed = [];
let numbered = 0;
if (!spec) process.stdout.write('TAP version 13\n');

/** A file's report, or a worker's totals: printed whole; totals added up for the end. */
function print(block) {
  if (block.file) {
    times[block.file] = block.seconds;
    if (!block.ok) failed.push(block.file);
  }
  const lines = [];
  for (const line of block.text.split('\n')) {
    const total = /^(?:#|ℹ) (tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) (\d+)/.exec(line);
    if (total) {
      if (total[1] in totals) totals[total[1]] += Number(total[2]);
      continue;
    }
    if (line === 'TAP version 13' || /^1\.\.\d+$/.test(line)) continue;
    // Each worker numbers its files from 1: numbered again across the run.
    lines.push(line.replace(/^(not ok|ok) \d+ /, (_, result) => `${result} ${++numbered} `));
  }
  process.stdout.write(`${lines.join('\n').replace(/\n+$/, '')}\n`);
}

let broken = false;
let handed = 0;
/** A worker taking files from `queue` until it is empty, or until it has run `limit` of them. */
function startWorker(queue, limit = Infinity) {
  const child = fork(join(root, 'scripts', 'test-worker.mjs'), [], {
    cwd: root,
    env: { ...env, TEST_WORKER: '1', TEST_REPORT_FORMAT: spec ? 'spec' : 'tap', ...(spec ? { FORCE_COLOR: '1' } : {}) },
    execArgv: [
      '--import',
      'tsx',
      // test/helpers/test-passwords: the factories' shared password hashed cheaply (argon2id's OWASP
      // cost was about a tenth of a typical file's time); every other password as in production.
      '--import',
      './test/helpers/test-passwords/register.mjs',
      '--test-reporter',
      './scripts/test-report.mjs',
      '--test-reporter-destination',
      'stdout',
    ],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let current = null;
  let taken = 0;
  child.on('message', () => {
    current = taken < limit ? (queue.shift() ?? null) : null;
    if (current) {
      taken++;
      handed++;
    }
    child.send({ file: current });
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    let block;
    try {
      block = JSON.parse(line);
    } catch {
      // Something a test wrote to stdout itself.
      process.stdout.write(`${line}\n`);
      return;
    }
    if (block.file === current) current = null;
    print(block);
  });
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      if (code !== 0 || signal) {
        broken = true;
        console.error(`a test worker ended with ${signal ?? `code ${code}`}${current ? ` while running ${current}` : ''}`);
        if (current) failed.push(current);
      }
      resolve();
    });
  });
}

const started = Date.now();
await Promise.all(
  Array.from({ length: workers }, async () => {
    while (own.length > 0) await startWorker(own, 1);
    // A worker that died is replaced while files are left.
    while (shared.length > 0) await startWorker(shared);
  }),
);
const seconds = (Date.now() - started) / 1000;

if (!spec) process.stdout.write(`1..${numbered}\n`);
const mark = spec ? 'ℹ' : '#';
for (const [name, n] of Object.entries(totals)) process.stdout.write(`${mark} ${name} ${n}\n`);
process.stdout.write(`${mark} duration_ms ${Math.round(seconds * 1000)}\n`);

const slowest = Object.entries(times)
  .sort((a, b) => b[1] - a[1])
  .slice(0, 10);
console.error(
  `\nthe ten slowest test files (seconds, ${workers} workers, ${seconds.toFixed(0)} s in all):\n${slowest.map(([f, s]) => `${s.toFixed(1).padStart(7)}  ${f}`).join('\n')}`,
);
if (failed.length > 0) console.error(`\nfailed: ${failed.join(', ')}`);
// Kept for the next run's order (merged: a run of a few files keeps the others' times).
writeFileSync(`${timesFile}.${process.pid}.tmp`, JSON.stringify({ ...known, ...times }, null, 1));
renameSync(`${timesFile}.${process.pid}.tmp`, timesFile);
for (const name of readdirSync(cache, { withFileTypes: true })) {
  if (name.isFile() && name.name.startsWith(`run-${runId}-`)) rmSync(join(cache, name.name), { force: true });
}
process.exit(broken || failed.length > 0 || totals.fail > 0 || totals.cancelled > 0 || handed < files.length ? 1 : 0);
