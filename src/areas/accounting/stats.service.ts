// The accounting figures: the company's invoices by currency and status (InvoiceStats), a
// customer's receivable (CustomerBalanceStats) and its months (MonthlyStatistic). Sums stay per
// currency and are added with decimal.js, so they agree to the cent with the invoices' own.
import type { Tenant } from '../../db/tenant.js';
import { dayOf } from '../../platform/paging.js';
import type { CustomerRow } from '../customers/index.js';
import { sum } from './money.js';
import * as repo from './stats.repository.js';
import type { BalanceFiguresT, CustomerBalanceStatsT, InvoiceStatsT } from './stats.schemas.js';

const daysBefore = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const APPROVED = new Set(['Approved', 'Open', 'Paid', 'Overdue', 'PartialPaid']);

export async function invoiceStats(t: Tenant): Promise<InvoiceStatsT> {
  const today = dayOf();
  const [rows, paid] = await Promise.all([repo.invoicesByStatus(t, today), repo.paidSince(t, daysBefore(today, 30))]);
  const currencies = [...new Set([...rows.map((r) => r.currency), ...paid.map((p) => p.currency)])].sort();
  return {
    asOf: today,
    currencies: currencies.map((currency) => {
      const mine = rows.filter((r) => r.currency === currency);
      const approved = mine.filter((r) => APPROVED.has(r.status));
      const overdue = mine.filter((r) => r.status === 'Overdue');
      return {
        currency,
        invoiceCount: mine.reduce((n, r) => n + r.count, 0),
        approvedTotal: sum(approved.map((r) => r.total)),
        outstanding: sum(approved.map((r) => r.balance)),
        overdue: sum(overdue.map((r) => r.balance)),
        overdueCount: overdue.reduce((n, r) => n + r.count, 0),
        draftTotal: sum(mine.filter((r) => r.status === 'Draft').map((r) => r.total)),
        paidLast30Days: paid.find((p) => p.currency === currency)?.total ?? 0,
        byStatus: mine.map((r) => ({ status: r.status, count: r.count, total: r.total, balance: r.balance })).sort((a, b) => a.status.localeCompare(b.status)),
      };
    }),
  };
}

function figures(
  customerId: number,
  month: string | null,
  currency: string,
  inv: repo.CustomerInvoiceRow | undefined,
  pay: repo.CustomerPaymentRow | undefined,
): BalanceFiguresT {
  return {
    customerId,
    month,
    currency,
    invoiceCount: inv?.invoice_count ?? 0,
    invoicedTotal: inv?.invoiced_total ?? 0,
    paymentsCount: pay?.payments_count ?? 0,
    paymentsTotal: pay?.payments_total ?? 0,
    balance: inv?.balance ?? 0,
    overdueBalance: inv?.overdue_balance ?? 0,
    overdueCount: inv?.overdue_count ?? 0,
    lastPaymentDate: pay?.last_payment_date ?? null,
  };
}

/** The customer's currencies, its main one first: most invoices, else USD. */
function currenciesOf(invoices: readonly repo.CustomerInvoiceRow[], payments: readonly repo.CustomerPaymentRow[]): string[] {
  const counts = new Map<string, number>();
  for (const r of invoices) counts.set(r.currency, (counts.get(r.currency) ?? 0) + r.all_count);
  for (const p of payments) if (!counts.has(p.currency)) counts.set(p.currency, 0);
  const list = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([c]) => c);
  return list.length > 0 ? list : ['USD'];
}

export async function customerBalance(t: Tenant, customer: CustomerRow): Promise<CustomerBalanceStatsT> {
  const customerId = customer.id;
  const today = dayOf();
  const [invoices, payments] = await Promise.all([repo.customerInvoices(t, customerId, today, null), repo.customerPayments(t, customerId, null)]);
  const [main, ...others] = currenciesOf(invoices, payments);
  const of = (currency: string) =>
    figures(
      customerId,
      null,
      currency,
      invoices.find((r) => r.currency === currency),
      payments.find((p) => p.currency === currency),
    );
  return { ...of(main!), otherCurrencies: others.map(of) };
}

/** The customer's last `months` months (this one last), in each currency it has, months without
 *  activity included with zeros. */
export async function monthlyStatistic(t: Tenant, customer: CustomerRow, months: number): Promise<BalanceFiguresT[]> {
  const customerId = customer.id;
  const today = dayOf();
  const now = new Date(`${today}T00:00:00Z`);
  const monthList = Array.from({ length: months }, (_, k) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1 - k), 1));
    return d.toISOString().slice(0, 7);
  });
  const since = `${monthList[0]}-01`;
  const [invoices, payments] = await Promise.all([repo.customerInvoices(t, customerId, today, since), repo.customerPayments(t, customerId, since)]);
  const currencies = currenciesOf(invoices, payments);
  return currencies.flatMap((currency) =>
    monthList.map((month) =>
      figures(
        customerId,
        month,
        currency,
        invoices.find((r) => r.month === month && r.currency === currency),
        payments.find((p) => p.month === month && p.currency === currency),
      ),
    ),
  );
}
