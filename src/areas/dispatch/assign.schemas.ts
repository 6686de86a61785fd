// What a client sends to put stops on routes and take them off (the spec names the models only;
// their fields are ours, README/OpenAPI say what each means).
import { DateTime, Id, Many, Opt, SharedListParams, type Static, Text, Type } from '../../platform/schemas.js';

const validateIsAssigned = Type.Optional(
  Type.Boolean({
    default: false,
    description:
      'true: a capacity or time-window problem of the route as it would be refuses the change (routes.not_feasible); false: it is a warning in otherMessages.',
  }),
);

const ItemIds = Type.Optional(Many(Id, { description: 'Route items (legs) by id.' }));
const StopIds = Type.Optional(Many(Id, { description: "Order stops: their legs in the pool (a transfer stop's both)." }));

export const AssignUnassignedStopRequest = Type.Object(
  {
    routeItemIds: ItemIds,
    orderStopIds: StopIds,
    position: Opt(
      Type.Integer({ minimum: 1, description: 'Place on the route of the first new item (1: first); absent: each goes where it adds the least distance.' }),
    ),
    validateIsAssigned,
  },
  { $id: 'AssignUnassignedStopRequest' },
);
export type AssignUnassignedStopRequestT = Static<typeof AssignUnassignedStopRequest>;

export const ValidateQuery = Type.Object({ validateIsAssigned });

export const RouteItemGroupInput = Type.Object(
  { items: Many(Type.Object({ id: Id }, { additionalProperties: true }), { description: "The group's items, in order: only id is read." }) },
  { $id: 'RouteItemGroupInput', additionalProperties: true, description: "A RouteItemGroup as read from the route; only its items' ids are read." },
);
export type RouteItemGroupInputT = Static<typeof RouteItemGroupInput>;

export const ChangeOrderRouteRequest = Type.Object(
  {
    orderId: Id,
    routeId: Id,
    fromRouteId: Opt(Id),
    validateIsAssigned,
  },
  {
    $id: 'ChangeOrderRouteRequest',
    description: "Moves the order's stops not done to the route routeId: those on fromRouteId, or when absent those on any other route and in the pool.",
  },
);
export type ChangeOrderRouteRequestT = Static<typeof ChangeOrderRouteRequest>;

export const OrderOnRouteQuery = Type.Object({ orderId: Id, routeId: Id });

export const MoveToUnassignedRequest = Type.Object(
  { routeId: Id, routeItemIds: ItemIds, orderStopIds: Type.Optional(Many(Id, { description: 'Order stops: their legs on the route.' })) },
  { $id: 'MoveToUnassignedRequest' },
);
export type MoveToUnassignedRequestT = Static<typeof MoveToUnassignedRequest>;

export const StopQuery = Type.Object({ orderStopId: Id });

export const AttemptRequest = Type.Object(
  {
    reason: Text(500),
    notes: Opt(Text(2000)),
    attemptedAt: Opt(DateTime),
  },
  {
    $id: 'AttemptRequest',
    description: "A failed delivery or pickup attempt: why (closed, refused, no access...), written to the order's activity and its items' events.",
  },
);
export type AttemptRequestT = Static<typeof AttemptRequest>;

export const UnassignedRoutesQuery = Type.Object({
  orderId: Opt(Id),
  orderItemId: Opt(Type.Integer({ format: 'int32', description: "The legs of the item's order." })),
  orderStopId: Opt(Id),
  Page: SharedListParams.Page,
  ItemsPerPage: SharedListParams.ItemsPerPage,
  SearchTerm: SharedListParams.SearchTerm,
  SortBy: SharedListParams.SortBy,
  SortDirection: SharedListParams.SortDirection,
  Cities: SharedListParams.Cities,
  Customers: SharedListParams.Customers,
  Date: SharedListParams.Date,
  DateRange: SharedListParams.DateRange,
  StopType: SharedListParams.StopType,
});
export type UnassignedRoutesQueryT = Static<typeof UnassignedRoutesQuery>;
