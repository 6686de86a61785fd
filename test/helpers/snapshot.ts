// A migrated PGlite data directory, made once and reused by every test process: creating a PGlite
// database costs ~5 s, loading a dump ~1 s. The dump is keyed by the migrations' text and PGlite's
// version, so a new migration makes a new snapshot.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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

// `node --import tsx test/helpers/snapshot.ts` makes the snapshot before the test processes start.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\/test\//, '/test/'))) {
  await pgliteSnapshot();
}
