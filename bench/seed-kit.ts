// What the benchmark seeds share: a seed's scale (an environment variable in (0, 1], default 1)
// with the company names it seeds under — at another scale its companies are its own (the scale is
// in their names) — and a new company of the seed.
import { randomUUID } from 'node:crypto';
import { createCompany } from '../src/areas/users/index.js';
import type { Db } from '../src/db/database.js';

export function seedScale(variable: string): { scale: number; named: (name: string) => string } {
  const scale = Number(process.env[variable] ?? 1);
  if (!(scale > 0 && scale <= 1)) throw new Error(`${variable} must be in (0, 1], not ${process.env[variable]}`);
  return { scale, named: (name) => (scale === 1 ? name : `${name} x${scale}`) };
}

/** A company for a seed, its admin's password "bench-password"; answers its id. */
export async function benchCompany(db: Db, name: string): Promise<number> {
  const { companyId } = await createCompany(db, { name, adminEmail: `admin-${randomUUID().slice(0, 8)}@bench.example`, adminPassword: 'bench-password' });
  return companyId;
}
