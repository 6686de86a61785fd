import { sql } from 'kysely';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createCompany } from '../src/areas/users/index.js';
import { seedCustomers } from './customers-data.js';
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: 'memory://', poolSize: 2, log: console as any });
await migrateToLatest(database.db);
for (const [n, seed] of [[100000, 1], [150000, 2], [150000, 3]] as const) {
  const { companyId } = await createCompany(database.db, { name: `Seed ${seed} ${Date.now()}`, adminEmail: `seed${seed}-${Date.now()}@x.example`, adminPassword: 'bench-password' });
  const t0 = performance.now();
  await seedCustomers(database.db, companyId, n, seed);
  console.log(companyId, n, ((performance.now() - t0) / 1000).toFixed(1), 's');
}
await database.close();
