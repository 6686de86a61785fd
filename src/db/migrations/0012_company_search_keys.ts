// Containment searches get an index of their own company. The pg_trgm GIN indexes hold every
// company's rows under one posting list per trigram, so a search of one company decodes the lists
// of all of them and throws the others away: measured on 400,000 customers in three companies,
// 18 ms of index scan for "trinity steel" (200 candidates, 46 in the company) and 80 ms for an
// email fragment, before any row is read.
//
// Here a text's keys are the 32-bit hashes of (company, each 3-character substring), in a GIN
// expression index: a company's posting lists hold its own rows only. A text containing a term
// contains every 3-character substring of it, so "the text's keys contain the term's keys" is a
// necessary condition that the index answers, and strpos then checks the term itself on what it
// finds (a hash collision only adds a candidate that check drops). The same two searches: 1.4 ms
// and 11 ms. Substrings are taken over the whole text, spaces and punctuation included, so a term
// spanning words, an email or a phone number needs no word rules. A term shorter than 3
// characters has no key: the company's rows are read.
//
// pg_trgm's index of the customers' whole text served containment only and goes; those of names
// and of addresses stay for resemblance (`%`, a misspelt name or street), which pg_trgm alone
// answers (a rare, costly fallback: a few hundred ms, as before).
import { type Kysely, sql } from 'kysely';

