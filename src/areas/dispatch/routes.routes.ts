// Routes (part 1, "Dispatch and routes"): a route's header and its state; and, served here where
// the routes are, the order's routes (Quotes) and a route moved to a warehouse (Warehouses).
import { None, PagedList } from '../../platform/envelope.js';
import type { Found } from '../../platform/id-gate.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Id, Type } from '../../platform/schemas.js';
import { addressRecords } from '../customers/index.js';
import { driverRecords } from '../drivers/index.js';
import { truckRecords } from '../fleet/index.js';
import { orderRecords } from '../orders/index.js';
import { warehouseRecords } from '../settings/index.js';
import { ARCHIVE, EDIT_ROUTE, VIEW } from './dispatch.access.js';
import { lockedRouteRecords, routeRecords } from './routes.repository.js';
import {
  ActiveRoutesQuery,
  AvoidTollsQuery,
  OrderRoutesQuery,
  Route,
  RouteIdParams,
  RouteInput,
  RouteReadQuery,
  RouteResponse,
  RouteStatusParams,
  RoutesQuery,
  RouteUpdate,
  WarehouseMove,
} from './routes.schemas.js';
import type { HeaderRecords, RoutesService } from './routes.service.js';

/** The ids a route's header names. */
const HEADER_IDS = {
  id: 'not-an-id',
  driverId: driverRecords,
  truckId: truckRecords,
  startWarehouseId: warehouseRecords,
  endWarehouseId: warehouseRecords,
  startAddressId: addressRecords,
  endAddressId: addressRecords,
} as const;

/** The records of the header's ids, as the id gate read them. */
const headerOf = (found: Found): HeaderRecords => ({
  driver: found.maybe(driverRecords),
  truck: found.maybe(truckRecords),
  startWarehouse: found.maybe(warehouseRecords, 'startWarehouseId'),
  endWarehouse: found.maybe(warehouseRecords, 'endWarehouseId'),
  startAddress: found.maybe(addressRecords, 'startAddressId'),
  endAddress: found.maybe(addressRecords, 'endAddressId'),
});

const BOARD =
  "Date (its UTC day) or DateRange, Drivers, RoutePayoutStatus, SearchTerm (in the name, the driver's or the truck's), SortBy date (default), name or createdAt, SortDirection, Page, ItemsPerPage. " +
  'Active routes (Planned, Next, InProgress); completedRoutes=true adds Completed ones (Archived ones are never listed); routeItemStatus keeps routes with an item in that status.';

export function routesRoutes(routes: RoutesService): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/Routes',
      access: EDIT_ROUTE,
      ids: { body: HEADER_IDS },
      summary: 'Make a route',
      description: 'name and date are required; the route starts Planned, with no stops (add them from the unassigned pool).',
      body: RouteInput,
      response: Route,
      handler: ({ tenant, found, body }) => routes.create(tenant, body, headerOf(found)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Routes/:id',
      access: VIEW,
      ids: { params: { id: routeRecords } },
      summary: 'Read a route with its stops in order',
      description: 'separateCompletedDirections=true answers the done groups in completedItems and the rest in items.',
      params: RouteIdParams,
      querystring: RouteReadQuery,
      response: RouteResponse,
      handler: ({ tenant, found, query }) =>
        routes.read(tenant, found.one(routeRecords), { separateCompletedDirections: query.separateCompletedDirections ?? false }),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Routes/:id',
      access: EDIT_ROUTE,
      ids: { params: { id: lockedRouteRecords }, body: HEADER_IDS },
      summary: "Change a route's header",
      description: 'A completed or archived route is not changed (routes.closed).',
      params: RouteIdParams,
      body: RouteUpdate,
      response: Route,
      handler: ({ tenant, found, body }) => routes.update(tenant, found.one(lockedRouteRecords), body, headerOf(found)),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Routes/:id',
      access: EDIT_ROUTE,
      ids: { params: { id: lockedRouteRecords } },
      summary: 'Delete a route',
      description:
        'Its stops go back to the unassigned pool; answers the route as it was. A route with done stops is archived instead (routes.has_done_items).',
      params: RouteIdParams,
      response: Route,
      handler: ({ tenant, found }) => routes.remove(tenant, found.one(lockedRouteRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Routes/:id/updateStatus/:status',
      access: ARCHIVE,
      ids: { params: { id: lockedRouteRecords, status: 'not-an-id' } },
      summary: "Move a route's state",
      description:
        'StartNext: Planned → Next. StartNow: Planned or Next → InProgress. Completed: Planned, Next or InProgress → Completed. Archive: any state but InProgress ' +
        '(complete it first) → Archived. Restore: Archived → the state it was archived in, if its driver and truck are still free that day. Completing or archiving ' +
        'puts the stops not done back in the unassigned pool. Another move: routes.invalid_status_change.',
      params: RouteStatusParams,
      response: None,
      handler: ({ tenant, found, params }) => routes.changeStatus(tenant, found.one(lockedRouteRecords), params.status),
    }),
    defineRoute({
      method: 'GET',
      url: '/Routes/active',
      access: VIEW,
      summary: 'Active routes',
      description: 'Routes Planned, Next or InProgress, of any day, the earliest day first.',
      querystring: ActiveRoutesQuery,
      response: PagedList(Route),
      handler: ({ tenant, query }) => routes.active(tenant, query),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Routes/AvoidTolls',
      access: EDIT_ROUTE,
      ids: { query: { routeId: lockedRouteRecords } },
      summary: 'Avoid toll roads on a route',
      description: 'Kept with the route and passed to the travel matrix (OSRM excludes toll roads; great-circle distances have none to avoid).',
      querystring: AvoidTollsQuery,
      response: None,
      handler: ({ tenant, found, query }) => routes.avoidTolls(tenant, found.one(lockedRouteRecords), query.avoidTolls),
    }),
    defineRoute({
      method: 'GET',
      url: '/Routes/Routes',
      access: VIEW,
      ids: { query: { Drivers: { filter: driverRecords } } },
      summary: "The dispatch board: the day's routes with their stops",
      description: BOARD,
      querystring: RoutesQuery,
      response: PagedList(RouteResponse),
      handler: ({ tenant, query }) => routes.list(tenant, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/Quotes/:id/Routes',
      access: VIEW,
      tags: ['Quotes and order stops'],
      ids: { params: { id: orderRecords } },
      summary: "The routes an order's stops are on",
      description: 'includeInactiveRoutes=false leaves out Completed and Archived routes. The earliest day first.',
      params: Type.Object({ id: Id }),
      querystring: OrderRoutesQuery,
      response: PagedList(Route),
      handler: ({ tenant, found, query }) => routes.ofOrder(tenant, found.one(orderRecords), query),
    }),
    defineRoute({
      method: 'POST',
      url: '/Warehouses/:id/move',
      access: EDIT_ROUTE,
      tags: ['Warehouses'],
      ids: { params: { id: warehouseRecords }, body: { id: lockedRouteRecords } },
      summary: 'Start or end a route at the warehouse',
      description:
        "The body names the route (its id); start and end (both true unless sent false) say which of the route's ends the warehouse becomes. Answers the warehouse. " +
        'A completed or archived route is not changed (routes.closed).',
      params: Type.Object({ id: Id }),
      body: WarehouseMove,
      response: Type.Ref('Warehouse'),
      handler: ({ tenant, found, body }) => routes.moveToWarehouse(tenant, found.one(warehouseRecords), found.one(lockedRouteRecords), body),
    }),
  ];
}
