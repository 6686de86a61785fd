// Rules of a customer's charge types. A customer's list starts as a copy of the company's (on first
// read by a user who may edit customers, or on the first change) and from then on is the customer's:
// pricing uses it instead of the company's. Company changes reach it only through sync, which keeps
// the customer's rates. Every writer holds the list's lock, so concurrent first reads seed once.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { type WithNotices, withNotices } from '../../platform/envelope.js';
import { fail, invalid } from '../../platform/errors.js';
import type { CustomerRow } from '../customers/index.js';
import { ChargeTypesErrors } from './charge-types.errors.js';
import * as companyRepo from './charge-types.repository.js';
import { codeFromName, freeCode, mergeValues } from './charge-types.rules.js';
import { type ChargeTypeT, type ChargeTypeUpdateT, type CustomerTypeRow, MAX_CHARGE_TYPES, toCustomerChargeType, valuesOf } from './charge-types.schemas.js';
import * as repo from './customer-charge-types.repository.js';
import { planSync, type SyncPlan } from './customer-sync.plan.js';

const listOf = async (t: Tenant, customerId: number) => (await repo.rowsOf(t, customerId)).map(toCustomerChargeType);

/** The row a path id names: one of the customer's rows by its id, or by the company type it copies. */
const rowNamed = (rows: CustomerTypeRow[], id: number) => rows.find((r) => r.id === id) ?? rows.find((r) => r.charge_type_id === id);

async function applyPlan(t: Tenant, customerId: number, rows: CustomerTypeRow[], plan: SyncPlan, now: Date): Promise<void> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  // Rows whose code changes (or that become removed) leave the unique index of live codes first,
  // so that codes can move between rows in any order; the plan checked the final codes.
  for (const id of plan.free) {
    if (byId.get(id)!.removed_at === null) await repo.updateRow(t, id, { removed_at: now });
  }
  for (const [id, change] of plan.changes) {
    const removedAt = change.removed_at === undefined ? byId.get(id)!.removed_at : change.removed_at;
    await repo.updateRow(t, id, { ...change, removed_at: removedAt });
  }
  await repo.insertRows(t, customerId, plan.inserts);
}

/** Copies the company's live types to a customer that has none. */
async function seed(t: Tenant, customerId: number): Promise<void> {
  const company = await companyRepo.listTypes(t, { excludeSystem: false, includeDeleted: false });
  const now = new Date();
  await applyPlan(t, customerId, [], planSync([], company, now), now);
  await audit(t, { action: 'customer_charge_types.seed', entityType: 'customer', entityId: customerId, after: { copied: company.map((c) => c.code) } });
}

/** The customer's codes in use (by live rows), other than one row's. */
const liveCodes = (rows: CustomerTypeRow[], exceptId: number | null) =>
  new Map(rows.filter((r) => r.removed_at === null && r.id !== exceptId).map((r) => [r.code, r]));

