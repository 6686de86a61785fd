// `fds demo`: a demo company with realistic records in every area. Idempotent: the company is found
// again by its demo flag, and each area seeds it once (recorded in demo_seeds), so a later release
// adds its area's records to an existing demo company without touching the rest.
import { sql } from 'kysely';
import { accountingDemo } from './areas/accounting/accounting.demo.js';
import { attachmentsDemo } from './areas/attachments/attachments.demo.js';
import { carriersDemo } from './areas/carriers/carriers.demo.js';
import { chargeTypesDemo } from './areas/charge-types/charge-types.demo.js';
import { customersDemo } from './areas/customers/customers.demo.js';
import { dispatchDemo } from './areas/dispatch/dispatch.demo.js';
import { documentsDemo } from './areas/documents/documents.demo.js';
import { driversDemo } from './areas/drivers/drivers.demo.js';
import { fleetDemo } from './areas/fleet/fleet.demo.js';
import { HOOKS } from './areas/index.js';
import { ordersDemo } from './areas/orders/orders.demo.js';
import { pricingDemo } from './areas/pricing/pricing.demo.js';
import { settingsDemo } from './areas/settings/settings.demo.js';
import { addMember, createCompany } from './areas/users/index.js';
import type { Db } from './db/database.js';
import { forCompany } from './db/tenant.js';
import type { FileStore } from './integrations/storage/index.js';
import type { DemoContext, DemoSeeder } from './platform/demo-seeder.js';
import { StoredFiles } from './platform/stored-files.js';

export const DEMO_COMPANY = 'Demo Freight Co';
export const DEMO_EMAIL = 'demo@fds.example';
export const DEMO_PASSWORD = 'demo-freight';

/** The demo team: users are provisioned with the privileged executor, like the CLI's. */
const users = (db: Db): DemoSeeder => ({
  area: 'users',
  async seed(ctx) {
    const team: Array<[string, string, string]> = [
      ['dispatch@fds.example', 'Dispatcher', 'Dana Reyes'],
      ['accounts@fds.example', 'Accountant', 'Omar Haddad'],
      ['viewer@fds.example', 'Viewer', 'Lena Fischer'],
    ];
    for (const [email, role, name] of team) {
      await addMember(db, { companyId: ctx.companyId, email, password: DEMO_PASSWORD, role, name });
    }
  },
});

/** The areas' seeders of records, in the order of the spec (tests seed a demo company with them). */
export const areaSeeders = (db: Db): DemoSeeder[] => [
  customersDemo,
  settingsDemo,
  chargeTypesDemo,
  pricingDemo,
  carriersDemo,
  fleetDemo,
  driversDemo,
  ordersDemo,
  dispatchDemo,
  accountingDemo(db),
];

/** Every seeder: the team, the areas' records, and the papers the demo attaches and files in the
 *  documents library (kept in `store`, which the areas' seeders above do without). */
const seeders = (db: Db, store: FileStore): DemoSeeder[] => {
  const files = new StoredFiles(store, db);
  return [users(db), ...areaSeeders(db), attachmentsDemo(files), documentsDemo(files)];
};

export async function runDemo(db: Db, store: FileStore): Promise<{ companyId: number; email: string; password: string }> {
  let company = await db.selectFrom('companies').select('id').where('is_demo', '=', true).orderBy('id').executeTakeFirst();
  let adminUserId: string;
  if (!company) {
    const made = await createCompany(db, {
      name: DEMO_COMPANY,
      adminEmail: DEMO_EMAIL,
      adminPassword: DEMO_PASSWORD,
      adminName: 'Alex Morgan',
      isDemo: true,
    });
    company = { id: made.companyId };
    adminUserId = made.userId;
  } else {
    const admin = await db.selectFrom('users').select('id').where(sql<string>`lower(email)`, '=', DEMO_EMAIL).executeTakeFirst();
    adminUserId = admin?.id ?? '';
  }
  const companyId = company.id;
  const done = new Set((await db.selectFrom('demo_seeds').select('area').where('company_id', '=', companyId).execute()).map((r) => r.area));
  const ctx: DemoContext = {
    companyId,
    adminUserId,
    inCompany: (work) => forCompany(db, HOOKS, { companyId, userId: adminUserId }, 'demo', work),
  };
  let seeded = false;
  for (const seeder of seeders(db, store)) {
    if (done.has(seeder.area)) continue;
    await seeder.seed(ctx);
    await db.insertInto('demo_seeds').values({ company_id: companyId, area: seeder.area }).execute();
    seeded = true;
  }
  // The first requests are planned from statistics: taken now, not when autovacuum gets to the
  // new rows (on a fresh database the tables had none). On Citus, distributed tables too.
  if (seeded) await sql`ANALYZE`.execute(db);
  return { companyId, email: DEMO_EMAIL, password: DEMO_PASSWORD };
}

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
  return !row;
}
