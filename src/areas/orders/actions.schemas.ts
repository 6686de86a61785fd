// Models of the quote actions: the driver's copy, trips, the buying price, the warehouses check
// and a customer's order statistics.
import { DateTime, Id, Many, Money, NameEnum, Nullable, Opt, type Static, Type } from '../../platform/schemas.js';
import { Order } from './orders.schemas.js';

/** The order as a driver sees it: no prices. */
const { totalPrice, buyingPrice, isCustomPrice, priceLines, priceWarnings, chargeTypeIds, currency, ...driverFields } = Order.properties;
export const DriverOrderDto = Type.Object(driverFields, {
  $id: 'DriverOrderDto',
  description: 'The order as a driver gets it (copyOrderToDriver): its stops, places, items and instructions, without prices.',
});

export const DriverCopyQuery = Type.Object({
  orderStopId: Opt({ ...Id, description: 'Only this stop of the order.' } as typeof Id),
  routeId: Opt({ ...Id, description: 'Only the stops on this route.' } as typeof Id),
});
export type DriverCopyQueryT = Static<typeof DriverCopyQuery>;

export const TRIP_STATUSES = ['Open', 'Assigned', 'InTransit', 'Delivered'] as const;
export const OrderTrip = Type.Object(
  {
    sequence: Type.Integer({ description: 'Leg of the order, from 1.' }),
    fromStopIds: Many(Id),
    toStopIds: Many(Id),
    fromCity: Nullable(Type.String()),
    toCity: Nullable(Type.String()),
    status: NameEnum(TRIP_STATUSES, {
      description: 'Open: a stop of the leg is on no route; Assigned: all on routes, none done; InTransit: its start done; Delivered: its end done.',
    }),
    routeIds: Many(Id),
  },
  { $id: 'OrderTrip' },
);
export type OrderTripT = Static<typeof OrderTrip>;

export const UpdateBuyingPriceDto = Type.Object(
  {
    buyingPrice: Type.Union([Type.Number({ minimum: 0, maximum: 999999999999.99 }), Type.Null()], { description: 'What the carrier is paid; null clears it.' }),
  },
  { $id: 'UpdateBuyingPriceDto' },
);
export type UpdateBuyingPriceT = Static<typeof UpdateBuyingPriceDto>;

export const QuoteWarehousesRequest = Type.Object(
  { warehouseIds: Type.Array(Id, { minItems: 1, maxItems: 100, description: 'The warehouses the quote goes through (its transfer stops).' }) },
  { $id: 'QuoteWarehousesRequest' },
);
export type QuoteWarehousesRequestT = Static<typeof QuoteWarehousesRequest>;

export const RecentAddressesQuery = Type.Object({
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'How many (default 10).' })),
  customerId: Opt(Id),
});
export const CustomerIdQuery = Type.Object({ customerId: Id });

export const CustomerStats = Type.Object(
  {
    customerId: Id,
    quotes: Type.Integer({ description: 'Live quotes and drafts.' }),
    openOrders: Type.Integer({ description: 'Approved orders not closed yet.' }),
    closedOrders: Type.Integer(),
    deleted: Type.Integer(),
    onHold: Type.Integer({ description: 'Live quotes and orders with a stop on hold.' }),
    revenue: Many(Type.Object({ currency: Type.String(), amount: Money }), { description: 'Total price of approved and closed orders, by currency.' }),
    averageOrderValue: Many(Type.Object({ currency: Type.String(), amount: Money }), { description: 'By currency.' }),
    firstOrderAt: Nullable(DateTime),
    lastOrderAt: Nullable(DateTime),
  },
  { $id: 'CustomerStats' },
);
export type CustomerStatsT = Static<typeof CustomerStats>;
