// The Payment model (core fields, docs/architecture.md: id, customerId, amount, date, paymentMethodType, paymentMethod,
// invoices [{invoiceId, amount}], status; the spec shows no more) with what a carrier's receivables
// need besides: the currency, the check's or transfer's reference, the account it is deposited to,
// what is left unapplied, and for a card the processor's outcome. paymentMethodType is the spec's
// number (0 Check, 1 Cash, 2 PaymentMethod: a saved card, charged at once).
import { DateTime, Day, Id, Many, Money, NameEnum, Nullable, NumEnum, Opt, type Static, Text, Type } from '../../platform/schemas.js';
import { EXT_SYNC_STATES, PAYMENT_METHOD_TYPE } from './accounting.tables.js';

/** Most invoices one payment is split across, and most payments one request writes. */
export const MAX_ALLOCATIONS = 200;
export const MAX_PAYMENTS = 100;

export const PAYMENT_STATUSES = ['Settled', 'Pending', 'Failed', 'Deleted'] as const;

export const PaymentAllocation = Type.Object(
  { invoiceId: Id, invoiceNumber: Type.String(), amount: Money },
  { $id: 'PaymentAllocation', description: 'The part of a payment applied to one invoice.' },
);

export const Payment = Type.Object(
  {
    id: Id,
    customerId: Id,
    customerName: Type.String(),
    amount: Money,
    currency: Type.String({ description: 'ISO 4217.' }),
    date: Day(),
    paymentMethodType: NumEnum(PAYMENT_METHOD_TYPE, { description: 'Check and cash are recorded only; a saved card is charged at once.' }),
    paymentMethod: Nullable(Id),
    cardBrand: Nullable(Type.String({ description: "The saved card's brand (paymentMethodType 2)." })),
    cardLast4: Nullable(Type.String({ description: "The saved card's last four digits (paymentMethodType 2)." })),
    referenceNumber: Nullable(Type.String({ description: 'The check number or the transfer reference.' })),
    memo: Nullable(Type.String()),
    depositAccountId: Nullable(Id),
    invoices: Many(Type.Ref('PaymentAllocation')),
    appliedAmount: Money,
    unappliedAmount: Money,
    status: NameEnum(PAYMENT_STATUSES, {
      description:
        'Settled (recorded, or charged); Pending (a card charge waiting for the processor: its invoices count it as pending, not paid); Failed (declined: nothing paid); Deleted (marked: its invoices no longer count it).',
    }),
    failureCode: Nullable(Type.String()),
    failureMessage: Nullable(Type.String()),
    extSyncState: NameEnum(EXT_SYNC_STATES),
    createdBy: Nullable(Type.String()),
    createdAt: DateTime,
    updatedAt: DateTime,
    deletedAt: Nullable(DateTime),
  },
  { $id: 'Payment' },
);
export type PaymentT = Omit<Static<typeof Payment>, 'invoices'> & { invoices: Array<{ invoiceId: number; invoiceNumber: string; amount: number }> };

const AllocationInput = Type.Object({
  invoiceId: Id,
  amount: Opt(
    Type.Number({
      exclusiveMinimum: 0,
      maximum: 999999999999.99,
      description: "To the cent. Absent: what is left of the payment, up to the invoice's open balance, in the order the invoices are listed.",
    }),
  ),
});
export type AllocationInputT = Static<typeof AllocationInput>;

const InputFields = {
  id: Opt(
    Type.Integer({
      format: 'int32',
      description: "Ignored by POST; PUT /Accounting/Payments: the payment to change (required); PUT /Accounting/Payment/{id} takes the path's.",
    }),
  ),
  customerId: Id,
  amount: Type.Number({ exclusiveMinimum: 0, maximum: 999999999999.99, description: 'Above 0, to the cent.' }),
  currency: Opt(Type.String({ minLength: 3, maxLength: 3, description: "Default the invoices' currency, else USD." })),
  date: Opt(Day({ description: 'Default today (UTC).' })),
  paymentMethodType: NumEnum(PAYMENT_METHOD_TYPE),
  paymentMethod: Opt(Type.Integer({ format: 'int32', description: "The customer's saved card: required with paymentMethodType 2, refused otherwise." })),
  referenceNumber: Opt(Text(100)),
  memo: Opt(Text(2000)),
  depositAccountId: Opt(Type.Integer({ format: 'int32', description: "Default the company's default deposit account, if it has one." })),
  invoices: Type.Optional(
    Type.Array(AllocationInput, {
      maxItems: MAX_ALLOCATIONS,
      description:
        "The customer's approved invoices in the payment's currency, each at most once. What is not applied stays unapplied on the payment; more than the payment, or more than an invoice's balance, is refused (accounting.over_allocation).",
    }),
  ),
};

export const PaymentInput = Type.Object(InputFields, { $id: 'PaymentInput', description: 'A payment received, and the invoices it pays.' });
export type PaymentInputT = Static<typeof PaymentInput>;

