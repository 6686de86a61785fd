// A customer's places: its locations, address lookup for quotes, identical places grouped with the
// other customers using them, and removal of repeated addresses.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import type { Paged } from '../../platform/envelope.js';
import { pageOf, paged, sortOf } from '../../platform/paging.js';
import type { SharedListQueryT } from '../../platform/schemas.js';
import * as repo from './addresses.repository.js';
import { toAddress, type AddressT } from './addresses.schemas.js';
import { requireCustomer } from './customers.service.js';

function placeFilter(q: SharedListQueryT): repo.PlaceFilter {
  return { search: q.SearchTerm?.trim() || null, cities: q.Cities ?? null, states: q.States ?? null, zips: q.Zip ?? null, countries: q.Countries ?? null };
}

export interface GroupedPlace {
  normalizedAddress: string;
  address: AddressT;
  addressIds: number[];
  customers: Array<{ id: number; name: string }>;
}

export function placesService() {
  return {
    async locations(t: Tenant, customerId: number, customerName: string | undefined): Promise<AddressT[]> {
      await requireCustomer(t, customerId);
      return (await repo.locations(t, customerId, customerName?.trim() || null)).map(toAddress);
    },

    async lookupAddress(t: Tenant, customerId: number, q: SharedListQueryT): Promise<Paged<AddressT & { normalizedAddress: string }>> {
      await requireCustomer(t, customerId);
      const page = pageOf(q);
      const sort = sortOf(q, { name: 'name', city: 'city', createdAt: 'created_at' } as const, { by: 'name', descending: false });
      const filter = placeFilter(q);
      const [rows, total] = await Promise.all([
        repo.listPlaces(t, customerId, filter, sort, page.limit, page.offset),
        repo.countPlaces(t, customerId, filter),
      ]);
      return paged(rows.map((r) => ({ ...toAddress(r), normalizedAddress: r.normalized_key })), page, total);
    },

    /** The customer's distinct places, each with its addresses there and every active customer of
     *  the company with an address at the same place: three queries per page. */
    async groupedAddresses(t: Tenant, customerId: number, q: SharedListQueryT): Promise<Paged<GroupedPlace>> {
      await requireCustomer(t, customerId);
      const page = pageOf(q);
      const filter = placeFilter(q);
      const [keys, total] = await Promise.all([
        repo.placeKeys(t, customerId, filter, page.limit, page.offset),
        repo.countPlaceKeys(t, customerId, filter),
      ]);
      const [own, sharing] = await Promise.all([repo.customerAddressesAt(t, customerId, keys), repo.customersAt(t, keys)]);
      const list = keys.map((key) => {
        const here = own.filter((a) => a.normalized_key === key);
        return {
          normalizedAddress: key,
          address: toAddress(here[0]!),
          addressIds: here.map((a) => a.id).sort((a, b) => a - b),
          customers: sharing.filter((s) => s.normalized_key === key).map((s) => ({ id: s.id, name: s.name })),
        };
      });
      return paged(list, page, total);
    },

    async deleteDuplicateAddresses(t: Tenant): Promise<{ deleted: number }> {
      const deleted = await repo.deleteDuplicateAddresses(t);
      await audit(t, { action: 'address.delete_duplicates', entityType: 'address', after: { deleted } });
      return { deleted };
    },
  };
}

export type PlacesService = ReturnType<typeof placesService>;
