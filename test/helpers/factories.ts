// Factories: companies, users with a role (or a custom set of permissions), signed-in sessions.
// They go through the same provisioning the CLI uses, so tests never depend on each other's data.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { type DriverStatusCheckInputT, statusChecksService } from '../../src/areas/drivers/index.js';
import { HOOKS } from '../../src/areas/index.js';
import { addMember, createCompany as provisionCompany } from '../../src/areas/users/index.js';
import { forCompany } from '../../src/db/tenant.js';
import type { Permission } from '../../src/platform/access.js';
import type { DemoContext } from '../../src/platform/demo-seeder.js';
import { principalsChanged } from '../../src/platform/principal-cache.js';
import { call, openTestDatabase, startTestApp, type TestApp } from './app.js';
import { keep, sharing } from './shared.js';
import { runSnapshot } from './snapshot.js';

export const PASSWORD = 'correct horse battery';

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 12)}@test.example`;

export interface TestCompany {
  companyId: number;
  adminUserId: string;
  adminEmail: string;
}

export async function createCompany(t: TestApp, name = `Company ${randomUUID().slice(0, 8)}`): Promise<TestCompany> {
  const adminEmail = uniqueEmail('admin');
  const made = await provisionCompany(t.database.db, { name, adminEmail, adminPassword: PASSWORD, adminName: 'Ada Admin' });
  return { companyId: made.companyId, adminUserId: made.userId, adminEmail };
}

/** A default role name, or `{ permissions }` for a custom role holding exactly those (none: `[]`). */
export type RoleSpec = string | { permissions: Permission[] };

async function roleName(t: TestApp, companyId: number, role: RoleSpec): Promise<string> {
  if (typeof role === 'string') return role;
  const name = `Custom ${randomUUID().slice(0, 8)}`;
  const { id } = await t.database.db.insertInto('roles').values({ company_id: companyId, name }).returning('id').executeTakeFirstOrThrow();
  if (role.permissions.length > 0) {
    await t.database.db
      .insertInto('role_permissions')
      .values(role.permissions.map((permission) => ({ company_id: companyId, role_id: id, permission })))
      .execute();
  }
  return name;
}

export interface TestUser {
  userId: string;
  email: string;
  password: string;
  companyId: number;
}

export async function createUser(t: TestApp, companyId: number, role: RoleSpec = 'Dispatcher', name = 'Test User'): Promise<TestUser> {
  const email = uniqueEmail();
  const { userId } = await addMember(t.database.db, { companyId, email, password: PASSWORD, role: await roleName(t, companyId, role), name });
  return { userId, email, password: PASSWORD, companyId };
}

export interface Session extends TestUser {
  token: string;
}

export async function login(t: TestApp, email: string, password = PASSWORD, companyId?: number): Promise<string> {
  const res = await call<{ data: string; success: boolean }>(t, 'POST', '/api/v1/Auth/Login', {
    body: { userName: email, password, ...(companyId ? { companyId } : {}) },
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Signs in a new user holding `role` in `companyId` (a new company when not given). */
export async function signIn(t: TestApp, role: RoleSpec = 'Company Admin', companyId?: number): Promise<Session> {
  const company = companyId ?? (await createCompany(t)).companyId;
  const user = await createUser(t, company, role);
  return { ...user, token: await login(t, user.email, user.password, company) };
}

/** The company's admin, signed in. */
export async function signInAdmin(t: TestApp, company: TestCompany): Promise<Session> {
  return {
    userId: company.adminUserId,
    email: company.adminEmail,
    password: PASSWORD,
    companyId: company.companyId,
    token: await login(t, company.adminEmail, PASSWORD, company.companyId),
  };
}

/** Rows of a table for a company, read through the privileged executor (to check nothing was written). */
export async function countRows(t: TestApp, table: string, companyId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where company_id = ${companyId}`.execute(t.database.db);
  return rows[0]!.n;
}

export async function setCompanyActive(t: TestApp, companyId: number, active: boolean): Promise<void> {
  await t.database.db.updateTable('companies').set({ is_active: active }).where('id', '=', companyId).execute();
  // A change made by hand in SQL is announced by hand, as an operator would (docs/operations.md, "Changes made by hand in SQL").
  await principalsChanged({ companyId }, t.database.db);
}

