// The Invoice model (core fields, docs/architecture.md: id, invoiceNumber, customerId, orderId, status, transactionStatus,
// lines, total, balance, currency, dueDate, createdAt; the spec shows no more) with what a carrier's
// billing needs besides: the invoice's date and terms, the tax on taxable lines, what is paid and
// pending, references and notes, the ledger's sync state. Approval status is the spec's number (1
// Draft, 2 Approved); transaction status by name, derived when read.
import { DateTime, Day, Id, Many, Money, NameEnum, Nullable, NumEnum, Opt, PageParams, type Static, Text, Type } from '../../platform/schemas.js';
import { EXT_SYNC_STATES, TRANSACTION_STATUSES } from './accounting.tables.js';

/** Most lines an invoice carries. */
export const MAX_LINES = 200;

export const InvoiceLine = Type.Object(
  {
    id: Id,
    sequence: Type.Integer({ description: 'Place on the invoice, from 1.' }),
    chargeTypeId: Nullable(Id),
    code: Nullable(Type.String({ description: "The charge type's code as invoiced (LINEHAUL, FUEL, …), or null." })),
    description: Type.String(),
    quantity: Type.Number(),
    rate: Type.Number({ description: 'Per unit; negative for a discount.' }),
    amount: Money,
    isTaxable: Type.Boolean(),
  },
  { $id: 'InvoiceLine', description: 'amount = quantity × rate, rounded half up to the cent.' },
);
export type InvoiceLineT = Static<typeof InvoiceLine>;

const ApprovalStatus = NumEnum({ Draft: 1, Approved: 2 }, { description: 'Approval: 1 Draft, 2 Approved (its lines are frozen).' });

export const Invoice = Type.Object(
  {
    id: Id,
    invoiceNumber: Type.String({ description: 'Unique in the company (any case); numbered without gaps from 1001 when not typed.' }),
    customerId: Id,
    customerName: Type.String(),
    orderId: Nullable(Id),
    orderNumber: Nullable(Type.String()),
    status: ApprovalStatus,
    transactionStatus: NameEnum(TRANSACTION_STATUSES, {
      description:
        'Derived when read, never stored: Deleted (marked) → Draft → Paid (nothing left to pay) → Overdue (due before today, UTC) → PartialPaid → Approved (not sent yet) → Open (sent).',
    }),
    invoiceDate: Day(),
    dueDate: Day({ description: 'invoiceDate + paymentTermsDays unless given.' }),
    paymentTermsDays: Type.Integer({ description: "Net days: the customer's terms, else the company's (30)." }),
    currency: Type.String({ description: 'ISO 4217.' }),
    lines: Many(Type.Ref('InvoiceLine')),
    subtotal: Money,
    taxableSubtotal: Money,
    taxName: Nullable(Type.String()),
    taxRate: Type.Number({ description: 'Percent, on the taxable lines.' }),
    taxAmount: Money,
    total: Money,
    amountPaid: Money,
    amountPending: Type.Number({ description: 'Card charges still waiting for the processor.' }),
    balance: Money,
    referenceNumber: Nullable(Type.String({ description: "The customer's PO or reference." })),
    memo: Nullable(Type.String({ description: 'Printed on the invoice.' })),
    notes: Nullable(Type.String({ description: 'Kept inside the company.' })),
    sentAt: Nullable(DateTime),
    extSyncState: NameEnum(EXT_SYNC_STATES),
    extSyncedAt: Nullable(DateTime),
    approvedAt: Nullable(DateTime),
    approvedBy: Nullable(Type.String()),
    deletedAt: Nullable(DateTime),
    createdBy: Nullable(Type.String()),
    createdAt: DateTime,
    updatedAt: DateTime,
    order: Type.Optional(Type.Ref('Order', { description: 'With includeOrder=true and an order: the order the invoice bills.' })),
  },
  { $id: 'Invoice' },
);
export type InvoiceT = Omit<Static<typeof Invoice>, 'lines' | 'order'> & { lines: InvoiceLineT[]; order?: unknown };

