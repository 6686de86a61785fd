// A migrated PGlite data directory, made once and reused by every test process: creating a PGlite
// database costs ~5 s, loading a dump ~1 s. The dump is keyed by the migrations' text and PGlite's
// version, so a new migration makes a new snapshot.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';

const root = new URL('../..', import.meta.url).pathname;
const migrationsDir = join(root, 'src', 'db', 'migrations');

function snapshotPath(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsDir).sort()) hash.update(file).update(readFileSync(join(migrationsDir, file)));
  hash.update(readFileSync(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  return join(root, '.cache', `pglite-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

export async function pgliteSnapshot(): Promise<Blob> {
  const path = snapshotPath();
  if (!existsSync(path)) {
    const database = await openDatabase({ databaseUrl: null, dataDir: 'memory://', poolSize: 1, log: console });
    await migrateToLatest(database.db);
    const dump = await database.lite!.dumpDataDir('gzip');
    await database.close();
    mkdirSync(join(root, '.cache'), { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, path);
  }
  return new Blob([readFileSync(path)]);
}

/**
 * A dump shared by the test processes of one `npm test` run (TEST_RUN_ID, set by scripts/test.mjs,
 * which removes the files at the end): the first process that asks makes it, the others wait for
 * it and load it. Each process loads its own copy: nothing mutable is shared. Outside a run (a file
 * run by hand), made in the process. Not kept across runs: what `make` seeds may depend on the day.
 */
export async function runSnapshot<T>(name: string, make: () => Promise<{ dump: Blob; info: T }>): Promise<{ dump: Blob; info: T }> {
  const run = process.env.TEST_RUN_ID;
  if (!run || !/^[\w-]+$/.test(run)) return make();
  mkdirSync(join(root, '.cache'), { recursive: true });
  const base = join(root, '.cache', `run-${run}-${name}`);
  const lock = `${base}.lock`;
  for (;;) {
    // The info is written last: once it is there, the dump is complete.
    if (existsSync(`${base}.json`)) {
      return { dump: new Blob([readFileSync(`${base}.tar.gz`)]), info: JSON.parse(readFileSync(`${base}.json`, 'utf8')) as T };
    }
    let fd: number;
    try {
      fd = openSync(lock, 'wx');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // Another process makes it: wait, unless that process is gone.
      let pid = 0;
      try {
        pid = Number(readFileSync(lock, 'utf8'));
      } catch {}
      if (pid && !isAlive(pid)) rmSync(lock, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    writeSync(fd, String(process.pid));
    closeSync(fd);
    try {
      const made = await make();
      writeFileSync(`${base}.tar.gz.${process.pid}.tmp`, Buffer.from(await made.dump.arrayBuffer()));
      renameSync(`${base}.tar.gz.${process.pid}.tmp`, `${base}.tar.gz`);
      writeFileSync(`${base}.json.${process.pid}.tmp`, JSON.stringify(made.info));
      renameSync(`${base}.json.${process.pid}.tmp`, `${base}.json`);
      return made;
    } finally {
      rmSync(lock, { force: true });
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// `node --import tsx test/helpers/snapshot.ts` makes the snapshot before the test processes start.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\/test\//, '/test/'))) {
  await pgliteSnapshot();
}
