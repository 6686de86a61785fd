// Builds dist/ with tsc when a source is newer than the last build (npm start, npm run fds).
// Prints only to stderr: the CLI's stdout carries its JSON answer.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const stamp = join(root, 'dist', '.build-stamp');

function newest(path) {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), s.mtimeMs);
}

const inputs = ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json'].map((p) => join(root, p));
const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const source = Math.max(...inputs.map((p) => newest(p)));
if (process.argv.includes('--force') || source > built) {
  process.stderr.write('fds: building dist/ ...\n');
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: ['ignore', 2, 2] });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, new Date().toISOString());
  // Stamped with the newest source it was built from (to the next millisecond: a file's time is
  // finer than utimes sets), not the time it ended: a source saved while tsc ran is newer than
  // the stamp, and the next run builds again.
  const at = (Math.floor(source) + 1) / 1000;
  utimesSync(stamp, at, at);
}
