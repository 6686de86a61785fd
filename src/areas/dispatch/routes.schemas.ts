// The Route model (core fields, docs/architecture.md: id, name, date, driverId, truckId, status, items), its items as
// the spec groups them (RouteItemGroup: the legs at one place in one role, in order), what a client
// sends, and the lists' queries. Route status is answered by name (the spec names its operations
// only); route item status by number, 0 ToDo, 1 Done, 2 Pending, as the spec numbers it (requests
// take either form).
import { DateTime, Day, Id, Many, Money, NameEnum, Nullable, NumEnum, Opt, SharedListParams, type Static, Text, Type } from '../../platform/schemas.js';
import { Address, type AddressT } from '../customers/index.js';
import { LEG_KINDS, ROUTE_STATES } from './dispatch.tables.js';

export const ItemStatus = NumEnum({ ToDo: 0, Done: 1, Pending: 2 }, { description: 'Route item status: 0 ToDo, 1 Done, 2 Pending.' });
export const ITEM_STATUS_NUMBER = { ToDo: 0, Done: 1, Pending: 2 } as const;
export const ITEM_STATUS_NAME = ['ToDo', 'Done', 'Pending'] as const;

const ROUTE_ITEM_FIELDS = {
  id: Id,
  routeId: Nullable(Id),
  sequence: Nullable(Type.Integer({ description: 'Place on the route, from 1; null in the unassigned pool.' })),
  type: NameEnum(LEG_KINDS, {
    description:
      "The leg: Pickup, Delivery, or a transfer stop's two legs — DeliveryToTransfer (dropped at the hub) and PickupFromTransfer (taken on from it).",
  }),
  status: ItemStatus,
  doneAt: Nullable(DateTime),
  orderId: Id,
  orderNumber: Type.String(),
  orderStopId: Id,
  customerId: Id,
  customerName: Type.String(),
  address: Type.Ref('Address'),
  date: Nullable(Day({ description: "The stop's day." })),
  timeWindowStart: Nullable(DateTime),
  timeWindowEnd: Nullable(DateTime),
  priority: Type.String(),
  isOnHold: Type.Boolean(),
  weight: Type.Number({ description: "Total of the stop's items, in the order's weightUnit." }),
  weightUnit: Type.String(),
  pallets: Type.Number(),
  items: Many(Type.Ref('OrderItem'), { description: "The items loaded at the stop (a delivery's are those of its order's pickups)." }),
};

export const RouteItem = Type.Object(ROUTE_ITEM_FIELDS, { $id: 'RouteItem' });

// A leg inside a group: the group's place is its place, written once (a board of 20 routes × 25
// stops repeated it in every leg: 30 % of its bytes); the board leaves out the order items too.
const { address: _groupAddress, items: _legItems, ...GROUP_ITEM_FIELDS } = ROUTE_ITEM_FIELDS;
export const RouteGroupItem = Type.Object(
  {
    ...GROUP_ITEM_FIELDS,
    items: Type.Optional(
      Many(Type.Ref('OrderItem'), {
        description:
          "The items loaded at the stop (a delivery's are those of its order's pickups). Left out in lists of routes (GET /Routes/Routes, /Routes/active, /Quotes/{id}/Routes): weight and pallets sum them; GET /Routes/{id} lists them.",
      }),
    ),
  },
  { $id: 'RouteGroupItem', description: "A RouteItem inside its group: the group's address is its place." },
);
export type RouteItemT = Omit<Static<typeof RouteItem>, 'address' | 'items'> & { address: AddressT; items?: unknown[] };

