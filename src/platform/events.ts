// In-transaction hooks between areas. An area that owns a table announces what changed in it
// (`t.announce(truckDeleted, { truckIds })`); areas that keep something depending on it subscribe
// (`on(truckDeleted, clearDefaultTrucks)`) and act in the same transaction. The owner never writes
// the subscriber's tables, and the subscriber never reaches into the owner's: imports keep going
// one way (the subscriber imports the owner's event from its index.ts). The company event log
// (orders onward) hears the same announcements.
import type { Tenant } from './door.js';

/** Something an area announces about its records; `P` is what subscribers are told. */
export class CompanyEvent<P> {
  /** Phantom: carries the payload type. */
  declare readonly payload: P;
  constructor(readonly name: string) {}
}

export function companyEvent<P>(name: string): CompanyEvent<P> {
  return new CompanyEvent<P>(name);
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
