// Foundation: the unprivileged request role, companies, users, memberships, roles, permissions,
// audit log, mail outbox. Raw SQL that runs on PostgreSQL 15 and on PGlite (PostgreSQL 18).
import { type Kysely, sql } from 'kysely';
import { companyRowSecurity } from './kit.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The request role. Roles are cluster-wide, so another database of the cluster may have made it
  // already; a cluster admin may also have made it for a login without CREATEROLE.
  await sql
    .raw(`
    DO $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'fds_app') THEN
        BEGIN
          CREATE ROLE fds_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
        END;
      END IF;
      IF NOT pg_has_role(current_user, 'fds_app', 'MEMBER') THEN
        EXECUTE format('GRANT fds_app TO %I', current_user);
      END IF;
    END
    $$;
    GRANT USAGE ON SCHEMA public TO fds_app;
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO fds_app;
  `)
    .execute(db);

  await sql
    .raw(`
    CREATE TABLE companies (
      id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL,
      is_active boolean NOT NULL DEFAULT true,
      is_demo boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE users (
      id text PRIMARY KEY,
      email text NOT NULL,
      first_name text,
      last_name text,
      phone text,
      password_hash text,
      -- Changes whenever a password is set: every token carries the stamp it was issued with.
      security_stamp text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_email_key ON users (lower(email));

    CREATE TABLE company_users (
      company_id int NOT NULL REFERENCES companies (id),
      user_id text NOT NULL REFERENCES users (id),
      is_disabled boolean NOT NULL DEFAULT false,
      invited_at timestamptz,
      invitation_token_hash text,
      invitation_expires_at timestamptz,
      last_login_at timestamptz,
      last_worked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      PRIMARY KEY (company_id, user_id)
    );
    CREATE INDEX company_users_user_idx ON company_users (user_id);
    CREATE UNIQUE INDEX company_users_invitation_idx ON company_users (invitation_token_hash)
      WHERE invitation_token_hash IS NOT NULL;

    CREATE TABLE roles (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      name text NOT NULL,
      description text,
      is_default boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id)
    );
    CREATE UNIQUE INDEX roles_name_key ON roles (company_id, lower(name));

    -- Permission names are the spec's (CONTRACT.md §3); the list itself lives in code.
    CREATE TABLE role_permissions (
      company_id int NOT NULL,
      role_id int NOT NULL,
      permission text NOT NULL,
      PRIMARY KEY (company_id, role_id, permission),
      FOREIGN KEY (company_id, role_id) REFERENCES roles (company_id, id) ON DELETE CASCADE
    );

    CREATE TABLE user_roles (
      company_id int NOT NULL,
      user_id text NOT NULL,
      role_id int NOT NULL,
      PRIMARY KEY (company_id, user_id, role_id),
      FOREIGN KEY (company_id, user_id) REFERENCES company_users (company_id, user_id) ON DELETE CASCADE,
      FOREIGN KEY (company_id, role_id) REFERENCES roles (company_id, id) ON DELETE CASCADE
    );
    CREATE INDEX user_roles_role_idx ON user_roles (company_id, role_id);

    CREATE TABLE audit_log (
      company_id int NOT NULL REFERENCES companies (id),
      id bigint GENERATED ALWAYS AS IDENTITY,
      user_id text,
      action text NOT NULL,
      entity_type text NOT NULL,
      entity_id text,
      before jsonb,
      after jsonb,
      request_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id)
    );
    CREATE INDEX audit_log_entity_idx ON audit_log (company_id, entity_type, entity_id, created_at);

    -- Every mail is written here first, in the transaction of the change that sends it; a worker
    -- delivers it when SMTP is configured. Without SMTP this table is the record.
    CREATE TABLE outbox (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      kind text NOT NULL,
      to_address text NOT NULL,
      subject text NOT NULL,
      text_body text NOT NULL,
      html_body text,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
      attempts int NOT NULL DEFAULT 0,
      last_error text,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      created_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      PRIMARY KEY (company_id, id)
    );
    CREATE INDEX outbox_pending_idx ON outbox (next_attempt_at) WHERE status = 'pending';

    -- Which areas have put their records into the demo company (fds demo is idempotent).
    CREATE TABLE demo_seeds (
      company_id int NOT NULL REFERENCES companies (id),
      area text NOT NULL,
      seeded_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, area)
    );
  `)
    .execute(db);

  // Row-level security, enabled and forced on every company table (kit.ts says how).
  const companyTables = ['company_users', 'roles', 'role_permissions', 'user_roles', 'audit_log', 'outbox', 'demo_seeds'];
  await companyRowSecurity(db, companyTables);
  await sql
    .raw(`
    ALTER TABLE companies ENABLE ROW LEVEL SECURITY;
    ALTER TABLE companies FORCE ROW LEVEL SECURITY;
    CREATE POLICY tenant_isolation ON companies TO fds_app
      USING (id = nullif(current_setting('app.company_id', true), '')::int);
    CREATE POLICY service_access ON companies TO CURRENT_USER USING (true) WITH CHECK (true);

    -- A user row is visible to a company it belongs (or belonged) to.
    ALTER TABLE users ENABLE ROW LEVEL SECURITY;
    ALTER TABLE users FORCE ROW LEVEL SECURITY;
    CREATE POLICY tenant_isolation ON users TO fds_app
      USING (EXISTS (SELECT 1 FROM company_users cu WHERE cu.user_id = users.id
                     AND cu.company_id = nullif(current_setting('app.company_id', true), '')::int));
    CREATE POLICY service_access ON users TO CURRENT_USER USING (true) WITH CHECK (true);

    REVOKE INSERT, DELETE ON companies, users FROM fds_app;
    REVOKE UPDATE, DELETE ON audit_log FROM fds_app;
  `)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    DROP TABLE demo_seeds, outbox, audit_log, user_roles, role_permissions, roles, company_users, users, companies;
  `)
    .execute(db);
}