export const PaymentChange = Type.Object(
  {
    ...InputFields,
    customerId: Type.Optional(Id),
    amount: Type.Optional(InputFields.amount),
    paymentMethodType: Type.Optional(InputFields.paymentMethodType),
  },
  {
    $id: 'PaymentChange',
    description:
      "Changes the fields sent; invoices, when sent, replace the payment's allocations. A charged card payment keeps its amount, currency, customer and card (accounting.payment_charged; its allocations, date, reference, memo and deposit account still change).",
  },
);
export type PaymentChangeT = Static<typeof PaymentChange>;

export const PaymentChangeWithId = Type.Object({ ...PaymentChange.properties, id: Id }, { description: 'A change of the payment id.' });
export type PaymentChangeWithIdT = Static<typeof PaymentChangeWithId>;

export const PaymentsInput = Type.Array(Type.Ref('PaymentInput'), { minItems: 1, maxItems: MAX_PAYMENTS });
export const PaymentsChange = Type.Array(PaymentChangeWithId, { minItems: 1, maxItems: MAX_PAYMENTS });

export const PaymentIdParams = Type.Object({ id: Id });
export const InvoicePaymentsParams = Type.Object({ InvoiceId: Id });

export const PaymentsQuery = Type.Object({
  customerId: Type.Optional(Id),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'From this day (its UTC day), inclusive.' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'To this day (its UTC day), inclusive.' })),
  includeDeleted: Type.Optional(Type.Boolean({ default: false, description: 'true: deleted payments too (to restore one).' })),
});
export type PaymentsQueryT = Static<typeof PaymentsQuery>;

export const DepositAccount = Type.Object(
  {
    id: Id,
    name: Type.String(),
    accountType: NameEnum(['Bank', 'UndepositedFunds', 'Cash', 'Other'] as const),
    ledgerAccount: Nullable(Type.String({ description: 'Its name in the external ledger (an IIF ACCNT); default the name.' })),
    currency: Type.String(),
    openingBalance: Money,
    isDefault: Type.Boolean({ description: 'Payments recorded without a depositAccountId go here.' }),
    depositedTotal: Money,
    paymentsCount: Type.Integer(),
    balance: Money,
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  {
    $id: 'DepositAccount',
    description: "A 'Deposit to' account. depositedTotal sums its live settled payments; balance = openingBalance + depositedTotal (the running total).",
  },
);
export type DepositAccountT = Static<typeof DepositAccount>;

export const DepositAccountInput = Type.Object(
  {
    id: Opt(Type.Integer({ format: 'int32', description: 'Given: that account is changed; absent: a new one.' })),
    name: Text(100),
    accountType: Type.Optional(NameEnum(['Bank', 'UndepositedFunds', 'Cash', 'Other'] as const, { description: 'Default Bank.' })),
    ledgerAccount: Opt(Text(100)),
    currency: Opt(Type.String({ minLength: 3, maxLength: 3, description: 'Default USD.' })),
    openingBalance: Opt(Type.Number({ minimum: -999999999999.99, maximum: 999999999999.99 })),
    isDefault: Type.Optional(Type.Boolean({ description: 'true: the default (the former default no longer is).' })),
  },
  { $id: 'DepositAccountInput' },
);
export type DepositAccountInputT = Static<typeof DepositAccountInput>;

export const CustomerPaymentMethod = Type.Object(
  {
    id: Id,
    customerId: Id,
    processor: NameEnum(['sandbox', 'stripe'] as const),
    paymentMethodRef: Type.String({ description: "The processor's payment method (Stripe: pm_…)." }),
    brand: Type.String(),
    last4: Type.String(),
    expMonth: Nullable(Type.Integer()),
    expYear: Nullable(Type.Integer()),
    isDefault: Type.Boolean(),
    createdAt: DateTime,
  },
  { $id: 'CustomerPaymentMethod', description: "A customer's saved card: a reference to the processor's payment method, never a card number." },
);
export type CustomerPaymentMethodT = Static<typeof CustomerPaymentMethod>;

export const PaymentMethodInput = Type.Object(
  {
    paymentMethodRef: Type.String({
      minLength: 1,
      maxLength: 255,
      description:
        "The processor's payment method: with Stripe, a pm_… made by Stripe.js or the Stripe API from the customer's card; with the sandbox, one of its test cards (pm_card_visa, …).",
    }),
    isDefault: Type.Optional(Type.Boolean({ description: 'true: the card charged when a card payment names none; the first saved card is the default.' })),
  },
  { $id: 'PaymentMethodInput' },
);
export type PaymentMethodInputT = Static<typeof PaymentMethodInput>;

export const CustomerParams = Type.Object({ customerId: Id });
export const CustomerMethodParams = Type.Object({ customerId: Id, id: Id });