export function customerChargeTypesService() {
  /** Locks the customer's list, seeded if it is still empty. */
  async function openList(t: Tenant, customerId: number): Promise<CustomerTypeRow[]> {
    await repo.lockList(t, customerId);
    const rows = await repo.rowsOf(t, customerId);
    if (rows.length > 0) return rows;
    await seed(t, customerId);
    return repo.rowsOf(t, customerId);
  }

  return {
    /** The customer's list; seeded first when empty, asked to and allowed to. */
    async list(t: Tenant, customer: CustomerRow, seedIfEmpty: boolean, mayEditCustomers: boolean): Promise<ChargeTypeT[]> {
      const customerId = customer.id;
      const rows = await repo.rowsOf(t, customerId);
      if (rows.length > 0 || !seedIfEmpty || !mayEditCustomers) return rows.map(toCustomerChargeType);
      return (await openList(t, customerId)).map(toCustomerChargeType);
    },

    /** All or nothing; system types stay (set isActive false). Answers the list afterwards.
     *  `listed`: the rows the id gate read with the list's lock (listedTypeRecords), which this
     *  request holds until it commits; an id not in the list was its 404. */
    async remove(t: Tenant, customer: CustomerRow, listed: readonly repo.ListedType[]): Promise<ChargeTypeT[]> {
      const customerId = customer.id;
      const doomed = new Map<number, CustomerTypeRow>();
      for (const { row } of listed) {
        if (row.is_system)
          throw fail(ChargeTypesErrors.systemType, `"${row.name}" is a system type: it stays in the customer's list (set isActive false to stop charging it).`);
        doomed.set(row.id, row);
      }
      await repo.deleteRows(t, customerId, [...doomed.keys()]);
      for (const row of doomed.values()) {
        await audit(t, { action: 'customer_charge_type.delete', entityType: 'customer_charge_type', entityId: row.id, before: toCustomerChargeType(row) });
      }
      return listOf(t, customerId);
    },

    /** Updates one of the customer's types (fields left out keep their value), adds a company type
     *  the list lacks, or (`named` undefined: id 0) adds a type of the customer's own. `named` was
     *  read with the list's lock (namedTypeRecords), which this request holds until it commits. */
    async put(t: Tenant, customer: CustomerRow, named: repo.NamedType | undefined, input: ChargeTypeUpdateT): Promise<ChargeTypeT> {
      const customerId = customer.id;
      const rows = await openList(t, customerId);
      // A company type named before the list was seeded is now in it, as a copy.
      const row = named === undefined ? undefined : rowNamed(rows, named.id);
      let rowId: number;
      if (row) {
        const values = mergeValues(input, row);
        const code = values.code!;
        const clash = liveCodes(rows, row.id).get(code);
        if (clash) throw invalid('code', `The code ${code} is used by the customer's charge type "${clash.name}" (${clash.id}).`);
        // A removed copy that is written to stays, as the customer's own type.
        const unlink = row.removed_at !== null ? { charge_type_id: null, removed_at: null } : {};
        await repo.updateRow(t, row.id, { ...values, code, ...unlink });
        rowId = row.id;
      } else {
        if (rows.length >= MAX_CHARGE_TYPES) throw fail(ChargeTypesErrors.limitReached, `A customer may have at most ${MAX_CHARGE_TYPES} charge types.`);
        // A live company type the list lacks (a row of the list named by the gate is in it still).
        const company = named?.company ?? null;
        if (named !== undefined && company === null) throw new Error(`charge type ${named.id} of customer ${customerId} was read and is gone`);
        const base = company ? { ...valuesOf(company), is_system: company.is_system } : null;
        const values = mergeValues(input, base);
        const taken = liveCodes(rows, null);
        const code = values.code ?? freeCode(codeFromName(values.name), new Set(taken.keys()));
        const clash = taken.get(code);
        if (clash) throw invalid('code', `The code ${code} is used by the customer's charge type "${clash.name}" (${clash.id}).`);
        rowId = await repo.insertRow(t, customerId, { ...values, code, charge_type_id: company?.id ?? null, is_system: company?.is_system ?? false });
      }
      const after = toCustomerChargeType(rowNamed(await repo.rowsOf(t, customerId), rowId)!);
      await audit(t, {
        action: row ? 'customer_charge_type.update' : 'customer_charge_type.create',
        entityType: 'customer_charge_type',
        entityId: rowId,
        ...(row ? { before: toCustomerChargeType(row) } : {}),
        after,
      });
      return after;
    },

    /** Brings the list up to date with the company's (customer-sync.plan.ts), keeping its rates. */
    async sync(t: Tenant, customer: CustomerRow): Promise<WithNotices<ChargeTypeT[]>> {
      const customerId = customer.id;
      await repo.lockList(t, customerId);
      const rows = await repo.rowsOf(t, customerId);
      const company = await companyRepo.listTypes(t, { excludeSystem: false, includeDeleted: true });
      const now = new Date();
      const plan = planSync(rows, company, now);
      await applyPlan(t, customerId, rows, plan, now);
      await audit(t, { action: 'customer_charge_types.sync', entityType: 'customer', entityId: customerId, after: plan.summary });
      return withNotices(await listOf(t, customerId), plan.notices);
    },
  };
}

export type CustomerChargeTypesService = ReturnType<typeof customerChargeTypesService>;
