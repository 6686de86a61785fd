// A route being driven (part 1, "Dispatch and routes"): its stops' status, and Close All.
import { None } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Type } from '../../platform/schemas.js';
import { itemRecords, stopRecords } from '../orders/index.js';
import { ItemStatusParams, ItemStatusQuery, RouteItemStopGroup } from './assign.schemas.js';
import { CLOSE_ALL, EDIT_ROUTE } from './dispatch.access.js';
import type { ExecutionService } from './execution.service.js';
import { routeItemRecords } from './legs.repository.js';
import { lockedRouteRecords } from './routes.repository.js';
import { RouteIdParams } from './routes.schemas.js';

export function executionRoutes(execution: ExecutionService): AnyRoute[] {
  return [
    defineRoute({
      method: 'PUT',
      url: '/Routes/:id/RouteItems/CloseAll',
      access: CLOSE_ALL,
      ids: { params: { id: lockedRouteRecords } },
      summary: 'Mark every stop of the route done and complete it',
      description:
        "Every stop not done is done (its items' events, the orders' activity; an order whose every stop is done is closed), then the route is Completed. " +
        'A completed or archived route: routes.closed.',
      params: RouteIdParams,
      response: None,
      handler: ({ tenant, found }) => execution.closeAll(tenant, found.one(lockedRouteRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Routes/:id/routeItems/updateStatus/:status',
      access: EDIT_ROUTE,
      ids: {
        params: { id: lockedRouteRecords, status: 'not-an-id' },
        body: { routeItemIds: routeItemRecords, orderStopIds: stopRecords, 'items[].orderItemId': itemRecords },
      },
      summary: 'Mark stops of the route done, pending or to do',
      description:
        "The route items (or stops: their legs on the route) take the status: 1 Done writes their items' events (PickedUp, Delivered, DroppedAtHub, PickedUpFromHub; with " +
        "the quantities counted) and the orders' activity, and starts a Planned or Next route; an order whose every stop is done is closed unless closeOrder=false. " +
        '0 ToDo and 2 Pending undo Done, not for a closed order (routes.order_closed). A stop not on the route: routes.not_assigned. Answers the route.',
      params: ItemStatusParams,
      querystring: ItemStatusQuery,
      body: RouteItemStopGroup,
      response: Type.Ref('Route'),
      handler: ({ tenant, found, params, query, body }) =>
        execution.updateStatus(tenant, found.one(lockedRouteRecords), params.status, body, query, found.all(itemRecords)),
    }),
  ];
}
