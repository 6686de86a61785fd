// Values computed from a company's data at a known data version (a counter the database bumps on
// every write, in the same transaction as the write). An entry answers only for the exact version
// it was computed at, so a hit is as exact as recomputing; a write makes every entry of the company
// stale at once. Bounded: least recently used entries go first. In-process: each server process
// keeps its own; correctness never depends on another process.
export class VersionedCache<V> {
  private readonly entries = new Map<string, { version: string; value: V }>();

  constructor(private readonly maxEntries: number) {}

  get(key: string, version: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.entries.delete(key);
      return undefined;
    }
    // Re-inserting moves the key to the end of the Map's order: the most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, version: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { version, value });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}
