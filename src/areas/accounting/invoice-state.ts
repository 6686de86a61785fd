// An invoice's transaction status, derived when read and never stored (so never stale): from its
// mark of deletion, its approval, what is paid, its due date against today (UTC) and whether it
// has gone to the customer. In this order:
//   Deleted (marked) → Draft (approval 1) → Paid (nothing left to pay) → Overdue (due before today)
//   → PartialPaid (some paid) → Approved (approved, not sent yet) → Open (sent, nothing paid).
// The same rule in TypeScript (an invoice just written) and in SQL (lists, filters): each status
// filters by a predicate of its own that the invoices' indexes serve, not by the CASE.
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/types.js';
import { dayOf } from '../../platform/paging.js';
import type { TransactionStatus } from './accounting.tables.js';

export interface StateFields {
  status: number;
  deleted_at: Date | string | null;
  amount_paid: number;
  balance: number;
  due_date: string;
  sent_at: Date | string | null;
}

/** The status of an invoice row, today (UTC) unless told. */
export function transactionStatusOf(row: StateFields, today = dayOf()): TransactionStatus {
  if (row.deleted_at !== null) return 'Deleted';
  if (row.status === 1) return 'Draft';
  if (row.balance <= 0) return 'Paid';
  if (row.due_date < today) return 'Overdue';
  if (row.amount_paid > 0) return 'PartialPaid';
  return row.sent_at === null ? 'Approved' : 'Open';
}

type Eb = ExpressionBuilder<DB & { i: DB['invoices'] }, 'i'>;

/** The predicate of one status over invoices aliased `i`. */
export function statusPredicate(eb: Eb, status: TransactionStatus, today = dayOf()): Expression<SqlBool> {
  const live = eb('i.deleted_at', 'is', null);
  const approved = eb.and([live, eb('i.status', '=', 2)]);
  const due = eb.and([approved, eb('i.balance', '>', 0)]);
  switch (status) {
    case 'Deleted':
      return eb('i.deleted_at', 'is not', null);
    case 'Draft':
      return eb.and([live, eb('i.status', '=', 1)]);
    case 'Paid':
      return eb.and([approved, eb('i.balance', '<=', 0)]);
    case 'Overdue':
      return eb.and([due, eb('i.due_date', '<', today)]);
    case 'PartialPaid':
      return eb.and([due, eb('i.due_date', '>=', today), eb('i.amount_paid', '>', 0)]);
    case 'Approved':
      return eb.and([due, eb('i.due_date', '>=', today), eb('i.amount_paid', '=', 0), eb('i.sent_at', 'is', null)]);
    case 'Open':
      return eb.and([due, eb('i.due_date', '>=', today), eb('i.amount_paid', '=', 0), eb('i.sent_at', 'is not', null)]);
  }
}

/** Invoices in any of the statuses. */
export function statusesPredicate(eb: Eb, statuses: readonly TransactionStatus[], today = dayOf()): Expression<SqlBool> {
  return eb.or(statuses.map((s) => statusPredicate(eb, s, today)));
}

/** The status as a column (for an export or a sort), the same rule as transactionStatusOf. */
export function statusColumn(today = dayOf()) {
  return sql<TransactionStatus>`case
    when i.deleted_at is not null then 'Deleted'
    when i.status = 1 then 'Draft'
    when i.balance <= 0 then 'Paid'
    when i.due_date < ${today} then 'Overdue'
    when i.amount_paid > 0 then 'PartialPaid'
    when i.sent_at is null then 'Approved'
    else 'Open' end`;
}
