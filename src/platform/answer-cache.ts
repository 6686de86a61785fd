// Whole answers of a read route, kept as the bytes that were sent, under the company's data version
// they were read at. A later request asks the database for the current version (one statement,
// no transaction) and, when it is the same, gets the same bytes: exact, because every write to the
// data behind the answer bumps the version in the write's own transaction. Any write makes all of
// the company's entries stale at once.
//
// Why: on these machines a database round trip costs more process time than the query it carries
// (a socket write and read each), and a tenant transaction is four of them (BEGIN, settings, the
// statement, COMMIT). A repeated list read becomes one round trip and no serialization.
//
// Reading the version is the one read of company state outside a tenant transaction: a counter
// and nothing else, of the company the verified token names (as the principal is read). The
// answer itself was read inside the company's transaction, under row security.
import type { Db } from '../db/database.js';

/** A handler's answer with the data version it was read at (null: not cacheable, e.g. it wrote). */
export class Versioned<T> {
  constructor(
    readonly data: T,
    readonly version: string | null,
  ) {}
}

export function versioned<T>(data: T, version: string | null): Versioned<T> {
  return new Versioned(data, version);
}

interface Entry {
  version: string;
  body: string;
}

export interface AnswerCacheOptions {
  /** The company's current data version, read in one statement with the privileged executor. */
  version: (db: Db, companyId: number) => Promise<string>;
  /** Memory kept for answers, counted as UTF-16 string length × 2. */
  maxBytes?: number;
}

/** Per company: the version read on its way, and the one that will start when it lands. */
interface Reads {
  current: Promise<string> | null;
  next: Promise<string> | null;
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private readonly readVersion: (db: Db, companyId: number) => Promise<string>;
  private readonly maxBytes: number;
  private readonly reads = new Map<number, Reads>();

  constructor({ version, maxBytes = 32 * 1024 * 1024 }: AnswerCacheOptions) {
    this.readVersion = version;
    this.maxBytes = maxBytes;
  }

  /**
   * The company's version as read after this call began. Concurrent requests share reads: one
   * that arrives while a read is on its way cannot use it (it may have been answered before the
   * request came, missing a write the request's client already saw), so it waits for the next
   * read, which starts when that one lands and serves everyone who arrived meanwhile. At most two
   * reads per company are outstanding, however many requests.
   */
  version(db: Db, companyId: number): Promise<string> {
    let reads = this.reads.get(companyId);
    if (!reads) {
      reads = { current: null, next: null };
      this.reads.set(companyId, reads);
    }
    const state = reads;
    const start = (): Promise<string> => {
      const read = this.readVersion(db, companyId);
      state.current = read;
      const landed = () => {
        if (state.current === read) state.current = null;
        if (!state.current && !state.next && this.reads.get(companyId) === state) this.reads.delete(companyId);
      };
      read.then(landed, landed);
      return read;
    };
    if (!state.current) return start();
    if (!state.next) {
      const after = state.current.catch(() => undefined);
      state.next = after.then(() => {
        state.next = null;
        return start();
      });
    }
    return state.next;
  }

  /** Whether an answer is kept for the key, of whatever version: else asking the version is wasted. */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  get(key: string, version: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.drop(key, entry);
    if (entry.version !== version) return undefined;
    // Re-inserting moves the key to the end of the Map's order: the most recently used.
    this.add(key, entry);
    return entry.body;
  }

  set(key: string, version: string, body: string): void {
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    if (body.length * 2 > this.maxBytes / 16) return; // one huge answer must not empty the cache
    this.add(key, { version, body });
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest, entry);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private add(key: string, entry: Entry): void {
    this.entries.set(key, entry);
    this.bytes += entry.body.length * 2 + key.length * 2;
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.body.length * 2 + key.length * 2;
  }
}
