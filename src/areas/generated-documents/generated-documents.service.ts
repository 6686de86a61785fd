// Generated documents: reads the order or invoice with its customer and the company's letterhead
// (through those areas' index.ts), builds the document model and renders it as PDF or HTML; the
// mail variants render the PDF and put it in the outbox. Nothing here writes but the mails (and the
// item barcodes labels and bills of lading print, which the orders area gives and keeps).
import type { Tenant } from '../../db/tenant.js';
import { type Document, renderHtml, renderPdf } from '../../integrations/documents/index.js';
import type { Principal } from '../../platform/auth.js';
import { fail, notFoundAll } from '../../platform/errors.js';
import type { FileResult } from '../../platform/route.js';
import type { StoredFiles } from '../../platform/stored-files.js';
import { type InvoiceT, invoiceAnswers, type invoiceRecords, markInvoicesOut } from '../accounting/index.js';
import { chargeRulesFor, chargeTypeRecords } from '../charge-types/index.js';
import { type CustomerServices, type CustomerT, contactsOfCustomers, type EmailSendRequestT } from '../customers/index.js';
import { routeRecords } from '../dispatch/index.js';
import { driverRecords } from '../drivers/index.js';
import { truckRecords } from '../fleet/index.js';
import { type OrderServices, type OrderT, orderRecords, ordersOf, type stopRecords } from '../orders/index.js';
import { companySignature } from '../settings/index.js';
import { type BolOptions, billOfLading, type Handling, labels, type OrderContext } from './bill-of-lading.js';
import { type Attachment, recipientsOf, sendDocumentMail, senderOf } from './document-mail.js';
import { fileNameOf, letterheadOf } from './format.js';
import { GeneratedDocumentsErrors } from './generated-documents.errors.js';
import type { BolEmailQueryT, BolQueryT, ModeT } from './generated-documents.schemas.js';
import { invoiceDocument } from './invoice-document.js';
import { dispatchSheet, quote } from './order-sheets.js';

const PDF = 'application/pdf';
const HTML = 'text/html; charset=utf-8';

const today = () => new Date().toISOString().slice(0, 10);

/** An order as the routes' id gate reads it (deleted ones too: their papers stay printable). */
type OrderRow = Awaited<ReturnType<typeof orderRecords.reread>>;
type InvoiceRow = Awaited<ReturnType<typeof invoiceRecords.reread>>;
type StopRow = Awaited<ReturnType<typeof stopRecords.reread>>;
/** The customer asking for an order's papers (a portal's view). */
type Asking = { id: number };

/** The invoice's lines (ids) that bill a percentage charge: a line of such a charge type — the
 *  company's (deleted ones too) or the customer's own row — or, without a type, the line of the
 *  billed order's price it was made from when that one's type is (an order's invoice keeps only
 *  company types on its lines: a customer's own fuel rate comes without one). */
