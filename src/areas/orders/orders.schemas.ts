// The Order model (quotes and orders; core fields: docs/architecture.md), its stops and items, what a client sends to
// make one, and the list's query.

import { DateTime, Day, Id, Many, Money, NameEnum, Nullable, NumEnum, Opt, SharedListParams, type Static, Text, Type, UserId } from '../../platform/schemas.js';
import { AddressInputFields, type AddressT } from '../customers/index.js';

export const ORDER_STATUSES = ['Dreft', 'Quote', 'Order', 'Closed', 'Deleted'] as const;
export const STOP_TYPES = ['Pickup', 'Delivery', 'Transfer'] as const;
export const PRIORITIES = ['Low', 'Regular', 'High'] as const;
export const APPOINTMENT_STATUSES = ['Nothing', 'Request', 'Requested', 'Approve', 'Accepted', 'Review', 'NewAppointment'] as const;
export const ROUTE_ITEM_STATUSES = ['ToDo', 'Done', 'Pending'] as const;
/** Most stops one order takes (a multi-drop delivery run). */
export const MAX_STOPS = 200;
/** Most items one stop takes. */
export const MAX_ITEMS = 500;

export const OrderItem = Type.Object(
  {
    id: Id,
    stopId: Id,
    description: Type.String(),
    quantity: Type.Number(),
    weight: Nullable(Type.Number({ description: "In the order's weightUnit, total for the line." })),
    pallets: Nullable(Type.Number()),
    barcode: Nullable(Type.String({ description: "Unique among the company's items." })),
  },
  { $id: 'OrderItem' },
);
export type OrderItemT = Static<typeof OrderItem>;

export const OrderStop = Type.Object(
  {
    id: Id,
    orderId: Id,
    type: NameEnum(STOP_TYPES),
    sequence: Type.Integer({ description: 'Place of the stop in its order, from 1.' }),
    address: Type.Ref('Address'),
    date: Nullable(Day({ description: 'Day of the pickup or delivery.' })),
    timeWindowStart: Nullable(DateTime),
    timeWindowEnd: Nullable(DateTime),
    priority: NameEnum(PRIORITIES),
    appointmentStatus: NameEnum(APPOINTMENT_STATUSES),
    appointmentCode: Nullable(Type.String()),
    appointmentEmail: Nullable(Type.String({ description: "The site's address for appointment requests." })),
    callOutcome: Nullable(NumEnum({ CallNotMade: 1, Possible: 2, NotPossible: 3 })),
    driverInstructions: Nullable(Type.String()),
    notes: Nullable(Type.String()),
    contactName: Nullable(Type.String()),
    contactPhone: Nullable(Type.String()),
    isOnHold: Type.Boolean(),
    routeId: Nullable(Id),
    routeSequence: Nullable(Type.Integer()),
    routeStatus: NameEnum(ROUTE_ITEM_STATUSES, { description: 'On its route: ToDo, Done or Pending (route item status 0, 1, 2).' }),
    items: Many(Type.Ref('OrderItem')),
  },
  { $id: 'OrderStop' },
);
export type OrderStopT = Omit<Static<typeof OrderStop>, 'address' | 'items'> & { address: AddressT; items: OrderItemT[] };

export const PriceLine = Type.Object(
  {
    code: Type.String({
      description: 'BASE, MILEAGE, ZONE, INTL, MINIMUM_LINEHAUL, SHIPMENT_TYPE, ACCESSORIAL (the rating engine), or CUSTOM for a price set by hand.',
    }),
    description: Type.String(),
    quantity: Type.Number(),
    unitPrice: Type.Number(),
    amount: Money,
    currency: Type.String(),
    chargeTypeId: Nullable(Id),
  },
  { $id: 'PriceLine' },
);

export const Order = Type.Object(
  {
    id: Id,
    orderNumber: Type.String(),
    status: NameEnum(ORDER_STATUSES),
    customerId: Id,
    customerName: Type.String(),
    contactId: Nullable(Id),
    shipmentTypeId: Nullable(Id),
    referenceNumber: Nullable(Type.String({ description: "The customer's reference (PO number, load number)." })),
    notes: Nullable(Type.String()),
    currency: Type.String(),
    totalPrice: Money,
    buyingPrice: Nullable(Money),
    isCustomPrice: Type.Boolean({ description: 'The total was set by hand: changes do not re-price the order.' }),
    priceLines: Many(Type.Ref('PriceLine')),
    priceWarnings: Many(Type.String()),
    distance: Nullable(Type.Number()),
    distanceUnit: Type.String(),
    weightUnit: Type.String({ description: "Unit of the items' weights: lb or kg." }),
    chargeTypeIds: Many(Id, { description: 'Accessorial charge types priced with the order.' }),
    // Not Nullable(): a nullable object makes the serializer compile the whole Order with an ajv of
    // its own, which resolves none of its $refs (Unknown writes null as it is).
    recurrence: Type.Unknown({ description: 'How often the order comes back (Recurrence: frequency, interval, daysOfWeek, startsOn, endsOn); null: once.' }),
    routeBehavior: NameEnum(['Default', 'SameRoute', 'SeparateRoutes'] as const, {
      description: 'How dispatch routes it: Default, SameRoute (every stop on one route) or SeparateRoutes.',
    }),
    isOnHold: Type.Boolean({ description: 'A stop of the order is on hold.' }),
    stops: Many(Type.Ref('OrderStop')),
    createdBy: Nullable(UserId),
    createdAt: DateTime,
    updatedAt: DateTime,
    approvedAt: Nullable(DateTime),
    closedAt: Nullable(DateTime),
    deletedAt: Nullable(DateTime),
  },
  { $id: 'Order' },
);
export type OrderT = Omit<Static<typeof Order>, 'stops'> & { stops: OrderStopT[] };

