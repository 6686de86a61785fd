// The worker thread's side of in-worker.ts: it receives one call, runs it, posts the answer (or
// the error) and is done. Nothing here touches the parent's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { reoptimizeRoute } from './reoptimize.js';
import { solve } from './solve.js';

interface Call {
  op: 'solve' | 'reoptimizeRoute';
  args: [unknown, unknown];
}

const { op, args } = workerData as Call;
try {
  const result =
    op === 'solve'
      ? solve(args[0] as Parameters<typeof solve>[0], args[1] as Parameters<typeof solve>[1])
      : reoptimizeRoute(args[0] as Parameters<typeof reoptimizeRoute>[0], args[1] as Parameters<typeof reoptimizeRoute>[1]);
  parentPort!.postMessage({ ok: true, result });
} catch (err) {
  const e = err instanceof Error ? err : new Error(String(err));
  parentPort!.postMessage({ ok: false, name: e.name, message: e.message });
}
