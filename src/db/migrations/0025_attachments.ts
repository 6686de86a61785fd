// Attachments (issue 18; part 2, "Attachments and images"): files attached to the company's records
// by the spec's entity type (1 Customer ... 33 FreightPayment) and id, or to none (an image of
// POST /Images/upload: both null). The file and its preview are stored files (0023), named here by
// key, so stored_files counts this row's references. order_id is the order a record of an order
// (itself, an item, a stop, a transfer stop) belongs to, written at upload: an order's list reads
// one index. No foreign key to the record itself: one column names records of many tables.
import { type Kysely, sql } from 'kysely';
import { companyRowSecurity, distributeNewCompanyTables, sequentialOnCitus } from './kit.js';

const TABLES = [
  `CREATE TABLE attachments (
    company_id int NOT NULL,
    id int GENERATED ALWAYS AS IDENTITY,
    entity_type smallint CHECK (entity_type BETWEEN 1 AND 33),
    entity_id int,
    order_id int,
    file_key text NOT NULL,
    file_name text NOT NULL CHECK (btrim(file_name) <> '' AND length(file_name) <= 255),
    content_type text NOT NULL,
    size bigint NOT NULL CHECK (size > 0),
    page_type text CHECK (page_type IN ('MainPage', 'BackPage', 'SignaturePage', 'Other')),
    page_number int CHECK (page_number BETWEEN 1 AND 9999),
    page_label text CHECK (length(page_label) <= 100),
    preview_key text,
    preview_type text,
    created_at timestamptz NOT NULL DEFAULT now(),
    created_by text,
    PRIMARY KEY (company_id, id),
    CHECK ((entity_type IS NULL) = (entity_id IS NULL)),
    CHECK ((preview_key IS NULL) = (preview_type IS NULL))
  )`,
  'CREATE INDEX attachments_entity_idx ON attachments (company_id, entity_type, entity_id, id)',
  'CREATE INDEX attachments_order_idx ON attachments (company_id, order_id, id) WHERE order_id IS NOT NULL',
  // The foreign keys' own indexes (0017 says why every key has one).
  'CREATE INDEX attachments_file_idx ON attachments (company_id, file_key)',
  'CREATE INDEX attachments_preview_idx ON attachments (company_id, preview_key) WHERE preview_key IS NOT NULL',
];

const FOREIGN_KEYS = [
  'attachments ADD FOREIGN KEY (company_id) REFERENCES companies (id)',
  'attachments ADD FOREIGN KEY (company_id, file_key) REFERENCES stored_files (company_id, key)',
  'attachments ADD FOREIGN KEY (company_id, preview_key) REFERENCES stored_files (company_id, key)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sequentialOnCitus(db);
  for (const statement of TABLES) await sql.raw(statement).execute(db);
  await companyRowSecurity(db, ['attachments']);
  await distributeNewCompanyTables(db, ['attachments']);
  // On a distributed Citus, keys once the table is distributed (0019 says why).
  for (const key of FOREIGN_KEYS) await sql.raw(`ALTER TABLE ${key}`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE attachments').execute(db);
}
