// The service as benchmarks run it: on DATABASE_URL (PostgreSQL) or an embedded database in a
// temporary directory; a bench company and user are made; prints {"url", "token"} once listening.

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { buildApp } from '../src/app.js';
import { addMember, createCompany } from '../src/areas/users/index.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createTokens } from '../src/platform/auth.js';
import { accountingCompany } from './accounting-setup.js';
import { customerCompanies } from './customers-setup.js';
import { dispatchCompany } from './dispatch-setup.js';
import { documentsCompany } from './documents-setup.js';
import { orderCompanies } from './orders-setup.js';
import { profileOnSignal } from './profile.js';
import { BENCH_JWT_SECRET } from './secret.js';

// Files are kept on disk, as DATA_DIR's folder store keeps them by default (the embedded database
// lives there too when there is no DATABASE_URL). Not memory://: every upload would stay in the
// heap, and the collector's pauses over it were what /healthz waited for during the upload run
// (p99 400-700 ms in memory, 30-50 ms on disk).
const dataDir = mkdtempSync(join(tmpdir(), 'fds-bench-'));
const config = loadConfig({
  ...process.env,
  PORT: '0',
  DATA_DIR: dataDir,
  JWT_SECRET: BENCH_JWT_SECRET,
  SIGNIN_LIMIT_PER_ADDRESS: '1000000',
  SIGNIN_LIMIT_PER_ACCOUNT: '1000000',
});
const logger = pino({ level: config.logLevel }, pino.destination({ dest: process.env.BENCH_LOG ?? '/dev/null', sync: false }));
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize, log: logger });
await migrateToLatest(database.db);
const email = `bench-${randomUUID().slice(0, 8)}@bench.example`;
const { companyId } = await createCompany(database.db, { name: 'Bench Freight', adminEmail: `admin-${email}`, adminPassword: 'bench-password' });
await addMember(database.db, { companyId, email, password: 'bench-password', role: 'Dispatcher', name: 'Bench User' });
// The customer-list benchmark's companies, seeded once per database and reused (BENCH_CUSTOMERS=1).
const customers = process.env.BENCH_CUSTOMERS === '1' ? await customerCompanies(database.db) : null;
// The order-list benchmark's companies, the same way (BENCH_ORDERS=1).
const orders = process.env.BENCH_ORDERS === '1' ? await orderCompanies(database.db) : null;
// The dispatch benchmark's company, the same way (BENCH_DISPATCH=1).
const dispatch = process.env.BENCH_DISPATCH === '1' ? await dispatchCompany(database.db) : null;
// The accounting benchmark's company, the same way (BENCH_ACCOUNTING=1).
const accounting = process.env.BENCH_ACCOUNTING === '1' ? await accountingCompany(database.db) : null;
// The documents benchmark's company, the same way (BENCH_DOCUMENTS=1).
const documents = process.env.BENCH_DOCUMENTS === '1' ? await documentsCompany(database.db) : null;
const app = await buildApp({ config, database, tokens: createTokens(config.jwtSecret!), logger });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const login = await fetch(`${address}/api/v1/Auth/Login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ userName: email, password: 'bench-password' }),
});
const token = ((await login.json()) as { data: string }).data;
const signIn = async (user: { email: string; password: string } | null) => {
  if (!user) return null;
  const signin = await fetch(`${address}/api/v1/Auth/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: user.email, password: user.password }),
  });
  return ((await signin.json()) as { data: string }).data;
};
process.stdout.write(
  JSON.stringify({
    url: address,
    token,
    companyId,
    email,
    database: database.kind,
    customersToken: await signIn(customers),
    customers: customers?.summary ?? null,
    ordersToken: await signIn(orders),
    dispatchToken: await signIn(dispatch),
    accountingToken: await signIn(accounting),
    documentsToken: await signIn(documents),
    documents: documents && { summary: documents.summary, terms: documents.terms },
    accounting: accounting && { summary: accounting.summary, customerId: accounting.customerId },
    dispatch: dispatch && { summary: dispatch.summary, poolStopIds: dispatch.poolStopIds, rerouteIds: dispatch.rerouteIds },
    orders: orders && {
      summary: orders.summary,
      customerName: orders.customerName,
      customerId: orders.customerId,
      addressIds: orders.addressIds,
      adminToken: await signIn(orders.admin),
    },
  }) + '\n',
);
await profileOnSignal('fds');
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
