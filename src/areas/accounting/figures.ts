// The books' running figures (invoice_figures, payment_figures: migration 0022), kept by every
// write of invoices and payments in its transaction: the writer reads the rows' figure keys before
// and after (`invoicesChanging` / `invoicesChanged`, the same for payments), the changes gather
// per transaction, and are written once, just before COMMIT (Tenant.atCommit), in one upsert per
// table, keys in order — so two transactions meet on the figures' rows last and in the same order
// (no deadlock), and hold them for the commit only.
//
// Money is counted in whole cents (numeric(14,2) values: exact as integers), so the figures agree
// with the rows to the cent.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';

interface InvoiceKey {
  currency: string;
  deleted: boolean;
  status: number;
  paid_state: number;
  sent: boolean;
  due_date: string;
}
interface PaymentKey {
  currency: string;
  deleted: boolean;
  processing_status: string;
  payment_date: string;
}

interface Change {
  n: number;
  /** Cents. */
  a: number;
  b: number;
}

interface Gathered {
  invoices: Map<string, { key: InvoiceKey; change: Change }>;
  payments: Map<string, { key: PaymentKey; change: Change }>;
}

const gathered = new WeakMap<Tenant, Gathered>();

const cents = (value: number | string) => Math.round(Number(value) * 100);

function of(t: Tenant): Gathered {
  let mine = gathered.get(t);
  if (!mine) {
    mine = { invoices: new Map(), payments: new Map() };
    gathered.set(t, mine);
    t.atCommit(() => flush(t, mine!));
  }
  return mine;
}

function add<K extends object>(into: Map<string, { key: K; change: Change }>, key: K, sign: 1 | -1, a: number, b: number) {
  const id = JSON.stringify(Object.values(key));
  const slot = into.get(id) ?? { key, change: { n: 0, a: 0, b: 0 } };
  slot.change.n += sign;
  slot.change.a += sign * a;
  slot.change.b += sign * b;
  into.set(id, slot);
}

const invoiceKeyColumns = [
  'i.currency',
  sql<boolean>`i.deleted_at is not null`.as('deleted'),
  'i.status',
  sql<number>`case when i.balance <= 0 then 2 when i.amount_paid > 0 then 1 else 0 end`.as('paid_state'),
  sql<boolean>`i.sent_at is not null`.as('sent'),
  // The due date counts only while money is due (Overdue or not); the others share one key.
  sql<string>`case when i.deleted_at is null and i.status = 2 and i.balance > 0 then i.due_date::text else '-infinity' end`.as('due_date'),
  'i.total',
  'i.balance',
] as const;

async function noteInvoices(t: Tenant, ids: readonly number[], sign: 1 | -1): Promise<void> {
  if (ids.length === 0) return;
  const rows = await t
    .select('invoices as i')
    .select([...invoiceKeyColumns])
    .where('i.id', 'in', [...new Set(ids)])
    .execute();
  const into = of(t).invoices;
  for (const r of rows)
    add(
      into,
      { currency: r.currency, deleted: r.deleted, status: r.status, paid_state: Number(r.paid_state), sent: r.sent, due_date: r.due_date },
      sign,
      cents(r.total),
      cents(r.balance),
    );
}

async function notePayments(t: Tenant, ids: readonly number[], sign: 1 | -1): Promise<void> {
  if (ids.length === 0) return;
  const rows = await t
    .select('payments as p')
    .select([
      'p.currency',
      sql<boolean>`p.deleted_at is not null`.as('deleted'),
      'p.processing_status',
      sql<string>`p.payment_date::text`.as('payment_date'),
      'p.amount',
    ])
    .where('p.id', 'in', [...new Set(ids)])
    .execute();
  const into = of(t).payments;
  for (const r of rows)
    add(into, { currency: r.currency, deleted: r.deleted, processing_status: r.processing_status, payment_date: r.payment_date }, sign, cents(r.amount), 0);
}

/** Before invoices change (or go): their figures are taken out. */
export const invoicesChanging = (t: Tenant, ids: readonly number[]) => noteInvoices(t, ids, -1);
/** After invoices changed (or were made): their figures are put in. */
export const invoicesChanged = (t: Tenant, ids: readonly number[]) => noteInvoices(t, ids, 1);
export const paymentsChanging = (t: Tenant, ids: readonly number[]) => notePayments(t, ids, -1);
export const paymentsChanged = (t: Tenant, ids: readonly number[]) => notePayments(t, ids, 1);

