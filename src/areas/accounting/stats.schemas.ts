// InvoiceStats, CustomerBalanceStats and MonthlyStatistic (the spec names the models only): money
// per currency — never a sum across currencies — from the live invoices and payments.
import { Day, Id, Money, Nullable, type Static, Type } from '../../platform/schemas.js';

const StatusFigures = Type.Object({ status: Type.String(), count: Type.Integer(), total: Money, balance: Money });

export const InvoiceStats = Type.Object(
  {
    asOf: Day({ description: 'Today (UTC): what Overdue is judged against.' }),
    currencies: Type.Array(
      Type.Object({
        currency: Type.String(),
        invoiceCount: Type.Integer({ description: 'Live invoices, drafts included.' }),
        approvedTotal: Money,
        outstanding: Type.Number({ description: 'What approved invoices have left to pay.' }),
        overdue: Type.Number({ description: 'What approved invoices due before today have left to pay.' }),
        overdueCount: Type.Integer(),
        draftTotal: Money,
        paidLast30Days: Type.Number({ description: 'Live settled payments dated within the last 30 days.' }),
        byStatus: Type.Array(StatusFigures, { description: 'Per transaction status: how many, their totals and balances.' }),
      }),
    ),
  },
  { $id: 'InvoiceStats' },
);
export type InvoiceStatsT = Static<typeof InvoiceStats>;

const BalanceFields = {
  customerId: Id,
  month: Nullable(Type.String({ description: 'YYYY-MM (MonthlyStatistic); null: all time.' })),
  currency: Type.String(),
  invoiceCount: Type.Integer({ description: 'Approved live invoices (dated in the month).' }),
  invoicedTotal: Money,
  paymentsCount: Type.Integer({ description: 'Live settled payments (dated in the month).' }),
  paymentsTotal: Money,
  balance: Type.Number({ description: 'What those invoices have left to pay.' }),
  overdueBalance: Type.Number({ description: 'Of which due before today.' }),
  overdueCount: Type.Integer(),
  lastPaymentDate: Nullable(Day()),
};

export const CustomerBalanceStats = Type.Object(
  { ...BalanceFields, otherCurrencies: Type.Optional(Type.Array(Type.Object(BalanceFields), { description: 'The same in the customer’s other currencies.' })) },
  {
    $id: 'CustomerBalanceStats',
    description: "A customer's receivable in one currency: the one most of its invoices are in (else USD); otherCurrencies holds the rest.",
  },
);
export type CustomerBalanceStatsT = Static<typeof CustomerBalanceStats>;
export type BalanceFiguresT = Omit<CustomerBalanceStatsT, 'otherCurrencies'>;

export const CustomerIdParams = Type.Object({ id: Id });
export const MonthlyQuery = Type.Object({
  months: Type.Optional(Type.Integer({ minimum: 1, maximum: 36, default: 12, description: 'How many months, ending with this one (default 12).' })),
});
