// The quote and order lists at a carrier's scale (1,000,000 orders of a company; bench -- orders):
//  - order_status_counts: how many orders of the company are in each status, kept by the orders
//    area's writes in their transactions. A list filtered by status alone (the default list, a
//    status tab) reads its exact totalCount here instead of counting up to a million rows on
//    every request. Other filters still count their rows.
//  - The search gets the company's own index, as the customers' did (0012): the keys of
//    fds_search_keys(company, search_text) in a GIN index, read by a definer function (row
//    security keeps a non-leakproof operator, @> or LIKE, from being an index condition), which
//    answers the matching ids of the transaction's company only. pg_trgm's index of every
//    company's search text (0015) goes: under row security it was never used.
//  - The order number's key (lower case) is a stored column: under row security an index over
//    lower(order_number) is never used (lower is not leakproof, so PostgreSQL will not evaluate it
//    ahead of the policy), and a new order's "is the number taken" read every row of the company
//    (0.5 s at a million). Equality and the OrderNumber prefix (the leakproof pattern comparisons
//    ~>=~ and ~<~ over a byte-wise index) now read the key's indexes. A total price sort gets an
//    index of its own.
import { type Kysely, sql } from 'kysely';
import { companyRowSecurity } from './kit.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    -- The replaced indexes go first, so the table's rewrite below does not rebuild them; the first
    -- statement locks orders against every writer until the migration commits.
    DROP INDEX orders_search_idx;
    DROP INDEX orders_number_idx;
    ALTER TABLE orders ADD COLUMN number_key text GENERATED ALWAYS AS (lower(order_number)) STORED;
    CREATE UNIQUE INDEX orders_number_key_idx ON orders (company_id, number_key);
    CREATE INDEX orders_number_pattern_idx ON orders (company_id, number_key text_pattern_ops);
    CREATE INDEX orders_search_keys_idx ON orders USING gin (fds_search_keys(company_id, search_text)) WITH (gin_pending_list_limit = 256);
    CREATE INDEX orders_total_price_idx ON orders (company_id, total_price DESC, id DESC);

    CREATE TABLE order_status_counts (
      company_id int NOT NULL REFERENCES companies (id),
      status text NOT NULL CHECK (status IN ('Dreft', 'Quote', 'Order', 'Closed', 'Deleted')),
      -- No CHECK (n >= 0): a write moves a count by an upsert whose proposed row carries the
      -- change (-1), and PostgreSQL checks the proposed row before it finds the conflict.
      n bigint NOT NULL,
      PRIMARY KEY (company_id, status)
    );
    -- Counted under that lock: no order is made or moved between the count and the code that
    -- keeps it (a process of the previous version still writing after the upgrade would not keep
    -- it: stop them first, as the README's upgrade note says).
    INSERT INTO order_status_counts (company_id, status, n)
      SELECT company_id, status, count(*) FROM orders GROUP BY company_id, status;

    -- The ids of the transaction's company's orders whose search text contains p_term.
    CREATE FUNCTION fds_order_matches(p_company int, p_term text)
      RETURNS SETOF int LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 200 SET search_path = pg_catalog, public AS $$
    BEGIN
      IF p_company IS DISTINCT FROM nullif(current_setting('app.company_id', true), '')::int THEN
        RETURN;
      END IF;
      -- EXECUTE: planned for the term at hand (a short one has no keys: the company's rows are read).
      IF length(p_term) < 3 THEN
        RETURN QUERY EXECUTE 'SELECT id FROM orders WHERE company_id = $1 AND strpos(search_text, $2) > 0' USING p_company, p_term;
      ELSE
        RETURN QUERY EXECUTE 'SELECT id FROM orders WHERE company_id = $1
          AND fds_search_keys(company_id, search_text) @> fds_search_keys($1, $2) AND strpos(search_text, $2) > 0' USING p_company, p_term;
      END IF;
    END
    $$;
    REVOKE ALL ON FUNCTION fds_order_matches(int, text) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION fds_order_matches(int, text) TO fds_app;
  `)
    .execute(db);
  await companyRowSecurity(db, ['order_status_counts']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    DROP FUNCTION fds_order_matches(int, text);
    DROP INDEX orders_total_price_idx;
    DROP INDEX orders_number_pattern_idx;
    CREATE UNIQUE INDEX orders_number_idx ON orders (company_id, lower(order_number));
    ALTER TABLE orders DROP COLUMN number_key;
    DROP INDEX orders_search_keys_idx;
    CREATE INDEX orders_search_idx ON orders USING gin (search_text gin_trgm_ops);
    DROP TABLE order_status_counts;
  `)
    .execute(db);
}
