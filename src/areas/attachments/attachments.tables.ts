// Kysely types of the table of migration 0025, merged into the database type like the other areas'
// (src/areas/fleet/fleet.tables.ts).
import type { Generated } from 'kysely';
import type { CreatedAt } from '../../db/columns.js';

export interface AttachmentsTable {
  company_id: number;
  id: Generated<number>;
  /** The spec's entity type (1 Customer ... 33 FreightPayment); null for an image of POST /Images/upload. */
  entity_type: number | null;
  entity_id: number | null;
  /** The order an attachment of an order, quote, item, stop or transfer stop belongs to (the order's list). */
  order_id: number | null;
  /** The stored file (stored_files), by content. */
  file_key: string;
  file_name: string;
  /** As sniffed from the content, never as declared. */
  content_type: string;
  size: number;
  page_type: string | null;
  page_number: number | null;
  page_label: string | null;
  /** The preview made at upload (a smaller image, or a PDF's first page), a stored file too; null: the file is its own preview. */
  preview_key: string | null;
  preview_type: string | null;
  created_at: CreatedAt;
  created_by: string | null;
}

declare module '../../db/types.js' {
  interface DB {
    attachments: AttachmentsTable;
  }
}
