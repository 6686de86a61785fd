// What dispatch announces (platform/events.ts): each is appended to the company event log in the
// transaction of the change (docs/architecture.md, "Company events").
import { companyEvent } from '../../platform/events.js';
import type { RouteState } from './dispatch.tables.js';

export interface RouteChange {
  routeId: number;
  name: string;
  date: string;
  driverId: number | null;
  truckId: number | null;
  status: RouteState;
}

const routeEvent = (name: string, description: string) =>
  companyEvent<RouteChange>(name, {
    entity: 'route',
    description,
    entry: (p) => ({ id: p.routeId, payload: { name: p.name, date: p.date, driverId: p.driverId, truckId: p.truckId, status: p.status } }),
  });

export const routeCreated = routeEvent('route.created', 'A route was made.');
export const routeUpdated = routeEvent('route.updated', "A route's name, day, driver, truck, start, end or toll choice changed.");
export const routeStatusChanged = routeEvent('route.status_changed', 'A route was started, completed, archived or restored.');
export const routeDeleted = routeEvent('route.deleted', 'A route was deleted; its stops went back to the unassigned pool.');

export interface RouteStopsChange {
  routeId: number;
  name: string;
  date: string;
  /** Route items taken on and let go. */
  added: number[];
  removed: number[];
}

export const routeStopsChanged = companyEvent<RouteStopsChange>('route.stops_changed', {
  entity: 'route',
  description: "A route's stops changed: taken from or put back in the unassigned pool, or put in another order.",
  entry: (p) => ({ id: p.routeId, payload: { name: p.name, date: p.date, added: p.added, removed: p.removed } }),
});

export interface RouteItemsStatusChange {
  routeId: number;
  status: 'ToDo' | 'Done' | 'Pending';
  routeItemIds: number[];
  orderIds: number[];
}

export const routeItemsStatusChanged = companyEvent<RouteItemsStatusChange>('route_items.status_changed', {
  entity: 'route',
  description: 'Stops of a route were marked done (picked up, delivered, dropped at or taken from a hub), pending or to do.',
  entry: (p) => ({ id: p.routeId, payload: { status: p.status, routeItemIds: p.routeItemIds, orderIds: p.orderIds } }),
});
