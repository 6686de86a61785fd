// A customer's places: its locations, address lookup for quotes, identical places grouped with the
// other customers using them, and removal of repeated addresses.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import type { Paged } from '../../platform/envelope.js';
import type { SharedListQueryT } from '../../platform/schemas.js';
import * as repo from './addresses.repository.js';
import { type AddressT, toAddress } from './addresses.schemas.js';
import type { CustomerRow } from './customers.schemas.js';

/** The services take the customer the request names as the id gate read it (routes' `ids`). */
export function placesService() {
  return {
    async locations(t: Tenant, customer: CustomerRow, customerName: string | undefined): Promise<AddressT[]> {
      return (await repo.locations(t, customer.id, customerName?.trim() || null)).map(toAddress);
    },

    lookupAddress: (t: Tenant, customer: CustomerRow, q: SharedListQueryT): Promise<Paged<AddressT & { normalizedAddress: string }>> =>
      repo.lookupAddresses(t, q, customer.id),

    /** The customer's distinct places, each with its addresses there and every active customer of
     *  the company with an address at the same place. SortBy and SortDirection do not apply (the
     *  places keep the order of their first address) and are ignored, as they always were. */
    groupedAddresses: (t: Tenant, customer: CustomerRow, q: SharedListQueryT): Promise<Paged<repo.GroupedPlace>> => repo.groupedPlaces(t, q, customer.id),

    async deleteDuplicateAddresses(t: Tenant): Promise<{ deleted: number }> {
      const deleted = await repo.deleteDuplicateAddresses(t);
      await audit(t, { action: 'address.delete_duplicates', entityType: 'address', after: { deleted } });
      return { deleted };
    },
  };
}

export type PlacesService = ReturnType<typeof placesService>;
