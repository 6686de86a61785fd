// The places order stops point at. This area owns `addresses`; the orders area reaches them only
// through these calls: a stop names an address the company has (a customer's, a hub, a warehouse's
// place) by id, or sends a new one, which joins the order's customer's addresses — unless the
// customer already has that place (same normalized street, city, state, postal code, country),
// which is then reused, so a customer's address book does not fill with copies from every order.
import type { Tenant } from '../../db/tenant.js';
import * as repo from './addresses.repository.js';
import type { AddressInputFields, AddressRow } from './addresses.schemas.js';
import { addressValues, writeAddress } from './addresses.service.js';

type PlaceInput = { [K in keyof typeof AddressInputFields]?: unknown } & { street: string; city: string; country: string };

/** The id of the customer's address at this place, made when the customer has none there.
 *  `field` names the input in a validation answer (`stops[2].address.country`). */
export async function placeForStop(t: Tenant, customerId: number, input: PlaceInput, field: string): Promise<number> {
  const values = addressValues(input as Parameters<typeof addressValues>[0], customerId, `${field}.country`);
  const [existing] = await repo.customerAddressesAt(t, customerId, [values.normalized_key]);
  if (existing) return existing.id;
  return writeAddress(t, null, values, null, field);
}

/** Addresses by id, the company's sites (warehouses) included: a stop may be at any of them. */
export function placesByIds(t: Tenant, ids: readonly number[]): Promise<AddressRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return repo
    .selectAddresses(t)
    .where('a.id', 'in', [...ids])
    .execute();
}

/** Active customers' addresses that have coordinates, by customer (the orders demo books between them). */
export function customerPlaces(t: Tenant, limit: number): Promise<AddressRow[]> {
  return repo
    .selectAddresses(t)
    .where('a.kind', '=', 'customer')
    .where('a.customer_id', 'is not', null)
    .where('a.latitude', 'is not', null)
    .where('c.status', '=', 0)
    .orderBy('a.customer_id')
    .orderBy('a.id')
    .limit(limit)
    .execute();
}

/**
 * Kept copies of these places as they are now (address id → its copy's id), for stops that must
 * keep the place they printed — a closed order's, an approved invoice's order's — when the
 * customer's address is edited later. Copies are shared by identical places and never change.
 */
export function keepPlaces(t: Tenant, addressIds: readonly number[]): Promise<Map<number, number>> {
  return repo.keptCopies(t, addressIds);
}
