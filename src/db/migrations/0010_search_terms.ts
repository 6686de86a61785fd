// Searches ask the trigram indexes for less. A GIN scan for `LIKE '%lone star steel supply%'`
// intersects the posting lists of every trigram of the pattern, and the word-boundary ones
// ("  s", " st", "ne "...) are in nearly every row: measured on 400,000 customers, 500 index pages
// and 22 ms for a term matching 21 rows. Asked for the words in order, `%lone%star%steel%supply%`,
// the scan has no boundary trigrams: 218 pages and 4 ms, the same 21 rows. The exact term is then
// checked on those rows with strpos (no wildcards to escape, and no index serves it, so the
// planner keeps the cheaper pattern as the index condition).
//
// And trigram indexes take writes into a pending list that every search reads in full, up to
// gin_pending_list_limit (4 MB by default): kept at 256 kB, a search never reads much of it.
import { type Kysely, sql } from 'kysely';

const TRIGRAM_INDEXES = ['customers_search_idx', 'customers_name_search_idx', 'addresses_search_idx', 'addresses_name_idx'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    DROP FUNCTION fds_customer_matches(int, text, boolean);
    -- Customers of the transaction's company whose search text (or name) contains p_term; p_words
    -- is a LIKE pattern the term implies (its words in order), which the trigram index serves.
    -- A definer function because under row security PostgreSQL will not use LIKE (not leakproof)
    -- as an index condition (migration 0003); it answers only for the transaction's company.
    CREATE FUNCTION fds_customer_matches(p_company int, p_words text, p_term text, p_name_only boolean)
      RETURNS SETOF int LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
    BEGIN
      IF p_company IS DISTINCT FROM nullif(current_setting('app.company_id', true), '')::int THEN
        RETURN;
      END IF;
      IF p_name_only THEN
        RETURN QUERY EXECUTE 'SELECT id FROM customers WHERE company_id = $1 AND lower(name) LIKE $2 AND strpos(lower(name), $3) > 0'
          USING p_company, p_words, p_term;
      ELSE
        RETURN QUERY EXECUTE 'SELECT id FROM customers WHERE company_id = $1 AND search_text LIKE $2 AND strpos(search_text, $3) > 0'
          USING p_company, p_words, p_term;
      END IF;
    END
    $$;
    REVOKE ALL ON FUNCTION fds_customer_matches(int, text, text, boolean) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION fds_customer_matches(int, text, text, boolean) TO fds_app;

    DROP FUNCTION fds_address_matches(int, text, text, boolean, int);
    -- Ids of the company's customer addresses whose whole text, or name (the place's or its active
    -- customer's), contains p_term (found through p_words as above); when fewer than p_enough do,
    -- also those that resemble it (% p_term). Resemblance is the costly half: no trigram is
    -- required, so the index reads the whole posting list of every trigram of the term.
    CREATE FUNCTION fds_address_matches(p_company int, p_words text, p_term text, p_by_name boolean, p_enough int)
      RETURNS SETOF int LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
    DECLARE
      found_rows bigint;
      by_name text := 'SELECT id FROM addresses WHERE company_id = $1 AND kind = ''customer'' AND %1$s
        UNION
        SELECT a.id FROM customers n JOIN addresses a ON a.company_id = n.company_id AND a.customer_id = n.id
        WHERE n.company_id = $1 AND n.status = 0 AND a.kind = ''customer'' AND %2$s';
      by_text text := 'SELECT id FROM addresses WHERE company_id = $1 AND kind = ''customer'' AND %1$s';
      chosen text;
    BEGIN
      IF p_company IS DISTINCT FROM nullif(current_setting('app.company_id', true), '')::int THEN
        RETURN;
      END IF;
      chosen := CASE WHEN p_by_name THEN by_name ELSE by_text END;
      IF p_by_name THEN
        RETURN QUERY EXECUTE format(chosen, 'lower(name) LIKE $2 AND strpos(lower(name), $3) > 0', 'lower(n.name) LIKE $2 AND strpos(lower(n.name), $3) > 0')
          USING p_company, p_words, p_term;
      ELSE
        RETURN QUERY EXECUTE format(chosen, 'search_text LIKE $2 AND strpos(search_text, $3) > 0') USING p_company, p_words, p_term;
      END IF;
      GET DIAGNOSTICS found_rows = ROW_COUNT;
      IF found_rows < p_enough THEN
        IF p_by_name THEN
          RETURN QUERY EXECUTE format(chosen, 'lower(name) % $3', 'lower(n.name) % $3') USING p_company, p_words, p_term;
        ELSE
          RETURN QUERY EXECUTE format(chosen, 'search_text % $3') USING p_company, p_words, p_term;
        END IF;
      END IF;
    END
    $$;
    REVOKE ALL ON FUNCTION fds_address_matches(int, text, text, boolean, int) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION fds_address_matches(int, text, text, boolean, int) TO fds_app;
  `)
    .execute(db);
  for (const index of TRIGRAM_INDEXES) await sql.raw(`ALTER INDEX ${index} SET (gin_pending_list_limit = 256)`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of TRIGRAM_INDEXES) await sql.raw(`ALTER INDEX ${index} RESET (gin_pending_list_limit)`).execute(db);
  // The functions as 0003 and 0004 made them.
  await sql
    .raw(`
    DROP FUNCTION fds_customer_matches(int, text, text, boolean);
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

    DROP FUNCTION fds_address_matches(int, text, text, boolean, int);
    CREATE FUNCTION fds_address_matches(p_company int, p_pattern text, p_text text, p_by_name boolean, p_enough int)
      RETURNS SETOF int LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
    DECLARE
      found_rows bigint;
      by_name text := 'SELECT id FROM addresses WHERE company_id = $1 AND kind = ''customer'' AND lower(name) %1$s
        UNION
        SELECT a.id FROM customers n JOIN addresses a ON a.company_id = n.company_id AND a.customer_id = n.id
        WHERE n.company_id = $1 AND n.status = 0 AND a.kind = ''customer'' AND lower(n.name) %1$s';
      by_text text := 'SELECT id FROM addresses WHERE company_id = $1 AND kind = ''customer'' AND search_text %1$s';
      chosen text;
    BEGIN
      IF p_company IS DISTINCT FROM nullif(current_setting('app.company_id', true), '')::int THEN
        RETURN;
      END IF;
      chosen := CASE WHEN p_by_name THEN by_name ELSE by_text END;
      RETURN QUERY EXECUTE format(chosen, 'LIKE $2') USING p_company, p_pattern;
      GET DIAGNOSTICS found_rows = ROW_COUNT;
      IF found_rows < p_enough THEN
        RETURN QUERY EXECUTE format(chosen, '% $2') USING p_company, p_text;
      END IF;
    END
    $$;
    REVOKE ALL ON FUNCTION fds_address_matches(int, text, text, boolean, int) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION fds_address_matches(int, text, text, boolean, int) TO fds_app;
  `)
    .execute(db);
}
