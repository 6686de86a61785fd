// Stops onto routes and back (part 1, "Dispatch and routes"), and the route rows of "Quotes and
// order stops" that take stops off routes (served here, where the routes are).
import { None, PagedList } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Id, Many, Type } from '../../platform/schemas.js';
import { customerRecords } from '../customers/index.js';
import { itemRecords, orderRecords, stopRecords } from '../orders/index.js';
import {
  AssignUnassignedStopRequest,
  AttemptRequest,
  ChangeOrderRouteRequest,
  MoveToUnassignedRequest,
  OrderOnRouteQuery,
  RouteItemDetailsQuery,
  RouteItemGroupInput,
  RouteItemGroupsQuery,
  StopQuery,
  UnassignedRoutesQuery,
  ValidateQuery,
} from './assign.schemas.js';
import { ASSIGN, UNDO, VIEW } from './dispatch.access.js';
import { routeItemRecords } from './legs.repository.js';
import type { PoolService } from './pool.service.js';
import { lockedRouteRecords, routeRecords } from './routes.repository.js';
import { RouteIdParams } from './routes.schemas.js';

const CHECKS =
  "The route must be active. An order's freight is loaded before it is unloaded on a route (routes.pickup_after_delivery); a stop on another route or done cannot be taken " +
  "(routes.stop_taken, routes.item_done: of two dispatchers taking one stop at once, one wins). The truck's capacity and the stops' time windows are checked on the route as it would " +
  'be: problems are warnings in otherMessages, or with validateIsAssigned=true a 400 routes.not_feasible and nothing changed. The route is measured again (distanceMeters, durationSeconds).';

const QUOTES = ['Quotes and order stops'];

const GROUPS =
  'Legs on routes and in the pool (no route first), in route order, cut into groups of consecutive legs of one kind at one place. Filters: routeId, orderId, OrderStopId, ' +
  "Status (0, 1, 2), Types, AddressName, FullAddress, LocationCompanyName (the customer's name), LocationContactNumber and LocationContactNumberExtension (in the place's " +
  'contact phone, digits compared), SearchTerm (order number, customer, city); IsAllItemsDone keeps groups all done (true) or not (false). The order is fixed (SortBy is ignored).';
const StopIdParams = Type.Object({ id: Id });

