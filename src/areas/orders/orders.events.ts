// What the orders area announces (platform/events.ts): each is appended to the company event log
// in the transaction of the change (docs/architecture.md, "Company events"), and other areas may subscribe.
import { companyEvent } from '../../platform/events.js';
import type { OrderStatus } from './orders.tables.js';

interface OrderChange {
  orderId: number;
  orderNumber: string;
  customerId: number;
  status: OrderStatus;
}

interface StopChange extends OrderChange {
  stopId: number;
}

const orderEvent = (name: string, description: string) =>
  companyEvent<OrderChange>(name, {
    entity: 'order',
    description,
    entry: (p) => ({ id: p.orderId, payload: { orderNumber: p.orderNumber, customerId: p.customerId, status: p.status } }),
  });

export const quoteCreated = orderEvent('quote.created', 'A quote (or a draft, status Dreft) was made.');
export const quoteApproved = orderEvent('quote.approved', 'A quote was approved: it is an order now.');
export const orderClosed = orderEvent('order.closed', 'An order was closed.');
export const orderDeleted = orderEvent('order.deleted', 'A quote or an order was deleted (restorable).');
export const orderUpdated = orderEvent('order.updated', 'An order was changed: a step of it saved, or its stops swapped.');
export const orderHeld = orderEvent('order.held', "An order's delivery stops were put on hold.");
export const orderReleased = orderEvent('order.released', "An order's holds were released.");
export const orderPurged = orderEvent('order.purged', 'A quote or an order was deleted permanently, with everything hanging on it.');
/** Before an order is purged (not logged): an area whose records name it refuses, or lets go. */
export const orderPurging = companyEvent<{ orderId: number; orderNumber: string }>('order.purging');
/** A step of a quote or order was saved (not logged): accounting invoices an approved order when
 *  the step asks for it (createInvoice, PUT /Quotes/{id}/{quoteUpdateType}). */
export const quoteStepSaved = companyEvent<{ orderId: number; status: string; createInvoice: boolean }>('order.step_saved');

const stopEvent = (name: string, description: string) =>
  companyEvent<StopChange>(name, {
    entity: 'order_stop',
    description,
    entry: (p) => ({ id: p.stopId, payload: { orderId: p.orderId, orderNumber: p.orderNumber, customerId: p.customerId } }),
  });

export const orderStopAdded = stopEvent('order_stop.added', 'A stop was added to an order.');
export const orderStopChanged = stopEvent('order_stop.changed', "A stop's appointment, call outcome, driver instructions or priority changed.");

/** A quote step asked that the order's stops on routes be done (completeQuoteRouteItems): dispatch,
 *  which keeps the legs, marks them. Not logged: dispatch's route_items.status_changed says it. */
export const orderRouteItemsCompleted = companyEvent<{ orderId: number }>('order.route_items_completed');
