// The companies of the customer-list benchmark: "Bench Customers" (100,000 customers, the one
// searched) and two neighbours holding more (150,000 each), so the searched company is not alone
// in the tables and indexes. Seeded once per database (about 45 s per 100,000 rows on PostgreSQL
// here, mostly trigram index upkeep) and found again by name on later runs.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { addMember, createCompany } from '../src/areas/users/index.js';
import type { Db } from '../src/db/database.js';
import { seedCustomers } from './customers-data.js';

const SETS = [
  { name: 'Bench Customers', count: 100_000, seed: 1 },
  { name: 'Bench Neighbour A', count: 150_000, seed: 2 },
  { name: 'Bench Neighbour B', count: 150_000, seed: 3 },
] as const;

export async function customerCompanies(db: Db): Promise<{ email: string; password: string; summary: string }> {
  const ids: number[] = [];
  for (const set of SETS) {
    const found = await sql<{ id: number; n: number }>`
      SELECT c.id, (SELECT count(*)::int FROM customers x WHERE x.company_id = c.id) AS n
      FROM companies c WHERE c.name = ${set.name} ORDER BY c.id LIMIT 1`.execute(db);
    let id = found.rows[0]?.n === set.count ? found.rows[0].id : null;
    if (id === null) {
      const started = performance.now();
      ({ companyId: id } = await createCompany(db, { name: set.name, adminEmail: `admin-${randomUUID().slice(0, 8)}@bench.example`, adminPassword: 'bench-password' }));
      await seedCustomers(db, id, set.count, set.seed);
      process.stderr.write(`seeded ${set.name}: ${set.count} customers in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
    }
    ids.push(id);
  }
  const email = `bench-${randomUUID().slice(0, 8)}@bench.example`;
  await addMember(db, { companyId: ids[0]!, email, password: 'bench-password', role: 'Dispatcher', name: 'Bench Dispatcher' });
  return { email, password: 'bench-password', summary: SETS.map((s) => `${s.name} ${s.count.toLocaleString('en-US')}`).join(', ') };
}
