// SQL of the external ledger's batches: each export or send with its file and what became of each
// invoice and payment in it.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import type { LedgerBatchesTable, LedgerBatchItemsTable } from './accounting.tables.js';
import { figuringInvoices } from './figures.js';

type Batch = Pick<LedgerBatchesTable, 'kind' | 'format' | 'adapter' | 'file_name' | 'status' | 'content' | 'content_type'>;
type Item = Pick<LedgerBatchItemsTable, 'invoice_id' | 'payment_id' | 'outcome' | 'message' | 'ext_ref'>;

export async function insertBatch(t: Tenant, batch: Batch, items: readonly Item[]): Promise<number> {
  const { id } = await t
    .insert('ledger_batches', { ...batch, stored_path: null, created_by: t.userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (items.length > 0)
    await t
      .insert(
        'ledger_batch_items',
        items.map((i) => ({ ...i, batch_id: id })),
      )
      .execute();
  return id;
}

export async function setStoredPath(t: Tenant, id: number, path: string): Promise<void> {
  await t.update('ledger_batches').set({ stored_path: path }).where('id', '=', id).execute();
}

export interface BatchRow {
  id: number;
  kind: 'Export' | 'Send';
  format: 'IIF' | 'CSV' | 'File';
  file_name: string | null;
  content: Buffer | null;
  content_type: string | null;
  created_at: Date;
  invoice_ids: number[];
  payment_ids: number[];
}

/** The batches with a file that an invoice was in, newest first. */
export function batchesOfInvoice(t: Tenant, invoiceId: number): Promise<BatchRow[]> {
  return t
    .select('ledger_batches as b')
    .select([
      'b.id',
      'b.kind',
      'b.format',
      'b.file_name',
      'b.content',
      'b.content_type',
      'b.created_at',
      sql<
        number[]
      >`coalesce((select array_agg(i.invoice_id order by i.id) from ledger_batch_items i where ${t.owns('i')} and i.batch_id = b.id and i.invoice_id is not null), '{}')`.as(
        'invoice_ids',
      ),
      sql<
        number[]
      >`coalesce((select array_agg(i.payment_id order by i.id) from ledger_batch_items i where ${t.owns('i')} and i.batch_id = b.id and i.payment_id is not null), '{}')`.as(
        'payment_ids',
      ),
    ])
    .where('b.content', 'is not', null)
    .where((eb) =>
      eb.exists(t.select('ledger_batch_items as x').select(sql`1`.as('one')).where(sql<boolean>`x.batch_id = b.id`).where('x.invoice_id', '=', invoiceId)),
    )
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id', 'desc')
    .execute() as Promise<BatchRow[]>;
}

/** Exported or sent: an approved invoice reads Open from then on (sent_at), downloaded when exported. */
export async function markInvoicesOut(t: Tenant, ids: readonly number[], downloaded: boolean): Promise<void> {
  if (ids.length === 0) return;
  await figuringInvoices(t, ids, () =>
    t
      .update('invoices')
      // The time as a parameter: Citus takes no now() inside a COALESCE.
      .set({ sent_at: sql`coalesce(sent_at, ${new Date()}::timestamptz)`, ...(downloaded ? { downloaded_at: sql`now()` } : {}), updated_at: sql`now()` })
      .where('id', 'in', [...ids])
      .execute(),
  );
}

export async function setInvoicesSync(t: Tenant, ids: readonly number[], state: 'Synced' | 'ManuallyAdded' | 'NotSynced', ref: string | null): Promise<void> {
  if (ids.length === 0) return;
  await t
    .update('invoices')
    .set({ ext_sync_state: state, ext_ref: ref, ext_synced_at: state === 'NotSynced' ? null : sql`now()`, updated_at: sql`now()` })
    .where('id', 'in', [...ids])
    .execute();
}

export async function setPaymentsSync(t: Tenant, ids: readonly number[], ref: string): Promise<void> {
  if (ids.length === 0) return;
  await t
    .update('payments')
    .set({ ext_sync_state: 'Synced', ext_ref: ref, ext_synced_at: sql`now()`, updated_at: sql`now()` })
    .where('id', 'in', [...ids])
    .execute();
}

/** The live settled payments applied to the invoices, not in the ledger yet. */
export async function unsyncedPaymentsOf(t: Tenant, invoiceIds: readonly number[]): Promise<number[]> {
  if (invoiceIds.length === 0) return [];
  const rows = await t
    .select('payments as p')
    .select('p.id')
    .where('p.deleted_at', 'is', null)
    .where('p.processing_status', '=', 'settled')
    .where('p.ext_sync_state', '=', 'NotSynced')
    .where((eb) =>
      eb.exists(
        t
          .select('payment_allocations as a')
          .select(sql`1`.as('one'))
          .where(sql<boolean>`a.payment_id = p.id`)
          .where('a.invoice_id', 'in', [...invoiceIds]),
      ),
    )
    .orderBy('p.id')
    .execute();
  return rows.map((r) => r.id);
}
