// Quotes and orders (part 1, "Quotes and order stops", "Orders"): one record, Order, whose status
// says whether it is a quote or an order, with its stops and items, priced by the rating engine.
import { type Area, perApp } from '../../platform/area.js';
import { on } from '../../platform/events.js';
import { contactUsesMoved, customersMerged } from '../customers/index.js';
import { CustomerStats, DriverOrderDto, OrderTrip, QuoteWarehousesRequest, UpdateBuyingPriceDto } from './actions.schemas.js';
import { actionsService } from './actions.service.js';
import { OrderBarcode, OrderContacts, StopWarnings } from './details.schemas.js';
import { detailsService } from './details.service.js';
import { activityRecords } from './history.repository.js';
import { OrderActivity, OrderAuditEntry } from './history.schemas.js';
import { historyService } from './history.service.js';
import { OrderHold } from './holds.schemas.js';
import { holdsService } from './holds.service.js';
import { orderStopsRoutes } from './order-stops.routes.js';
import { OrdersErrors } from './orders.errors.js';
import { orderRecords } from './orders.repository.js';
import { ordersRoutes } from './orders.routes.js';
import { Order, OrderItem, OrderStop, PriceLine } from './orders.schemas.js';
import { ordersService } from './orders.service.js';
import { moveContactUses, moveCustomers } from './orders.subscriptions.js';
import { quoteStepsRoutes } from './quote-steps.routes.js';
import { quoteTransferService } from './quote-transfer.service.js';
import { quoteUpdatesService } from './quote-updates.service.js';
import { customerStatsRoutes, quotesRoutes } from './quotes.routes.js';
import { itemRecords, stopRecords } from './stops.repository.js';
import { OrderItemEventDto, OrderStopDriverInstructionsDto } from './stops.schemas.js';
import { stopsService } from './stops.service.js';

const services = perApp(() => {
  const orders = ordersService();
  const stops = stopsService();
  return {
    orders,
    holds: holdsService(),
    history: historyService(),
    details: detailsService(),
    stops,
    actions: actionsService(orders),
    updates: quoteUpdatesService(orders),
    transfer: quoteTransferService(orders, stops),
  };
});

/** The orders' services of the app (other areas answer an Order through them). */
export const orderServices = services;
export type OrderServices = ReturnType<typeof services>;

export const quotesArea: Area = {
  name: 'Quotes and order stops',
  errors: OrdersErrors,
  resources: [orderRecords, stopRecords, itemRecords],
  schemas: [
    OrderItem,
    OrderStop,
    PriceLine,
    Order,
    OrderItemEventDto,
    OrderStopDriverInstructionsDto,
    DriverOrderDto,
    OrderTrip,
    UpdateBuyingPriceDto,
    QuoteWarehousesRequest,
    CustomerStats,
  ],
  subscriptions: [on(customersMerged, 'orders', moveCustomers), on(contactUsesMoved, 'orders', moveContactUses)],
  routes: (deps) => {
    const { orders, stops, actions, updates, transfer } = services(deps);
    return [...quotesRoutes(orders, actions), ...quoteStepsRoutes(updates, transfer), ...orderStopsRoutes(stops), ...customerStatsRoutes(actions)];
  },
};

export const ordersArea: Area = {
  name: 'Orders',
  resources: [activityRecords],
  schemas: [OrderHold, OrderActivity, OrderAuditEntry, OrderBarcode, OrderContacts, StopWarnings],
  routes: (deps) => ordersRoutes(services(deps)),
};

// Dispatch writes the order's history of what happens on routes through these (this area owns the tables).
export { logActivity } from './order-activity.js';
export { ordersOf, toItem } from './orders.answers.js';
export {
  orderClosed,
  orderDeleted,
  orderHeld,
  orderPurged,
  orderPurging,
  orderReleased,
  orderRouteItemsCompleted,
  orderStopAdded,
  orderUpdated,
  quoteApproved,
  quoteCreated,
  quoteStepSaved,
} from './orders.events.js';
export { anyOrderRecords, itemsOf as orderItemsOf, orderRecords } from './orders.repository.js';
export type { OrderItemT, OrderStopT, OrderT } from './orders.schemas.js';
export { ordersService } from './orders.service.js';
export { mirrorStopRoutes, type StopRoute } from './route-mirror.js';
export { addItemEvents, itemRecords, stopRecords } from './stops.repository.js';
export { stopsService } from './stops.service.js';
