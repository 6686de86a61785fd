// Personal API tokens (issue 39): an integration signs in with a token bound to one user of one
// company and to some of that user's roles, instead of a person's password. The secret is shown
// once; only its SHA-256 is kept (a token is 32 random bytes: no dictionary to guess from, so a
// slow hash buys nothing), with a visible prefix to recognise a leaked one by.
import { type Kysely, sql } from 'kysely';
import { companyRowSecurity, distributeNewCompanyTables } from './kit.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`CREATE TABLE api_tokens (
    company_id int NOT NULL,
    id uuid NOT NULL DEFAULT gen_random_uuid(),
    user_id text NOT NULL,
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    prefix text NOT NULL,
    secret_hash text NOT NULL,
    role_ids int[] NOT NULL CHECK (cardinality(role_ids) > 0),
    expires_at timestamptz,
    revoked_at timestamptz,
    last_used_at timestamptz,
    last_used_ip text,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (company_id, id),
    UNIQUE (company_id, secret_hash)
  )`)
    .execute(db);
  await sql.raw('CREATE INDEX api_tokens_user ON api_tokens (company_id, user_id, created_at)').execute(db);
  await companyRowSecurity(db, ['api_tokens']);
  await distributeNewCompanyTables(db, ['api_tokens']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE api_tokens').execute(db);
}
