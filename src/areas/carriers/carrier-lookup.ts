// The carrier a request names, or a 404 — whatever its sub-resource (contacts, finances, truck
// types) — and the two ways the spec's rows name a carrier's record. Another company's carrier or
// record answers exactly as a missing one: the records read through the company door.
import type { Tenant } from '../../db/tenant.js';
import type { CompanyRecords } from '../../platform/records.js';
import { carrierRecords } from './carriers.repository.js';
import type { OutsourceCompanyRow } from './carriers.schemas.js';

/** A live (not deleted) carrier of the company; `includeDeleted` reads a deleted one too. */
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

/** The spec's rows for a carrier's records carry two ids: `{id}` alone names the record; with the
 *  record's id in the query as well, `{id}` names its carrier and the record must be one of its
 *  (else the record is the one missing). */
export function recordOfCarrier<R extends CarrierRecord>(
  records: CarrierChildRecords<R>,
  t: Tenant,
  pathId: number,
  recordId: number | null | undefined,
): Promise<R> {
  return recordId === null || recordId === undefined ? records.requireOne(t, pathId) : records.requireOne(t, recordId, { carrierId: pathId });
}

/** The records a delete names: `{id}` alone, or (with `ids`) the carrier `{id}`'s records `ids`.
 *  All or nothing: a missing carrier, or records missing (or another carrier's), is a 404 naming them. */
export async function recordsOfCarrier<R extends CarrierRecord>(
  records: CarrierChildRecords<R>,
  t: Tenant,
  pathId: number,
  ids: number[] | null | undefined,
): Promise<R[]> {
  if (!ids || ids.length === 0) return [await records.requireOne(t, pathId)];
  await requireCarrier(t, pathId);
  return records.requireAll(t, ids, { carrierId: pathId });
}
