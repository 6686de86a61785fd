// npm test: every test/**/*.test.ts with node's test runner (TypeScript through tsx), on PGlite in
// memory, or on the PostgreSQL of DATABASE_URL when it is set. `npm test -- users` runs the files
// whose path contains "users".
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
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

const files = find(join(root, 'test'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
if (files.length === 0) {
  console.error('no test files match');
  process.exit(1);
}
const node = process.execPath;
const opts = { cwd: root, stdio: 'inherit' };
if (!process.env.DATABASE_URL) {
  // One migrated snapshot for all test processes, made before they start.
  const made = spawnSync(node, ['--import', 'tsx', 'test/helpers/snapshot.ts'], opts);
  if (made.status !== 0) process.exit(made.status ?? 1);
}
console.error(`fds tests on ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite in memory'}: ${files.length} files`);
const run = spawnSync(node, ['--import', 'tsx', '--test', '--test-concurrency=2', ...files], opts);
process.exit(run.status ?? 1);