const LineInput = Type.Object({
  id: Opt(Type.Integer({ format: 'int32', description: 'Ignored: the lines sent replace the invoice’s lines.' })),
  chargeTypeId: Opt(Id),
  description: Type.Optional(Text(500, "Required unless chargeTypeId is given (then the type's name).")),
  quantity: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 999999999.999, description: 'Default 1; at most 3 decimals.' })),
  rate: Type.Optional(Type.Number({ minimum: -9999999999.9999, maximum: 9999999999.9999, description: 'At most 4 decimals; rate or amount is required.' })),
  amount: Type.Optional(
    Type.Number({ minimum: -999999999999.99, maximum: 999999999999.99, description: 'Checked against quantity × rate; alone, the rate is amount ÷ quantity.' }),
  ),
  isTaxable: Type.Optional(Type.Boolean({ description: "Default: the charge type's isTaxable, else false." })),
});
export type LineInputT = Static<typeof LineInput>;

const InputFields = {
  id: Opt(Type.Integer({ format: 'int32', description: "Ignored: POST makes a new invoice, PUT takes the path's." })),
  invoiceNumber: Opt(Text(40, "Typed by hand. POST: absent or null takes the next number; PUT: absent or null keeps it, and a Draft's only changes.")),
  customerId: Id,
  orderId: Opt(Id),
  invoiceDate: Opt(Day({ description: 'Default today (UTC).' })),
  dueDate: Opt(Day({ description: 'Default invoiceDate + paymentTermsDays.' })),
  paymentTermsDays: Opt(Type.Integer({ minimum: 0, maximum: 365 })),
  currency: Opt(Type.String({ minLength: 3, maxLength: 3, description: "Default the order's, else USD." })),
  taxRate: Opt(Type.Number({ minimum: 0, maximum: 99.9999, description: "Percent; default the company's (0 for a tax-exempt customer)." })),
  lines: Type.Array(LineInput, { maxItems: MAX_LINES }),
  referenceNumber: Opt(Text(100)),
  memo: Opt(Text(2000)),
  notes: Opt(Text(4000)),
};

export const InvoiceInput = Type.Object(InputFields, { $id: 'InvoiceInput', description: 'A new invoice, a Draft.' });
export type InvoiceInputT = Static<typeof InvoiceInput>;

export const InvoiceChange = Type.Object(
  { ...InputFields, customerId: Type.Optional(Id), lines: Type.Optional(InputFields.lines) },
  {
    $id: 'InvoiceChange',
    description:
      'Changes the fields sent; lines, when sent, replace them all. An approved invoice keeps its lines, customer, order, currency, date, terms and tax (accounting.invoice_approved; the same values sent back are no change) and its number (accounting.number_fixed); its due date, reference, memo and notes still change. Another customer brings its terms and tax unless they are sent.',
  },
);
export type InvoiceChangeT = Static<typeof InvoiceChange>;

export const InvoiceCreatedDto = Type.Object({ id: Id, invoiceNumber: Type.String(), invoice: Type.Ref('Invoice') }, { $id: 'InvoiceCreatedDto' });

export const InvoiceIdParams = Type.Object({ id: Id });
export const InvoiceNumberParams = Type.Object({ InvoiceNumber: Type.String({ minLength: 1, maxLength: 40 }) });
export const StatusQuery = Type.Object({ status: ApprovalStatus });

export const InvoiceReadQuery = Type.Object({
  includeOrder: Type.Optional(Type.Boolean({ default: false, description: 'true: the answer carries the order it bills (order).' })),
  byCustomer: Type.Optional(Type.Boolean({ default: false })),
  includePaymentMethod: Type.Optional(Type.Boolean({ default: false })),
  referenceId: Type.Optional(Id),
  tnxType: Type.Optional(NameEnum(['Invoice', 'Payment'] as const)),
});

export const InvoicesQuery = Type.Object({
  customerId: Type.Optional(Id),
  isFullyPaid: Type.Optional(Type.Boolean({ description: 'true: Paid invoices only; false: the others (drafts and those with a balance).' })),
  Page: PageParams.Page,
  ItemsPerPage: PageParams.ItemsPerPage,
  SearchTerm: Type.Optional(Type.String({ maxLength: 40, description: "The invoice number's start, any case." })),
});
export type InvoicesQueryT = Static<typeof InvoicesQuery>;
