// Quotes and order stops (part 1, "Quotes and order stops"): /Quotes. A quote and an order are one
// record (Order) whose status tells which it is.

import { companyAdmin } from '../../platform/access.js';
import { None, PagedList } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Type } from '../../platform/schemas.js';
import { chargeTypeRecords } from '../charge-types/index.js';
import { contactRecords, customerRecords } from '../customers/index.js';
import { driverRecords } from '../drivers/index.js';
import { shipmentTypeRecords } from '../pricing/index.js';
import { warehouseRecords, zoneRecords } from '../settings/index.js';
import {
  CustomerIdQuery,
  CustomerStats,
  DriverCopyQuery,
  DriverOrderDto,
  OrderTrip,
  QuoteWarehousesRequest,
  RecentAddressesQuery,
  UpdateBuyingPriceDto,
} from './actions.schemas.js';
import type { ActionsService } from './actions.service.js';
import { APPROVE, COPY_FOR_DRIVER, EDIT, REPEAT, VIEW } from './orders.access.js';
import { anyOrderRecords, lockedOrderRecords, orderRecords } from './orders.repository.js';
import { Order, OrderIdParams, OrderIdsBody, OrderInput, OrderNumberParams, OrdersQuery, QuoteIdQuery } from './orders.schemas.js';
import type { OrdersService } from './orders.service.js';
import { stopPlaceRecords } from './stop-places.js';
import { stopRecords } from './stops.repository.js';

/** What GET /Quotes lists when OrderStatus is not sent: every live quote and order. */
const QUOTES = { defaultStatuses: ['Dreft', 'Quote', 'Order', 'Closed'] } as const;

export const ORDER_BODY_IDS = {
  customerId: customerRecords,
  contactId: contactRecords,
  shipmentTypeId: shipmentTypeRecords,
  chargeTypeIds: chargeTypeRecords,
  // Any place of the company (a customer's, a hub, a warehouse's site), as placesFor reads them.
  'stops[].addressId': stopPlaceRecords,
} as const;

