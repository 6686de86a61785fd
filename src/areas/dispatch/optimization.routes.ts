// Auto-reroute and route suggestions (part 1, "Dispatch and routes").
import { type AnyRoute, Bare, defineRoute } from '../../platform/route.js';
import { Many, Type } from '../../platform/schemas.js';
import { stopRecords } from '../orders/index.js';
import { StopQuery } from './assign.schemas.js';
import { EDIT_ROUTE, VIEW } from './dispatch.access.js';
import { AutoRerouteRouteRequest, OptimizationStatusQuery, RouteOptimizationStatus } from './optimization.schemas.js';
import type { OptimizationService } from './optimization.service.js';
import { routeRecords } from './routes.repository.js';
import { RouteIdParams } from './routes.schemas.js';

export function optimizationRoutes(optimization: OptimizationService): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/Routes/:id/auto-reroute',
      access: EDIT_ROUTE,
      // The search runs after the answer, in a worker thread; its result in a transaction of its own.
      transaction: false,
      ids: { params: { id: routeRecords } },
      summary: "Put the route's stops in the shortest order",
      description:
        'Starts the optimizer on the route (timeLimitMs, default 2000) and answers its status at once (data: RouteOptimizationStatus): done stops stay first, capacity, ' +
        "time windows and pickups before deliveries hold. A second call while one runs answers the running one's status. The new order is written only if it is shorter " +
        'and the route did not change meanwhile (else Discarded); follow it with GET /Routes/{id}/optimization-status.',
      params: RouteIdParams,
      body: AutoRerouteRouteRequest,
      response: Type.Ref('RouteOptimizationStatus'),
      handler: ({ inCompany, request, params, body }) =>
        optimization.start(inCompany, (err, message) => request.log.error({ err }, message), params.id, body.timeLimitMs ?? 2000),
    }),
    defineRoute({
      method: 'GET',
      url: '/Routes/:id/optimization-status',
      access: VIEW,
      // countryIds are reference data (countries), not the company's records.
      ids: { params: { id: routeRecords }, query: { countryIds: 'global' } },
      summary: "The route's latest auto-reroute",
      description: 'Answered bare (no envelope), as the spec says.',
      params: RouteIdParams,
      querystring: OptimizationStatusQuery,
      response: Bare(RouteOptimizationStatus),
      handler: ({ tenant, found }) => optimization.status(tenant, found.one(routeRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Routes/UnassignedStopRouteSuggestions',
      access: VIEW,
      ids: { query: { orderStopId: stopRecords } },
      summary: 'The active routes that could take a pool stop, best first',
      description:
        "The 10 active routes of the stop's day (any day when it has none) the stop and its order's other pool stop would add least to (a rough detour through each route's places in order: start, stops, end), each with whether it takes the stop's legs in the pool (a pickup with its delivery " +
        "as one shipment; an order's other legs too), what that adds to its distance and time and where it would go — the optimizer's insertion on the route as it is. Those that fit first, least added distance first. " +
        "No route to rank: an empty list, and in otherMessages why (past-day: the stop's day is over; no-active-route: its day has no active route).",
      querystring: StopQuery,
      response: Many(Type.Ref('UnassignedStopRouteSuggestionDto')),
      handler: ({ tenant, found }) => optimization.suggestions(tenant, found.one(stopRecords)),
    }),
  ];
}
