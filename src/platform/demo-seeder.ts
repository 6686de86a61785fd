// What an area's demo seeder is given and gives (its `<area>.demo.ts`): src/demo.ts lists the
// seeders and runs them for `fds demo`; the areas import these types from here, so no area imports
// the registry that imports it.
import type { Tenant } from '../db/tenant.js';

export interface DemoContext {
  companyId: number;
  adminUserId: string;
  /** Runs work in the demo company's tenant transaction, as the demo admin. */
  inCompany<T>(work: (t: Tenant) => Promise<T>): Promise<T>;
}

export interface DemoSeeder {
  area: string;
  seed(ctx: DemoContext): Promise<void>;
}
