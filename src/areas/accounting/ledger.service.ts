// The external ledger: invoices exported as a file the ledger imports (IIF for QuickBooks Desktop,
// or CSV), sent through the ledger adapter with their payments (the default adapter, 'file', writes
// the batch's IIF file under DATA_DIR/ledger for the ledger to import, and keeps it with the
// batch), marked added by hand. Each batch keeps its file and what became of each invoice and
// payment; an approved invoice exported or sent reads Open from then on.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config.js';
import { isMemoryDataDir } from '../../config.js';
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { fail, invalid } from '../../platform/errors.js';
import { dayOf } from '../../platform/paging.js';
import { AccountingErrors } from './accounting.errors.js';
import { invoiceExtMarked, ledgerBatchMade } from './accounting.events.js';
import { logInvoiceActivity } from './activity.js';
import { invoiceAnswers } from './invoice-answers.js';
import { type InvoiceRow, invoiceRecords } from './invoices.repository.js';
import type { InvoiceT } from './invoices.schemas.js';
import { changeOf } from './invoices.service.js';
import * as repo from './ledger.repository.js';
import type { ExtSendResultT, LedgerFileT } from './ledger.schemas.js';
import { invoicesCsv, invoicesIif } from './ledger-files.js';
import { paymentAnswers } from './payment-answers.js';
import { type PaymentRow, paymentRecords } from './payments.repository.js';

const TYPES = { IIF: 'application/x-iif', CSV: 'text/csv' } as const;

/** The ids as sent, each at most once (the id gate's rows are each once whatever was sent). */
function unique(ids: readonly number[], field: string): number[] {
  const twice = ids.find((id, k) => ids.indexOf(id) !== k);
  if (twice !== undefined) throw invalid(field, `${twice} is listed twice.`);
  return [...ids];
}

const toFile = (b: repo.BatchRow): LedgerFileT => ({
  id: b.id,
  kind: b.kind,
  fileName: b.file_name ?? `ledger-${b.id}`,
  format: b.format === 'CSV' ? 'CSV' : 'IIF',
  contentType: b.content_type ?? TYPES.IIF,
  createdAt: b.created_at,
  invoiceIds: b.invoice_ids,
  paymentIds: b.payment_ids,
  content: (b.content ?? Buffer.alloc(0)).toString('base64'),
});

