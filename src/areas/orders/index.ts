// Quotes and orders (part 1, "Quotes and order stops", "Orders"): one record, Order, whose status
// says whether it is a quote or an order, with its stops and items, priced by the rating engine.
import { type Area, perApp } from '../../platform/area.js';
import { on } from '../../platform/events.js';
import { contactUsesMoved, customersMerged } from '../customers/index.js';
import { OrdersErrors } from './orders.errors.js';
import { orderRecords } from './orders.repository.js';
import { ordersRoutes } from './orders.routes.js';
import { Order, OrderItem, OrderStop, PriceLine } from './orders.schemas.js';
import { ordersService } from './orders.service.js';
import { moveContactUses, moveCustomers } from './orders.subscriptions.js';
import { quotesRoutes } from './quotes.routes.js';

const services = perApp(() => ({ orders: ordersService() }));

export const quotesArea: Area = {
  name: 'Quotes and order stops',
  errors: OrdersErrors,
  resources: [orderRecords],
  schemas: [OrderItem, OrderStop, PriceLine, Order],
  subscriptions: [on(customersMerged, 'orders', moveCustomers), on(contactUsesMoved, 'orders', moveContactUses)],
  routes: (deps) => quotesRoutes(services(deps).orders),
};

export const ordersArea: Area = {
  name: 'Orders',
  routes: (deps) => ordersRoutes(services(deps).orders),
};

export { orderClosed, orderDeleted, quoteApproved, quoteCreated } from './orders.events.js';
export { orderRecords } from './orders.repository.js';
