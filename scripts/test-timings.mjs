// A reporter of node's test runner beside the usual one (scripts/test.mjs adds it): each test file's
// time, as the runner measured its process (the file's own `test:complete`), one line a file:
// `<seconds> <file>`. npm test prints the ten slowest at its end, so a slow file is seen at once.
import { relative, resolve } from 'node:path';

export default async function* timings(source) {
  for await (const event of source) {
    const data = event.data;
    // The file's own entry: named by its path (absolute on Node 20, relative to the run on 22).
    if (event.type !== 'test:complete' || data?.nesting !== 0 || !data.file || resolve(data.name) !== data.file) continue;
    yield `${(data.details.duration_ms / 1000).toFixed(1)} ${relative(process.cwd(), data.file)}\n`;
  }
}
