// The carrier a request names, or a 404 — whatever its sub-resource (contacts, finances, truck
// types) — and the two ways the spec's rows name a carrier's record. Another company's carrier or
// record answers exactly as a missing one: the records read through the company door.
import type { Tenant } from '../../db/tenant.js';
import type { Found } from '../../platform/id-gate.js';
import type { CompanyRecords } from '../../platform/records.js';
import { carrierRecords } from './carriers.repository.js';
import type { OutsourceCompanyRow } from './carriers.schemas.js';

/** A live (not deleted) carrier of the company; `includeDeleted` reads a deleted one too. Other
 *  areas check a carrier id of theirs with it (drivers); routes declare theirs (route ids). */
export function requireCarrier(t: Tenant, id: number, includeDeleted = false): Promise<OutsourceCompanyRow> {
  return carrierRecords.requireOne(t, id, { includeDeleted });
}

/** Whether the company has this live carrier (for records pointing at carriers: drivers). */
export async function carrierExists(t: Tenant, id: number): Promise<boolean> {
  return (await carrierRecords.find(t, id)) !== undefined;
}

/** A record that belongs to a carrier (a finance record, a truck type row). */
export interface CarrierRecord {
  id: number;
  outsource_company_id: number;
}

/** The records of live carriers; with `carrierId`, only that carrier's. */
export type OfCarrier = { carrierId?: number } | undefined;
export type CarrierChildRecords<R extends CarrierRecord> = CompanyRecords<R, number, OfCarrier>;

// ---- How the spec's rows name a carrier's record, declared for the id gate (route ids)
//
// The spec's rows for a carrier's records carry two ids: `{id}` alone names the record; with the
// record's id(s) in the query as well, `{id}` names its carrier and the record(s) must be its own
// (another carrier's is missing). The request says which: the declarations choose by it.

type Request = { params: unknown; query: unknown; body: unknown };

/** A query id sent: a value, or a list of at least one. */
const sent = (value: unknown) => value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0);

/** `{id}`: the record, or (the query's `key` sent) its live carrier. `walk`: what the conventions
 *  walk's request for the route means by it (its case says which). */
export function recordOrCarrier<R extends CarrierRecord>(records: CarrierChildRecords<R>, key: string, walk: 'record' | 'carrier') {
  return {
    chosen: (request: Request) => (sent((request.query as Record<string, unknown> | undefined)?.[key]) ? carrierRecords : records),
    walk: walk === 'record' ? records : carrierRecords,
  };
}

/** The query's record id(s): records of the carrier `{id}` only. */
export function ofPathCarrier<R extends CarrierRecord>(records: CarrierChildRecords<R>) {
  return { chosen: (request: Request) => records.with({ carrierId: (request.params as { id: number }).id }), walk: records };
}

/** The record a read names, as the gate read it: the query's (`key`) when sent, else `{id}`. */
export function namedRecord<R extends CarrierRecord>(found: Found, records: CarrierChildRecords<R>, key: string): R {
  return found.maybe(records, key) ?? found.one(records, 'id');
}

/** The records a delete names, as the gate read them: the query's `ids` (the carrier `{id}`'s,
 *  all of them or a 404), else `{id}` alone. */
export function namedRecords<R extends CarrierRecord>(found: Found, records: CarrierChildRecords<R>): R[] {
  const listed = found.all(records, 'ids');
  return listed.length > 0 ? listed : [found.one(records, 'id')];
}
