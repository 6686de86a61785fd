// Customers, their addresses and contacts, mails sent to them, support tickets. Search is
// index-backed by plain trigram GIN indexes; company_id (and row security) scope the rows found.
// Measured on 100,000 customers of one company among 400,000 (bench/README.md):
//  - (company_id, text) through btree_gin: btree_gin answers `company_id = $1` as a partial match,
//    reading every entry of the company into a bitmap on each search: 15-20 ms for a rare term;
//  - (ARRAY[company_id], text): as fast as plain (3-4 ms), but the planner costs the company key
//    as if reading its whole posting list and prefers scanning the company (130-190 ms);
//  - plain: 3-4 ms for a rare term, and the planner picks it. Broad terms never need the index:
//    the list walks its sort order (src/areas/customers/customer-lists.ts).
import { type Kysely, sql } from 'kysely';
import { companyRowSecurity } from './kit.js';

const TENANT_TABLES = ['customers', 'addresses', 'customer_contacts', 'sent_emails', 'support_tickets', 'customer_list_versions'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    CREATE EXTENSION IF NOT EXISTS pg_trgm;

    CREATE TABLE customers (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      name text NOT NULL,
      email text,
      phone text,
      pipeline smallint NOT NULL DEFAULT 1 CHECK (pipeline BETWEEN 0 AND 2),
      status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
      source smallint NOT NULL DEFAULT 0 CHECK (source BETWEEN 0 AND 2),
      is_entrepreneur boolean NOT NULL DEFAULT false,
      parent_customer_id int,
      merged_into_id int,
      notes text,
      -- Normalized keys for duplicate detection (computed by the service).
      name_key text NOT NULL,
      email_key text,
      phone_key text,
      -- Name, email, phone and every address, lowercased: what SearchTerm matches. Kept by triggers.
      search_text text NOT NULL DEFAULT '',
      -- Kept by the orders area: the customer's latest order date (orderDateRange filter).
      last_order_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      PRIMARY KEY (company_id, id),
      FOREIGN KEY (company_id, parent_customer_id) REFERENCES customers (company_id, id),
      FOREIGN KEY (company_id, merged_into_id) REFERENCES customers (company_id, id)
    );
    CREATE INDEX customers_list_name_idx ON customers (company_id, status, lower(name), id);
    CREATE INDEX customers_list_created_idx ON customers (company_id, status, created_at, id);
    CREATE INDEX customers_search_idx ON customers USING gin (search_text gin_trgm_ops);
    CREATE INDEX customers_name_search_idx ON customers USING gin (lower(name) gin_trgm_ops);
    CREATE INDEX customers_name_key_idx ON customers (company_id, name_key);
    CREATE INDEX customers_email_key_idx ON customers (company_id, email_key) WHERE email_key IS NOT NULL;
    CREATE INDEX customers_phone_key_idx ON customers (company_id, phone_key) WHERE phone_key IS NOT NULL;
    CREATE INDEX customers_last_order_idx ON customers (company_id, last_order_at) WHERE last_order_at IS NOT NULL;
    CREATE INDEX customers_parent_idx ON customers (company_id, parent_customer_id) WHERE parent_customer_id IS NOT NULL;

    -- The version of a company's customer list: bumped once by every transaction that writes its
    -- customers (or, through the search-text trigger, their addresses). A count or plan decision
    -- cached under a version is exact for as long as the version stands (customers.repository.ts).
    CREATE TABLE customer_list_versions (
      company_id int PRIMARY KEY REFERENCES companies (id),
      version bigint NOT NULL DEFAULT 1
    );

    CREATE TABLE addresses (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      customer_id int,
      -- 'customer': a customer's address; 'warehouse': a company location (Warehouses own theirs).
      kind text NOT NULL DEFAULT 'customer' CHECK (kind IN ('customer', 'warehouse')),
      name text,
      street text NOT NULL,
      street2 text,
      city text NOT NULL,
      state text,
      postal_code text,
      country char(2) NOT NULL,
      latitude double precision CHECK (latitude BETWEEN -90 AND 90),
      longitude double precision CHECK (longitude BETWEEN -180 AND 180),
      is_main boolean NOT NULL DEFAULT false,
      is_hub boolean NOT NULL DEFAULT false,
      contact_name text,
      contact_phone text,
      notes text,
      -- street|city|state|postal|country after normalization: identical places group together.
      normalized_key text NOT NULL,
      search_text text GENERATED ALWAYS AS (lower(coalesce(name, '') || ' ' || street || ' ' || coalesce(street2, '') || ' '
        || city || ' ' || coalesce(state, '') || ' ' || coalesce(postal_code, '') || ' ' || country)) STORED,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id),
      FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id)
    );
    CREATE UNIQUE INDEX addresses_one_main_idx ON addresses (company_id, customer_id) WHERE is_main;
    CREATE INDEX addresses_customer_idx ON addresses (company_id, customer_id, id);
    CREATE INDEX addresses_normalized_idx ON addresses (company_id, normalized_key);
    CREATE INDEX addresses_search_idx ON addresses USING gin (search_text gin_trgm_ops);
    CREATE INDEX addresses_name_idx ON addresses USING gin (lower(name) gin_trgm_ops);
    CREATE INDEX addresses_city_idx ON addresses (company_id, lower(city));
    CREATE INDEX addresses_transfer_idx ON addresses (company_id, id) WHERE is_hub OR kind = 'warehouse';

    CREATE TABLE customer_contacts (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      customer_id int NOT NULL,
      name text NOT NULL,
      email text,
      phone text,
      phone_extension text,
      title text,
      notes text,
      is_primary boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id),
      FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id)
    );
    CREATE UNIQUE INDEX customer_contacts_one_primary_idx ON customer_contacts (company_id, customer_id) WHERE is_primary;
    CREATE INDEX customer_contacts_customer_idx ON customer_contacts (company_id, customer_id, id);
    CREATE INDEX customer_contacts_email_idx ON customer_contacts (company_id, lower(email)) WHERE email IS NOT NULL;
    -- Phones are compared by their digits, however they were written.
    CREATE INDEX customer_contacts_phone_idx ON customer_contacts (company_id, regexp_replace(phone, '[^0-9]', '', 'g')) WHERE phone IS NOT NULL;

    CREATE TABLE sent_emails (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      customer_id int NOT NULL,
      contact_id int,
      email_type text NOT NULL,
      to_address text NOT NULL,
      subject text NOT NULL,
      body text NOT NULL,
      outbox_id int NOT NULL,
      sent_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id),
      FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id),
      FOREIGN KEY (company_id, contact_id) REFERENCES customer_contacts (company_id, id),
      FOREIGN KEY (company_id, outbox_id) REFERENCES outbox (company_id, id)
    );
    CREATE INDEX sent_emails_customer_idx ON sent_emails (company_id, customer_id, created_at DESC);
    CREATE INDEX sent_emails_contact_idx ON sent_emails (company_id, contact_id) WHERE contact_id IS NOT NULL;

    CREATE TABLE support_tickets (
      company_id int NOT NULL REFERENCES companies (id),
      id int GENERATED ALWAYS AS IDENTITY,
      customer_id int NOT NULL,
      contact_id int,
      subject text NOT NULL,
      description text NOT NULL,
      status text NOT NULL DEFAULT 'Open' CHECK (status IN ('Open', 'In Progress', 'Resolved', 'Closed')),
      priority text NOT NULL DEFAULT 'Normal' CHECK (priority IN ('Low', 'Normal', 'High', 'Urgent')),
      created_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (company_id, id),
      FOREIGN KEY (company_id, customer_id) REFERENCES customers (company_id, id),
      FOREIGN KEY (company_id, contact_id) REFERENCES customer_contacts (company_id, id)
    );
    CREATE INDEX support_tickets_list_idx ON support_tickets (company_id, status, created_at DESC);
    CREATE INDEX support_tickets_customer_idx ON support_tickets (company_id, customer_id, created_at DESC);
    CREATE INDEX support_tickets_contact_idx ON support_tickets (company_id, contact_id) WHERE contact_id IS NOT NULL;

    -- Once per transaction and company (a transaction-local setting remembers it): a 10,000-row
    -- import bumps the version once, not 10,000 times (repeated updates of one row in one
    -- transaction grow its version chain and slow quadratically).
    CREATE FUNCTION fds_bump_customer_list() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      company int := CASE WHEN TG_OP = 'DELETE' THEN OLD.company_id ELSE NEW.company_id END;
      marker text := 'fds.customer_list_' || company;
    BEGIN
      IF current_setting(marker, true) IS DISTINCT FROM txid_current()::text THEN
        INSERT INTO customer_list_versions (company_id) VALUES (company)
          ON CONFLICT (company_id) DO UPDATE SET version = customer_list_versions.version + 1;
        PERFORM set_config(marker, txid_current()::text, true);
      END IF;
      RETURN NULL;
    END
    $$;
    CREATE TRIGGER customers_list_version AFTER INSERT OR DELETE OR UPDATE ON customers
      FOR EACH ROW EXECUTE FUNCTION fds_bump_customer_list();

    -- Customers of the transaction's company whose search text (or name) is LIKE the pattern.
    -- Why a function: under row security PostgreSQL will not use a non-leakproof operator (LIKE is
    -- one) as an index condition ahead of the policy, so the trigram index would never serve the
    -- app role. Run as the owner (policy service_access), it reads the index, and answers only for
    -- the company the transaction is set to (app.company_id), whatever company it is asked for.
    -- EXECUTE plans each call with the pattern known, as the trigram index needs.
    CREATE FUNCTION fds_customer_matches(p_company int, p_pattern text, p_name_only boolean)
      RETURNS SETOF int LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
    BEGIN
      IF p_company IS DISTINCT FROM nullif(current_setting('app.company_id', true), '')::int THEN
        RETURN;
      END IF;
      IF p_name_only THEN
        RETURN QUERY EXECUTE 'SELECT id FROM customers WHERE company_id = $1 AND lower(name) LIKE $2' USING p_company, p_pattern;
      ELSE
        RETURN QUERY EXECUTE 'SELECT id FROM customers WHERE company_id = $1 AND search_text LIKE $2' USING p_company, p_pattern;
      END IF;
    END
    $$;
    REVOKE ALL ON FUNCTION fds_customer_matches(int, text, boolean) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION fds_customer_matches(int, text, boolean) TO fds_app;

    -- A customer's search text follows its fields and its addresses, whichever area writes them.
    CREATE FUNCTION fds_customer_search_text(p_company int, p_customer int, p_name text, p_email text, p_phone text)
      RETURNS text LANGUAGE sql STABLE AS $$
      SELECT lower(p_name || ' ' || coalesce(p_email, '') || ' ' || coalesce(p_phone, '')) || ' ' ||
        coalesce((SELECT string_agg(a.search_text, ' ' ORDER BY a.id) FROM addresses a
                  WHERE a.company_id = p_company AND a.customer_id = p_customer), '')
    $$;
    CREATE FUNCTION fds_customer_search_own() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.search_text := fds_customer_search_text(NEW.company_id, NEW.id, NEW.name, NEW.email, NEW.phone);
      RETURN NEW;
    END
    $$;
    CREATE TRIGGER customers_search BEFORE INSERT OR UPDATE OF name, email, phone ON customers
      FOR EACH ROW EXECUTE FUNCTION fds_customer_search_own();
    CREATE FUNCTION fds_customer_search_addresses() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.customer_id IS NOT NULL THEN
        UPDATE customers c SET search_text = fds_customer_search_text(c.company_id, c.id, c.name, c.email, c.phone)
          WHERE c.company_id = OLD.company_id AND c.id = OLD.customer_id;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.customer_id IS NOT NULL
         AND (TG_OP = 'INSERT' OR NEW.customer_id IS DISTINCT FROM OLD.customer_id) THEN
        UPDATE customers c SET search_text = fds_customer_search_text(c.company_id, c.id, c.name, c.email, c.phone)
          WHERE c.company_id = NEW.company_id AND c.id = NEW.customer_id;
      END IF;
      RETURN NULL;
    END
    $$;
    CREATE TRIGGER addresses_customer_search AFTER INSERT OR DELETE OR UPDATE OF name, street, street2, city, state, postal_code, country, customer_id
      ON addresses FOR EACH ROW EXECUTE FUNCTION fds_customer_search_addresses();
  `)
    .execute(db);

  await companyRowSecurity(db, TENANT_TABLES);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    DROP TABLE support_tickets, sent_emails, customer_contacts, addresses, customer_list_versions, customers;
    DROP FUNCTION fds_customer_matches(int, text, boolean), fds_bump_customer_list(), fds_customer_search_own(), fds_customer_search_addresses(),
      fds_customer_search_text(int, int, text, text, text);
  `)
    .execute(db);
}
