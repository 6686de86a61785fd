// Orders (part 1, "Orders"; listed by summary only: parameters and answers are fds's design,
// documented on each route). The invoice rows (close-and-create-invoice, PUT and DELETE
// /Orders/{id}/invoice) are accounting's (order-invoices.routes.ts), which owns invoices.
import { companyAdmin } from '../../platform/access.js';
import { None, PagedList } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Type } from '../../platform/schemas.js';
import { customerRecords } from '../customers/index.js';
import { driverRecords } from '../drivers/index.js';
import { zoneRecords } from '../settings/index.js';
import { OrderBarcode, OrderContacts, StopWarnings } from './details.schemas.js';
import type { DetailsService } from './details.service.js';
import { activityRecords } from './history.repository.js';
import { ActivityParams, HistoryQuery, NoteInput, OrderActivity, OrderAuditEntry } from './history.schemas.js';
import type { HistoryService } from './history.service.js';
import { HoldInput, OrderHold, ReleaseInput } from './holds.schemas.js';
import type { HoldsService } from './holds.service.js';
import { EDIT, VIEW } from './orders.access.js';
import { anyOrderRecords, lockedOrderRecords, orderRecords } from './orders.repository.js';
import { Order, OrderIdParams, OrdersQuery } from './orders.schemas.js';
import type { OrdersService } from './orders.service.js';

/** What GET /Orders lists when OrderStatus is not sent: approved orders, open and closed. */
const ORDERS = { defaultStatuses: ['Order', 'Closed'] } as const;
/** An order read whatever its status, deleted ones too (its history, details and holds stay readable). */
const ORDER_ID = { params: { id: anyOrderRecords } };
/** An order to move or change: deleted ones too (refused by name), locked for the change. */
const LOCKED_ORDER_ID = { params: { id: lockedOrderRecords } };
/** An order (deleted ones too) and one of its activities. */
const ACTIVITY_IDS = { params: { id: anyOrderRecords, activityId: activityRecords } };

export interface OrderRouteServices {
  orders: OrdersService;
  holds: HoldsService;
  history: HistoryService;
  details: DetailsService;
}

