// Stored files (issue 18): the company's files in the file store, by content (SHA-256), with how
// many records name each — documents, their versions, attachments, mail in the outbox. A file's
// bytes go once no record names it (platform/stored-files.ts). The outbox's attachments name stored
// files, so a mail keeps its attachment even after the document it came from is deleted.
import { type Kysely, sql } from 'kysely';
import { companyRowSecurity, distributeNewCompanyTables, sequentialOnCitus } from './kit.js';

const TABLES = [
  `CREATE TABLE stored_files (
    company_id int NOT NULL,
    key text NOT NULL CHECK (key ~ '^[0-9a-f]{64}$'),
    size bigint NOT NULL CHECK (size >= 0),
    content_type text NOT NULL,
    refs int NOT NULL CHECK (refs >= 0),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, key)
  )`,
  `CREATE TABLE outbox_attachments (
    company_id int NOT NULL,
    outbox_id int NOT NULL,
    position smallint NOT NULL,
    file_name text NOT NULL,
    content_type text NOT NULL,
    file_key text NOT NULL,
    PRIMARY KEY (company_id, outbox_id, position)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sequentialOnCitus(db);
  for (const statement of TABLES) await sql.raw(statement).execute(db);
  await companyRowSecurity(db, ['stored_files', 'outbox_attachments']);
  await distributeNewCompanyTables(db, ['stored_files', 'outbox_attachments']);
  // On a distributed Citus, keys once the tables are distributed (0019 says why).
  await sql.raw('ALTER TABLE stored_files ADD FOREIGN KEY (company_id) REFERENCES companies (id)').execute(db);
  await sql.raw('ALTER TABLE outbox_attachments ADD FOREIGN KEY (company_id, outbox_id) REFERENCES outbox (company_id, id)').execute(db);
  await sql.raw('ALTER TABLE outbox_attachments ADD FOREIGN KEY (company_id, file_key) REFERENCES stored_files (company_id, key)').execute(db);
  // A stored file's delete checks the mails naming it (no row left: the bytes may go).
  await sql.raw('CREATE INDEX outbox_attachments_file_idx ON outbox_attachments (company_id, file_key)').execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE outbox_attachments').execute(db);
  await sql.raw('DROP TABLE stored_files').execute(db);
}
