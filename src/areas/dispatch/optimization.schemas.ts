// Auto-reroute and route suggestions: what a client sends and reads.
import { DateTime, Day, Id, Nullable, type Static, Type } from '../../platform/schemas.js';

export const AutoRerouteRouteRequest = Type.Object(
  {
    timeLimitMs: Type.Optional(
      Type.Integer({ minimum: 100, maximum: 30_000, default: 2000, description: 'How long the optimizer searches, in milliseconds (default 2000).' }),
    ),
  },
  { $id: 'AutoRerouteRouteRequest' },
);
export type AutoRerouteRouteRequestT = Static<typeof AutoRerouteRouteRequest>;

export const RouteOptimizationStatus = Type.Object(
  {
    routeId: Id,
    runId: Nullable(Id),
    status: Type.String({
      description:
        'None (never optimized), Running, Done (the route is in the new order when improved), Failed (error says why; a run whose process stopped reads Failed), ' +
        "Discarded (the route changed while it ran: the dispatcher's change was kept).",
    }),
    progress: Type.Number({ description: 'From 0 to 1: time searched over the time limit.' }),
    timeLimitMs: Nullable(Type.Integer()),
    startedAt: Nullable(DateTime),
    finishedAt: Nullable(DateTime),
    beforeDistanceMeters: Nullable(Type.Number({ description: 'The route in the order the run read it, measured.' })),
    afterDistanceMeters: Nullable(
      Type.Number({ description: "The route after the run: the new order's when improved, else the order it kept (the same as before)." }),
    ),
    improved: Nullable(Type.Boolean()),
    reason: Nullable(
      Type.String({
        description:
          'Why a Done run left the route as it was (improved false): already-shortest (no shorter order keeps every rule), or why the optimizer could not keep every ' +
          "stop on it — time-window (a stop cannot be reached in its window and the route's shift), capacity, max-duration, no-room (each fits alone, not all together). " +
          'Null when improved, and while running.',
      }),
    ),
    error: Nullable(Type.String()),
  },
  { $id: 'RouteOptimizationStatus' },
);

export const OptimizationStatusQuery = Type.Object({
  countryIds: Type.Optional(
    Type.Array(Type.Integer({ format: 'int32' }), {
      description: 'Accepted for the spec; distances come from the configured travel matrix whatever the countries.',
    }),
  ),
});

export const UnassignedStopRouteSuggestionDto = Type.Object(
  {
    routeId: Id,
    routeName: Type.String(),
    date: Day(),
    driverId: Nullable(Id),
    driverName: Nullable(Type.String()),
    truckId: Nullable(Id),
    fits: Type.Boolean({ description: "Whether the route takes the stop within its truck's capacity, the stops' time windows and its shift." }),
    reason: Nullable(
      Type.String({
        description:
          "Why not: capacity, time-window, no-room (fits alone, not with the route's stops), route-infeasible (the route already breaks a rule), order-on-route (another leg of the order is there: place it by hand), " +
          "no-coordinates (the stop's place has none: nothing to measure). An order with several legs in the pool (a pickup and two deliveries) fits when all of them do.",
      }),
    ),
    addedDistanceMeters: Nullable(Type.Number()),
    addedDurationSeconds: Nullable(Type.Number()),
    position: Nullable(Type.Integer({ description: "Where it would go on the route's measured stops, from 1." })),
  },
  { $id: 'UnassignedStopRouteSuggestionDto' },
);
