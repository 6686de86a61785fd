// The customer list's version now stands for whole list answers, not only their counts: a list row
// carries its addresses with every column (coordinates, notes, main and hub flags...), and an
// address change that leaves the customer's search text alone (a new latitude, a moved main flag)
// did not touch the customer row, so it did not bump the version. Every address write now does,
// once per transaction as before (fds_bump_customer_list keeps its transaction marker).
//
// And the address searches (SearchByCompanyName, SearchCompaniesByAddress) get what the customer
// search got in 0003: under row security PostgreSQL will not use LIKE or % (not leakproof) as an
// index condition, so for the app role these read every address of the company. A definer function
// finds the matching ids through the trigram indexes, for the transaction's own company only.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    CREATE TRIGGER addresses_list_version AFTER INSERT OR DELETE OR UPDATE ON addresses
      FOR EACH ROW EXECUTE FUNCTION fds_bump_customer_list();

    -- Ids of the company's customer addresses that contain the text (LIKE p_pattern) in their whole
    -- text, or by name (the place's name or its active customer's name); when fewer than p_enough
    -- contain it, also those that resemble it (% p_text). Resemblance is the costly half (the
    -- index yields every row sharing enough trigrams, in every company), so it is asked only when
    -- containment leaves a short list.
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

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    DROP FUNCTION fds_address_matches(int, text, text, boolean, int);
    DROP TRIGGER addresses_list_version ON addresses;
  `)
    .execute(db);
}
