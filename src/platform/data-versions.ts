// Company data versions: a counter per company and group of tables, raised once by every
// transaction that writes any table of the group, just before it commits (the door notes each
// table it starts a write on; whoever runs the work calls `Tenant.beforeCommit`). A value
// computed from the group's rows and kept under the version it was read at (VersionedCache) is
// then as exact as reading the rows again, for one read of the version instead of many reads.
//
// The groups are listed here, not by the areas that read them: a process that never loads the
// reading area (the admin CLI, a worker) must still raise the version when it writes.
//
// Read the version before the rows it guards: a write that lands in between makes the kept value
// newer than its version says, which a later read of that older version can only welcome; read
// after, an older value would be kept under the newer version until the next write.
import { raiseCountersQuery } from './counters.js';
import type { Tenant } from './door.js';

export const DATA_VERSIONS = {
  /** What the rating engine prices from (areas/pricing/rating-input.ts): pricing models and their
   *  bands and international rates, zone rates, shipment types, charge types (the company's and
   *  customers' own), zones and their postal codes, FX rates. */
  rating: [
    'pricing_models',
    'pricing_mileage_charges',
    'pricing_intl_rates',
    'pricing_zones',
    'shipment_types',
    'charge_types',
    'customer_charge_types',
    'zones',
    'zone_postal_codes',
    'fx_rates',
  ],
} as const satisfies Record<string, readonly string[]>;

export type DataGroup = keyof typeof DATA_VERSIONS;

/** Table → the groups it belongs to. */
const groupsOf = new Map<string, DataGroup[]>();
for (const [group, tables] of Object.entries(DATA_VERSIONS) as Array<[DataGroup, readonly string[]]>)
  for (const table of tables) groupsOf.set(table, [...(groupsOf.get(table) ?? []), group]);

/** The groups a write to `table` changes. */
export function groupsWrittenBy(table: string): readonly DataGroup[] {
  return groupsOf.get(table) ?? [];
}

const counterOf = (group: DataGroup) => `version:${group}`;

/** The company's current version of the group ('0' before its first counted write). */
export async function dataVersion(t: Tenant, group: DataGroup): Promise<string> {
  const row = await t.select('company_counters').select('value').where('name', '=', counterOf(group)).executeTakeFirst();
  return row ? String(row.value) : '0';
}

/** Raises the groups' versions, in one statement (the counters' rows stay locked to commit). */
export async function raiseVersions(t: Tenant, groups: readonly DataGroup[]): Promise<void> {
  if (groups.length === 0) return;
  await raiseCountersQuery(t, groups.map(counterOf), 1).execute();
}
