// The external ledger (part 2, "Accounting"): exports, sends, the manual marks.
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Many, Type } from '../../platform/schemas.js';
import { DOWNLOAD, LEDGER } from './accounting.access.js';
import { invoiceRecords } from './invoices.repository.js';
import { ExportQuery, IdList, LedgerIdParams } from './ledger.schemas.js';
import type { LedgerService } from './ledger.service.js';
import { paymentRecords } from './payments.repository.js';

export function ledgerRoutes(ledger: LedgerService): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/Accounting/export',
      access: DOWNLOAD,
      // The body is the list of ids: live or deleted invoices (a deleted one is the service's refusal).
      ids: { body: { '[]': invoiceRecords } },
      summary: 'Export invoices as a file the ledger imports',
      description:
        "Body: the invoices' ids (approved, live; each once; at most 500; an unknown or other company's id is a 404). format=IIF (default: QuickBooks Desktop's import — a TRNS line on Accounts Receivable per invoice, an SPL line on Freight Income per invoice line and one on Sales Tax Payable for the tax, dates MM/DD/YYYY) or CSV (a row per invoice line). The file is kept (GET /Accounting/{id}/export) and answered base64; the invoices are marked downloaded and, approved, read Open from then on.",
      querystring: ExportQuery,
      body: IdList,
      response: Type.Ref('File'),
      handler: ({ tenant, query, body, found }) => ledger.exportFile(tenant, body, found.all(invoiceRecords), query.format ?? 'IIF'),
    }),
    defineRoute({
      method: 'GET',
      url: '/Accounting/:id/export',
      access: DOWNLOAD,
      ids: { params: { id: invoiceRecords } },
      summary: "An invoice's ledger files",
      description: 'The files the invoice was exported or sent in, newest first, as they were written (base64).',
      params: LedgerIdParams,
      response: Many(Type.Ref('File')),
      handler: ({ tenant, found }) => ledger.exportsOf(tenant, found.one(invoiceRecords)),
    }),
    defineRoute({
      method: 'POST',
      url: '/Accounting/Invoices/SendExt',
      access: LEDGER,
      // The body is the list of ids: live or deleted invoices (a deleted one is answered Failed).
      ids: { body: { '[]': invoiceRecords } },
      summary: 'Send invoices and their payments to the external ledger',
      description:
        "Body: the invoices' ids (each once, at most 500). Each approved live invoice not in the ledger yet is sent with its live settled payments not sent yet, through the ledger adapter ('file': the batch's IIF file is written under DATA_DIR/ledger/<company>/ for the ledger to import, and kept with the batch); it reads Synced with the batch's reference (extRef). A Draft or deleted one is Failed, one in the ledger already (Synced, ManuallyAdded) Skipped, each with its reason. status: Done (all sent), Partial, Failed (none).",
      body: IdList,
      response: Type.Ref('ExtInvoiceSendBatchResult'),
      handler: ({ tenant, body, found }) => ledger.sendInvoices(tenant, body, found.all(invoiceRecords)),
    }),
    defineRoute({
      method: 'POST',
      url: '/Accounting/Payments/SendExt',
      access: LEDGER,
      // The body is the list of ids: live or deleted payments (a deleted one is answered Failed).
      ids: { body: { '[]': paymentRecords } },
      summary: 'Send payments to the external ledger',
      description:
        "Not shown by the spec; designed as Invoices/SendExt for payments. Body: the payments' ids (each once, at most 500; an unknown or other company's id is a 404). Each settled live payment not in the ledger yet is sent (an IIF PAYMENT into Undeposited Funds against Accounts Receivable); a pending, failed or deleted one is Failed, one sent already Skipped.",
      body: IdList,
      response: Type.Ref('ExtInvoiceSendBatchResult'),
      handler: ({ tenant, body, found }) => ledger.sendPayments(tenant, body, found.all(paymentRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Accounting/invoice/:id/ExtStatus/AddToExt',
      access: LEDGER,
      ids: { params: { id: invoiceRecords } },
      summary: 'Mark an exported invoice as added to the ledger by hand',
      description:
        'For an invoice downloaded (POST /Accounting/export) and typed into the ledger by hand: extSyncState ManuallyAdded, and SendExt skips it. One never exported is refused (accounting.not_downloaded); marking it again changes nothing.',
      params: LedgerIdParams,
      response: Type.Ref('Invoice'),
      handler: ({ tenant, found }) => ledger.markManual(tenant, found.one(invoiceRecords), true),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Accounting/invoice/:id/ExtStatus/CancelExt',
      access: LEDGER,
      ids: { params: { id: invoiceRecords } },
      summary: 'Take off the mark of an invoice added by hand',
      description: 'ManuallyAdded becomes NotSynced (SendExt sends it again); any other state is left as it is.',
      params: LedgerIdParams,
      response: Type.Ref('Invoice'),
      handler: ({ tenant, found }) => ledger.markManual(tenant, found.one(invoiceRecords), false),
    }),
  ];
}
