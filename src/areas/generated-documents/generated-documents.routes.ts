// Generated documents (part 2, "Generated documents"): bill of lading, labels, the order sheet,
// quote and invoice as a file — mode 0 a PDF, 1 a standalone HTML page of the same document — and
// mailed with the PDF attached (answering the outbox id). Every document carries the company's
// name, address (its first active warehouse) and default terms and conditions.
import { None } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute, FileResponse } from '../../platform/route.js';
import { invoiceRecords } from '../accounting/index.js';
import { contactRecords, customerRecords, EmailSendRequest } from '../customers/index.js';
import { anyOrderRecords, orderRecords, stopRecords } from '../orders/index.js';
import { BOL, EMAIL_INVOICES, ORDER_SHEET, QUOTES, VIEW_INVOICES } from './generated-documents.access.js';
import {
  BolEmailQuery,
  BolQuery,
  BulkQuery,
  EmailQuotesBody,
  EmailQuotesQuery,
  InvoiceModeParams,
  InvoiceParams,
  LabelsQuery,
  ModeParams,
  OrderModeParams,
  OrderParams,
  OutboxId,
  SendBolQuery,
} from './generated-documents.schemas.js';
import type { GeneratedDocumentsService } from './generated-documents.service.js';

const FILE_TYPE = 'application/pdf (mode 0) or text/html (mode 1)';
const LABELS =
  "One 4 × 6 in label per item line: the company, from, ship to, the order, the item and its Code 128 barcode (the item's barcode; one without is given " +
  '`<orderNumber>-<itemId>` and keeps it). An order without items: 400 documents.no_items.';
const MODE = { mode: 'not-an-id' } as const;
/** The customer asking (a portal's view): one the company has, deleted ones too (a missing one is a
 *  404 naming it); an order of another customer is a 404 naming the order. */
const ASKING = { requestCustomerId: customerRecords.with({ statuses: [0, 1] }) };
/** An order's papers stay printable once it is deleted: orders are read deleted ones too. */
const ORDER = anyOrderRecords;
/** The mail's recipients: contacts of the document's customer (another's is a wrong value). */
const MAIL_IDS = { contactIds: { field: contactRecords } } as const;
const MAIL =
  'Body (EmailSendRequest): `to` (addresses) and `contactIds` (contacts of the customer: any other id is a 400 naming contactIds); neither: the ' +
  "customer's own address (none: 400 documents.no_recipient). subject and body replace the default wording; emailType is not used. One mail to every " +
  "recipient goes to the outbox with the PDF attached and is listed in the customer's sent mails; data is the mail's outbox id.";