export const RouteItemGroup = Type.Object(
  {
    type: NameEnum(LEG_KINDS),
    routeId: Nullable(Id),
    sequence: Nullable(Type.Integer({ description: "The group's first item's place on the route." })),
    address: Type.Ref('Address'),
    status: NumEnum({ ToDo: 0, Done: 1, Pending: 2 }, { description: 'Done when every item is done; Pending when any is pending; else ToDo.' }),
    items: Many(Type.Ref('RouteGroupItem')),
  },
  { $id: 'RouteItemGroup', description: 'Consecutive legs of one kind at one place on a route.' },
);
export type RouteItemGroupT = Omit<Static<typeof RouteItemGroup>, 'address' | 'items'> & { address: AddressT; items: RouteItemT[] };

// A route's start or end, null when it has none: Address's fields inline, typed object-or-null (an
// anyOf would make the serializer validate the whole Route, whose references it cannot resolve).
const { $id: _addressId, ...addressShape } = Address as typeof Address & { $id?: string };
export const RouteEnd = Type.Unsafe<AddressT | null>({
  ...addressShape,
  type: ['object', 'null'],
  description: "A warehouse's place or an address of the company; null: none.",
});

const RouteFields = {
  id: Id,
  name: Type.String(),
  date: Day({ description: 'The day the route runs.' }),
  driverId: Nullable(Id),
  driverName: Nullable(Type.String()),
  truckId: Nullable(Id),
  truckName: Nullable(Type.String()),
  status: NameEnum(ROUTE_STATES, {
    description:
      'Planned → Next (StartNext) → InProgress (StartNow) → Completed; Archived (Archive) keeps the state it left, which Restore gives back. ' +
      'Planned, Next and InProgress are active: they hold the driver and the truck for the day.',
  }),
  startAddress: RouteEnd,
  endAddress: RouteEnd,
  startTime: Nullable(DateTime),
  endTime: Nullable(DateTime),
  avoidTolls: Type.Boolean(),
  distanceMeters: Nullable(Type.Number({ description: 'Along the stops in order, from the start to the end, by the configured travel matrix.' })),
  durationSeconds: Nullable(Type.Integer()),
  notes: Nullable(Type.String()),
  version: Type.Integer({ description: "Rises with every change of the route's items." }),
  itemCount: Type.Integer(),
  doneCount: Type.Integer(),
  payoutStatus: NameEnum(['Draft', 'Open', 'Paid', 'PartialPaid', 'OverPaid']),
  payoutAmount: Nullable(Money),
  payoutCurrency: Nullable(
    Type.String({ description: "The driver's pay for the route, fixed when it is completed (Open), from the driver's payout type; null without one." }),
  ),
  startedAt: Nullable(DateTime),
  completedAt: Nullable(DateTime),
  archivedAt: Nullable(DateTime),
  createdAt: DateTime,
  updatedAt: DateTime,
  items: Many(Type.Ref('RouteItemGroup'), { description: 'The route in order, grouped by place and kind.' }),
};

export const Route = Type.Object(RouteFields, { $id: 'Route' });
export type RouteT = Omit<Static<typeof Route>, 'startAddress' | 'endAddress' | 'items'> & {
  startAddress: AddressT | null;
  endAddress: AddressT | null;
  items: RouteItemGroupT[];
};

export const RouteResponse = Type.Object(
  {
    ...RouteFields,
    completedItems: Many(Type.Ref('RouteItemGroup'), {
      description: 'With separateCompletedDirections=true: the done groups, in order (items then holds the rest); else empty.',
    }),
  },
  { $id: 'RouteResponse' },
);
export type RouteResponseT = RouteT & { completedItems: RouteItemGroupT[] };

/** A route's header as a client sends it (optional fields: null or absent is none). */
const RouteInputFields = {
  id: Opt(Type.Integer({ format: 'int32', description: "Ignored: POST makes a new route, PUT takes the path's." })),
  name: Text(200),
  date: Day(),
  driverId: Opt(Id),
  truckId: Opt(Id),
  startWarehouseId: Opt(Id),
  startAddressId: Opt(Id),
  endWarehouseId: Opt(Id),
  endAddressId: Opt(Id),
  startTime: Opt(DateTime),
  endTime: Opt(DateTime),
  avoidTolls: Type.Optional(Type.Boolean()),
  notes: Opt(Text(2000)),
};

