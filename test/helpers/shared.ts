// What one of npm test's worker processes (scripts/test-worker.mjs) keeps for every file it runs:
// the app on its database, and the demo company's copy. Tests make their own companies and the
// demo tests only read, so sharing is what PostgreSQL runs already do (every file on one
// database); a file run by hand (`node --test`) gets its own, as before.
const kept = new Map<string, Promise<unknown>>();
const closers: Array<() => Promise<void>> = [];

export const sharing = process.env.TEST_WORKER === '1';

/** `make()`'s answer, made once per worker process and closed by `closeShared` at its end. */
export function keep<T>(key: string, make: () => Promise<T>, close: (value: T) => Promise<void>): Promise<T> {
  let made = kept.get(key) as Promise<T> | undefined;
  if (!made) {
    made = make();
    kept.set(key, made);
    // A failed make is tried again by the next file, not answered from here forever.
    made.then(
      (value) => closers.push(() => close(value)),
      () => kept.delete(key),
    );
  }
  return made;
}

export async function closeShared(): Promise<void> {
  for (const close of closers.splice(0).reverse()) await close();
  kept.clear();
}
