// The last of what kept company tables from being distributed by company_id on Citus, changed
// here on every engine so there is one schema:
//  - the customers' search text and list version were kept by triggers (0003, 0004); the customers
//    area now keeps them with its own writes (areas/customers/customer-upkeep.ts). Citus runs a
//    trigger on the shard that holds the row, where the search-text trigger's statements (a SQL
//    function reading addresses) cannot be planned, and it refuses to distribute a table with
//    triggers. The search text each customer has now is what the application computes: nothing
//    to rewrite;
//  - a new company's system charge types were written by a SQL function (0006), whose statement
//    Citus cannot plan with the company as a parameter: the charge-types area writes them;
//  - an invitation token's hash was unique over all companies; a distributed table's unique
//    index must include company_id. The index now leads with the hash (sign-in finds the
//    invitation by it, in whichever company) and includes the company; a second invitation with
//    the same hash of a 256-bit random token is not a case to guard.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    DROP TRIGGER customers_list_version ON customers;
    DROP TRIGGER addresses_list_version ON addresses;
    DROP TRIGGER customers_search ON customers;
    DROP TRIGGER addresses_customer_search ON addresses;
    DROP FUNCTION fds_bump_customer_list(), fds_customer_search_own(), fds_customer_search_addresses(),
      fds_customer_search_text(int, int, text, text, text);

    DROP FUNCTION fds_seed_system_charge_types(int);

    DROP INDEX company_users_invitation_idx;
    CREATE UNIQUE INDEX company_users_invitation_idx ON company_users (invitation_token_hash, company_id)
      WHERE invitation_token_hash IS NOT NULL;
  `)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The index, the function and the triggers as 0001, 0003, 0004 and 0006 made them.
  await sql
    .raw(`
    CREATE FUNCTION fds_seed_system_charge_types(p_company int) RETURNS void LANGUAGE sql AS $$
      INSERT INTO charge_types (company_id, code, name, description, kind, unit, rate, is_system)
      SELECT p_company, s.code, s.name, s.description, s.kind, s.unit, 0, true
      FROM (VALUES
        ('LINEHAUL', 'Linehaul', 'The transport itself, priced by the pricing model (base charge and mileage); the rate here is not used.', 'Flat', 'flat'),
        ('FUEL', 'Fuel surcharge', 'A percentage of the linehaul; set the rate to the current fuel surcharge (18.5 = 18.5 %).', 'PercentOfLinehaul', 'percent')
      ) AS s (code, name, description, kind, unit)
      WHERE NOT EXISTS (SELECT 1 FROM charge_types c WHERE c.company_id = p_company AND c.is_system AND c.code = s.code)
    $$;
    REVOKE ALL ON FUNCTION fds_seed_system_charge_types(int) FROM PUBLIC;
    DROP INDEX company_users_invitation_idx;
    CREATE UNIQUE INDEX company_users_invitation_idx ON company_users (invitation_token_hash) WHERE invitation_token_hash IS NOT NULL;
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
    CREATE TRIGGER addresses_list_version AFTER INSERT OR DELETE OR UPDATE ON addresses
      FOR EACH ROW EXECUTE FUNCTION fds_bump_customer_list();
  `)
    .execute(db);
}