const INPUT_DESCRIPTION =
  'Start and end are a warehouse (startWarehouseId: its place) or any address of the company (startAddressId); none: the route starts at its first stop and ends at its last. ' +
  "The driver and the truck must be the company's, Active, and on no other active route that day (routes.driver_busy, routes.truck_busy name the route).";

export const RouteInput = Type.Object(RouteInputFields, { $id: 'RouteInput', description: INPUT_DESCRIPTION });
export type RouteInputT = Static<typeof RouteInput>;

export const RouteUpdate = Type.Object(
  { ...RouteInputFields, name: Type.Optional(RouteInputFields.name), date: Type.Optional(RouteInputFields.date) },
  { $id: 'RouteUpdate', description: `Changes the fields sent and keeps the others; null clears one (not name or date). ${INPUT_DESCRIPTION}` },
);
export type RouteUpdateT = Static<typeof RouteUpdate>;

export const ROUTE_OPERATIONS = ['Archive', 'StartNow', 'StartNext', 'Restore', 'Completed'] as const;
export type RouteOperation = (typeof ROUTE_OPERATIONS)[number];

export const RouteIdParams = Type.Object({ id: Id });
export const RouteStatusParams = Type.Object({ id: Id, status: NameEnum(ROUTE_OPERATIONS) });

export const RouteReadQuery = Type.Object({
  separateCompletedDirections: Type.Optional(Type.Boolean({ default: false })),
});

const BoardParams = {
  Page: SharedListParams.Page,
  ItemsPerPage: SharedListParams.ItemsPerPage,
  SearchTerm: SharedListParams.SearchTerm,
  SortBy: SharedListParams.SortBy,
  SortDirection: SharedListParams.SortDirection,
  Date: SharedListParams.Date,
  DateRange: SharedListParams.DateRange,
  Drivers: SharedListParams.Drivers,
  RoutePayoutStatus: SharedListParams.RoutePayoutStatus,
};

export const RoutesQuery = Type.Object({
  ...BoardParams,
  completedRoutes: Type.Optional(Type.Boolean({ default: false, description: 'true: Completed routes too (Archived ones never).' })),
  routeItemStatus: Type.Optional(NumEnum({ ToDo: 0, Done: 1, Pending: 2 }, { description: 'Only routes with an item in this status.' })),
  separateCompletedDirections: Type.Optional(Type.Boolean({ default: false })),
});
export type RoutesQueryT = Static<typeof RoutesQuery>;

export const ActiveRoutesQuery = Type.Object({ Page: SharedListParams.Page, ItemsPerPage: SharedListParams.ItemsPerPage });
export type ActiveRoutesQueryT = Static<typeof ActiveRoutesQuery>;

export const OrderRoutesQuery = Type.Object({
  includeInactiveRoutes: Type.Optional(Type.Boolean({ default: true, description: 'false: only active routes (not Completed or Archived).' })),
  Page: SharedListParams.Page,
  ItemsPerPage: SharedListParams.ItemsPerPage,
});
export type OrderRoutesQueryT = Static<typeof OrderRoutesQuery>;

export const AvoidTollsQuery = Type.Object({ avoidTolls: Type.Boolean(), routeId: Id });

export const WarehouseMove = Type.Object(
  {
    id: Id,
    start: Type.Optional(Type.Boolean({ default: true, description: 'Make the warehouse where the route starts.' })),
    end: Type.Optional(Type.Boolean({ default: true, description: 'Make the warehouse where the route ends.' })),
  },
  {
    $id: 'WarehouseMove',
    description: "The spec's body is a Route: its id names the route to move to (start at, end at, or both) the warehouse.",
  },
);
export type WarehouseMoveT = Static<typeof WarehouseMove>;
