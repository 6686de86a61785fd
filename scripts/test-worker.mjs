// One of npm test's worker processes (scripts/test.mjs starts them): it asks the runner for a test
// file, runs it as a suite named by its path, and asks again until none is left. A worker loads
// TypeScript, the app and PGlite once for the many files it runs, where a process per file paid
// about 4.5 s for that each time (about half of the suite's CPU). The files' top-level hooks
// belong to their file's suite, so one file's `after` closes only what its `before` opened.

import { join } from 'node:path';
import { describe } from 'node:test';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
// A file that has not finished in this time fails instead of holding the run (a hook waiting on a
// connection that never answers, say).
const FILE_TIMEOUT_MS = Number(process.env.TEST_FILE_TIMEOUT_MS || 15 * 60_000);

const next = () =>
  new Promise((resolve) => {
    process.once('message', resolve);
    process.send({ next: true });
  });

for (;;) {
  const { file } = await next();
  if (!file) break;
  await describe(file, { timeout: FILE_TIMEOUT_MS }, () => import(pathToFileURL(join(root, file)).href));
}
// What the files shared (the app, its database, the demo company's copy), closed so the process
// ends by itself once its report is written.
const { closeShared } = await import('../test/helpers/shared.ts');
await closeShared();
process.disconnect();
