// How POST /Customers/{customerId}/chargeTypes/sync brings a customer's list up to date with the
// company's, worked out before anything is written (pure, so the rules read in one place):
//  - a row copying a live company type follows its definition (name, code, kind, unit, description,
//    weightUnit, appliesPerStop, isSystem) and keeps the customer's prices (rate, currency,
//    minimumCharge, freeUnits where the kind still counts units, isTaxable, isActive);
//  - a company type the list lacks is added as a copy — or, when the customer has a type of its own
//    (or a removed copy) with the same code, that row becomes its copy, rates kept;
//  - a row copying a deleted company type is marked removed (kept, rates and all, not charged);
//    restored company types clear the mark.
import { fail } from '../../platform/errors.js';
import { ChargeTypesErrors } from './charge-types.errors.js';
import { COUNTED_KINDS, type CompanyTypeRow, type CustomerTypeRow, valuesOf } from './charge-types.schemas.js';
import type { NewRow, RowChange } from './customer-charge-types.repository.js';

export interface SyncPlan {
  inserts: NewRow[];
  /** Changes by row id; `free` lists rows whose code changes or that become removed (their code
   *  must be out of the unique index while the others are written). */
  changes: Map<number, RowChange>;
  free: number[];
  summary: { added: string[]; updated: string[]; adopted: string[]; removed: string[]; restored: string[] };
  notices: Array<{ type: string; message: string }>;
}

const DEFINITION = ['name', 'code', 'kind', 'unit', 'description', 'weight_unit', 'applies_per_stop'] as const;

/** A copy of a company type, as a new row of the customer's list. */
export const copyOf = (ct: CompanyTypeRow): NewRow => ({ ...valuesOf(ct), charge_type_id: ct.id, is_system: ct.is_system });

/** The row's values once it follows the company type: definition from it, prices kept. */
function follow(row: CustomerTypeRow, ct: CompanyTypeRow): RowChange {
  const next: RowChange = {};
  for (const field of DEFINITION) {
    if (row[field] !== ct[field]) (next as Record<string, unknown>)[field] = ct[field];
  }
  if (row.is_system !== ct.is_system) next.is_system = ct.is_system;
  if (row.free_units !== null && !COUNTED_KINDS.includes(ct.kind)) next.free_units = null;
  return next;
}

export function planSync(rows: CustomerTypeRow[], company: CompanyTypeRow[], now: Date): SyncPlan {
  const plan: SyncPlan = {
    inserts: [],
    changes: new Map(),
    free: [],
    summary: { added: [], updated: [], adopted: [], removed: [], restored: [] },
    notices: [],
  };
  const live = company.filter((ct) => ct.deleted_at === null);
  const liveIds = new Set(live.map((ct) => ct.id));
  const linked = new Map(rows.filter((r) => r.charge_type_id !== null && liveIds.has(r.charge_type_id)).map((r) => [r.charge_type_id!, r]));
  // Rows not copying a live type: the customer's own, and copies of deleted types.
  const orphans = rows.filter((r) => r.charge_type_id === null || !liveIds.has(r.charge_type_id));
  const adopted = new Set<number>();

  for (const ct of live) {
    let row = linked.get(ct.id);
    const adopting = !row;
    if (!row) {
      // A live row first: a removed copy may share the code.
      const free = orphans.filter((r) => r.code === ct.code && !adopted.has(r.id));
      row = free.find((r) => r.removed_at === null) ?? free[0];
      if (row) adopted.add(row.id);
    }
    if (!row) {
      plan.inserts.push(copyOf(ct));
      plan.summary.added.push(ct.code);
      continue;
    }
    const change = follow(row, ct);
    if (adopting) change.charge_type_id = ct.id;
    if (row.removed_at !== null) change.removed_at = null;
    if (Object.keys(change).length === 0) continue;
    plan.changes.set(row.id, change);
    if (change.code !== undefined) plan.free.push(row.id);
    if (adopting) plan.summary.adopted.push(ct.code);
    else if (row.removed_at !== null) plan.summary.restored.push(ct.code);
    else plan.summary.updated.push(ct.code);
    if (change.kind !== undefined) {
      plan.notices.push({
        type: 'Warning',
        message: `"${ct.name}": kind changed from ${row.kind} to ${ct.kind}; the customer's rate ${row.rate} was kept — check that it still fits.`,
      });
    }
  }

  for (const row of orphans) {
    if (adopted.has(row.id) || row.charge_type_id === null || row.removed_at !== null) continue;
    plan.changes.set(row.id, { removed_at: now });
    plan.free.push(row.id);
    plan.summary.removed.push(row.code);
    plan.notices.push({
      type: 'Info',
      message: `"${row.name}" was deleted from the company's charge types: it stays in the customer's list, marked removed and no longer charged (PUT keeps it as the customer's own type, DELETE drops it).`,
    });
  }

  checkCodes(rows, plan);
  return plan;
}

/** After the plan, the live rows' codes must still be unique: a type of the customer's own may
 *  hold the code a company type now has. */
function checkCodes(rows: CustomerTypeRow[], plan: SyncPlan): void {
  const owners = new Map<string, string>();
  const finals: Array<{ code: string; name: string; live: boolean }> = rows.map((r) => {
    const c = plan.changes.get(r.id) ?? {};
    return { code: c.code ?? r.code, name: c.name ?? r.name, live: (c.removed_at === undefined ? r.removed_at : c.removed_at) === null };
  });
  for (const n of plan.inserts) finals.push({ code: n.code, name: n.name, live: true });
  for (const f of finals.filter((x) => x.live)) {
    const other = owners.get(f.code);
    if (other !== undefined) {
      throw fail(
        ChargeTypesErrors.codeConflict,
        `"${other}" and "${f.name}" would both have the code ${f.code} in the customer's list: change the code of the customer's own type, or delete it, and sync again.`,
      );
    }
    owners.set(f.code, f.name);
  }
}
