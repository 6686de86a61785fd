// The external ledger's models: File (an exported or sent batch's file; the spec names it only) and
// the per-invoice and per-payment results of a send (ExtInvoiceSendBatchResult; the payments' one is
// designed, as POST /Accounting/Payments/SendExt is not shown).
import { DateTime, Id, NameEnum, Nullable, type Static, Type } from '../../platform/schemas.js';
import { EXT_SYNC_STATES } from './accounting.tables.js';

export const LedgerFile = Type.Object(
  {
    id: Id,
    kind: NameEnum(['Export', 'Send'] as const),
    fileName: Type.String(),
    format: NameEnum(['IIF', 'CSV'] as const),
    contentType: Type.String(),
    createdAt: DateTime,
    invoiceIds: Type.Array(Id),
    paymentIds: Type.Array(Id),
    content: Type.String({ contentEncoding: 'base64', description: 'The file, base64.' }),
  },
  { $id: 'File', description: 'A file the external ledger imports: IIF (QuickBooks Desktop) or CSV, as it was written.' },
);
export type LedgerFileT = Static<typeof LedgerFile>;

const Outcome = NameEnum(['Sent', 'Failed', 'Skipped'] as const);

export const ExtInvoiceSendBatchResult = Type.Object(
  {
    batchId: Id,
    adapter: Type.String({ description: "The ledger adapter: 'file' writes the batch's IIF file (DATA_DIR/ledger) for the ledger to import." }),
    status: NameEnum(['Done', 'Partial', 'Failed'] as const),
    fileName: Nullable(Type.String()),
    invoices: Type.Array(
      Type.Object({
        invoiceId: Id,
        invoiceNumber: Type.String(),
        outcome: Outcome,
        message: Nullable(Type.String()),
        extSyncState: NameEnum(EXT_SYNC_STATES),
        extRef: Nullable(Type.String()),
      }),
    ),
    payments: Type.Array(Type.Object({ paymentId: Id, outcome: Outcome, message: Nullable(Type.String()), extSyncState: NameEnum(EXT_SYNC_STATES) })),
  },
  { $id: 'ExtInvoiceSendBatchResult', description: 'What became of each invoice and payment of a send.' },
);
export type ExtSendResultT = Static<typeof ExtInvoiceSendBatchResult>;

export const IdList = Type.Array(Id, { minItems: 1, maxItems: 500, description: 'Each at most once; at most 500.' });
export const ExportQuery = Type.Object({
  format: Type.Optional(NameEnum(['IIF', 'CSV'] as const, { default: 'IIF', description: 'IIF (QuickBooks Desktop, default) or CSV.' })),
});
export const LedgerIdParams = Type.Object({ id: Id });
export const InvoiceIdPath = Type.Object({ InvoiceId: Id });
