// Principals of live sessions, cached per token while, and only while, change notifications are
// being received. An entry exists only for a token that was verified and whose stamp, membership and
// company were current when it was read. A change to a user, company, membership, role or
// permission evicts the affected entries: the code that made it announces it after its commit
// (principalsChanged), in this process at once and to every instance through the database's
// notification channel `fds_principal`, before the request that made it is answered. Not from
// triggers: on Citus a NOTIFY in a transaction writing a reference table makes its two-phase
// commit fail, and triggers on distributed tables run on the shards. A change made by hand in SQL
// is announced by hand (`SELECT pg_notify('fds_principal', '')`, which evicts everything), else
// it reaches cached sessions within the cache's time to live (60 s). Without notifications
// (listener down) every request reads the database.
// A session still in use is read again in the background in its entry's last sixth (refreshDue):
// its requests then never wait for that read at the time to live. They did: every 60 s, the
// requests that found a busy session's entry expired each read the database at once, through
// connections the idle pool had closed, and the documents bench's p99 went from 20 to 170 ms in
// that second.
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/types.js';
import type { Principal } from './auth.js';

export interface PrincipalChange {
  companyId?: number | null;
  userId?: string | null;
}

interface Entry {
  principal: Principal;
  expires: number;
  /** When a request finding the entry reads it again in the background; Infinity: never (the
   *  token expires first). */
  refreshAt: number;
  /** That read is on its way. */
  refreshing: boolean;
}

/** Caches in this process; a change made here is applied to each at once. */
const caches = new Set<PrincipalCache>();

/** Databases changes are announced through (one per app in this process; see app.ts). */
const channels = new Set<Kysely<DB>>();

/** Announces changes through `db` while the returned function is not called (an app's life). */
export function announceThrough(db: Kysely<DB>): () => void {
  channels.add(db);
  return () => channels.delete(db);
}

/**
 * After the commit of a change to a principal's makings: evicts the affected principals in this
 * process and tells every instance (the database's notification), through `db` when given (the
 * CLI, provisioning) or the apps' databases. Awaited before the change is answered, so the next
 * request, on any instance, finds it. A failed notification is not the change's failure (it has
 * committed): other instances then see it within the cache's time to live.
 */
export async function principalsChanged(change: PrincipalChange, db?: Kysely<DB>): Promise<void> {
  for (const cache of caches) cache.invalidate(change);
  const payload = JSON.stringify({ c: change.companyId ?? null, u: change.userId ?? null });
  await Promise.all([...(db ? [db] : channels)].map((through) => sql`select pg_notify('fds_principal', ${payload})`.execute(through).catch(() => undefined)));
}

export class PrincipalCache {
  private readonly entries = new Map<string, Entry>();
  private epoch = 0;
  private live = false;

  constructor(
    private readonly maxEntries = 20_000,
    /** A bound on staleness should a notification ever be lost. */
    private readonly ttlMs = 60_000,
  ) {
    caches.add(this);
  }

  /** Notifications flow (again): start caching from a clean slate. */
  up(): void {
    this.entries.clear();
    this.epoch++;
    this.live = true;
  }

  /** Notifications stopped: nothing cached can be trusted. */
  down(): void {
    this.live = false;
    this.entries.clear();
    this.epoch++;
  }

  close(): void {
    this.down();
    caches.delete(this);
  }

  /** Mark taken before reading the database; a fill is refused if a change came in between. */
  mark(): number {
    return this.epoch;
  }

  get(key: string, now = Date.now()): Principal | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.principal;
  }

  /** `notAfter`: when the token itself expires (ms). False: refused (not live, or a change came in
   *  since `mark`). */
  set(key: string, principal: Principal, mark: number, now = Date.now(), notAfter = Infinity): boolean {
    if (!this.live || mark !== this.epoch) return false;
    // Filled again, an entry goes to the end of the map's order: the first in that order, evicted
    // when the cache is full, is then the one filled longest ago, never a busy session's.
    if (!this.entries.delete(key) && this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const stale = now + this.ttlMs;
    this.entries.set(key, {
      principal,
      expires: Math.min(stale, notAfter),
      refreshAt: notAfter < stale ? Infinity : stale - Math.floor(this.ttlMs / 6),
      refreshing: false,
    });
    return true;
  }

  /** A background read's fill was refused (a change anywhere came in while it read): the next
   *  request that finds the entry, which outlived every eviction that applied to it, reads again. */
  rearm(key: string): void {
    const entry = this.entries.get(key);
    if (entry) entry.refreshing = false;
  }

  /** True once per filled entry, for the first request that finds it in its last sixth: the caller
   *  reads the principal again in the background (a fill replaces the entry) while this one still
   *  answers. */
  refreshDue(key: string, now = Date.now()): boolean {
    const entry = this.entries.get(key);
    if (!entry || entry.refreshing || now < entry.refreshAt) return false;
    entry.refreshing = true;
    return true;
  }

  /** A background read found the session ended. */
  drop(key: string): void {
    this.entries.delete(key);
  }

  invalidate(change: PrincipalChange): void {
    this.epoch++;
    const { companyId, userId } = change;
    if ((companyId === null || companyId === undefined) && !userId) {
      this.entries.clear();
      return;
    }
    for (const [key, { principal }] of this.entries) {
      if ((companyId === null || companyId === undefined || principal.companyId === companyId) && (!userId || principal.userId === userId)) {
        this.entries.delete(key);
      }
    }
  }

  /** A notification payload (principalsChanged): {"c": companyId | null, "u": userId | null}. */
  invalidateFromPayload(payload: string): void {
    try {
      const { c, u } = JSON.parse(payload) as { c?: number | null; u?: string | null };
      this.invalidate({ companyId: c ?? null, userId: u ?? null });
    } catch {
      this.invalidate({});
    }
  }
}