export function ledgerService(config: Pick<Config, 'dataDir'>) {
  /** The 'file' adapter: the batch's file under DATA_DIR/ledger/<company>/, written once the batch commits. */
  function dropFile(t: Tenant, batchId: number, fileName: string, content: string): void {
    if (isMemoryDataDir(config)) return;
    const dir = join(config.dataDir, 'ledger', String(t.companyId));
    t.afterCommit(async () => {
      await mkdir(dir, { recursive: true });
      const path = join(dir, fileName);
      await writeFile(`${path}.tmp`, content);
      await rename(`${path}.tmp`, path);
    });
    void batchId;
  }

  return {
    /** POST /Accounting/export: approved live invoices as one file. `sent`: the body's ids; `rows`:
     *  their invoices, as the id gate read them (in the order sent). */
    async exportFile(t: Tenant, sent: readonly number[], rows: readonly InvoiceRow[], format: 'IIF' | 'CSV'): Promise<LedgerFileT> {
      const ids = unique(sent, '$');
      const invoices = await invoiceAnswers(t, rows);
      for (const inv of invoices) {
        if (inv.deletedAt !== null) throw fail(AccountingErrors.invoiceDeleted, `Invoice ${inv.invoiceNumber} is deleted.`);
        if (inv.status !== 2) throw fail(AccountingErrors.invoiceNotApproved, `Invoice ${inv.invoiceNumber} is a Draft: approve it before exporting it.`);
      }
      const text = format === 'CSV' ? invoicesCsv(invoices) : invoicesIif(invoices);
      const fileName = `invoices-${dayOf()}-${invoices.length === 1 ? invoices[0]!.invoiceNumber : `${invoices.length}`}.${format.toLowerCase()}`;
      const batchId = await repo.insertBatch(
        t,
        { kind: 'Export', format, adapter: 'download', file_name: fileName, status: 'Done', content: Buffer.from(text), content_type: TYPES[format] },
        invoices.map((i) => ({ invoice_id: i.id, payment_id: null, outcome: 'Sent' as const, message: null, ext_ref: null })),
      );
      await repo.markInvoicesOut(
        t,
        invoices.map((i) => i.id),
        true,
      );
      await logInvoiceActivity(
        t,
        invoices.map((i) => i.id),
        'invoice.exported',
        `Exported to the ${format} file ${fileName}.`,
      );
      await audit(t, { action: 'ledger.exported', entityType: 'ledger_batch', entityId: batchId, after: { fileName, invoiceIds: ids } });
      await t.announce(ledgerBatchMade, { batchId, kind: 'Export', invoiceIds: [...ids], paymentIds: [], status: 'Done' });
      const [file] = (await repo.batchesOfInvoice(t, ids[0]!)).filter((b) => b.id === batchId);
      return toFile(file!);
    },

    /** GET /Accounting/{id}/export: the files the invoice was exported or sent in, newest first. */
    async exportsOf(t: Tenant, invoice: InvoiceRow): Promise<LedgerFileT[]> {
      return (await repo.batchesOfInvoice(t, invoice.id)).map(toFile);
    },

    /** POST /Accounting/Invoices/SendExt: the invoices and their payments through the ledger
     *  adapter. `sent`: the body's ids; `rows`: their invoices, as the id gate read them. */
    async sendInvoices(t: Tenant, sent: readonly number[], rows: readonly InvoiceRow[]): Promise<ExtSendResultT> {
      const ids = unique(sent, '$');
      const invoices = await invoiceAnswers(t, rows);
      const results: ExtSendResultT['invoices'] = [];
      const sending: InvoiceT[] = [];
      for (const inv of invoices) {
        const base = { invoiceId: inv.id, invoiceNumber: inv.invoiceNumber, extSyncState: inv.extSyncState, extRef: null };
        if (inv.deletedAt !== null) results.push({ ...base, outcome: 'Failed', message: 'The invoice is deleted.' });
        else if (inv.status !== 2) results.push({ ...base, outcome: 'Failed', message: 'The invoice is a Draft: approve it first.' });
        else if (inv.extSyncState === 'Synced' || inv.extSyncState === 'ManuallyAdded')
          results.push({ ...base, outcome: 'Skipped', message: `In the ledger already (${inv.extSyncState}).` });
        else sending.push(inv);
      }
      const paymentIds = await repo.unsyncedPaymentsOf(
        t,
        sending.map((i) => i.id),
      );
      const payments = await paymentAnswers(t, await paymentRecords.findAll(t, paymentIds));
      const status = sending.length === 0 ? 'Failed' : sending.length === invoices.length ? 'Done' : 'Partial';
      const content = sending.length > 0 ? invoicesIif(sending, payments) : null;
      const fileName = content ? `ledger-${dayOf()}-${Date.now()}.iif` : null;
      const batchId = await repo.insertBatch(
        t,
        {
          kind: 'Send',
          format: 'IIF',
          adapter: 'file',
          file_name: fileName,
          status,
          content: content ? Buffer.from(content) : null,
          content_type: content ? TYPES.IIF : null,
        },
        [
          ...results.map((r) => ({ invoice_id: r.invoiceId, payment_id: null, outcome: r.outcome, message: r.message, ext_ref: null })),
          ...sending.map((i) => ({ invoice_id: i.id, payment_id: null, outcome: 'Sent' as const, message: null, ext_ref: null })),
          ...payments.map((p) => ({ invoice_id: null, payment_id: p.id, outcome: 'Sent' as const, message: null, ext_ref: null })),
        ],
      );
      const ref = `fds-batch-${batchId}`;
      await repo.setInvoicesSync(
        t,
        sending.map((i) => i.id),
        'Synced',
        ref,
      );
      await repo.setPaymentsSync(t, paymentIds, ref);
      await repo.markInvoicesOut(
        t,
        sending.map((i) => i.id),
        false,
      );
      if (content && fileName) dropFile(t, batchId, fileName, content);
      await logInvoiceActivity(
        t,
        sending.map((i) => i.id),
        'invoice.sent_to_ledger',
        `Sent to the external ledger (${ref}${payments.length > 0 ? `, with ${payments.length} payments` : ''}).`,
      );
      await audit(t, { action: 'ledger.sent', entityType: 'ledger_batch', entityId: batchId, after: { status, invoiceIds: ids, paymentIds } });
      await t.announce(ledgerBatchMade, { batchId, kind: 'Send', invoiceIds: [...ids], paymentIds, status });
      for (const i of sending)
        results.push({ invoiceId: i.id, invoiceNumber: i.invoiceNumber, outcome: 'Sent', message: null, extSyncState: 'Synced', extRef: ref });
      const order = new Map(ids.map((id, k) => [id, k]));
      results.sort((a, b) => order.get(a.invoiceId)! - order.get(b.invoiceId)!);
      return {
        batchId,
        adapter: 'file',
        status,
        fileName,
        invoices: results,
        payments: payments.map((p) => ({ paymentId: p.id, outcome: 'Sent', message: null, extSyncState: 'Synced' })),
      };
    },

    /** POST /Accounting/Payments/SendExt (designed): settled live payments not in the ledger yet.
     *  `sent`: the body's ids; `rows`: their payments, as the id gate read them. */
    async sendPayments(t: Tenant, sent: readonly number[], rows: readonly PaymentRow[]): Promise<ExtSendResultT> {
      const ids = unique(sent, '$');
      const payments = await paymentAnswers(t, rows);
      const results: ExtSendResultT['payments'] = [];
      const sending = payments.filter((p) => {
        const why =
          p.status !== 'Settled'
            ? `The payment is ${p.status}: only settled payments go to the ledger.`
            : p.extSyncState !== 'NotSynced'
              ? `In the ledger already (${p.extSyncState}).`
              : null;
        if (why) results.push({ paymentId: p.id, outcome: p.status !== 'Settled' ? 'Failed' : 'Skipped', message: why, extSyncState: p.extSyncState });
        return why === null;
      });
      const status = sending.length === 0 ? 'Failed' : sending.length === payments.length ? 'Done' : 'Partial';
      const content = sending.length > 0 ? invoicesIif([], sending) : null;
      const fileName = content ? `payments-${dayOf()}-${Date.now()}.iif` : null;
      const batchId = await repo.insertBatch(
        t,
        {
          kind: 'Send',
          format: 'IIF',
          adapter: 'file',
          file_name: fileName,
          status,
          content: content ? Buffer.from(content) : null,
          content_type: content ? TYPES.IIF : null,
        },
        payments.map((p) => {
          const r = results.find((x) => x.paymentId === p.id);
          return { invoice_id: null, payment_id: p.id, outcome: r?.outcome ?? ('Sent' as const), message: r?.message ?? null, ext_ref: null };
        }),
      );
      await repo.setPaymentsSync(
        t,
        sending.map((p) => p.id),
        `fds-batch-${batchId}`,
      );
      if (content && fileName) dropFile(t, batchId, fileName, content);
      await audit(t, { action: 'ledger.sent', entityType: 'ledger_batch', entityId: batchId, after: { status, paymentIds: ids } });
      await t.announce(ledgerBatchMade, { batchId, kind: 'Send', invoiceIds: [], paymentIds: [...ids], status });
      for (const p of sending) results.push({ paymentId: p.id, outcome: 'Sent', message: null, extSyncState: 'Synced' });
      const order = new Map(ids.map((id, k) => [id, k]));
      results.sort((a, b) => order.get(a.paymentId)! - order.get(b.paymentId)!);
      return { batchId, adapter: 'file', status, fileName, invoices: [], payments: results };
    },

    /** AddToExt: an exported invoice marked as added to the ledger by hand; CancelExt undoes the mark. */
    async markManual(t: Tenant, row: InvoiceRow, added: boolean): Promise<InvoiceT> {
      const id = row.id;
      const [before] = await invoiceAnswers(t, [row]);
      if (before!.deletedAt !== null) throw fail(AccountingErrors.invoiceDeleted, `Invoice ${before!.invoiceNumber} is deleted.`);
      if (added && before!.extSyncState !== 'ManuallyAdded') {
        const downloaded = await t.select('invoices').select('downloaded_at').where('id', '=', id).executeTakeFirstOrThrow();
        if (downloaded.downloaded_at === null)
          throw fail(AccountingErrors.notDownloaded, `Invoice ${before!.invoiceNumber} was never exported: export it first (POST /Accounting/export).`);
        await repo.setInvoicesSync(t, [id], 'ManuallyAdded', null);
      } else if (!added && before!.extSyncState === 'ManuallyAdded') await repo.setInvoicesSync(t, [id], 'NotSynced', null);
      else return before!;
      const [after] = await invoiceAnswers(t, [await invoiceRecords.reread(t, id)]);
      await logInvoiceActivity(
        t,
        [id],
        added ? 'invoice.ext_added' : 'invoice.ext_cancelled',
        added ? 'Marked as added to the external ledger by hand.' : 'The mark of being added to the external ledger by hand was taken off.',
      );
      await audit(t, { action: added ? 'invoice.ext_added' : 'invoice.ext_cancelled', entityType: 'invoice', entityId: id, before, after });
      await t.announce(invoiceExtMarked, changeOf(after!));
      return after!;
    },
  };
}

export type LedgerService = ReturnType<typeof ledgerService>;
