// What a client sends to put stops on routes and take them off (the spec names the models only;
// their fields are ours, docs/dispatch.md and the OpenAPI document say what each means).
import { DateTime, Day, Id, Many, NameEnum, Nullable, Opt, SharedListParams, type Static, Text, type TSchema, Type } from '../../platform/schemas.js';
import { LEG_KINDS } from './dispatch.tables.js';
import { ItemStatus } from './routes.schemas.js';

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

export const RouteItemStopGroup = Type.Object(
  {
    routeItemIds: ItemIds,
    orderStopIds: Type.Optional(Many(Id, { description: 'Order stops: their legs on the route.' })),
    items: Type.Optional(
      Many(
        Type.Object({
          orderItemId: Id,
          quantity: Type.Number({ exclusiveMinimum: 0, description: 'What was loaded or delivered of the item.' }),
        }),
        { description: "Quantities handled, by item: written to the items' events (what the driver counted)." },
      ),
    ),
  },
  { $id: 'RouteItemStopGroup', description: 'The route items (or stops) whose status changes, and what the driver counted.' },
);
export type RouteItemStopGroupT = Static<typeof RouteItemStopGroup>;

export const ItemStatusParams = Type.Object({
  id: Id,
  status: ItemStatus,
});

export const ItemStatusQuery = Type.Object({
  allowIncreaseDeliveryQuantity: Type.Optional(
    Type.Boolean({ default: true, description: "false: a quantity above the item's refuses the change (routes.quantity_above_ordered)." }),
  ),
  closeOrder: Type.Optional(Type.Boolean({ default: true, description: 'Close an order once every stop of it is done.' })),
  getUpdateStatus: Type.Optional(
    Type.Boolean({ default: false, description: 'Say in otherMessages what the change did to the orders (stops done, orders closed).' }),
  ),
});
export type ItemStatusQueryT = Static<typeof ItemStatusQuery>;

const GroupFilters = {
  AddressName: Type.Optional(Type.String({ maxLength: 200, description: "Contained in the place's name." })),
  FullAddress: Type.Optional(Type.String({ maxLength: 200, description: 'Contained in the street, city, state or postal code.' })),
  LocationCompanyName: Type.Optional(
    Type.String({ maxLength: 200, description: "Contained in the name of the customer the place belongs to (or the order's)." }),
  ),
  LocationContactNumber: Type.Optional(Type.String({ maxLength: 64, description: "Contained in the place's contact phone (digits compared)." })),
  LocationContactNumberExtension: Type.Optional(
    Type.String({ maxLength: 16, description: "Contained in the place's contact phone too (the extension is kept with the number)." }),
  ),
  IsAllItemsDone: Type.Optional(Type.Boolean({ description: 'true: groups whose every item is done; false: groups with an item not done.' })),
  OrderStopId: Opt(Id),
  routeId: Opt(Id),
  Status: Type.Optional(ItemStatus),
  Types: Type.Optional(Many(NameEnum(LEG_KINDS))),
  Page: SharedListParams.Page,
  ItemsPerPage: SharedListParams.ItemsPerPage,
  SearchTerm: SharedListParams.SearchTerm,
};

export const RouteItemGroupsQuery = Type.Object(GroupFilters);
export const RouteItemDetailsQuery = Type.Object({
  ...GroupFilters,
  orderId: Opt(Id),
  isUsePagination: Type.Optional(Type.Boolean({ default: false, description: 'false: every matching group on one page (at most 1000).' })),
});
export type RouteItemDetailsQueryT = Static<typeof RouteItemDetailsQuery>;

const Counted = <T extends Record<string, TSchema>>(fields: T) => Type.Object({ ...fields, count: Type.Integer({ description: 'Legs in the pool.' }) });

export const UnassignedFiltersRes = Type.Object(
  {
    cities: Many(Counted({ city: Type.String(), state: Nullable(Type.String()), country: Type.String() })),
    customers: Many(Counted({ id: Id, name: Type.String() })),
    dates: Many(Counted({ date: Nullable(Day()) })),
    types: Many(Counted({ type: NameEnum(LEG_KINDS) })),
  },
  { $id: 'UnassignedFiltersRes', description: "What the unassigned pool holds, to offer as filters (the 'Add Pickup' search box): each with how many legs." },
);
