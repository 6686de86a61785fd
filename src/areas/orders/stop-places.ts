// Where new stops are and what their items carry: each stop's place (an address of the company by
// id, or the order's customer's at the place sent) and the items' barcodes (unique in the company).
import type { Tenant } from '../../db/tenant.js';
import { invalid, notFoundAll } from '../../platform/errors.js';
import { companyRecords } from '../../platform/records.js';
import { text } from '../../platform/writes.js';
import { type AddressRow, keepPlaces, placeForStop, placesByIds } from '../customers/index.js';
import * as repo from './orders.repository.js';
import type { StopInputT } from './orders.schemas.js';

/** The places a stop's addressId names: any address of the company — a customer's, a hub, a
 *  warehouse's site, a kept copy — as placesFor reads them (the customers area's addressRecords
 *  reads customers' addresses only). How routes declare `stops[].addressId` for the id gate. */
export const stopPlaceRecords = companyRecords<AddressRow>({
  name: 'address',
  what: 'Address',
  plural: 'Addresses',
  read: (t, ids) => placesByIds(t, ids),
});

/** Each stop's place: an address the company has (by id), or the order's customer's at the place
 *  sent. `read`: the places of the stops' addressIds as the route's id gate read them (absent: read here). */
export async function placesFor(t: Tenant, customerId: number, stops: readonly StopInputT[], read?: readonly AddressRow[]): Promise<AddressRow[]> {
  stops.forEach((s, i) => {
    if (s.addressId == null && s.address == null) throw invalid(`stops[${i}].address`, "Send the stop's addressId, or its address.");
  });
  const ids = [...new Set(stops.flatMap((s) => (s.addressId != null ? [s.addressId] : [])))];
  const known = new Map((read ?? (await placesByIds(t, ids))).map((p) => [p.id, p]));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) throw notFoundAll('Address', 'Addresses', missing);
  const places: AddressRow[] = [];
  for (const [i, s] of stops.entries()) {
    if (s.addressId != null) places.push(known.get(s.addressId)!);
    else {
      const id = await placeForStop(t, customerId, s.address!, `stops[${i}].address`);
      places.push((await placesByIds(t, [id]))[0]!);
    }
  }
  return places;
}

/** What a schema cannot say: a time window ends after it starts; an item is described. */
export function checkShapes(stops: readonly Pick<StopInputT, 'timeWindowStart' | 'timeWindowEnd' | 'items'>[]): void {
  for (const [i, s] of stops.entries()) {
    if (s.timeWindowStart && s.timeWindowEnd && new Date(s.timeWindowEnd).getTime() < new Date(s.timeWindowStart).getTime())
      throw invalid(`stops[${i}].timeWindowEnd`, 'The time window ends before it starts.');
    for (const [j, item] of (s.items ?? []).entries())
      if (!item.description.trim()) throw invalid(`stops[${i}].items[${j}].description`, 'The description field is required.');
  }
}

/** Barcodes name one item of the company: refused when sent twice or already used (the stops'
 *  shapes are checked first). */
export async function checkBarcodes(t: Tenant, stops: readonly StopInputT[]): Promise<void> {
  checkShapes(stops);
  const seen = new Map<string, string>();
  for (const [i, s] of stops.entries())
    for (const [j, item] of (s.items ?? []).entries()) {
      const code = text(item.barcode);
      if (code === null) continue;
      const field = `stops[${i}].items[${j}].barcode`;
      if (seen.has(code)) throw invalid(field, `The barcode ${code} is also given to ${seen.get(code)}.`);
      seen.set(code, field);
    }
  const taken = await repo.barcodesTaken(t, [...seen.keys()]);
  if (taken.length > 0) throw invalid(seen.get(taken[0]!)!, `The barcode ${taken[0]} is already used by another item of the company.`);
}

/** A stop's columns from what a client sent (its place and place in the order given apart). */
export function stopValues(s: StopInputT, addressId: number) {
  return {
    type: s.type,
    address_id: addressId,
    date: s.date ?? null,
    time_window_start: s.timeWindowStart ?? null,
    time_window_end: s.timeWindowEnd ?? null,
    priority: s.priority ?? ('Regular' as const),
    driver_instructions: text(s.driverInstructions),
    notes: text(s.notes),
    contact_name: text(s.contactName),
    contact_phone: text(s.contactPhone),
  };
}

/** An item's columns from what a client sent. */
export function itemValues(item: NonNullable<StopInputT['items']>[number]) {
  return {
    description: item.description.trim(),
    quantity: item.quantity ?? 1,
    weight: item.weight ?? null,
    pallets: item.pallets ?? null,
    barcode: text(item.barcode),
  };
}

/**
 * These orders' stops keep their places as they are now: each points at the customers area's kept
 * copy of its place, so a later edit of the customer's address changes open orders only — not a
 * closed order's bill of lading, nor an approved invoice's order. Called when an order is closed
 * and when its invoice is approved; a stop already on a kept copy stays on it.
 */
export async function keepStopPlaces(t: Tenant, orderIds: readonly number[]): Promise<void> {
  const stops = await repo.stopsOf(t, orderIds);
  const kept = await keepPlaces(t, [...new Set(stops.map((s) => s.address_id))]);
  for (const [from, to] of kept) if (from !== to) await repo.repointStops(t, orderIds, from, to);
}
