// Transfers through hubs: a Transfer stop of an order at a hub (a warehouse's place or an address
// marked isHub), whose two legs run on two routes — dropped at the hub by the first, taken on from
// it by the second. What a client sends and what it reads.
import { DateTime, Day, Id, Many, Nullable, Opt, type Static, Text, Type } from '../../platform/schemas.js';
import { RouteEnd } from './routes.schemas.js';

export const TransferStopInput = Type.Object(
  {
    orderId: Id,
    warehouseId: Opt(Id),
    addressId: Opt(Type.Integer({ format: 'int32', description: 'An address of the company marked isHub.' })),
    date: Opt(Day()),
    timeWindowStart: Opt(DateTime),
    timeWindowEnd: Opt(DateTime),
    notes: Opt(Text(2000)),
  },
  { $id: 'TransferStopInput', description: 'The order and the hub: a warehouse (warehouseId) or an address marked isHub (addressId).' },
);
export type TransferStopInputT = Static<typeof TransferStopInput>;

export const TransferOption = Type.Object(
  {
    warehouseId: Nullable(Id),
    addressId: Id,
    name: Nullable(Type.String()),
    city: Type.String(),
    addedDistanceMeters: Type.Number({ description: "Added to the way from the order's last pickup to its first delivery by going through the hub." }),
    addedDurationSeconds: Type.Number(),
  },
  { $id: 'TransferOption' },
);

export const TransferStop = Type.Object(
  {
    id: Nullable(Id),
    orderId: Id,
    warehouseId: Nullable(Id),
    address: RouteEnd,
    legs: Many(Type.Ref('RouteItem'), { description: 'Its two legs: DeliveryToTransfer and PickupFromTransfer.' }),
    options: Many(Type.Ref('TransferOption'), { description: 'TransferOptions: the hubs, best (least added distance) first; else empty.' }),
  },
  { $id: 'TransferStop' },
);

export const HubAddressInput = Type.Object(
  {
    id: Opt(Type.Integer({ format: 'int32', description: 'An address of the company marked isHub.' })),
    warehouseId: Opt(Id),
  },
  { $id: 'HubAddressInput', description: "The spec's body is an Address: its id names the hub (an address marked isHub), or warehouseId a warehouse." },
);
export type HubAddressInputT = Static<typeof HubAddressInput>;

export const TransferRouteItemsQuery = Type.Object({
  routeId: Id,
  transferStopIds: Type.Optional(Many(Id, { description: 'Transfer stops; absent: every transfer stop on the route.' })),
});
export const OrderQuery = Type.Object({ orderId: Id });
export const TransferStopParams = Type.Object({ transferStopId: Id });

export const OrderRouteLeg = Type.Object(
  {
    routeItem: Type.Ref('RouteItem'),
    routeName: Nullable(Type.String()),
    routeDate: Nullable(Day()),
    routeStatus: Nullable(Type.String()),
    driverId: Nullable(Id),
    driverName: Nullable(Type.String()),
    truckId: Nullable(Id),
  },
  { $id: 'OrderRouteLeg' },
);

export const OrderRouteSnapshotDto = Type.Object(
  {
    orderId: Id,
    orderNumber: Type.String(),
    status: Type.String(),
    legs: Many(Type.Ref('OrderRouteLeg'), {
      description: "Every leg of the order's stops in stop order (a transfer's two), with its route or none (the pool).",
    }),
  },
  { $id: 'OrderRouteSnapshotDto' },
);
