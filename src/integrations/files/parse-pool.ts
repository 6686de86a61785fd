// A small pool of long-lived worker threads for the parsers that would stall the event loop: a
// 300-page PDF takes ~10 ms to open and ~1 s to extract, a megabyte of HTML ~1 s to convert, all
// synchronous. Workers start on first use and stop after five idle minutes. Upload checks (pdf-info)
// go before extraction jobs and run on a thread of their own when the pool has two or more:
// extraction runs on all threads but that one, at a low scheduling priority (nice 10), so a
// backlog of text to read takes the CPU the server's own thread and PostgreSQL leave, instead of
// sharing it evenly with them (1 MB PDF uploads at 20 connections: /healthz waited 571 ms at p99
// behind the extraction threads). Each job has a time limit (the worker is ended and
// replaced when it passes) and each thread a heap limit, so a hostile file costs bounded time and
// memory and answers RefusedFile 'corrupt'.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Job, Reply } from './parse-worker.js';
import { RefusedFile } from './sniff.js';

const HEAP_LIMIT_MB = 512;
const IDLE_MS = 5 * 60_000;
/** A check that has waited this long for the check thread (held by a file that reads slowly, up to
 *  its 15 s limit) takes a free extraction thread: slow there beside a busy server, but not stuck.
 *  Checks take milliseconds: twenty queued uploads wait well under a second. */
const SPILL_AFTER_MS = 5000;

interface Task {
  id: number;
  job: Job;
  transfer: ArrayBuffer[];
  timeoutMs: number;
  queuedAt: number;
  resolve(value: unknown): void;
  reject(err: Error): void;
}

interface Slot {
  /** Runs extraction jobs (and, in a pool of one thread, everything). */
  background: boolean;
  worker: Worker | null;
  task: Task | null;
  timer: NodeJS.Timeout | null;
  idle: NodeJS.Timeout | null;
}

/** `lowPriority`: the thread lowers its own scheduling priority (parse-worker.ts). */
function spawn(lowPriority: boolean): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB }, workerData: { lowPriority } };
  const js = new URL('./parse-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(js))) return new Worker(js, options);
  // From the sources (tests, benchmarks under tsx) a worker does not inherit tsx's loader. pdf.js
  // (plain JavaScript) is loaded before tsx is: through tsx its 2 MB module kept the thread's heap
  // at 75 MB instead of 16 (as built), and every major GC of a busy worker marked all of it.
  const tsx = import.meta.resolve('tsx/esm/api');
  const pdfjs = import.meta.resolve('pdfjs-dist/legacy/build/pdf.mjs');
  const entry = new URL('./parse-worker.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(pdfjs)}).then(() => import(${JSON.stringify(tsx)})).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { ...options, eval: true });
}

const isSlow = (job: Job): boolean => job.op !== 'pdf-info';

export class ParsePool {
  private readonly slots: Slot[];
  private readonly fast: Task[] = [];
  private readonly slow: Task[] = [];
  private nextId = 1;
  private spill: NodeJS.Timeout | null = null;

  constructor(
    readonly size = Math.max(1, Math.min(4, availableParallelism())),
    private readonly spillAfterMs = SPILL_AFTER_MS,
  ) {
    // All threads but the first run extraction (one thread alone runs everything).
    this.slots = Array.from({ length: size }, (_, i) => ({ background: size === 1 || i > 0, worker: null, task: null, timer: null, idle: null }));
  }

  /** Runs `job` in a worker; `transfer` moves the job's buffers there instead of copying them. */
  run<T>(job: Job, timeoutMs: number, transfer: ArrayBuffer[] = []): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const task: Task = { id: this.nextId++, job, transfer, timeoutMs, queuedAt: performance.now(), resolve: resolve as (v: unknown) => void, reject };
      (isSlow(job) ? this.slow : this.fast).push(task);
      this.dispatch();
    });
  }

  /** Ends every worker (queued jobs stay queued and start new ones). */
  async close(): Promise<void> {
    await Promise.all(this.slots.map((slot) => this.retire(slot)));
  }

  private dispatch(): void {
    for (;;) {
      const free = this.slots.filter((s) => !s.task);
      // An upload's check first, on the thread kept for them; when it is busy the check waits for
      // it (a few ms a check) rather than take a nice-10 extraction thread, where a busy server
      // starves it for seconds (1 MB uploads at 20 connections: p99 4.3 s and 12-14 a second,
      // against 43-59 waiting). Only a check kept waiting long (spillSlot) goes there.
      const fast = this.fast.length > 0 ? (free.find((s) => !s.background || this.size === 1) ?? this.spillSlot(free)) : undefined;
      if (fast) {
        this.start(fast, this.fast.shift()!);
        continue;
      }
      const slow = this.slow.length > 0 ? free.find((s) => s.background) : undefined;
      if (!slow) return;
      this.start(slow, this.slow.shift()!);
    }
  }

  /** A free extraction thread for the oldest check once it has waited spillAfterMs; until then a
   *  timer looks again (the check thread may free up first). */
  private spillSlot(free: Slot[]): Slot | undefined {
    const waited = performance.now() - this.fast[0]!.queuedAt;
    if (waited >= this.spillAfterMs) return free.find((s) => s.background);
    if (!this.spill) {
      this.spill = setTimeout(() => {
        this.spill = null;
        this.dispatch();
      }, this.spillAfterMs - waited);
      // The busy worker keeps the process alive meanwhile; this timer need not.
      this.spill.unref();
    }
    return undefined;
  }

  private start(slot: Slot, task: Task): void {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    if (!slot.worker) slot.worker = this.attach(slot, spawn(slot.background && this.size > 1));
    slot.task = task;
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      this.fail(slot, new RefusedFile('corrupt', 'The file took too long to read.'));
      void this.retire(slot);
    }, task.timeoutMs);
    slot.worker.postMessage({ id: task.id, job: task.job }, task.transfer);
  }

  private attach(slot: Slot, worker: Worker): Worker {
    worker.on('message', (reply: Reply) => {
      const task = slot.task;
      if (!task || task.id !== reply.id) return;
      this.finish(slot);
      if (reply.ok) task.resolve(reply.result);
      else task.reject(reply.refused ? new RefusedFile('corrupt', reply.message) : new Error(reply.message));
      this.dispatch();
    });
    worker.on('error', (err: Error & { code?: string }) => {
      const outOfMemory = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.fail(slot, outOfMemory ? new RefusedFile('corrupt', 'The file needs too much memory to read.') : err);
    });
    worker.on('exit', (code) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      this.fail(slot, new Error(`file parse worker exited with code ${code}`));
      this.dispatch();
    });
    return worker;
  }

  /** The slot's job is over: no timer, and the thread may sleep (and later stop) while idle. */
  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
    if (!slot.worker) return;
    slot.worker.unref();
    slot.idle = setTimeout(() => void this.retire(slot), IDLE_MS);
    slot.idle.unref();
  }

  private fail(slot: Slot, err: Error): void {
    const task = slot.task;
    if (!task) return;
    this.finish(slot);
    task.reject(err);
  }

  /** Ends the slot's thread; a job still running on it fails, the next one starts a new thread. */
  private async retire(slot: Slot): Promise<void> {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    const worker = slot.worker;
    slot.worker = null;
    this.fail(slot, new Error('file parse worker stopped'));
    if (worker) {
      worker.removeAllListeners('exit');
      await worker.terminate();
    }
    this.dispatch();
  }
}

/** The process's pool, shared by inspectFile and extractText. */
export const parsePool = new ParsePool();
