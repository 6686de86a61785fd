// Every change to what a session's principal is made of (user, company, membership, roles and their
// permissions) is announced on the channel `fds_principal`, whoever makes it (API, CLI, psql). Each
// instance listens and drops its cached principals, so a password change, a disable or a removal
// ends sessions at once on every instance without a database round trip per request.
import { type Kysely, sql } from 'kysely';

const TABLES = ['users', 'companies', 'company_users', 'user_roles', 'roles', 'role_permissions'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    CREATE FUNCTION fds_notify_principal_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      row jsonb := to_jsonb(coalesce(NEW, OLD));
      company text;
      member text;
    BEGIN
      IF TG_TABLE_NAME = 'users' THEN
        member := row ->> 'id';
      ELSIF TG_TABLE_NAME = 'companies' THEN
        company := row ->> 'id';
      ELSE
        company := row ->> 'company_id';
        member := row ->> 'user_id';
      END IF;
      -- Identical payloads within a transaction are delivered once, at commit.
      PERFORM pg_notify('fds_principal', json_build_object('c', company::int, 'u', member)::text);
      RETURN NULL;
    END
    $$;
  `)
    .execute(db);
  for (const table of TABLES) {
    await sql
      .raw(`
      CREATE TRIGGER ${table}_principal_change AFTER INSERT OR UPDATE OR DELETE ON ${table}
        FOR EACH ROW EXECUTE FUNCTION fds_notify_principal_change();
    `)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await sql.raw(`DROP TRIGGER ${table}_principal_change ON ${table};`).execute(db);
  await sql.raw('DROP FUNCTION fds_notify_principal_change();').execute(db);
}