let sequence = 0;
const next = () => ++sequence;

/** A customer made through the API by the session's user (needs "Create customers"). */
export async function createCustomer(t: TestApp, session: Session, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const n = next();
  const res = await call(t, 'POST', '/api/v1/Customers', {
    token: session.token,
    body: {
      name: `Customer ${n} ${randomUUID().slice(0, 6)}`,
      email: `customer${n}@test.example`,
      addresses: [{ street: `${n} Main St`, city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' }],
      ...body,
    },
  });
  if (res.status !== 200) throw new Error(`customer not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function createContact(t: TestApp, session: Session, customerId: number, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const n = next();
  const res = await call(t, 'POST', '/api/v1/CustomerContacts', {
    token: session.token,
    body: { customerId, name: `Contact ${n}`, email: `contact${n}@test.example`, ...body },
  });
  if (res.status !== 200) throw new Error(`contact not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function createAddress(t: TestApp, session: Session, customerId: number | null, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const n = next();
  const res = await call(t, 'POST', '/api/v1/Addresses', {
    token: session.token,
    body: { customerId, street: `${n} Elm St`, city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US', ...body },
  });
  if (res.status !== 200) throw new Error(`address not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A carrier (outsource company) made through the API (needs "Add/Edit outsource"). */
export async function createCarrier(t: TestApp, session: Session, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const n = next();
  const res = await call(t, 'POST', '/api/v1/OutsourceCompanies', {
    token: session.token,
    body: { name: `Carrier ${n} ${randomUUID().slice(0, 6)}`, email: `carrier${n}@test.example`, ...body },
  });
  if (res.status !== 200) throw new Error(`carrier not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A type of truck in the company's list (needs "Add/Edit outsource"). */
export async function createTypeOfTruck(t: TestApp, session: Session, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const n = next();
  const res = await call(t, 'POST', '/api/v1/TypeOfTrucks', { token: session.token, body: { name: `Type ${n} ${randomUUID().slice(0, 6)}`, ...body } });
  if (res.status !== 200) throw new Error(`type of truck not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A truck of the company's fleet (needs "Fleet tab - Create/Edit/delete fleet"). */
export async function createTruck(t: TestApp, session: Session, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const n = next();
  const res = await call(t, 'POST', '/api/v1/Trucks', { token: session.token, body: { name: `Unit ${n} ${randomUUID().slice(0, 6)}`, ...body } });
  if (res.status !== 200) throw new Error(`truck not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A driver made through the API (needs "Create/Edit Drivers"). */
export async function createDriver(t: TestApp, session: Session, body: Record<string, unknown> = {}, query = ''): Promise<Record<string, any>> {
  const n = next();
  const res = await call(t, 'POST', `/api/v1/Drivers${query}`, {
    token: session.token,
    body: { firstName: `Driver${n}`, lastName: `Test ${randomUUID().slice(0, 6)}`, ...body },
  });
  if (res.status !== 200) throw new Error(`driver not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A license type in the company's list (needs "Drivers settings - edit/delete data"). */
export async function createLicenseType(t: TestApp, session: Session, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const n = next();
  const res = await call(t, 'POST', '/api/v1/LicenseTypes', { token: session.token, body: { name: `License ${n} ${randomUUID().slice(0, 6)}`, ...body } });
  if (res.status !== 200) throw new Error(`license type not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A truck inspection, recorded as the driver app will (the spec has no row that adds one). */
export async function createStatusCheck(
  t: TestApp,
  session: Session,
  input: Partial<DriverStatusCheckInputT> & { driverId: number; truckId: number },
): Promise<number> {
  const check: DriverStatusCheckInputT = { checkType: 'PreTrip', status: 4, checkedAt: new Date().toISOString(), ...input };
  return forCompany(t.database.db, HOOKS, { companyId: session.companyId, userId: session.userId }, 'test', (tenant) =>
    statusChecksService().record(tenant, check),
  );
}

/** Audit rows of a company with this action, read through the privileged executor. */
export async function auditCount(t: TestApp, companyId: number, action: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from audit_log where company_id = ${companyId} and action = ${action}`.execute(
    t.database.db,
  );
  return rows[0]!.n;
}

/** A route made through the API (needs "Edit/Delete/Create Route"): today's, with no driver or truck unless sent. */
export async function createRoute(t: TestApp, session: Session, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const n = next();
  const res = await call(t, 'POST', '/api/v1/Routes', {
    token: session.token,
    body: { name: `Route ${n} ${randomUUID().slice(0, 6)}`, date: new Date().toISOString().slice(0, 10), ...body },
  });
  if (res.status !== 200) throw new Error(`route not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A warehouse made through the API (needs "Locations tab - Create/Edit/delete locations"), in Dallas unless an address is sent. */
export async function createWarehouse(t: TestApp, session: Session, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const n = next();
  const res = await call(t, 'POST', '/api/v1/Warehouses', {
    token: session.token,
    body: {
      name: `Warehouse ${n} ${randomUUID().slice(0, 6)}`,
      address: { street: `${n} Irving Blvd`, city: 'Dallas', state: 'TX', postalCode: '75207', country: 'US', latitude: 32.799, longitude: -96.842 },
      ...body,
    },
  });
  if (res.status !== 200) throw new Error(`warehouse not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A pickup in Dallas and a delivery in Houston, with coordinates (priced by distance). */
export function twoStops(): Array<Record<string, unknown>> {
  return [
    {
      type: 'Pickup',
      address: { street: '2500 Victory Ave', city: 'Dallas', state: 'TX', postalCode: '75219', country: 'US', latitude: 32.7905, longitude: -96.8104 },
      items: [{ description: 'Pallets of tiles', quantity: 4, weight: 3200, pallets: 4 }],
    },
    {
      type: 'Delivery',
      address: { street: '1510 Polk St', city: 'Houston', state: 'TX', postalCode: '77002', country: 'US', latitude: 29.7523, longitude: -95.3582 },
    },
  ];
}

/** A quote made through the API (needs "Edit Orders"): for a new customer unless customerId is sent,
 *  a pickup and a delivery unless stops are sent. */
export async function createQuote(t: TestApp, session: Session, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const customerId = body.customerId ?? (await createCustomer(t, session)).id;
  const res = await call(t, 'POST', '/api/v1/Quotes', { token: session.token, body: { customerId, stops: twoStops(), ...body } });
  if (res.status !== 200) throw new Error(`quote not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A demo context for the company (what `fds demo` gives area seeders), as its admin. */
export function demoContext(t: TestApp, company: TestCompany): DemoContext {
  const actor = { companyId: company.companyId, userId: company.adminUserId };
  return {
    companyId: company.companyId,
    adminUserId: company.adminUserId,
    inCompany: (work) => forCompany(t.database.db, HOOKS, actor, 'demo', work),
  };
}

/** The types of the company's event log, in position order. */
export async function companyEventTypes(t: TestApp, companyId: number): Promise<string[]> {
  const { rows } = await sql<{ type: string }>`select type from company_events where company_id = ${companyId} order by position`.execute(t.database.db);
  return rows.map((r) => r.type);
}

/** An invoice by hand (a Draft) for a new customer unless one is sent: two lines, 3 × 33.335 and 250.00. */
export async function createInvoice(t: TestApp, session: Session, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const customerId = (body.customerId as number | undefined) ?? (await createCustomer(t, session)).id;
  const res = await call(t, 'POST', '/api/v1/Accounting/invoice', {
    token: session.token,
    body: {
      customerId,
      lines: [
        { description: 'Linehaul Dallas → Houston', quantity: 3, rate: 33.335 },
        { description: 'Detention', amount: 250 },
      ],
      ...body,
    },
  });
  if (res.status !== 200) throw new Error(`invoice not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.invoice;
}

/** An invoice made by createInvoice and approved (status 2): payments go on it. */
export async function createApprovedInvoice(t: TestApp, session: Session, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const invoice = await createInvoice(t, session, body);
  const res = await call(t, 'PUT', `/api/v1/Accounting/invoice/${invoice.id}/status?status=2`, { token: session.token });
  if (res.status !== 200) throw new Error(`invoice not approved: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...invoice, status: 2 };
}

/** A check payment (POST /Accounting/Payment answers nothing: the company's newest payment is it). */
export async function createPayment(t: TestApp, session: Session, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const customerId = (body.customerId as number | undefined) ?? (await createCustomer(t, session)).id;
  const res = await call(t, 'POST', '/api/v1/Accounting/Payment', {
    token: session.token,
    body: { customerId, amount: 100, paymentMethodType: 0, ...body },
  });
  if (res.status !== 200) throw new Error(`payment not recorded: ${res.status} ${JSON.stringify(res.body)}`);
  const { id } = await t.database.db
    .selectFrom('payments')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('company_id', '=', session.companyId)
    .executeTakeFirstOrThrow();
  const listed = await call(t, 'GET', `/api/v1/Accounting/Payments?customerId=${customerId}&includeDeleted=true`, { token: session.token });
  return listed.body.data.find((p: { id: number }) => p.id === id);
}

/**
 * The app with a company holding the demo's records of every area (the seeders `fds demo` runs, but
 * the demo team, whose emails are fixed), made once per `npm test` run for the demo tests, which only
 * read it. On PGlite the first demo test seeds it and dumps the database (snapshot.ts, runSnapshot),
 * and each demo test loads its own copy; on PostgreSQL it is seeded once, under an advisory lock,
 * into the shared database, and each area's part is recorded in demo_seeds as `fds demo` does.
 */
export async function startDemoApp(): Promise<{ t: TestApp; company: TestCompany }> {
  if (!sharing) return openDemoApp();
  // One copy per worker process (the demo tests only read it); closed by the worker at its end.
  const { t, company } = await keep('demo', openDemoApp, ({ t }) => t.close());
  return { t: { ...t, close: async () => {} }, company };
}

async function openDemoApp(): Promise<{ t: TestApp; company: TestCompany }> {
  const run = process.env.TEST_RUN_ID ?? randomUUID();
  const name = `Demo run ${run}`;
  const adminEmail = `demo-run-${run}@test.example`.toLowerCase();
  if (!process.env.DATABASE_URL) {
    const { dump, info } = await runSnapshot('demo', async () => {
      const database = await openTestDatabase();
      try {
        const made = await provisionCompany(database.db, { name, adminEmail, adminPassword: PASSWORD, adminName: 'Ada Admin' });
        const company = { companyId: made.companyId, adminUserId: made.userId, adminEmail };
        await seedDemoAreas(database.db, company);
        return { dump: await database.lite!.dumpDataDir('gzip'), info: company };
      } finally {
        await database.close();
      }
    });
    const database = await openTestDatabase(dump);
    const t = await startTestApp({ database });
    const close = t.close;
    t.close = async () => {
      await close();
      await database.close();
    };
    return { t, company: info };
  }
  const t = await startTestApp();
  const db = t.database.db;
  const company = await db.transaction().execute(async (trx) => {
    // Held until the company is seeded: the other demo tests wait here, then find it.
    await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
    const found = await db.selectFrom('companies').select('id').where('name', '=', name).orderBy('id').executeTakeFirst();
    let company: TestCompany;
    if (found) {
      const admin = await db.selectFrom('users').select('id').where(sql<string>`lower(email)`, '=', adminEmail).executeTakeFirstOrThrow();
      company = { companyId: found.id, adminUserId: admin.id, adminEmail };
    } else {
      const made = await provisionCompany(db, { name, adminEmail, adminPassword: PASSWORD, adminName: 'Ada Admin' });
      company = { companyId: made.companyId, adminUserId: made.userId, adminEmail };
    }
    await seedDemoAreas(db, company);
    return company;
  });
  return { t, company };
}

/** The areas' demo seeders in `fds demo`'s order (src/demo.ts) but the team; each once (demo_seeds). */
async function seedDemoAreas(db: TestApp['database']['db'], company: TestCompany): Promise<void> {
  // Imported here: other test files do not load every area's seeder.
  const seeders = (await import('../../src/demo.js')).areaSeeders(db);
  const actor = { companyId: company.companyId, userId: company.adminUserId };
  const ctx: DemoContext = {
    companyId: company.companyId,
    adminUserId: company.adminUserId,
    inCompany: (work) => forCompany(db, HOOKS, actor, 'demo', work),
  };
  const done = new Set((await db.selectFrom('demo_seeds').select('area').where('company_id', '=', company.companyId).execute()).map((r) => r.area));
  for (const seeder of seeders) {
    if (done.has(seeder.area)) continue;
    await seeder.seed(ctx);
    await db.insertInto('demo_seeds').values({ company_id: company.companyId, area: seeder.area }).execute();
  }
}