export function assignRoutes(pool: PoolService): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/Routes/:id/assign-unassigned-stop',
      access: ASSIGN,
      ids: { params: { id: lockedRouteRecords }, body: { routeItemIds: routeItemRecords, orderStopIds: stopRecords } },
      summary: 'Put stops from the unassigned pool on the route',
      description: `Stops by route item or by order stop (its legs in the pool), at position or each where it adds the least distance. ${CHECKS}`,
      params: RouteIdParams,
      body: AssignUnassignedStopRequest,
      response: None,
      handler: ({ tenant, found, body }) => pool.assignUnassigned(tenant, found.one(lockedRouteRecords), body, found.all(routeItemRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Routes/:id/stops',
      access: ASSIGN,
      // The body is a list of groups: each item's id is a route item of the company.
      ids: { params: { id: routeRecords }, body: { '[].items[].id': routeItemRecords } },
      summary: "Set the route's stops and their order",
      description:
        "The body is the route's groups in the new order (as GET /Routes/{id} gives them; only the items' ids are read): items not listed go back to the pool, items from the pool " +
        `join. Answers the route. ${CHECKS}`,
      params: RouteIdParams,
      querystring: ValidateQuery,
      body: Many(RouteItemGroupInput),
      response: Type.Ref('Route'),
      handler: ({ tenant, found, query, body }) =>
        pool.setStops(tenant, found.one(routeRecords), body, found.all(routeItemRecords), query.validateIsAssigned ?? false),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Routes/ChangeOrderRoute',
      access: ASSIGN,
      ids: { body: { orderId: orderRecords, routeId: routeRecords, fromRouteId: routeRecords } },
      summary: "Move an order's stops to another route",
      description: `Its stops not done, from fromRouteId (or from any other route and the pool), each where it adds the least distance. ${CHECKS}`,
      body: ChangeOrderRouteRequest,
      response: None,
      handler: ({ tenant, found, body }) => pool.changeOrderRoute(tenant, body, found.one(routeRecords, 'routeId')),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Routes/MoveOrderOnRouteToUnassigned',
      access: ASSIGN,
      ids: { query: { orderId: orderRecords, routeId: routeRecords } },
      summary: "Put an order's stops on a route back in the pool",
      description: 'A done stop stays (routes.item_done: nothing changes); an order with no stop on the route: routes.not_assigned.',
      querystring: OrderOnRouteQuery,
      response: None,
      handler: ({ tenant, found }) => pool.moveOrderOnRouteToUnassigned(tenant, found.one(orderRecords), found.one(routeRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Routes/MoveToUnassigned',
      access: ASSIGN,
      ids: { body: { routeId: routeRecords, routeItemIds: routeItemRecords, orderStopIds: stopRecords } },
      summary: 'Put stops of a route back in the pool',
      description: 'Route items or order stops (their legs on the route); a done one stays (routes.item_done: nothing changes). Answers the route.',
      body: MoveToUnassignedRequest,
      response: Type.Ref('Route'),
      handler: ({ tenant, found, body }) => pool.moveToUnassigned(tenant, body, found.all(routeItemRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Routes/UnassignedRoutes',
      access: VIEW,
      ids: {
        query: {
          orderId: { filter: orderRecords },
          orderItemId: { filter: itemRecords },
          orderStopId: { filter: stopRecords },
          Customers: { filter: customerRecords },
        },
      },
      summary: 'The unassigned pool',
      description:
        "The legs of approved orders' stops that are on no route and not done (a transfer stop has two), oldest first: orderId, orderItemId (the item's order), orderStopId, " +
        "Customers, StopType, Date or DateRange (the stop's day), Cities, SearchTerm (in the order number, the customer's name or the stop's city), SortBy id (default), date " +
        "or orderNumber, SortDirection, Page, ItemsPerPage. The spec's UnassignedRoutesSlimResData: a paged list of RouteItem.",
      querystring: UnassignedRoutesQuery,
      response: PagedList(Type.Ref('RouteItem')),
      handler: ({ tenant, query }) => pool.list(tenant, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/Routes/UnassignedFilters',
      access: VIEW,
      summary: 'What the unassigned pool holds, to filter by',
      description: "Its places' cities, its customers, its stops' days and its legs' kinds, each with how many legs.",
      response: Type.Ref('UnassignedFiltersRes'),
      handler: ({ tenant }) => pool.filters(tenant),
    }),
    defineRoute({
      method: 'GET',
      url: '/Routes/RouteItemDetails',
      access: VIEW,
      ids: { query: { routeId: { filter: routeRecords }, orderId: { filter: orderRecords }, OrderStopId: { filter: stopRecords } } },
      summary: 'Route item groups with their items, filtered',
      description: `${GROUPS} isUsePagination=false (the default) answers every matching group on one page (at most 1000 groups); true pages them.`,
      querystring: RouteItemDetailsQuery,
      response: PagedList(Type.Ref('RouteItemGroup')),
      handler: ({ tenant, query }) => pool.groups(tenant, query, query.isUsePagination ?? false),
    }),
    defineRoute({
      method: 'GET',
      url: '/Routes/RouteItemGroups',
      access: VIEW,
      ids: { query: { routeId: { filter: routeRecords }, OrderStopId: { filter: stopRecords } } },
      summary: 'Route item groups, paged',
      description: `${GROUPS} Paged by group (Page, ItemsPerPage).`,
      querystring: RouteItemGroupsQuery,
      response: PagedList(Type.Ref('RouteItemGroup')),
      handler: ({ tenant, query }) => pool.groups(tenant, query, true),
    }),
    defineRoute({
      method: 'GET',
      url: '/Routes/RouteIds',
      access: VIEW,
      ids: { query: { orderStopId: stopRecords } },
      summary: 'The routes a stop is on',
      description: 'Two for a transfer stop whose legs are on two routes; none for a stop in the pool.',
      querystring: StopQuery,
      response: Many(Id),
      handler: ({ tenant, found }) => pool.routeIdsOfStop(tenant, found.one(stopRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Quotes/:id/MoveOrderStopOnRouteToUnassigned',
      access: ASSIGN,
      tags: QUOTES,
      ids: { params: { id: stopRecords } },
      summary: 'A failed attempt at a stop: back to the pool',
      description:
        "id is the order stop. The attempt (reason required, notes, attemptedAt) goes to the order's activity and its items' events; the stop leaves its route, with " +
        'the deliveries after it of the same order when it is a pickup. A done stop: routes.item_done; a stop on no route: routes.not_assigned.',
      params: StopIdParams,
      body: AttemptRequest,
      response: None,
      handler: ({ tenant, found, body }) => pool.attempt(tenant, found.one(stopRecords), body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Quotes/:id/UndoOrder',
      access: UNDO,
      tags: QUOTES,
      ids: { params: { id: orderRecords } },
      summary: "Take an order's stops off their routes",
      description: 'Every stop not done goes back to the unassigned pool; done ones stay. An order on no route: nothing to do.',
      params: StopIdParams,
      response: None,
      handler: ({ tenant, found }) => pool.undoOrder(tenant, found.one(orderRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Quotes/:orderStopId/UndoOrderStop',
      access: UNDO,
      tags: QUOTES,
      ids: { params: { orderStopId: stopRecords } },
      summary: 'Take a stop off its route',
      description:
        'Back to the unassigned pool, with the deliveries of the same order after it on the route when it is a pickup (GET /Quotes/{orderStopId}/UndoOrderStopsInfo lists them). ' +
        'A done stop: routes.item_done; a stop on no route: routes.not_assigned.',
      params: Type.Object({ orderStopId: Id }),
      response: None,
      handler: ({ tenant, found }) => pool.undoStop(tenant, found.one(stopRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Quotes/:orderStopId/UndoOrderStopsInfo',
      access: UNDO,
      tags: QUOTES,
      ids: { params: { orderStopId: stopRecords } },
      summary: 'The stops an undo of this stop takes off their routes',
      description: 'The stop and, when it is a pickup, the deliveries of the same order after it on the route. Changes nothing.',
      params: Type.Object({ orderStopId: Id }),
      response: Many(Type.Ref('OrderStop')),
      handler: ({ tenant, found }) => pool.undoInfo(tenant, found.one(stopRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Quotes/UndoOrderStops',
      access: UNDO,
      tags: QUOTES,
      // The body is the list of stop ids.
      ids: { body: { '[]': stopRecords } },
      summary: 'Take stops off their routes',
      description: 'UndoOrderStop for every stop id of the body, all or nothing.',
      body: Many(Id, { description: 'Order stop ids.' }),
      response: None,
      handler: ({ tenant, found }) => pool.undoStops(tenant, found.all(stopRecords)),
    }),
  ];
}
