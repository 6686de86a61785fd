// An export's or a send's file is kept with its batch (GET /Accounting/{id}/export answers the files
// an invoice was exported in, as they were): IIF and CSV files are small text. The stored_path of
// 0019 stays for a file adapter that writes elsewhere (DATA_DIR).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE ledger_batches ADD COLUMN content bytea;').execute(db);
  await sql.raw('ALTER TABLE ledger_batches ADD COLUMN content_type text;').execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE ledger_batches DROP COLUMN content, DROP COLUMN content_type;').execute(db);
}