const KEY_INDEXES = [
  ['customers_search_keys_idx', 'customers', 'search_text'],
  ['customers_name_keys_idx', 'customers', 'lower(name)'],
  ['addresses_search_keys_idx', 'addresses', 'search_text'],
  ['addresses_name_keys_idx', 'addresses', 'lower(name)'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    -- The company-keyed trigram keys of a text (distinct; empty below 3 characters). The top 32
    -- bits of a 64-bit hash seeded by the company: hashtextextended is stable across versions
    -- (hash partitioning relies on it), so an index never needs rebuilding for it.
    CREATE FUNCTION fds_search_keys(p_company int, p_text text) RETURNS int[]
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
      SELECT coalesce(array_agg(DISTINCT (hashtextextended(substr(p_text, i, 3), p_company) >> 32)::int), '{}')
      FROM generate_series(1, length(p_text) - 2) AS i
    $$;
  `)
    .execute(db);
  // Pending lists kept small, as for the trigram indexes (0010): every search reads them in full.
  for (const [name, table, expression] of KEY_INDEXES) {
    await sql.raw(`CREATE INDEX ${name} ON ${table} USING gin (fds_search_keys(company_id, ${expression})) WITH (gin_pending_list_limit = 256)`).execute(db);
  }
  await sql
    .raw(`
    DROP INDEX customers_search_idx;

    DROP FUNCTION fds_customer_matches(int, text, text, boolean);
    -- The customers of the transaction's company whose search text (or name) contains p_term, as
    -- rows: the search reads them anyway, and the caller's filters, count and sort then need no
    -- second lookup of each match (a broad term's first page: 50 to 33 ms). A definer function
    -- because under row security PostgreSQL will not use a non-leakproof operator (@>, LIKE) as an
    -- index condition (0003); it answers only for the transaction's own company.
    CREATE FUNCTION fds_customer_matches(p_company int, p_term text, p_name_only boolean)
      RETURNS SETOF customers LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 100 SET search_path = pg_catalog, public AS $$
    DECLARE
      haystack text := CASE WHEN p_name_only THEN 'lower(name)' ELSE 'search_text' END;
    BEGIN
      IF p_company IS DISTINCT FROM nullif(current_setting('app.company_id', true), '')::int THEN
        RETURN;
      END IF;
      IF length(p_term) < 3 THEN
        RETURN QUERY EXECUTE format('SELECT * FROM customers WHERE company_id = $1 AND strpos(%1$s, $2) > 0', haystack)
          USING p_company, p_term;
      ELSE
        RETURN QUERY EXECUTE format('SELECT * FROM customers WHERE company_id = $1
          AND fds_search_keys(company_id, %1$s) @> fds_search_keys($1, $2) AND strpos(%1$s, $2) > 0', haystack)
          USING p_company, p_term;
      END IF;
    END
    $$;
    REVOKE ALL ON FUNCTION fds_customer_matches(int, text, boolean) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION fds_customer_matches(int, text, boolean) TO fds_app;

    DROP FUNCTION fds_address_matches(int, text, text, boolean, int);
    -- The company's customer addresses (of active customers) whose whole text, or name (the
    -- place's or its customer's), contains p_term; when fewer than p_enough do, also those that
    -- resemble it (pg_trgm's %, through its own indexes: no trigram is required, so it is the
    -- costly half). The best p_limit by trigram similarity, with their rank. Ranked here in the
    -- pass that finds them: a broad term ("austin", 2,039 addresses) used to read every match's
    -- customer, then every match again, before the caller kept 50 (60 ms; here about 8 ms).
    CREATE FUNCTION fds_address_matches(p_company int, p_term text, p_by_name boolean, p_enough int, p_limit int)
      RETURNS TABLE (id int, rank real) LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 50 SET search_path = pg_catalog, public AS $$
    DECLARE
      haystack text := CASE WHEN p_by_name THEN 'lower(%1$sname)' ELSE '%1$ssearch_text' END;
      contains text := CASE WHEN length(p_term) < 3 THEN '' ELSE 'fds_search_keys(%1$scompany_id, ' || haystack || ') @> fds_search_keys($1, $2) AND ' END
        || 'strpos(' || haystack || ', $2) > 0';
      either text := '(' || contains || ' OR ' || haystack || ' %% $2)';  -- %% : it goes through format()
      -- By text: ranked in the pass that finds the rows, then the customer of the best rows only
      -- is checked (the sort is kept). By name: the customer's name counts in the rank.
      by_text text := 'SELECT x.id, x.r FROM (SELECT a.id, a.customer_id, similarity(a.search_text, $2) AS r FROM addresses a
          WHERE a.company_id = $1 AND a.kind = ''customer'' AND %1$s ORDER BY r DESC, a.id) x
        WHERE NOT EXISTS (SELECT 1 FROM customers c WHERE c.company_id = $1 AND c.id = x.customer_id AND c.status <> 0)
        ORDER BY x.r DESC, x.id LIMIT $3';
      by_name text := 'SELECT a.id, greatest(similarity(lower(coalesce(a.name, '''')), $2), similarity(lower(coalesce(c.name, '''')), $2)) AS r
        FROM addresses a LEFT JOIN customers c ON c.company_id = a.company_id AND c.id = a.customer_id
        WHERE a.company_id = $1 AND a.kind = ''customer'' AND (c.status IS NULL OR c.status = 0) AND a.id IN (
          SELECT a.id FROM addresses a WHERE a.company_id = $1 AND %1$s
          UNION ALL
          SELECT a.id FROM customers n JOIN addresses a ON a.company_id = n.company_id AND a.customer_id = n.id WHERE n.company_id = $1 AND %2$s)
        ORDER BY r DESC, a.id LIMIT $3';
      ranked text := CASE WHEN p_by_name THEN by_name ELSE by_text END;
      ids int[];
      ranks real[];
    BEGIN
      IF p_company IS DISTINCT FROM nullif(current_setting('app.company_id', true), '')::int THEN
        RETURN;
      END IF;
      EXECUTE format('SELECT array_agg(q.id), array_agg(q.r) FROM (%s) q', format(ranked, format(contains, 'a.'), format(contains, 'n.')))
        INTO ids, ranks USING p_company, p_term, p_limit;
      IF coalesce(cardinality(ids), 0) >= p_enough THEN
        RETURN QUERY SELECT * FROM unnest(ids, ranks);
      ELSE
        RETURN QUERY EXECUTE format(ranked, format(either, 'a.'), format(either, 'n.')) USING p_company, p_term, p_limit;
      END IF;
    END
    $$;
    REVOKE ALL ON FUNCTION fds_address_matches(int, text, boolean, int, int) FROM PUBLIC;
    GRANT EXECUTE ON FUNCTION fds_address_matches(int, text, boolean, int, int) TO fds_app;
  `)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The functions and indexes as 0010 left them.
  await sql
    .raw(`
    DROP FUNCTION fds_customer_matches(int, text, boolean);
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

    DROP FUNCTION fds_address_matches(int, text, boolean, int, int);
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

    CREATE INDEX customers_search_idx ON customers USING gin (search_text gin_trgm_ops) WITH (gin_pending_list_limit = 256);
  `)
    .execute(db);
  for (const [name] of KEY_INDEXES) await sql.raw(`DROP INDEX ${name}`).execute(db);
  await sql.raw('DROP FUNCTION fds_search_keys(int, text)').execute(db);
}
