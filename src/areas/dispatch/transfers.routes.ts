// Transfers through hubs (part 1, "Dispatch and routes"), and the Quotes row that routes an order
// through a hub (AssignHub, served here with them).
import { None, withNotices } from '../../platform/envelope.js';
import type { Found } from '../../platform/id-gate.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Many, Type } from '../../platform/schemas.js';
import { addressRecords } from '../customers/index.js';
import { orderRecords, stopRecords } from '../orders/index.js';
import { warehouseRecords } from '../settings/index.js';
import { EDIT_ORDERS, VIEW } from './dispatch.access.js';
import { routeRecords } from './routes.repository.js';
import { HubAddressInput, OrderQuery, TransferRouteItemsQuery, TransferStopInput, TransferStopParams } from './transfers.schemas.js';
import type { HubRecords, TransfersService } from './transfers.service.js';

const HUB_IDS = { orderId: orderRecords, warehouseId: warehouseRecords, addressId: addressRecords } as const;
/** The hub the body names, as the id gate read it. */
const hubOf = (found: Found): HubRecords => ({ warehouse: found.maybe(warehouseRecords), address: found.maybe(addressRecords) });
const HUB =
  'The hub is a warehouse (warehouseId: its place) or an address of the company marked isHub (addressId). The order gets a Transfer stop there (priced again), ' +
  'whose two legs — DeliveryToTransfer, PickupFromTransfer — join the unassigned pool when the order is approved.';

export function transfersRoutes(transfers: TransfersService): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/Routes/NewTransfer',
      access: EDIT_ORDERS,
      ids: { body: HUB_IDS },
      summary: 'Route an order through a hub',
      description: `${HUB} Answers the new stop.`,
      body: TransferStopInput,
      response: Type.Ref('OrderStop'),
      handler: ({ tenant, found, body }) => transfers.add(tenant, body, hubOf(found)),
    }),
    defineRoute({
      method: 'POST',
      url: '/Quotes/AssignHub',
      access: EDIT_ORDERS,
      tags: ['Quotes and order stops'],
      ids: { body: HUB_IDS },
      summary: 'Route an order through a hub (from the quote)',
      description: `POST /Routes/NewTransfer from the quote screen: ${HUB}`,
      body: TransferStopInput,
      response: None,
      handler: ({ tenant, found, body }) => transfers.assignHub(tenant, body, hubOf(found)),
    }),
    defineRoute({
      method: 'POST',
      url: '/Routes/TransferOptions',
      access: VIEW,
      readOnly: true,
      ids: { body: HUB_IDS },
      summary: 'The hubs an order could go through, best first',
      description:
        "Every active warehouse and address marked isHub with coordinates, ranked by the distance going through it adds to the way from the order's last pickup to " +
        "its first delivery (the optimizer's insertion), in options; address and warehouseId are the best one's. A hub sent in the body must be the company's (it is ranked with the others). Changes nothing.",
      body: TransferStopInput,
      response: Type.Ref('TransferStop'),
      handler: ({ tenant, found, body }) => transfers.options(tenant, body, hubOf(found)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Routes/TransferRouteItems',
      access: VIEW,
      ids: { query: { routeId: routeRecords, transferStopIds: { filter: stopRecords } } },
      summary: "A route's legs at transfer stops",
      description: 'What the route drops at those hubs or takes on from them.',
      querystring: TransferRouteItemsQuery,
      response: Many(Type.Ref('RouteItem')),
      handler: ({ tenant, found, query }) => transfers.routeItems(tenant, found.one(routeRecords), query.transferStopIds),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Routes/Transfers/:transferStopId',
      access: EDIT_ORDERS,
      ids: { params: { transferStopId: stopRecords } },
      summary: 'Remove a transfer',
      description:
        'Its legs leave their routes, the Transfer stop goes (later stops move up, the order is priced again). A transfer with a done leg stays (routes.item_done).',
      params: TransferStopParams,
      response: None,
      handler: ({ tenant, found }) => transfers.remove(tenant, found.one(stopRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Routes/TransferStops/:transferStopId/Address',
      access: EDIT_ORDERS,
      ids: { params: { transferStopId: stopRecords }, body: { id: addressRecords, warehouseId: warehouseRecords } },
      summary: 'Move a transfer to another hub',
      description:
        'The body names the hub: id (an address marked isHub) or warehouseId. Routes holding its legs keep them, measured again (a warning says so). A transfer with ' +
        'a done leg stays (routes.item_done).',
      params: TransferStopParams,
      body: HubAddressInput,
      response: Type.Ref('TransferStop'),
      handler: async ({ tenant, found }) => {
        const { answer, notices } = await transfers.move(tenant, found.one(stopRecords), hubOf(found));
        return withNotices(answer, notices);
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/Routes/OrderRouteSnapshot',
      access: VIEW,
      ids: { query: { orderId: orderRecords } },
      summary: 'Every leg of an order and the route it is on',
      description: 'Pickup → hub(s) → delivery, in stop order, each leg with its status and its route (name, day, state, driver, truck) or none (the pool).',
      querystring: OrderQuery,
      response: Type.Ref('OrderRouteSnapshotDto'),
      handler: ({ tenant, found }) => transfers.snapshot(tenant, found.one(orderRecords)),
    }),
  ];
}