// ---- Input

export const ItemInput = Type.Object({
  description: Type.String({ minLength: 1, maxLength: 500 }),
  quantity: Opt(Type.Number({ exclusiveMinimum: 0, maximum: 1e9 })),
  weight: Opt(Type.Number({ minimum: 0, maximum: 1e9 })),
  pallets: Opt(Type.Number({ minimum: 0, maximum: 1e6 })),
  barcode: Opt(Text(100)),
});
export type ItemInputT = Static<typeof ItemInput>;

/** A new place for a stop: the fields of an address, saved with the order's customer's addresses. */
const StopAddressInput = Type.Object(AddressInputFields);

export const StopInput = Type.Object({
  type: NameEnum(STOP_TYPES),
  addressId: Opt(Id),
  address: Opt(StopAddressInput),
  date: Opt(Day()),
  timeWindowStart: Opt(DateTime),
  timeWindowEnd: Opt(DateTime),
  priority: Opt(NameEnum(PRIORITIES, { default: 'Regular' })),
  driverInstructions: Opt(Text(2000)),
  notes: Opt(Text(2000)),
  contactName: Opt(Text(200)),
  contactPhone: Opt(Text(50)),
  items: Opt(Type.Array(ItemInput, { maxItems: MAX_ITEMS })),
});
export type StopInputT = Static<typeof StopInput>;

export const OrderInput = Type.Object({
  orderNumber: Opt(Type.String({ minLength: 1, maxLength: 64, description: 'Generated (the next free number of the company) when absent.' })),
  status: Opt(NameEnum(['Dreft', 'Quote'] as const, { description: 'Dreft (a quote still being written) or Quote (default).' })),
  customerId: Id,
  contactId: Opt(Id),
  shipmentTypeId: Opt(Id),
  referenceNumber: Opt(Text(100)),
  notes: Opt(Text(4000)),
  currency: Opt(Type.String({ minLength: 3, maxLength: 3, description: "ISO 4217; default: the pricing model's." })),
  distance: Opt(
    Type.Number({ minimum: 0, maximum: 100000, description: 'Road distance of the whole order; default: measured between the stops (great circle × 1.3).' }),
  ),
  distanceUnit: Opt(NameEnum(['mi', 'km'] as const, { description: "Unit of distance; default: the pricing model's." })),
  weightUnit: Opt(NameEnum(['lb', 'kg'] as const, { description: "Unit of the items' weights (default lb)." })),
  chargeTypeIds: Opt(Type.Array(Id, { maxItems: 100, description: 'Accessorials to price with the order (liftgate, inside delivery...).' })),
  totalPrice: Opt(Type.Number({ minimum: 0, maximum: 999999999999.99, description: 'A price set by hand: the order is not priced by the model.' })),
  stops: Type.Array(StopInput, { maxItems: MAX_STOPS }),
});
export type OrderInputT = Static<typeof OrderInput>;

// ---- Queries and bodies

export const OrderIdParams = Type.Object({ id: Id });
export const OrderNumberParams = Type.Object({ orderNumber: Type.String({ minLength: 1, maxLength: 64 }) });
export const QuoteIdQuery = Type.Object({ quoteId: Id });
export const OrderIdsBody = Type.Array(Id, { minItems: 1, maxItems: 1000, description: 'Order ids.' });

export const OrdersQuery = Type.Object({
  Page: SharedListParams.Page,
  ItemsPerPage: SharedListParams.ItemsPerPage,
  SearchTerm: SharedListParams.SearchTerm,
  SortBy: SharedListParams.SortBy,
  SortDirection: SharedListParams.SortDirection,
  OrderStatus: SharedListParams.OrderStatus,
  Customers: SharedListParams.Customers,
  Drivers: SharedListParams.Drivers,
  DateRange: SharedListParams.DateRange,
  OrderNumber: SharedListParams.OrderNumber,
  Cities: SharedListParams.Cities,
  ZoneIds: SharedListParams.ZoneIds,
  IsOrder: SharedListParams.IsOrder,
  IsOnlyCreatedByCurrentUser: SharedListParams.IsOnlyCreatedByCurrentUser,
});
export type OrdersQueryT = Static<typeof OrdersQuery>;
