// What the orders area announces (platform/events.ts): each is appended to the company event log
// in the transaction of the change (README "Company events"), and other areas may subscribe.
import { companyEvent } from '../../platform/events.js';
import type { OrderStatus } from './orders.tables.js';

interface OrderChange {
  orderId: number;
  orderNumber: string;
  customerId: number;
  status: OrderStatus;
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
