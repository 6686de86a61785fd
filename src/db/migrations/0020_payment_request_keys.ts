// A card payment's request key (the client's Idempotency-Key and the item's place in the request)
// names one payment: a request sent again after a crash finds the payment its first try wrote and
// resumes it (charging with the payment's own processor key, which the processor never charges
// twice) instead of writing a second one.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('CREATE UNIQUE INDEX payments_request_key_idx ON payments (company_id, request_key) WHERE request_key IS NOT NULL;').execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP INDEX payments_request_key_idx;').execute(db);
}
