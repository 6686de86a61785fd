// POST /Accounting: the SearchCriteria and the Transaction it lists (the spec names both only).
// A transaction is an invoice or a payment, in one list newest first: what an accountant scans.
import { DateTime, Day, Id, Many, Money, NameEnum, Nullable, PageParams, type Static, Type } from '../../platform/schemas.js';
import { TRANSACTION_STATUSES } from './accounting.tables.js';
import { PAYMENT_STATUSES } from './payments.schemas.js';

export const TRANSACTION_TYPES = ['Invoice', 'Payment'] as const;
const STATUSES = [...new Set([...TRANSACTION_STATUSES, ...PAYMENT_STATUSES])] as unknown as readonly [string, ...string[]];

export const SearchCriteria = Type.Object(
  {
    transactionType: Type.Optional(NameEnum(TRANSACTION_TYPES, { description: 'Absent: invoices and payments.' })),
    customerId: Type.Optional(Id),
    from: Type.Optional(Day({ description: "From this day (an invoice's date, a payment's date), inclusive." })),
    to: Type.Optional(Day({ description: 'To this day, inclusive.' })),
    statuses: Type.Optional(
      Many(NameEnum(STATUSES), {
        description:
          "An invoice's transaction status (Draft, Approved, Open, Paid, Overdue, PartialPaid, Deleted) or a payment's (Settled, Pending, Failed, Deleted).",
      }),
    ),
    includeDeleted: Type.Optional(Type.Boolean({ default: false, description: 'true: deleted invoices and payments too (also when statuses names Deleted).' })),
    ...PageParams,
    SearchTerm: Type.Optional(Type.String({ maxLength: 100, description: "The invoice number's or the payment reference's start, any case." })),
  },
  { $id: 'SearchCriteria', description: 'Sorted by date (default, newest first), amount or number; SortDirection 0 ascending, 1 descending.' },
);
export type SearchCriteriaT = Static<typeof SearchCriteria>;

export const Transaction = Type.Object(
  {
    type: NameEnum(TRANSACTION_TYPES),
    id: Id,
    number: Nullable(Type.String({ description: "The invoice's number; the payment's reference (check number), if any." })),
    customerId: Id,
    customerName: Type.String(),
    date: Day(),
    dueDate: Nullable(Day({ description: 'Invoices only.' })),
    amount: Money,
    balance: Money,
    currency: Type.String(),
    status: Type.String({ description: "The invoice's transaction status, or the payment's status." }),
    createdAt: DateTime,
  },
  {
    $id: 'Transaction',
    description: "amount: the invoice's total or the payment's amount; balance: what the invoice has left to pay, or the payment left unapplied.",
  },
);
export type TransactionT = Static<typeof Transaction>;
