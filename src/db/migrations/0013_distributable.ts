// What kept the schema from running on Citus (distributed by company_id), changed here on every
// engine so there is one schema:
//  - principal changes are announced by the application after commit (platform/principal-cache.ts),
//    not by triggers: on Citus a NOTIFY in a transaction that writes a reference table (companies)
//    makes its two-phase commit fail, and triggers on distributed tables run on the shards;
//  - foreign keys that clear one column of a composite key on delete (`ON DELETE SET NULL (col)`,
//    PostgreSQL 15's form) are refused by Citus: the owning areas clear their own column when the
//    referenced row's owner announces the delete (typeOfTrucksDeleted, warehousesDeleted), and the
//    keys keep only their check;
//  - `users` is global (a reference table on Citus) and its policy for the request role read
//    `company_users`, which Citus refuses (a reference table's policy cannot read a distributed
//    table): a company's members now carry their profile (email, names, phone) in `company_users`,
//    kept by the users area, and the request role no longer reads `users` at all.
import { type Kysely, sql } from 'kysely';

const PRINCIPAL_TABLES = ['users', 'companies', 'company_users', 'user_roles', 'roles', 'role_permissions'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of PRINCIPAL_TABLES) await sql.raw(`DROP TRIGGER ${table}_principal_change ON ${table};`).execute(db);
  await sql
    .raw(`
    DROP FUNCTION fds_notify_principal_change();

    ALTER TABLE trucks DROP CONSTRAINT trucks_company_id_type_of_truck_id_fkey,
      ADD CONSTRAINT trucks_type_of_truck_fk FOREIGN KEY (company_id, type_of_truck_id) REFERENCES type_of_trucks (company_id, id);
    ALTER TABLE drivers DROP CONSTRAINT drivers_home_warehouse_fk,
      ADD CONSTRAINT drivers_home_warehouse_fk FOREIGN KEY (company_id, home_warehouse_id) REFERENCES warehouses (company_id, id);

    ALTER TABLE company_users ADD COLUMN email text, ADD COLUMN first_name text, ADD COLUMN last_name text, ADD COLUMN phone text;
    UPDATE company_users cu SET email = u.email, first_name = u.first_name, last_name = u.last_name, phone = u.phone
      FROM users u WHERE u.id = cu.user_id;
    ALTER TABLE company_users ALTER COLUMN email SET NOT NULL;
    DROP POLICY tenant_isolation ON users;
    REVOKE ALL ON users FROM fds_app;
  `)
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    GRANT SELECT, UPDATE ON users TO fds_app;
    CREATE POLICY tenant_isolation ON users TO fds_app
      USING (EXISTS (SELECT 1 FROM company_users cu WHERE cu.user_id = users.id
                     AND cu.company_id = nullif(current_setting('app.company_id', true), '')::int));
    ALTER TABLE company_users DROP COLUMN email, DROP COLUMN first_name, DROP COLUMN last_name, DROP COLUMN phone;
    ALTER TABLE drivers DROP CONSTRAINT drivers_home_warehouse_fk,
      ADD CONSTRAINT drivers_home_warehouse_fk FOREIGN KEY (company_id, home_warehouse_id) REFERENCES warehouses (company_id, id) ON DELETE SET NULL (home_warehouse_id);
    ALTER TABLE trucks DROP CONSTRAINT trucks_type_of_truck_fk,
      ADD CONSTRAINT trucks_company_id_type_of_truck_id_fkey FOREIGN KEY (company_id, type_of_truck_id) REFERENCES type_of_trucks (company_id, id) ON DELETE SET NULL (type_of_truck_id);
  `)
    .execute(db);
  const { up: recreate } = await import('./0002_principal_changes.js');
  await recreate(db);
}
