// In-transaction hooks between areas. An area that owns a table announces what changed in it
// (`t.announce(truckDeleted, { truckIds })`); areas that keep something depending on it subscribe
// (`on(truckDeleted, clearDefaultTrucks)`) and act in the same transaction. The owner never writes
// the subscriber's tables, and the subscriber never reaches into the owner's: imports keep going
// one way (the subscriber imports the owner's event from its index.ts). An event declared with
// `logged` is also appended to the company event log (event-log.ts) when announced: what users and
// integrations hear about (docs/architecture.md, "Company events", lists them).
import type { Tenant } from './door.js';
import type { LogEntry } from './event-log.js';

/** How an announced event is written to the company event log. */
export interface Logged<P> {
  /** What it is about: `order`, `order_stop`. */
  entity: string;
  /** What docs/architecture.md, "Company events", says of it. */
  description: string;
  /** The entity's id and a small summary of the change. */
  entry(payload: P): { id: string | number | null; payload: Record<string, unknown> };
}

/** Something an area announces about its records; `P` is what subscribers are told. */
export class CompanyEvent<P> {
  private static readonly logged: CompanyEvent<unknown>[] = [];
  /** Phantom: carries the payload type. */
  declare readonly payload: P;
  constructor(
    readonly name: string,
    readonly log?: Logged<P>,
  ) {
    if (log) CompanyEvent.logged.push(this as CompanyEvent<unknown>);
  }

  /** The log entry of an announcement, when the event is logged. */
  entryOf(payload: P): LogEntry | null {
    if (!this.log) return null;
    const { id, payload: summary } = this.log.entry(payload);
    return { type: this.name, entityType: this.log.entity, entityId: id, payload: summary };
  }

  /** Every logged event declared so far (docs/architecture.md's list, its test). */
  static allLogged(): readonly CompanyEvent<unknown>[] {
    return CompanyEvent.logged;
  }
}

export function companyEvent<P>(name: string, log?: Logged<P>): CompanyEvent<P> {
  return new CompanyEvent<P>(name, log);
}

export interface Subscription {
  readonly event: CompanyEvent<unknown>;
  /** The subscriber, for error messages. */
  readonly by: string;
  act(t: Tenant, payload: unknown): Promise<void>;
}

/** A subscriber's reaction to an event; listed in its area's `subscriptions`. */
export function on<P>(event: CompanyEvent<P>, by: string, act: (t: Tenant, payload: P) => Promise<void>): Subscription {
  return { event: event as CompanyEvent<unknown>, by, act: act as (t: Tenant, payload: unknown) => Promise<void> };
}

/** Every subscription of the service, by event. */
export class Hooks {
  private readonly byEvent = new Map<CompanyEvent<unknown>, Subscription[]>();

  constructor(subscriptions: readonly Subscription[]) {
    for (const s of subscriptions) {
      const list = this.byEvent.get(s.event) ?? [];
      list.push(s);
      this.byEvent.set(s.event, list);
    }
  }

  /** Subscribers act one after another, in the order areas are listed, in the caller's transaction. */
  async run<P>(t: Tenant, event: CompanyEvent<P>, payload: P): Promise<void> {
    for (const s of this.byEvent.get(event as CompanyEvent<unknown>) ?? []) await s.act(t, payload);
  }

  /** The subscribers of an event (tests and the reference). */
  subscribersOf(event: CompanyEvent<unknown>): string[] {
    return (this.byEvent.get(event) ?? []).map((s) => s.by);
  }
}

/** No subscriber at all: for code that runs without the areas (platform tests). */
export const NO_HOOKS = new Hooks([]);
