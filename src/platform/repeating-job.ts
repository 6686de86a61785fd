// A background job run again and again (the outbox, the card reconciler, text extraction): one run
// at a time, the next `intervalMs` after the last one ended; a failed run is logged and the job goes
// on. `stop` waits for the run in progress. Tests call `runOnce` themselves (autoStart: false).
export interface RepeatingJob {
  /** Does what is due now; answers how much was done. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function repeatingJob(options: {
  runOnce: () => Promise<number>;
  intervalMs: number;
  /** Logged with a run that throws, e.g. "outbox run failed". */
  failure: string;
  log: { error: (obj: object, msg: string) => void };
  autoStart?: boolean;
}): RepeatingJob {
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<number> | null = null;
  let stopped = false;
  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      current = options.runOnce().catch((err: unknown) => {
        options.log.error({ err }, options.failure);
        return 0;
      });
      void current.finally(schedule);
    }, options.intervalMs);
    timer.unref();
  }
  if (options.autoStart !== false) schedule();
  return {
    runOnce: options.runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
