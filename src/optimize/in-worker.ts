// Long solves off the event loop: each call runs in its own worker thread (one thread, so one
// core, per solve) and resolves with the same answer the direct call would give. An AbortSignal
// ends the worker at once. In the build the worker runs worker.js. From the sources (tests and
// benchmarks run under tsx) a worker does not inherit tsx's loader, so it registers it first and
// then imports worker.ts.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ProblemError } from './compile.js';
import type { Problem } from './model.js';
import type { ReoptimizedRoute, RouteToReoptimize } from './reoptimize.js';
import type { SolveOptions, SolveResult } from './solve.js';

export interface WorkerOptions {
  signal?: AbortSignal;
}

function spawn(workerData: unknown): Worker {
  const js = new URL('./worker.js', import.meta.url);
  if (existsSync(fileURLToPath(js))) return new Worker(js, { workerData });
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./worker.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { eval: true, workerData });
}

function run<T>(op: string, args: unknown[], signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new Error('aborted'));
      return;
    }
    const worker = spawn({ op, args });
    let settled = false;
    const settle = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      fn();
      void worker.terminate();
    };
    const onAbort = (): void => settle(() => reject(signal!.reason ?? new Error('aborted')));
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.once('message', (msg: { ok: true; result: T } | { ok: false; name: string; message: string }) => {
      settle(() => {
        if (msg.ok) resolve(msg.result);
        else reject(msg.name === 'ProblemError' ? new ProblemError(msg.message) : Object.assign(new Error(msg.message), { name: msg.name }));
      });
    });
    worker.once('error', (err) => settle(() => reject(err)));
    worker.once('exit', (code) => settle(() => reject(new Error(`optimizer worker exited with code ${code}`))));
  });
}

/** solve() in a worker thread. */
export function solveInWorker(problem: Problem, options: SolveOptions = {}, worker: WorkerOptions = {}): Promise<SolveResult> {
  return run<SolveResult>('solve', [problem, options], worker.signal);
}

/** reoptimizeRoute() in a worker thread. */
export function reoptimizeRouteInWorker(input: RouteToReoptimize, options: SolveOptions = {}, worker: WorkerOptions = {}): Promise<ReoptimizedRoute> {
  return run<ReoptimizedRoute>('reoptimizeRoute', [input, options], worker.signal);
}
