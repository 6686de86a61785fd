// Rules of the company's charge types: codes and names unique among the live types; the system
// types (Linehaul, Fuel surcharge) are never deleted and keep their code and kind; a delete is
// soft — customers' copies are left as they are until their next sync, so no customer's list
// breaks — and a PUT on a deleted type restores it.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { type OtherMessageT, type WithNotices, withNotices } from '../../platform/envelope.js';
import { fail, invalid } from '../../platform/errors.js';
import type { CustomerRow } from '../customers/index.js';
import { effectiveTypes } from './charge-rules.repository.js';
import { ChargeTypesErrors } from './charge-types.errors.js';
import * as repo from './charge-types.repository.js';
import { codeFromName, freeCode, mergeValues } from './charge-types.rules.js';
import { type ChargeTypeT, type ChargeTypeUpdateT, type CompanyTypeRow, MAX_CHARGE_TYPES, type PricingValues, toChargeType } from './charge-types.schemas.js';
import { copiesOf } from './customer-charge-types.repository.js';

/** The request's values, with a code made from the name when none is set, checked for clashes. */
async function valuesFor(t: Tenant, input: ChargeTypeUpdateT, current: CompanyTypeRow | null): Promise<PricingValues> {
  const merged = mergeValues(input, current);
  const code = merged.code ?? freeCode(codeFromName(merged.name), await repo.liveCodes(t));
  for (const clash of await repo.findClashes(t, code, merged.name, current?.id ?? null)) {
    if (clash.code === code) throw invalid('code', `The code ${code} is used by the charge type "${clash.name}" (${clash.id}).`);
    throw invalid('name', `A charge type named "${clash.name}" exists already (${clash.id}).`);
  }
  return { ...merged, code };
}

async function checkRoom(t: Tenant): Promise<void> {
  if ((await repo.countLive(t)) >= MAX_CHARGE_TYPES) {
    throw fail(ChargeTypesErrors.limitReached, `A company may have at most ${MAX_CHARGE_TYPES} charge types; delete unused ones first.`);
  }
}

/** Tells how many customers' lists copy the deleted types: they keep their copies until synced. */
async function copiesNotice(t: Tenant, rows: CompanyTypeRow[]): Promise<OtherMessageT[]> {
  const copies = await copiesOf(
    t,
    rows.map((r) => r.id),
  );
  return rows
    .filter((r) => copies.has(r.id))
    .map((r) => ({
      type: 'Info',
      message: `"${r.name}" is in ${copies.get(r.id)} customer list(s): they keep it, rates and all, until POST /Customers/{customerId}/chargeTypes/sync marks it removed.`,
    }));
}

export function chargeTypesService() {
  const list = async (t: Tenant, q: { excludeSystemForInvoice?: boolean; includeDeleted?: boolean }): Promise<ChargeTypeT[]> =>
    (await repo.listTypes(t, { excludeSystem: q.excludeSystemForInvoice ?? false, includeDeleted: q.includeDeleted ?? false })).map(toChargeType);

  return {
    list,

    read: (row: CompanyTypeRow): ChargeTypeT => toChargeType(row),

    async create(t: Tenant, input: ChargeTypeUpdateT): Promise<ChargeTypeT> {
      await checkRoom(t);
      const id = await repo.insertType(t, await valuesFor(t, input, null));
      const after = toChargeType(await repo.chargeTypeRecords.reread(t, id));
      await audit(t, { action: 'charge_type.create', entityType: 'charge_type', entityId: id, after });
      return after;
    },

    /** Fields left out keep their value; a deleted type is restored. */
    async update(t: Tenant, row: CompanyTypeRow, input: ChargeTypeUpdateT): Promise<ChargeTypeT> {
      const id = row.id;
      if (row.deleted_at) await checkRoom(t);
      await repo.updateType(t, id, await valuesFor(t, input, row));
      const after = toChargeType(await repo.chargeTypeRecords.reread(t, id));
      await audit(t, {
        action: row.deleted_at ? 'charge_type.restore' : 'charge_type.update',
        entityType: 'charge_type',
        entityId: id,
        before: toChargeType(row),
        after,
      });
      return after;
    },

    /** Answers the deleted type; deleting a deleted type changes nothing. */
    async remove(t: Tenant, row: CompanyTypeRow): Promise<WithNotices<ChargeTypeT>> {
      const deleted = await removeRows(t, [row]);
      return withNotices(toChargeType(await repo.chargeTypeRecords.reread(t, row.id)), await copiesNotice(t, deleted));
    },

    /** All or nothing: a system type is 400, with nothing deleted (an unknown id is the gate's 404).
     *  `rows`: the types the id gate read. Answers the company's list as it is afterwards. */
    async removeMany(t: Tenant, rows: readonly CompanyTypeRow[]): Promise<WithNotices<ChargeTypeT[]>> {
      const deleted = await removeRows(t, rows);
      return withNotices(await list(t, {}), await copiesNotice(t, deleted));
    },

    /** The types chosen on stops: the company's, or those that apply to the customer. */
    async perStop(t: Tenant, customer: CustomerRow | undefined): Promise<ChargeTypeT[]> {
      return (await effectiveTypes(t, customer?.id ?? null)).filter((c) => c.appliesPerStop);
    },
  };
}

/** Marks the live ones deleted; answers those it deleted. */
async function removeRows(t: Tenant, rows: readonly CompanyTypeRow[]): Promise<CompanyTypeRow[]> {
  const system = rows.find((r) => r.is_system);
  if (system) throw fail(ChargeTypesErrors.systemType, `"${system.name}" is a system type: it cannot be deleted (set isActive false to stop charging it).`);
  const live = rows.filter((r) => r.deleted_at === null);
  await repo.markDeleted(
    t,
    live.map((r) => r.id),
  );
  for (const row of live) await audit(t, { action: 'charge_type.delete', entityType: 'charge_type', entityId: row.id, before: toChargeType(row) });
  return live;
}

export type ChargeTypesService = ReturnType<typeof chargeTypesService>;