async function percentLinesOf(t: Tenant, invoice: InvoiceT, order: OrderT | null): Promise<Set<number>> {
  // Order.priceLines (PriceLine): what is matched of them.
  const priced = (order?.priceLines ?? []) as Array<{ description: string; quantity: number; unitPrice: number; chargeTypeId: number | null }>;
  const typeOf = (line: InvoiceT['lines'][number]) =>
    line.chargeTypeId ??
    priced.find((p) => p.chargeTypeId !== null && p.description === line.description && p.quantity === line.quantity && p.unitPrice === line.rate)
      ?.chargeTypeId ??
    null;
  const types = new Map(invoice.lines.map((l) => [l.id, typeOf(l)]));
  const ids = [...new Set([...types.values()].filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Set();
  const [company, customer] = await Promise.all([chargeTypeRecords.findAll(t, ids), chargeRulesFor(t, invoice.customerId)]);
  const percent = new Set([...company, ...customer].filter((c) => c.kind === 'PercentOfLinehaul').map((c) => c.id));
  return new Set(invoice.lines.filter((l) => percent.has(types.get(l.id) ?? -1)).map((l) => l.id));
}

async function rendered(documents: Document[], mode: ModeT, kind: string, number: string, title: string): Promise<FileResult> {
  if (mode === 0) return { fileName: fileNameOf(kind, number, 'pdf'), contentType: PDF, body: await renderPdf(documents, title) };
  return { fileName: fileNameOf(kind, number, 'html'), contentType: HTML, body: renderHtml(documents, title) };
}

const pdfAttachment = async (documents: Document[], kind: string, number: string, title: string): Promise<Attachment> => {
  const file = await rendered(documents, 0, kind, number, title);
  return { fileName: file.fileName, contentType: file.contentType, body: file.body as Buffer };
};

/** What details.barcodes needs of a printed order. */
const barcoded = (order: OrderT) => ({ id: order.id, order_number: order.orderNumber, status: order.status });

/** What a mail says when the request gives no subject or body of its own. */
function wording(request: EmailSendRequestT, p: Principal, customerName: string, what: string) {
  return {
    subject: request.subject?.trim() || `${what[0]!.toUpperCase()}${what.slice(1)} from ${p.companyName}`,
    text: request.body?.trim() || `Dear ${customerName},\n\nPlease find attached the ${what}.\n\nBest regards,\n${senderOf(p)}\n${p.companyName}`,
  };
}

export function generatedDocumentsService(deps: { customers: CustomerServices['customers']; details: OrderServices['details']; files: StoredFiles }) {
  const { customers, details, files } = deps;

  /** The orders (read deleted ones too, by the route's id gate: their papers stay printable) with
   *  what their documents name, in their order; `asking`: the customer asking (the query's
   *  requestCustomerId, as the id gate read it), to whom an order of another customer is missing, as for a portal. */
  async function ordersFor(t: Tenant, p: Principal, rows: readonly OrderRow[], asking?: Asking): Promise<OrderContext[]> {
    if (asking !== undefined) {
      const others = rows.filter((r) => r.customer_id !== asking.id).map((r) => r.id);
      if (others.length > 0) throw notFoundAll(orderRecords.what, 'Orders', others);
    }
    const [orders, signature] = await Promise.all([ordersOf(t, rows), companySignature(t)]);
    const letterhead = letterheadOf(p.companyName, signature);
    const customerIds = [...new Set(rows.map((r) => r.customer_id))];
    const byId = new Map<number, CustomerT>();
    for (const id of customerIds) byId.set(id, await customers.read(t, id, [0, 1]));
    const contacts = await contactsOfCustomers(t, customerIds);
    return orders.map((order) => ({
      order,
      customer: byId.get(order.customerId)!,
      contact: contacts.find((c) => c.id === order.contactId) ?? null,
      letterhead,
    }));
  }

  async function orderFor(t: Tenant, p: Principal, row: OrderRow, asking?: Asking): Promise<OrderContext> {
    return (await ordersFor(t, p, [row], asking))[0]!;
  }

  /** `delivery`: the stop of the query's deliveryId, as the route's id gate read it (any stop of the company). */
  function bolOptions(order: OrderContext['order'], query: BolQueryT | BolEmailQueryT, delivery?: StopRow): BolOptions {
    const deliveryId = delivery?.id;
    if (deliveryId !== undefined && !order.stops.some((s) => s.id === deliveryId && s.type === 'Delivery'))
      throw fail(GeneratedDocumentsErrors.notADelivery, `Stop ${deliveryId} is not a delivery of order ${order.orderNumber}.`);
    return { deliveryId, highlightItems: query.highlightItems ?? false, splitOrderStopItems: query.splitOrderStopItems ?? false };
  }

  /** What a bill of lading prints besides the order: its items' barcodes (given where they have
   *  none, and kept, as for labels) and the routes of its stops with their driver and truck. */
  async function handlingOf(t: Tenant, order: OrderContext['order']): Promise<Handling> {
    const routeIds = [...new Set(order.stops.map((s) => s.routeId).filter((id): id is number => id !== null))];
    const [codes, routes] = await Promise.all([details.barcodes(t, barcoded(order)), routeRecords.findAll(t, routeIds)]);
    const [drivers, trucks] = await Promise.all([
      driverRecords.findAll(t, [...new Set(routes.map((r) => r.driver_id).filter((id): id is number => id !== null))]),
      truckRecords.findAll(t, [...new Set(routes.map((r) => r.truck_id).filter((id): id is number => id !== null))]),
    ]);
    const driverOf = (id: number | null) => {
      const d = drivers.find((x) => x.id === id);
      return d ? [`${d.first_name} ${d.last_name}`, d.phone].filter(Boolean).join(', ') : null;
    };
    const truckOf = (id: number | null) => {
      const k = trucks.find((x) => x.id === id);
      return k ? [k.name, k.plate_number ? `plate ${[k.plate_state, k.plate_number].filter(Boolean).join(' ')}` : null].filter(Boolean).join(', ') : null;
    };
    return { codes, routes: routes.map((r) => ({ id: r.id, name: r.name, driver: driverOf(r.driver_id), truck: truckOf(r.truck_id) })) };
  }

  /** The labels of orders, their items' barcodes given where they have none (and kept). */
  async function labelDocuments(t: Tenant, contexts: OrderContext[]): Promise<Document[]> {
    const withItems = contexts.filter((c) => c.order.stops.some((s) => s.items.length > 0));
    if (withItems.length === 0) {
      const numbers = contexts.map((c) => c.order.orderNumber).join(', ');
      throw fail(GeneratedDocumentsErrors.noItems, `${contexts.length === 1 ? 'Order' : 'Orders'} ${numbers}: no items, so no labels to print.`);
    }
    const out: Document[] = [];
    for (const c of withItems) out.push(labels(c, await details.barcodes(t, barcoded(c.order))));
    return out;
  }

  /** `row`: the invoice as the route's id gate read it. */
  async function invoiceFor(t: Tenant, p: Principal, row: InvoiceRow) {
    const [invoice] = await invoiceAnswers(t, [row]);
    const [customer, orders, signature] = [
      await customers.read(t, invoice!.customerId, [0, 1]),
      invoice!.orderId === null ? [] : await ordersOf(t, await orderRecords.findAll(t, [invoice!.orderId], { includeDeleted: true })),
      await companySignature(t),
    ];
    return {
      invoice: invoice!,
      customer,
      order: orders[0] ?? null,
      letterhead: letterheadOf(p.companyName, signature),
      percentLineIds: await percentLinesOf(t, invoice!, orders[0] ?? null),
    };
  }

  return {
    async billOfLading(
      t: Tenant,
      p: Principal,
      row: OrderRow,
      mode: ModeT,
      query: BolQueryT,
      found: { delivery?: StopRow; asking?: Asking },
    ): Promise<FileResult> {
      const { delivery, asking } = found;
      const c = await orderFor(t, p, row, asking);
      const doc = billOfLading(c, bolOptions(c.order, query, delivery), today(), await handlingOf(t, c.order));
      return rendered([doc], mode, 'bill-of-lading', c.order.orderNumber, `Bill of lading ${c.order.orderNumber}`);
    },

    async billOfLadingBulk(t: Tenant, p: Principal, rows: readonly OrderRow[], mode: ModeT): Promise<FileResult> {
      const contexts = await ordersFor(t, p, rows);
      const docs: Document[] = [];
      for (const c of contexts) docs.push(billOfLading(c, { highlightItems: false, splitOrderStopItems: false }, today(), await handlingOf(t, c.order)));
      return rendered(docs, mode, 'bills-of-lading', today(), `Bills of lading (${docs.length})`);
    },

    async labels(t: Tenant, p: Principal, row: OrderRow, mode: ModeT, asking?: Asking): Promise<FileResult> {
      const c = await orderFor(t, p, row, asking);
      return rendered(await labelDocuments(t, [c]), mode, 'labels', c.order.orderNumber, `Labels of order ${c.order.orderNumber}`);
    },

    async labelsBulk(t: Tenant, p: Principal, rows: readonly OrderRow[]): Promise<FileResult> {
      const contexts = await ordersFor(t, p, rows);
      return rendered(await labelDocuments(t, contexts), 0, 'labels', today(), `Labels of ${contexts.length} orders`);
    },

    async dispatchSheet(t: Tenant, p: Principal, row: OrderRow, mode: ModeT): Promise<FileResult> {
      const c = await orderFor(t, p, row);
      return rendered([dispatchSheet(c, today())], mode, 'order-sheet', c.order.orderNumber, `Order sheet ${c.order.orderNumber}`);
    },

    async quote(t: Tenant, p: Principal, row: OrderRow, mode: ModeT): Promise<FileResult> {
      const c = await orderFor(t, p, row);
      return rendered([quote(c, today())], mode, 'quote', c.order.orderNumber, `Quote ${c.order.orderNumber}`);
    },

    async invoice(t: Tenant, p: Principal, row: InvoiceRow, mode: ModeT): Promise<FileResult> {
      const c = await invoiceFor(t, p, row);
      return rendered([invoiceDocument(c)], mode, 'invoice', c.invoice.invoiceNumber, `Invoice ${c.invoice.invoiceNumber}`);
    },

    // ---- Mail

    async emailBillOfLading(t: Tenant, p: Principal, row: OrderRow, query: BolEmailQueryT, request: EmailSendRequestT): Promise<string> {
      const c = await orderFor(t, p, row);
      const orderId = row.id;
      const recipients = await recipientsOf(t, c.customer, request);
      const n = c.order.orderNumber;
      const doc = billOfLading(c, bolOptions(c.order, query), today(), await handlingOf(t, c.order));
      const pdf = await pdfAttachment([doc], 'bill-of-lading', n, `Bill of lading ${n}`);
      const words = wording(request, p, c.customer.name, `bill of lading of order ${n}`);
      const id = await sendDocumentMail(t, files, [c.customer], recipients, {
        kind: 'documents.bill_of_lading',
        emailType: 'BillOfLading',
        ...words,
        attachments: [pdf],
        entityType: 'order',
        entityIds: [orderId],
      });
      return String(id);
    },

    async sendBillOfLadingAndLabels(t: Tenant, p: Principal, row: OrderRow, splitOrderStopItems: boolean, request: EmailSendRequestT): Promise<string> {
      const c = await orderFor(t, p, row);
      const orderId = row.id;
      const recipients = await recipientsOf(t, c.customer, request);
      const n = c.order.orderNumber;
      const doc = billOfLading(c, { highlightItems: false, splitOrderStopItems }, today(), await handlingOf(t, c.order));
      const bol = await pdfAttachment([doc], 'bill-of-lading', n, `Bill of lading ${n}`);
      const label = await pdfAttachment(await labelDocuments(t, [c]), 'labels', n, `Labels of order ${n}`);
      const words = wording(request, p, c.customer.name, `bill of lading and the labels of order ${n}`);
      const id = await sendDocumentMail(t, files, [c.customer], recipients, {
        kind: 'documents.bill_of_lading_and_labels',
        emailType: 'BillOfLading',
        ...words,
        attachments: [bol, label],
        entityType: 'order',
        entityIds: [orderId],
      });
      return String(id);
    },

    async emailQuote(t: Tenant, p: Principal, row: OrderRow, request: EmailSendRequestT): Promise<string> {
      const c = await orderFor(t, p, row);
      const orderId = row.id;
      const recipients = await recipientsOf(t, c.customer, request);
      const n = c.order.orderNumber;
      const pdf = await pdfAttachment([quote(c, today())], 'quote', n, `Quote ${n}`);
      const words = wording(request, p, c.customer.name, `quote ${n}`);
      const id = await sendDocumentMail(t, files, [c.customer], recipients, {
        kind: 'documents.quote',
        emailType: 'Quote',
        ...words,
        attachments: [pdf],
        entityType: 'order',
        entityIds: [orderId],
      });
      return String(id);
    },

    /** One mail to `email` with each order's quote attached: `rows` as the id gate read them (deleted
     *  ones too), in the order sent. */
    async emailQuotes(t: Tenant, p: Principal, email: string, rows: readonly OrderRow[]): Promise<null> {
      const contexts = await ordersFor(t, p, rows);
      const attachments: Attachment[] = [];
      for (const c of contexts) attachments.push(await pdfAttachment([quote(c, today())], 'quote', c.order.orderNumber, `Quote ${c.order.orderNumber}`));
      const numbers = contexts.map((c) => c.order.orderNumber).join(', ');
      const customers = [...new Map(contexts.map((c) => [c.customer.id, c.customer])).values()];
      const greeting = customers.length === 1 ? customers[0]!.name : 'customer';
      const words = wording({}, p, greeting, contexts.length === 1 ? `quote ${numbers}` : `quotes ${numbers}`);
      await sendDocumentMail(t, files, customers, [{ to: email.trim(), contactId: null }], {
        kind: 'documents.quotes',
        emailType: 'Quote',
        ...words,
        attachments,
        entityType: 'order',
        entityIds: contexts.map((c) => c.order.id),
      });
      return null;
    },

    /** The invoice's PDF by mail; an approved invoice reads Open (sent) from then on. */
    async emailInvoice(t: Tenant, p: Principal, row: InvoiceRow, request: EmailSendRequestT): Promise<string> {
      const c = await invoiceFor(t, p, row);
      const invoiceId = row.id;
      const recipients = await recipientsOf(t, c.customer, request);
      const n = c.invoice.invoiceNumber;
      const pdf = await pdfAttachment([invoiceDocument(c)], 'invoice', n, `Invoice ${n}`);
      const words = wording(request, p, c.customer.name, `invoice ${n}`);
      const id = await sendDocumentMail(t, files, [c.customer], recipients, {
        kind: 'documents.invoice',
        emailType: 'Invoice',
        ...words,
        attachments: [pdf],
        entityType: 'invoice',
        entityIds: [invoiceId],
      });
      if (c.invoice.status === 2 && c.invoice.deletedAt === null) await markInvoicesOut(t, [invoiceId], false);
      return String(id);
    },
  };
}

export type GeneratedDocumentsService = ReturnType<typeof generatedDocumentsService>;