/** Runs a write of these invoices between the two readings. */
export async function figuringInvoices<T>(t: Tenant, ids: readonly number[], write: () => Promise<T>): Promise<T> {
  await invoicesChanging(t, ids);
  const result = await write();
  await invoicesChanged(t, ids);
  return result;
}

export async function figuringPayments<T>(t: Tenant, ids: readonly number[], write: () => Promise<T>): Promise<T> {
  await paymentsChanging(t, ids);
  const result = await write();
  await paymentsChanged(t, ids);
  return result;
}

const money = (c: number) => sql<number>`${String(c)}::numeric / 100`;

async function flush(t: Tenant, mine: Gathered): Promise<void> {
  const sorted = <K>(m: Map<string, { key: K; change: Change }>) =>
    [...m.entries()]
      .filter(([, s]) => s.change.n !== 0 || s.change.a !== 0 || s.change.b !== 0)
      .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
      .map(([, s]) => s);
  const invoices = sorted(mine.invoices);
  mine.invoices.clear();
  if (invoices.length > 0)
    await t
      .insert(
        'invoice_figures',
        invoices.map(({ key, change }) => ({ ...key, n: change.n, total: money(change.a), balance: money(change.b) })),
      )
      .onConflict((oc) =>
        oc.columns(['company_id', 'currency', 'deleted', 'status', 'paid_state', 'sent', 'due_date']).doUpdateSet({
          n: sql`invoice_figures.n + excluded.n`,
          total: sql`invoice_figures.total + excluded.total`,
          balance: sql`invoice_figures.balance + excluded.balance`,
        }),
      )
      .execute();
  const payments = sorted(mine.payments);
  mine.payments.clear();
  if (payments.length > 0)
    await t
      .insert(
        'payment_figures',
        payments.map(({ key, change }) => ({ ...key, n: change.n, amount: money(change.a) })),
      )
      .onConflict((oc) =>
        oc.columns(['company_id', 'currency', 'deleted', 'processing_status', 'payment_date']).doUpdateSet({
          n: sql`payment_figures.n + excluded.n`,
          amount: sql`payment_figures.amount + excluded.amount`,
        }),
      )
      .execute();
}

/** A figure key's transaction status today: transactionStatusOf's rule over the key's columns. */
export function figureStatus(today: string) {
  return sql<string>`case
    when f.deleted then 'Deleted'
    when f.status = 1 then 'Draft'
    when f.paid_state = 2 then 'Paid'
    when f.due_date < ${today} then 'Overdue'
    when f.paid_state = 1 then 'PartialPaid'
    when not f.sent then 'Approved'
    else 'Open' end`;
}

const paymentStatus = sql<string>`case when f.deleted then 'Deleted' when f.processing_status = 'pending' then 'Pending'
  when f.processing_status = 'failed' then 'Failed' else 'Settled' end`;

/** How many invoices: live ones (or all), in these transaction statuses if any. */
export function invoiceCount(t: Tenant, filter: { withDeleted: boolean; statuses?: readonly string[]; paid?: boolean }, today: string) {
  return t
    .select('invoice_figures as f')
    .select(sql<string>`coalesce(sum(f.n), 0)`.as('n'))
    .$if(!filter.withDeleted, (q) => q.where('f.deleted', '=', false))
    .$if(filter.statuses !== undefined, (q) => q.where(figureStatus(today), 'in', filter.statuses!.length > 0 ? [...filter.statuses!] : ['']))
    .$if(filter.paid === true, (q) => q.where('f.status', '=', 2).where('f.paid_state', '=', 2))
    .$if(filter.paid === false, (q) => q.where((eb) => eb.or([eb('f.status', '=', 1), eb('f.paid_state', '<', 2)])));
}

/** How many payments: live ones (or all), in these statuses if any. */
export function paymentCount(t: Tenant, filter: { withDeleted: boolean; statuses?: readonly string[] }) {
  return t
    .select('payment_figures as f')
    .select(sql<string>`coalesce(sum(f.n), 0)`.as('n'))
    .$if(!filter.withDeleted, (q) => q.where('f.deleted', '=', false))
    .$if(filter.statuses !== undefined, (q) => q.where(paymentStatus, 'in', filter.statuses!.length > 0 ? [...filter.statuses!] : ['']));
}
