// Invoices (part 2, "Accounting"): one invoice's rows, the number check and the list.
import { None, PagedList } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Id, Type } from '../../platform/schemas.js';
import { lineChargeTypeRecords } from '../charge-types/index.js';
import { customerRecords } from '../customers/index.js';
import { orderRecords } from '../orders/index.js';
import { EDIT_INVOICE, VIEW } from './accounting.access.js';
import { invoiceRecords, lockedInvoiceRecords } from './invoices.repository.js';
import {
  Invoice,
  InvoiceChange,
  InvoiceCreatedDto,
  InvoiceIdParams,
  InvoiceInput,
  InvoiceNumberParams,
  InvoiceReadQuery,
  InvoicesQuery,
  StatusQuery,
} from './invoices.schemas.js';
import { type InvoicesService, invoiceableOrderRecords } from './invoices.service.js';
import { listInvoices } from './invoices-list.js';

// lines[].chargeTypeId: a company type or a row of a customer's list (whether it applies to the
// invoice's customer is the service's check).
const BODY_IDS = {
  id: 'not-an-id',
  customerId: customerRecords,
  orderId: invoiceableOrderRecords,
  'lines[].id': 'not-an-id',
  'lines[].chargeTypeId': { field: lineChargeTypeRecords },
} as const;

/** A change: the customer sent may be the invoice's own, deleted since (the service refuses a new
 *  one that is not active). */
const CHANGE_IDS = { ...BODY_IDS, customerId: customerRecords.with({ statuses: [0, 1] }) } as const;

const LINES =
  'Each line: a description (or a chargeTypeId among the types that apply to the customer, whose name, code and taxability it takes), quantity (default 1, 3 decimals), ' +
  'rate (4 decimals; negative for a discount) or amount (checked to the cent: accounting.line_amount_mismatch); the total is never below 0. ' +
  "Tax: taxRate percent (default the company's; 0 for a tax-exempt customer) on the taxable lines, rounded half up once. Money is exact (decimal), to the cent.";

export function invoicesRoutes(invoices: InvoicesService): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/Accounting/invoice',
      access: EDIT_INVOICE,
      ids: { body: BODY_IDS },
      summary: 'Make an invoice by hand (a Draft)',
      description:
        `customerId and lines are required. invoiceNumber typed by hand must be free (accounting.duplicate_invoice_number); else the next number (1001, 1002, … without gaps). orderId: an order (not a draft, quote or deleted one) of the customer. ` +
        `invoiceDate defaults to today, dueDate to invoiceDate + paymentTermsDays (the customer's, else 30), currency to the order's, else USD. ${LINES}`,
      body: InvoiceInput,
      response: InvoiceCreatedDto,
      handler: async ({ tenant, found, body }) => {
        const invoice = await invoices.create(tenant, body, { customer: found.one(customerRecords), order: found.maybe(orderRecords) ?? null });
        return { id: invoice.id, invoiceNumber: invoice.invoiceNumber, invoice };
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/Accounting/invoice/:id',
      access: VIEW,
      ids: { params: { id: invoiceRecords }, query: { referenceId: 'not-an-id' } },
      summary: 'Read an invoice with its lines',
      description:
        'A deleted invoice is answered too (transactionStatus Deleted). includeOrder=true adds the order it bills. Its payments: GET /Accounting/InvoicePayments/{InvoiceId}. byCustomer, includePaymentMethod (saved cards), referenceId and tnxType are accepted and change nothing yet: they come with card payments (issue 17, next step).',
      params: InvoiceIdParams,
      querystring: InvoiceReadQuery,
      response: Invoice,
      handler: ({ tenant, found, query }) => invoices.readWith(tenant, found.one(invoiceRecords), { includeOrder: query.includeOrder ?? false }),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Accounting/invoice/:id',
      access: EDIT_INVOICE,
      ids: { params: { id: lockedInvoiceRecords }, body: CHANGE_IDS },
      summary: "Change an invoice's lines or details",
      description: `Fields sent change; lines sent replace them all. An approved invoice's lines, customer, order, currency, date, terms and tax are frozen (accounting.invoice_approved). A deleted invoice is not changed. ${LINES}`,
      params: InvoiceIdParams,
      body: InvoiceChange,
      response: Invoice,
      handler: ({ tenant, found, body }) =>
        invoices.update(tenant, found.one(invoiceRecords), body, { customer: found.maybe(customerRecords), order: found.maybe(orderRecords) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Accounting/invoice/:id',
      access: EDIT_INVOICE,
      ids: { params: { id: lockedInvoiceRecords } },
      summary: 'Mark an invoice deleted',
      description:
        'A mark: the invoice keeps its number and reads as Deleted. Refused while payments are applied (accounting.invoice_has_payments); deleting it again changes nothing.',
      params: InvoiceIdParams,
      response: None,
      handler: ({ tenant, found }) => invoices.remove(tenant, found.one(invoiceRecords)),
    }),
    defineRoute({
      method: 'POST',
      url: '/Accounting/invoice/:id/duplicate',
      access: EDIT_INVOICE,
      ids: { params: { id: lockedInvoiceRecords } },
      summary: 'Copy an invoice as a new Draft',
      description:
        "The copy has the next number, today's date and its terms' due date, the same customer, lines, currency and tax; no order (a copy never invoices an order twice). Answers true.",
      params: InvoiceIdParams,
      response: Type.Boolean(),
      handler: async ({ tenant, found }) => {
        await invoices.duplicate(tenant, found.one(invoiceRecords));
        return true;
      },
    }),
    defineRoute({
      method: 'PUT',
      url: '/Accounting/invoice/:id/status',
      access: EDIT_INVOICE,
      ids: { params: { id: lockedInvoiceRecords } },
      summary: 'Approve an invoice (2), or set it back to Draft (1)',
      description:
        'Approving needs lines and a total above 0 (accounting.invoice_empty); an approved invoice with payments stays approved (accounting.invoice_has_payments). The same status again changes nothing.',
      params: InvoiceIdParams,
      querystring: StatusQuery,
      response: None,
      handler: ({ tenant, found, query }) => invoices.setStatus(tenant, found.one(invoiceRecords), query.status as 1 | 2),
    }),
    defineRoute({
      method: 'GET',
      url: '/Accounting/InvoiceCheck/:InvoiceNumber',
      access: VIEW,
      ids: { params: { InvoiceNumber: 'not-an-id' } },
      summary: 'Whether an invoice number is taken',
      description: "The id of the company's invoice with that number (any case, deleted ones too), or 0 when it is free.",
      params: InvoiceNumberParams,
      response: Id,
      handler: ({ tenant, params }) => invoices.numberCheck(tenant, params.InvoiceNumber),
    }),
    defineRoute({
      method: 'GET',
      url: '/Accounting/Invoices',
      access: VIEW,
      ids: { query: { customerId: { filter: customerRecords } } },
      summary: "The company's invoices, newest first",
      description:
        "Live invoices (not deleted), by invoice date then id, newest first. customerId; isFullyPaid (true: Paid; false: drafts and those with a balance); SearchTerm: the number's start, any case; page, itemsPerPage.",
      querystring: InvoicesQuery,
      response: PagedList(Type.Ref('Invoice')),
      handler: ({ tenant, query }) => listInvoices(tenant, query),
    }),
  ];
}