export function quotesRoutes(orders: OrdersService, actions: ActionsService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/Quotes',
      access: VIEW,
      ids: { query: { Customers: { filter: customerRecords }, Drivers: { filter: driverRecords }, ZoneIds: { filter: zoneRecords } } },
      summary: 'List quotes and orders',
      description:
        'Newest first. Shared list parameters that apply: OrderStatus (Dreft, Quote, Order, Closed, Deleted; OnHold: those with a stop on hold; default: every status but Deleted), ' +
        'Customers, Drivers (a stop on a route of one of them), DateRange (created between), OrderNumber (starting with, any case), Cities (a stop in one of them), ZoneIds (a stop whose postal code is in one of the zones), IsOrder (approved or closed: true; quotes and drafts: false), ' +
        "IsOnlyCreatedByCurrentUser, SearchTerm (contained in the order number, the customer's name or a stop's address), SortBy createdAt (default, descending), orderNumber, " +
        'totalPrice or customerName, SortDirection, Page, ItemsPerPage (up to 1000). totalCount is exact.',
      querystring: OrdersQuery,
      response: PagedList(Order),
      handler: ({ tenant, query }) => orders.list(tenant, query, QUOTES),
    }),
    defineRoute({
      method: 'POST',
      url: '/Quotes',
      access: EDIT,
      ids: { body: ORDER_BODY_IDS },
      summary: 'Make a quote',
      description:
        "customerId and stops are required; each stop names a place by addressId (an address of the company: a customer's, a hub, a warehouse) or sends an address, " +
        "which joins the customer's addresses (or is the customer's address already at that place). Stops are kept pickups first, then transfers, then deliveries, each in the order sent. " +
        'status is Quote when there is a pickup and a delivery, else Dreft (a draft); Quote with a stop kind missing is refused (orders.incomplete_quote). orderNumber is the next free ' +
        "number of the company unless sent (unique, any case: orders.duplicate_order_number). The quote is priced by the rating engine from the customer's pricing model " +
        "(the company's when it has none): linehaul by distance (sent, or measured along the stops), zones or countries, the shipment type, the accessorials of chargeTypeIds and the " +
        "company's fuel surcharge; priceLines holds the breakdown and priceWarnings what the engine noticed. totalPrice sets the price by hand instead (isCustomPrice). " +
        'Item barcodes are unique in the company. Writes the activity log, an audit row and the company event quote.created.',
      body: OrderInput,
      response: Order,
      handler: ({ tenant, found, body }) =>
        orders.create(tenant, body, { customer: found.one(customerRecords), contact: found.maybe(contactRecords), places: found.all(stopPlaceRecords) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Quotes',
      access: EDIT,
      // The body is the list of ids: deleted ones too (deleting one again changes nothing), locked.
      ids: { body: { '[]': lockedOrderRecords } },
      summary: 'Delete quotes and orders',
      description:
        "Body: the ids. Marks them Deleted (restorable; their status before is kept). All or nothing: an unknown id (or another company's) is a 404 naming it, a closed order a 400 " +
        '(orders.closed), and nothing changes. Deleting a deleted one changes nothing.',
      body: OrderIdsBody,
      response: None,
      handler: ({ tenant, found }) => orders.removeMany(tenant, found.all(lockedOrderRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Quotes/QuoteCheck/:orderNumber',
      access: VIEW,
      ids: { params: { orderNumber: 'not-an-id' } },
      summary: 'Whether an order number is taken',
      description: 'data is true when the company has a quote or order (deleted ones included) with this number, any case; false otherwise.',
      params: OrderNumberParams,
      response: Type.Boolean(),
      handler: ({ tenant, params }) => orders.numberExists(tenant, params.orderNumber),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Quotes/ApproveQuote',
      access: APPROVE,
      ids: { query: { quoteId: lockedOrderRecords } },
      summary: 'Approve a quote: it becomes an order',
      description:
        'A draft or a quote with a pickup and a delivery becomes an order (approvedAt). Refused with a 400 naming the rule for a closed order (orders.not_a_quote), a deleted one ' +
        '(orders.deleted) or a quote without a pickup or a delivery (orders.incomplete_quote). An order approved already is left as it is. Writes the company event quote.approved.',
      querystring: QuoteIdQuery,
      response: None,
      handler: ({ tenant, found }) => orders.approve(tenant, found.one(orderRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Quotes/ApproveQuotesBulk',
      access: APPROVE,
      // The body is the list of ids: deleted ones too (refused by name: orders.deleted), locked.
      ids: { body: { '[]': lockedOrderRecords } },
      summary: 'Approve quotes',
      description:
        'Body: the quote ids. All or nothing: when one cannot be approved (see ApproveQuote) the answer is a 400 whose errors name each refused id, and none is approved; an unknown ' +
        'id is a 404 naming it.',
      body: OrderIdsBody,
      response: None,
      handler: ({ tenant, found }) => orders.approveMany(tenant, found.all(lockedOrderRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Quotes/RecentUsedAddresses',
      access: VIEW,
      ids: { query: { customerId: customerRecords } },
      summary: 'Addresses used most recently',
      description:
        "The places the company's stops went to most recently, each once, newest first: count of them (default 10, at most 100); with customerId, on that customer's orders.",
      querystring: RecentAddressesQuery,
      response: Type.Array(Type.Ref('Address')),
      handler: ({ tenant, found, query }) => actions.recentAddresses(tenant, query.count ?? 10, found.maybe(customerRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Quotes/RecentUsedCustomerContact',
      access: VIEW,
      ids: { query: { customerId: customerRecords } },
      summary: "The contact used on the customer's latest order",
      description: "data is the id of the contact of the customer's newest live order that names one, or null.",
      querystring: CustomerIdQuery,
      response: Type.Union([Type.Integer({ format: 'int32' }), Type.Null()]),
      handler: ({ tenant, found }) => actions.recentContact(tenant, found.one(customerRecords)),
    }),
    defineRoute({
      method: 'POST',
      url: '/Quotes/ValidateQuoteWarehouses',
      access: VIEW,
      readOnly: true,
      ids: { body: { warehouseIds: warehouseRecords } },
      summary: 'Check the warehouses a quote goes through',
      description:
        'Body: { warehouseIds }. Each must be a warehouse of the company (else 404 naming it), active and with coordinates (else 400 orders.warehouse_unusable, one error per ' +
        'warehouse). Writes nothing; data is null when all can be used.',
      body: QuoteWarehousesRequest,
      response: None,
      handler: ({ found }) => actions.validateWarehouses(found.all(warehouseRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Quotes/:id/BuyingPrice',
      access: companyAdmin,
      ids: { params: { id: lockedOrderRecords } },
      summary: 'Record what the carrier is paid',
      description:
        'Body: { buyingPrice } (null clears it). Needs the Company Admin role. Refused for a closed or deleted order. The order answers it as buyingPrice.',
      params: OrderIdParams,
      body: UpdateBuyingPriceDto,
      response: None,
      handler: ({ tenant, found, body }) => actions.setBuyingPrice(tenant, found.one(orderRecords), body),
    }),
    defineRoute({
      method: 'GET',
      url: '/Quotes/:id/copyOrderToDriver',
      access: COPY_FOR_DRIVER,
      // orderStopId names a stop of the order (a missing one, or one of another order, is a 404).
      ids: { params: { id: anyOrderRecords }, query: { orderStopId: stopRecords, routeId: 'not-an-id' } },
      summary: 'The order as the driver gets it',
      description:
        'Stops, places, items and instructions, without prices. orderStopId keeps that stop only (one of another order: 404); routeId the stops on that route.',
      params: OrderIdParams,
      querystring: DriverCopyQuery,
      response: DriverOrderDto,
      handler: ({ tenant, found, query }) => actions.driverCopy(tenant, found.one(orderRecords), query, found.maybe(stopRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Quotes/:id/repeat',
      access: REPEAT,
      ids: { params: { id: anyOrderRecords } },
      summary: 'Repeat an order as a new quote',
      description:
        "A new quote (or draft) for the same customer and contact with the same stops' places, instructions and items (barcodes and dates are not copied) and the same " +
        'accessorials, numbered and priced today (a price set by hand is kept). Answers the new order.',
      params: OrderIdParams,
      response: Order,
      handler: ({ tenant, found }) => actions.repeat(tenant, found.one(orderRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Quotes/:id/Swap',
      access: EDIT,
      ids: { params: { id: lockedOrderRecords } },
      summary: 'Swap pickup and delivery stops',
      description:
        'Every pickup becomes a delivery and every delivery a pickup (the way back); transfers stay and are gone through in reverse; the items are loaded at the new first pickup. The order is priced again. ' +
        'Refused for a closed or deleted order. Writes the company event order.updated.',
      params: OrderIdParams,
      response: None,
      handler: ({ tenant, found }) => actions.swap(tenant, found.one(orderRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Quotes/:id/Trips',
      access: VIEW,
      ids: { params: { id: anyOrderRecords } },
      summary: 'The legs of the order',
      description:
        'Pickups → each transfer → deliveries, one leg between each; status Open (a stop of the leg on no route), Assigned (all on routes), InTransit (its start done) or ' +
        'Delivered (its end done), with the routes it is on.',
      params: OrderIdParams,
      response: Type.Array(OrderTrip),
      handler: ({ tenant, found }) => actions.trips(tenant, found.one(orderRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Quotes/:id',
      access: VIEW,
      ids: { params: { id: anyOrderRecords } },
      summary: 'Read a quote or an order',
      description:
        'With its stops (address, items) and price breakdown; a deleted one too (status Deleted). moveCompletedToTheEnd=true lists the stops done on their route last.',
      params: OrderIdParams,
      querystring: Type.Object({ moveCompletedToTheEnd: Type.Optional(Type.Boolean({ default: false })) }),
      response: Order,
      handler: ({ tenant, found, query }) => orders.answer(tenant, found.one(orderRecords), { moveCompletedToTheEnd: query.moveCompletedToTheEnd ?? false }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Quotes/:id',
      access: EDIT,
      ids: { params: { id: lockedOrderRecords } },
      summary: 'Delete a quote or an order',
      description: 'As DELETE /Quotes for one id.',
      params: OrderIdParams,
      response: None,
      handler: ({ tenant, found }) => orders.removeOne(tenant, found.one(orderRecords)),
    }),
  ];
}

/** GET /Customers/CustomerStats: served here, where the orders are (the customers area cannot read them). */
export function customerStatsRoutes(actions: ActionsService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/Customers/CustomerStats',
      access: VIEW,
      tags: ['Customers'],
      // A deleted customer's figures too.
      ids: { query: { customerId: customerRecords.with({ statuses: [0, 1] }) } },
      summary: "A customer's orders in figures",
      description:
        'Counts of live quotes (and drafts), open and closed orders, deleted ones and those on hold; revenue and average order value of approved and closed orders by currency; ' +
        'the first and last order. A deleted customer is answered too.',
      querystring: CustomerIdQuery,
      response: CustomerStats,
      handler: ({ tenant, found }) => actions.customerStats(tenant, found.one(customerRecords)),
    }),
  ];
}