export function ordersRoutes({ orders, holds, history, details }: OrderRouteServices): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/Orders',
      access: VIEW,
      ids: { query: { Customers: { filter: customerRecords }, Drivers: { filter: driverRecords }, ZoneIds: { filter: zoneRecords } } },
      summary: 'Search orders',
      description: 'As GET /Quotes, but without OrderStatus it lists approved orders only (Order and Closed).',
      querystring: OrdersQuery,
      response: PagedList(Order),
      handler: ({ tenant, query }) => orders.list(tenant, query, ORDERS),
    }),
    defineRoute({
      method: 'GET',
      url: '/Orders/:id/Activities',
      access: VIEW,
      ids: ORDER_ID,
      summary: 'Stop activities of an order',
      description: "The entries of the order's activity log that are about one of its stops (held, released...), newest first, paged.",
      params: OrderIdParams,
      querystring: HistoryQuery,
      response: PagedList(OrderActivity),
      handler: ({ tenant, found, query }) => history.stopActivities(tenant, found.one(orderRecords), query),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Orders/:id/Activities/:activityId/Note',
      access: EDIT,
      ids: ACTIVITY_IDS,
      summary: 'Add or change the note of an activity',
      description:
        "Body: { note }. Sets the note of an entry of the order's activity log (who and when are kept) and answers the entry; an activity of another order is a 404.",
      params: ActivityParams,
      body: NoteInput,
      response: OrderActivity,
      handler: ({ tenant, found, body }) => history.setNote(tenant, found.one(orderRecords), found.one(activityRecords), body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Orders/:id/Activities/:activityId/Note',
      access: EDIT,
      ids: ACTIVITY_IDS,
      summary: 'Delete the note of an activity',
      description: 'Clears the note and answers the entry.',
      params: ActivityParams,
      response: OrderActivity,
      handler: ({ tenant, found }) => history.deleteNote(tenant, found.one(orderRecords), found.one(activityRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Orders/:id/ActivityLog',
      access: VIEW,
      ids: ORDER_ID,
      summary: 'Activity log of an order',
      description: 'What happened to the order, in words, by whom and when, with the notes people added; newest first, paged (Page, ItemsPerPage).',
      params: OrderIdParams,
      querystring: HistoryQuery,
      response: PagedList(OrderActivity),
      handler: ({ tenant, found, query }) => history.activityLog(tenant, found.one(orderRecords), query),
    }),
    defineRoute({
      method: 'GET',
      url: '/Orders/:id/AuditLog',
      access: VIEW,
      ids: ORDER_ID,
      summary: 'Audit log of an order',
      description: 'Each change of the order with its before and after, user and request id; newest first, paged.',
      params: OrderIdParams,
      querystring: HistoryQuery,
      response: PagedList(OrderAuditEntry),
      handler: ({ tenant, found, query }) => history.auditLog(tenant, found.one(orderRecords), query),
    }),
    defineRoute({
      method: 'GET',
      url: '/Orders/:id/Barcodes',
      access: VIEW,
      writes: true,
      ids: ORDER_ID,
      summary: "Barcodes of the order's items",
      description:
        'One barcode per item line, unique in the company: the one the item was given, else `<orderNumber>-<itemId>`, given the first time they are asked for and kept ' +
        '(an audit row says so).',
      params: OrderIdParams,
      response: Type.Array(OrderBarcode),
      handler: ({ tenant, found }) => details.barcodes(tenant, found.one(orderRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Orders/:id/close',
      access: EDIT,
      ids: LOCKED_ORDER_ID,
      summary: 'Close the order',
      description:
        'An approved order becomes Closed (closedAt) and is answered. A quote or draft is refused (orders.not_an_order: approve it first), a deleted order too (orders.deleted); ' +
        'closing a closed order changes nothing. Writes the company event order.closed.',
      params: OrderIdParams,
      response: Order,
      handler: ({ tenant, found }) => orders.closeOne(tenant, found.one(orderRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Orders/:id/contacts',
      access: VIEW,
      ids: ORDER_ID,
      summary: 'Customer contact details of the order',
      description: "The customer's email and phone, the order's contact, the customer's contacts (primary first) and the person to ask for at each stop.",
      params: OrderIdParams,
      response: OrderContacts,
      handler: ({ tenant, found }) => details.contacts(tenant, found.one(orderRecords)),
    }),
    defineRoute({
      method: 'POST',
      url: '/Orders/:id/Hold',
      access: EDIT,
      ids: LOCKED_ORDER_ID,
      summary: 'Hold the entire order (every delivery stop)',
      description:
        "Body: { reason }. Puts every delivery (drop-off) stop not on hold yet on hold, with the reason, who and when, and answers the order's holds. A stop on hold already keeps " +
        'its hold. Refused for a closed or deleted order (orders.closed, orders.deleted) and an order without a delivery stop (orders.no_delivery_to_hold). The order then shows ' +
        'isOnHold and is found by OrderStatus=OnHold. Writes the company event order.held.',
      params: OrderIdParams,
      body: HoldInput,
      response: Type.Array(OrderHold),
      handler: ({ tenant, found, body }) => holds.hold(tenant, found.one(orderRecords), body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Orders/:id/Hold',
      access: EDIT,
      ids: LOCKED_ORDER_ID,
      summary: 'Release the holds of an order (fds extension)',
      description:
        "Body (optional): { note }. Ends every active hold of the order with the note, who and when, and answers the order's holds. Writes the company event order.released.",
      params: OrderIdParams,
      body: Type.Optional(ReleaseInput),
      response: Type.Array(OrderHold),
      handler: ({ tenant, found, body }) => holds.release(tenant, found.one(orderRecords), body ?? {}),
    }),
    defineRoute({
      method: 'GET',
      url: '/Orders/:id/Holds',
      access: VIEW,
      ids: ORDER_ID,
      summary: 'Active and resolved holds',
      description: 'Oldest first; isActive tells the ones not released yet.',
      params: OrderIdParams,
      response: Type.Array(OrderHold),
      handler: ({ tenant, found }) => holds.list(tenant, found.one(orderRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Orders/:id/JobSiteEmails',
      access: VIEW,
      ids: ORDER_ID,
      summary: 'Job site email addresses',
      description:
        "Where to write about the order's job sites: the stops' appointment emails, then the emails of the customers whose addresses the stops are at (the customer's, then its contacts', primary first), each once.",
      params: OrderIdParams,
      response: Type.Array(Type.String()),
      handler: ({ tenant, found }) => details.jobSiteEmails(tenant, found.one(orderRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Orders/:id/OrderStopsWarnings',
      access: VIEW,
      ids: ORDER_ID,
      summary: 'Warnings for order stops',
      description:
        "Per stop, in the order's sequence: no_time_window, non_working_day (the stop's date is one of the company's non-working days, recurring ones included), no_coordinates " +
        "(its address cannot be placed on a map), over_truck_weight and over_truck_pallets (the stop's items need more than the company's largest type of truck carries). " +
        'An empty list of warnings means nothing to check.',
      params: OrderIdParams,
      response: Type.Array(StopWarnings),
      handler: ({ tenant, found }) => details.stopWarnings(tenant, found.one(orderRecords)),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Orders/:id/Permanent',
      access: companyAdmin,
      ids: ORDER_ID,
      summary: 'Permanently delete the order and related data',
      description:
        'Removes the order (any status, deleted ones included) with its stops, items, item events, holds and activity log; its audit rows and company events stay as history. ' +
        'Cannot be undone: DELETE /Quotes/{id} is the restorable delete. Needs the Company Admin role. Writes the company event order.purged.',
      params: OrderIdParams,
      response: None,
      handler: ({ tenant, found }) => orders.purge(tenant, found.one(orderRecords)),
    }),
  ];
}