export function generatedDocumentsRoutes(docs: GeneratedDocumentsService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/Documents/BillOfLanding/:orderId/:mode',
      access: BOL,
      // Items without a barcode are given one (kept, as for labels), so the bill of lading prints the codes the labels carry.
      writes: true,
      ids: { params: { orderId: ORDER, ...MODE }, query: { deliveryId: stopRecords, ...ASKING } },
      summary: 'Bill of lading of an order',
      description:
        "Shipper (the first pickup's customer, then the place's name), consignee (the last delivery, or deliveryId), bill to, carrier, the route, driver and " +
        "truck of the stops' routes, every stop (its time window in the place's local time, its zone named), every item with its barcode (one without is given " +
        "`<orderNumber>-<itemId>` and keeps it, as for labels) and the totals, lines to sign and the company's terms. deliveryId: a delivery stop of the order (another stop: 400 documents.not_a_delivery): only it and the pickups. A deleted order's " +
        'bill of lading is still printed.',
      params: OrderModeParams,
      querystring: BolQuery,
      response: FileResponse,
      fileType: FILE_TYPE,
      handler: ({ tenant, principal, found, params, query }) =>
        docs.billOfLading(tenant, principal, found.one(orderRecords), params.mode, query, {
          delivery: found.maybe(stopRecords),
          asking: found.maybe(customerRecords),
        }),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Documents/BillOfLanding/email/:orderId',
      access: BOL,
      ids: { params: { orderId: ORDER }, body: MAIL_IDS },
      summary: 'Mail the bill of lading of an order',
      description: `The bill of lading (highlightItems and splitOrderStopItems as for the download) as a PDF. ${MAIL}`,
      params: OrderParams,
      querystring: BolEmailQuery,
      body: EmailSendRequest,
      response: OutboxId,
      handler: ({ tenant, principal, found, query, body }) => docs.emailBillOfLading(tenant, principal, found.one(orderRecords), query, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/Documents/BillOfLandingBulk/:mode',
      access: BOL,
      writes: true,
      ids: { params: MODE, query: { ids: ORDER } },
      summary: 'Bills of lading of several orders in one file',
      description: "One bill of lading per order, each from a page of its own, in the ids' order. An id the company does not have: 404 naming it.",
      params: ModeParams,
      querystring: BulkQuery,
      response: FileResponse,
      fileType: FILE_TYPE,
      handler: ({ tenant, principal, found, params }) => docs.billOfLadingBulk(tenant, principal, found.all(orderRecords), params.mode),
    }),
    defineRoute({
      method: 'GET',
      url: '/Documents/DispatchSheet/:orderId/:mode',
      access: ORDER_SHEET,
      ids: { params: { orderId: ORDER, ...MODE } },
      summary: 'Order sheet (dispatch sheet) of an order',
      description:
        'The customer and contact, the route of the order, then each stop: place, date and window, priority, appointment, route, instructions and its items.',
      params: OrderModeParams,
      response: FileResponse,
      fileType: FILE_TYPE,
      handler: ({ tenant, principal, found, params }) => docs.dispatchSheet(tenant, principal, found.one(orderRecords), params.mode),
    }),
    defineRoute({
      method: 'POST',
      url: '/Documents/EmailQuotes',
      access: QUOTES,
      // The body is the list of order ids (deleted ones too, as for the other papers).
      ids: { body: { '[]': ORDER } },
      summary: 'Mail the quotes of several orders',
      description:
        "Body: order ids (an id the company does not have: 404 naming it). One mail to email with each order's quote PDF attached, listed in the sent mails of " +
        'each customer concerned; data is null.',
      querystring: EmailQuotesQuery,
      body: EmailQuotesBody,
      response: None,
      handler: ({ tenant, principal, found, query }) => docs.emailQuotes(tenant, principal, query.email, found.all(orderRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Documents/Invoice/:invoiceId/:mode',
      access: VIEW_INVOICES,
      ids: { params: { invoiceId: invoiceRecords, ...MODE } },
      summary: 'An invoice as a document',
      description:
        'Bill to, the pickup and delivery of the order it bills, the lines, tax, total, payments and balance due, the memo and the terms. A draft or deleted ' +
        'invoice says so in its title.',
      params: InvoiceModeParams,
      response: FileResponse,
      fileType: FILE_TYPE,
      handler: ({ tenant, principal, found, params }) => docs.invoice(tenant, principal, found.one(invoiceRecords), params.mode),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Documents/Invoice/email/:invoiceId',
      access: EMAIL_INVOICES,
      ids: { params: { invoiceId: invoiceRecords }, body: MAIL_IDS },
      summary: 'Mail an invoice',
      description: `The invoice as a PDF; an approved invoice reads Open (sent) from then on. ${MAIL}`,
      params: InvoiceParams,
      body: EmailSendRequest,
      response: OutboxId,
      handler: ({ tenant, principal, found, body }) => docs.emailInvoice(tenant, principal, found.one(invoiceRecords), body),
    }),
    defineRoute({
      method: 'GET',
      url: '/Documents/Labels/:orderId/:mode',
      access: BOL,
      // Items without a barcode are given one (kept, as GET /Orders/{id}/Barcodes does), so a scanned label finds its item.
      writes: true,
      ids: { params: { orderId: ORDER, ...MODE }, query: ASKING },
      summary: "Labels of an order's items",
      description: LABELS,
      params: OrderModeParams,
      querystring: LabelsQuery,
      response: FileResponse,
      fileType: FILE_TYPE,
      handler: ({ tenant, principal, found, params }) => docs.labels(tenant, principal, found.one(orderRecords), params.mode, found.maybe(customerRecords)),
    }),
    // The spec gives mode a default (0): the path without it is the PDF.
    defineRoute({
      method: 'GET',
      url: '/Documents/Labels/:orderId',
      access: BOL,
      writes: true,
      ids: { params: { orderId: ORDER }, query: ASKING },
      summary: "Labels of an order's items as a PDF (mode 0, the default)",
      description: `As GET /Documents/Labels/{orderId}/{mode} with mode 0. ${LABELS}`,
      params: OrderParams,
      querystring: LabelsQuery,
      response: FileResponse,
      fileType: 'application/pdf',
      handler: ({ tenant, principal, found }) => docs.labels(tenant, principal, found.one(orderRecords), 0, found.maybe(customerRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Documents/LabelsBulk',
      access: BOL,
      writes: true,
      ids: { query: { ids: ORDER } },
      summary: 'Labels of several orders in one PDF',
      description: "The labels of each order in the ids' order (orders without items add none; when none has any: 400 documents.no_items).",
      querystring: BulkQuery,
      response: FileResponse,
      fileType: 'application/pdf',
      handler: ({ tenant, principal, found }) => docs.labelsBulk(tenant, principal, found.all(orderRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Documents/Quote/:orderId/:mode',
      access: QUOTES,
      ids: { params: { orderId: ORDER, ...MODE } },
      summary: 'Quote of an order',
      description: 'Prepared for the customer: pickup and delivery, the route, the charges of the price and the total, the notes and the terms.',
      params: OrderModeParams,
      response: FileResponse,
      fileType: FILE_TYPE,
      handler: ({ tenant, principal, found, params }) => docs.quote(tenant, principal, found.one(orderRecords), params.mode),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Documents/Quote/email/:orderId',
      access: QUOTES,
      ids: { params: { orderId: ORDER }, body: MAIL_IDS },
      summary: 'Mail the quote of an order',
      description: `The quote as a PDF. ${MAIL}`,
      params: OrderParams,
      body: EmailSendRequest,
      response: OutboxId,
      handler: ({ tenant, principal, found, body }) => docs.emailQuote(tenant, principal, found.one(orderRecords), body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Documents/SendBillOfLandingAndLabels/:orderId',
      access: BOL,
      ids: { params: { orderId: ORDER }, body: MAIL_IDS },
      summary: 'Mail the bill of lading and the labels of an order',
      description: `Two PDFs in one mail: the bill of lading (splitOrderStopItems as for the download) and the labels (an order without items: 400 documents.no_items). ${MAIL}`,
      params: OrderParams,
      querystring: SendBolQuery,
      body: EmailSendRequest,
      response: OutboxId,
      handler: ({ tenant, principal, found, query, body }) =>
        docs.sendBillOfLadingAndLabels(tenant, principal, found.one(orderRecords), query.splitOrderStopItems ?? false, body),
    }),
  ];
}
