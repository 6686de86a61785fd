// The companies of the customer-list benchmark: "Bench Customers" (100,000 customers, the one
// searched) and two neighbours holding more (150,000 each), so the searched company is not alone
// in the tables and indexes. Seeded once per database (about 45 s per 100,000 rows on PostgreSQL
// here, mostly trigram index upkeep) and found again by name on later runs.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { addMember } from '../src/areas/users/index.js';
import type { Db } from '../src/db/database.js';
import { seedCustomers } from './customers-data.js';
import { benchCompany, seedScale } from './seed-kit.js';

// BENCH_CUSTOMERS_SCALE (default 1) scales every company: 0.1 seeds 10,000 and 15,000 each, in
// companies of their own (the scale is in their names).
const { scale: SCALE, named } = seedScale('BENCH_CUSTOMERS_SCALE');
const SETS = [
  { name: named('Bench Customers'), count: Math.round(100_000 * SCALE), seed: 1 },
  { name: named('Bench Neighbour A'), count: Math.round(150_000 * SCALE), seed: 2 },
  { name: named('Bench Neighbour B'), count: Math.round(150_000 * SCALE), seed: 3 },
] as const;

export async function customerCompanies(db: Db): Promise<{ email: string; password: string; summary: string }> {
  const ids: number[] = [];
  for (const set of SETS) {
    // Two statements: on Citus each then goes to one place (the company, then its shard).
    const company = (await sql<{ id: number }>`SELECT id FROM companies WHERE name = ${set.name} ORDER BY id LIMIT 1`.execute(db)).rows[0];
    const held = company ? (await sql<{ n: number }>`SELECT count(*)::int AS n FROM customers WHERE company_id = ${company.id}`.execute(db)).rows[0]!.n : -1;
    let id = company && held === set.count ? company.id : null;
    if (id === null) {
      const started = performance.now();
      id = await benchCompany(db, set.name);
      await seedCustomers(db, id, set.count, set.seed);
      process.stderr.write(`seeded ${set.name}: ${set.count} customers in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
    }
    ids.push(id);
  }
  const email = `bench-${randomUUID().slice(0, 8)}@bench.example`;
  await addMember(db, { companyId: ids[0]!, email, password: 'bench-password', role: 'Dispatcher', name: 'Bench Dispatcher' });
  return { email, password: 'bench-password', summary: SETS.map((s) => `${s.name} ${s.count.toLocaleString('en-US')}`).join(', ') };
}
