// The carrier a request names, or a 404 — whatever its sub-resource (contacts, finances, truck
// types). Another company's carrier answers exactly as a missing one.
import type { Tenant } from '../../db/tenant.js';
import { notFound } from '../../platform/errors.js';
import { findCarrier } from './carriers.repository.js';
import type { OutsourceCompanyRow } from './carriers.schemas.js';

/** A live (not deleted) carrier of the company; `includeDeleted` reads a deleted one too. */
export async function requireCarrier(t: Tenant, id: number, includeDeleted = false): Promise<OutsourceCompanyRow> {
  const row = await findCarrier(t, id, includeDeleted);
  if (!row) throw notFound('Carrier', id);
  return row;
}

/** Whether the company has this live carrier (for records pointing at carriers: drivers). */
export async function carrierExists(t: Tenant, id: number): Promise<boolean> {
  return (await findCarrier(t, id)) !== undefined;
}

/** A record that belongs to a carrier (a finance record, a truck type row). */
export interface CarrierRecord {
  id: number;
  outsource_company_id: number;
}

/** The spec's rows for a carrier's records carry two ids: `{id}` alone names the record; with the
 *  record's id in the query as well, `{id}` names its carrier and the record must be one of its. */
export async function requireCarrierRecord<R extends CarrierRecord>(
  t: Tenant, pathId: number, recordId: number | null | undefined, find: (t: Tenant, ids: number[]) => Promise<R[]>, what: string,
): Promise<R> {
  const id = recordId ?? pathId;
  const row = (await find(t, [id]))[0];
  if (!row || (recordId !== null && recordId !== undefined && row.outsource_company_id !== pathId)) throw notFound(what, id);
  return row;
}

/** The records a delete names: `{id}` alone, or (with `ids`) the carrier `{id}`'s records `ids`.
 *  All or nothing: one that is missing (or another carrier's) is a 404. */
export async function requireCarrierRecords<R extends CarrierRecord>(
  t: Tenant, pathId: number, ids: number[] | null | undefined, find: (t: Tenant, ids: number[]) => Promise<R[]>, what: string,
): Promise<R[]> {
  if (!ids || ids.length === 0) return [await requireCarrierRecord(t, pathId, null, find, what)];
  await requireCarrier(t, pathId);
  const unique = [...new Set(ids)];
  const rows = await find(t, unique);
  const missing = unique.find((id) => !rows.some((r) => r.id === id && r.outsource_company_id === pathId));
  if (missing !== undefined) throw notFound(what, missing);
  return rows;
}
