// The customers as billing sees them (GET /Accounting/Customers/BasicDetails): the customers' own
// list (its filters, sort and paging), each with what is open on its approved invoices, read for the
// page in one statement along the invoices' partial index of money due (approved, live, balance > 0).

import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { dayOf } from '../../platform/paging.js';
import { Id, Many, Money, Nullable, type Static, Type } from '../../platform/schemas.js';

export const CustomerBalance = Type.Object({
  currency: Type.String(),
  balance: Money,
  overdue: Type.Number({ description: 'The part of balance due before today (UTC).' }),
  openInvoices: Type.Integer(),
});

export const CustomerListDto = Type.Object(
  {
    id: Id,
    name: Type.String(),
    email: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    status: Type.Integer({ description: '0 Active, 1 Deleted.' }),
    paymentTermsDays: Nullable(Type.Integer()),
    taxExempt: Type.Boolean(),
    balances: Many(CustomerBalance, { description: 'Per currency: what approved, live invoices still ask; none when nothing is open.' }),
  },
  { $id: 'CustomerListDto' },
);
export type CustomerListDtoT = Static<typeof CustomerListDto>;

interface Listed {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  status: number;
  paymentTermsDays: number | null;
  taxExempt: boolean;
}

export async function withBalances(t: Tenant, customers: readonly Listed[]): Promise<CustomerListDtoT[]> {
  const ids = customers.map((c) => c.id);
  const today = dayOf();
  const rows =
    ids.length === 0
      ? []
      : await t
          .select('invoices as i')
          .select([
            'i.customer_id',
            'i.currency',
            sql<number>`sum(i.balance)`.as('balance'),
            sql<number>`coalesce(sum(i.balance) filter (where i.due_date < ${today}), 0)`.as('overdue'),
            sql<number>`count(*)::int`.as('open_invoices'),
          ])
          .where('i.customer_id', 'in', ids)
          .where('i.deleted_at', 'is', null)
          .where('i.status', '=', 2)
          .where('i.balance', '>', 0)
          .groupBy(['i.customer_id', 'i.currency'])
          .orderBy('i.currency')
          .execute();
  return customers.map((c) => ({
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    status: c.status,
    paymentTermsDays: c.paymentTermsDays,
    taxExempt: c.taxExempt,
    balances: rows
      .filter((r) => r.customer_id === c.id)
      .map((r) => ({ currency: r.currency, balance: Number(r.balance), overdue: Number(r.overdue), openInvoices: r.open_invoices })),
  }));
}
