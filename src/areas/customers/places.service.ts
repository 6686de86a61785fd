// A customer's places: its locations, address lookup for quotes, identical places grouped with the
// other customers using them, and removal of repeated addresses.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import type { Paged } from '../../platform/envelope.js';
import type { SharedListQueryT } from '../../platform/schemas.js';
import * as repo from './addresses.repository.js';
import { type AddressT, toAddress } from './addresses.schemas.js';
import { requireCustomer } from './customers.service.js';

export function placesService() {
  return {
    async locations(t: Tenant, customerId: number, customerName: string | undefined): Promise<AddressT[]> {
      await requireCustomer(t, customerId);
      return (await repo.locations(t, customerId, customerName?.trim() || null)).map(toAddress);
    },

    async lookupAddress(t: Tenant, customerId: number, q: SharedListQueryT): Promise<Paged<AddressT & { normalizedAddress: string }>> {
      await requireCustomer(t, customerId);
      return repo.lookupAddresses(t, q, customerId);
    },

    /** The customer's distinct places, each with its addresses there and every active customer of
     *  the company with an address at the same place. SortBy and SortDirection do not apply (the
     *  places keep the order of their first address) and are ignored, as they always were. */
    async groupedAddresses(t: Tenant, customerId: number, q: SharedListQueryT): Promise<Paged<repo.GroupedPlace>> {
      await requireCustomer(t, customerId);
      return repo.groupedPlaces(t, q, customerId);
    },

    async deleteDuplicateAddresses(t: Tenant): Promise<{ deleted: number }> {
      const deleted = await repo.deleteDuplicateAddresses(t);
      await audit(t, { action: 'address.delete_duplicates', entityType: 'address', after: { deleted } });
      return { deleted };
    },
  };
}

export type PlacesService = ReturnType<typeof placesService>;
