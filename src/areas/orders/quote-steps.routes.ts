// The /Quotes rows that save a quote step by step and move stops in and out of spreadsheets
// (part 1, "Quotes and order stops").
import { XLSX_TYPE } from '../../integrations/files/spreadsheet.js';
import { None } from '../../platform/envelope.js';
import type { Found } from '../../platform/id-gate.js';
import { type AnyRoute, defineRoute, FileResponse } from '../../platform/route.js';
import { Id, Type } from '../../platform/schemas.js';
import { contactRecords, customerRecords } from '../customers/index.js';
import { EDIT, VIEW } from './orders.access.js';
import { lockedOrderRecords, orderRecords } from './orders.repository.js';
import type { QuoteTransferService } from './quote-transfer.service.js';
import {
  EditParams,
  QuoteStepBody,
  type QuoteStepBodyT,
  QuoteStepParams,
  QuoteStepQuery,
  UpdateQuoteDto,
  type UpdateQuoteDtoT,
} from './quote-updates.schemas.js';
import type { QuoteUpdatesService, StepRefs } from './quote-updates.service.js';
import { ORDER_BODY_IDS } from './quotes.routes.js';
import { stopPlaceRecords } from './stop-places.js';
import { itemRecords, stopRecords } from './stops.repository.js';

/** The order, or null with returnQuote=false. Unknown rather than a nullable Order: a nullable
 *  object makes the serializer compile the Order with an ajv of its own, which resolves no $ref. */
const STEP_ANSWER = Type.Unknown({ description: 'The Order, as GET /Quotes/{id} answers it; null with returnQuote=false.' });

const STEP_IDS = {
  // Deleted ones too: the order's own customer may be deleted (the service moves an order to an active
  // one only); 0 is none (the order keeps its customer, or createCustomerFromQuote makes one).
  customerId: { orNone: customerRecords.with({ statuses: [0, 1] }) },
  contactId: ORDER_BODY_IDS.contactId,
  shipmentTypeId: ORDER_BODY_IDS.shipmentTypeId,
  chargeTypeIds: ORDER_BODY_IDS.chargeTypeIds,
  'stops[].addressId': ORDER_BODY_IDS['stops[].addressId'],
  'stops[].id': stopRecords,
  'stops[].items[].id': itemRecords,
} as const;

/** The records a step's body names, as the id gate read them. */
const stepRefs = (found: Found): StepRefs => ({
  customer: found.maybe(customerRecords),
  contact: found.maybe(contactRecords),
  places: found.all(stopPlaceRecords),
});

const STEPS =
  'quoteUpdateType (number or name): 0 PickupDraft and 1 PickupDone save the pickup stops sent; 2 DeliveryDraft and 3 DeliveryDone the delivery and transfer stops — a ' +
  'stop with its id is changed, one without is added, one of those kinds not sent is removed (refused while it is on a route: orders.stop_on_route), items likewise within ' +
  'a stop; a Done step makes a draft a quote once it has a pickup and a delivery. 4 Pricing saves shipmentTypeId, chargeTypeIds, currency, distance (null: measured), ' +
  'distanceUnit, weightUnit and totalPrice (a price by hand; null: the model prices it again). 5 Recurrence saves recurrence (frequency Daily, Weekly or Monthly, interval, ' +
  'daysOfWeek, startsOn, endsOn; null: once). 6 OrderRouteBehavior saves routeBehavior (Default, SameRoute, SeparateRoutes). Every step also saves contactId, ' +
  'referenceNumber and notes when sent, and customerId (or, with createCustomerFromQuote=true, makes the customer of body.customer). The order is priced again. ' +
  'completeQuoteRouteItems=true marks its stops that are on a route done. createInvoice (default true): a step of an approved order invoices it — its invoice made (a Draft), or made again from its new price while a Draft; an approved invoice is left as it is; a quote or draft is not invoiced (false: the invoice is left as it is). ' +
  'returnQuote=false answers data null. Refused for a closed or deleted order.';

