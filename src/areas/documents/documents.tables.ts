// Kysely types of the tables of migration 0024, merged into the database type like the other
// areas' (src/areas/fleet/fleet.tables.ts).
import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp, Updated } from '../../db/columns.js';

export interface DocumentsTable {
  company_id: number;
  id: Generated<number>;
  name: string;
  file_name: string;
  document_type: string;
  content_type: string;
  file_key: string;
  size: number;
  pages: number | null;
  version: Generated<number>;
  editable: Generated<boolean>;
  source: string;
  agent_conversation_id: number | null;
  categories: Generated<string[]>;
  tags: Generated<string[]>;
  status: string;
  status_message: string | null;
  markdown: string | null;
  extract_attempts: Generated<number>;
  extract_after: Timestamp | null;
  reviewed_at: Timestamp | null;
  reviewed_by: string | null;
  search_text: Generated<string>;
  archived_at: Timestamp | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface DocumentVersionsTable {
  company_id: number;
  document_id: number;
  version: number;
  file_name: string;
  content_type: string;
  file_key: string;
  size: number;
  created_by: string | null;
  created_at: CreatedAt;
}

export interface DocumentLinksTable {
  company_id: number;
  document_id: number;
  entity_type: 'Order' | 'Customer';
  entity_id: number;
  created_at: CreatedAt;
}

/** Running counts of the documents by these keys (migration 0026, figures.ts). */
export interface DocumentFiguresTable {
  company_id: number;
  archived: boolean;
  status: string;
  source: string;
  document_type: string;
  n: number;
  bytes: number;
}

declare module '../../db/types.js' {
  interface DB {
    documents: DocumentsTable;
    document_versions: DocumentVersionsTable;
    document_links: DocumentLinksTable;
    document_figures: DocumentFiguresTable;
  }
}
