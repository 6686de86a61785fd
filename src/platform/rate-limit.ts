// Fixed-window counters for rate-limited endpoints (sign-in) and credentials (API tokens). Kept in memory: a limit is a guard
// against guessing, and an instance that restarts or another instance behind the balancer counting
// separately only loosens it by a factor of the number of instances.
import type { RateLimit } from '../config.js';

export class WindowCounter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: RateLimit,
    private readonly maxKeys = 100_000,
  ) {}

  /** True when the key has used its allowance in the current window (without counting). */
  exceeded(key: string, now = Date.now()): boolean {
    const entry = this.hits.get(key);
    return Boolean(entry && entry.resetAt > now && entry.count >= this.limit.max);
  }

  /** Counts one hit; true when the allowance is now exceeded. */
  hit(key: string, now = Date.now()): boolean {
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (!entry && this.hits.size >= this.maxKeys) this.sweep(now);
      entry = { count: 0, resetAt: now + this.limit.windowMs };
      this.hits.set(key, entry);
    }
    entry.count++;
    return entry.count > this.limit.max;
  }

  /** Seconds until the key's window ends (at least 1): a 429's Retry-After. */
  retryAfterSeconds(key: string, now = Date.now()): number {
    const entry = this.hits.get(key);
    return Math.max(1, Math.ceil(((entry?.resetAt ?? now) - now) / 1000));
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
    // Still full (a flood of distinct keys): drop the oldest half rather than grow without bound.
    if (this.hits.size >= this.maxKeys) {
      let drop = Math.floor(this.maxKeys / 2);
      for (const key of this.hits.keys()) {
        if (drop-- <= 0) break;
        this.hits.delete(key);
      }
    }
  }
}