export function quoteStepsRoutes(updates: QuoteUpdatesService, transfer: QuoteTransferService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/Quotes/export',
      access: VIEW,
      ids: { query: { ids: orderRecords } },
      summary: 'Export orders as a spreadsheet of their stops',
      description:
        'An .xlsx with a row per item (a stop without items is one row): the order number, status and customer, then the columns of ImportOrderStops, so the rows import ' +
        "again. ids (repeated) chooses orders (another company's: 404); none exports every live order. sample=true answers the template with the sample rows.",
      querystring: Type.Object({
        ids: Type.Optional(Type.Array(Id, { maxItems: 1000 })),
        sample: Type.Optional(Type.Boolean({ default: false })),
      }),
      response: FileResponse,
      fileType: XLSX_TYPE,
      handler: ({ tenant, found, query }) => transfer.export(tenant, found.all(orderRecords), query.sample ?? false),
    }),
    defineRoute({
      method: 'POST',
      url: '/Quotes/ImportOrderStops',
      access: EDIT,
      ids: { query: { orderId: { orNone: lockedOrderRecords } } },
      summary: 'Import stops from a CSV file',
      description:
        'Multipart: csvFile (the stops: .csv, or .xlsx as the export writes it; columns as ImportOrderStopsExample) and orderJson (the new order as POST /Quotes takes it, ' +
        'customerId at least; its stops come first). With orderId the stops are added to that order instead (orderJson is then ignored). Every row is checked first: when ' +
        'one is wrong nothing is written and the answer is a 400 orders.import_invalid whose errors name row, field and reason (orders.import_invalid_row). At most 2,000 rows. ' +
        'data is null; a new order is answered with its GET /Quotes/{id} in the Location header.',
      querystring: Type.Object({
        orderId: Type.Optional(Type.Integer({ format: 'int32', minimum: 0, default: 0, description: '0 (the default): a new order from orderJson.' })),
      }),
      upload: { maxFiles: 1, maxFileBytes: 5 * 1024 * 1024 },
      response: None,
      handler: ({ tenant, found, uploads }) => transfer.importStops(tenant, found.maybe(orderRecords), uploads),
    }),
    defineRoute({
      method: 'GET',
      url: '/Quotes/ImportOrderStopsExample',
      access: VIEW,
      summary: 'A sample CSV of stops',
      description:
        'The columns ImportOrderStops reads — stop (rows with the same number are one stop, its fields from its first row), type, name, street, street2, city, state, ' +
        'postalCode, country, latitude, longitude, date, timeWindowStart, timeWindowEnd, priority, contactName, contactPhone, driverInstructions, notes, then the item of ' +
        'the row: item, quantity, weight, pallets, barcode — with a pickup of two items and a delivery.',
      response: FileResponse,
      fileType: 'text/csv',
      handler: () => transfer.example(),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Quotes/:id/:quoteUpdateType',
      access: EDIT,
      ids: { params: { id: lockedOrderRecords, quoteUpdateType: 'not-an-id' }, body: STEP_IDS },
      summary: 'Save a step of a quote',
      description: `Body: the order as the step sends it. ${STEPS}`,
      params: QuoteStepParams,
      querystring: QuoteStepQuery,
      body: QuoteStepBody,
      response: STEP_ANSWER,
      handler: ({ tenant, found, params, query, body }) =>
        updates.save(tenant, found.one(orderRecords), params.quoteUpdateType, body as QuoteStepBodyT, query, stepRefs(found)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Quotes/:id/:quoteUpdateType/edit',
      access: EDIT,
      ids: {
        params: { id: 'not-an-id', quoteUpdateType: 'not-an-id' },
        body: { orderId: lockedOrderRecords, ...Object.fromEntries(Object.entries(STEP_IDS).map(([k, v]) => [`order.${k}`, v])) },
      },
      summary: 'Save a step of a quote (the order and the step in the body)',
      description: `The path's values are ignored: body.orderId names the order, body.quoteUpdateType the step, body.order the order as the step sends it; the query's flags may come in the body too. ${STEPS}`,
      params: EditParams,
      body: UpdateQuoteDto,
      response: STEP_ANSWER,
      handler: ({ tenant, found, body }) => {
        const dto = body as UpdateQuoteDtoT;
        return updates.save(tenant, found.one(orderRecords), dto.quoteUpdateType, dto.order, dto, stepRefs(found));
      },
    }),
  ];
}
