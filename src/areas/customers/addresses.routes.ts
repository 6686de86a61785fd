// Addresses (part 1, "Addresses").
import { signedIn } from '../../platform/access.js';
import { None } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Id, Type } from '../../platform/schemas.js';
import { addressRecords } from './addresses.repository.js';
import { Address, AddressInput } from './addresses.schemas.js';
import { CUSTOMERS_EDIT as EDIT } from './customers.access.js';
import { customerRecords } from './customers.repository.js';
import type { CustomerServices } from './index.js';

const AddressIdParams = Type.Object({ id: Id });
const Term = (name: string, required: boolean) =>
  Type.Object(required ? { [name]: Type.String({ minLength: 1, maxLength: 200 }) } : { [name]: Type.Optional(Type.String({ maxLength: 200 })) });

export function addressesRoutes({ addresses }: CustomerServices): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/Addresses',
      access: EDIT,
      ids: { body: { customerId: customerRecords } },
      summary: 'Add an address',
      description:
        "A customer's (customerId) or the company's own. street, city and country (ISO 3166-1 alpha-2) are required. A customer's first address, or one sent with isMain=true, is its main address.",
      body: AddressInput,
      response: Address,
      handler: ({ tenant, body }) => addresses.create(tenant, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Addresses/:id',
      access: EDIT,
      // Deleted customers too: an address of a deleted customer sent back with its own customerId is
      // accepted; moving it to another customer needs an active one (the service).
      ids: { params: { id: addressRecords }, body: { customerId: customerRecords.with({ statuses: [0, 1] }) } },
      summary: 'Update an address',
      description:
        "Replaces its fields; customerId absent keeps the customer. isMain=false on the main address passes the role to the customer's oldest other address.",
      params: AddressIdParams,
      body: AddressInput,
      response: Address,
      handler: ({ tenant, found, body }) => addresses.update(tenant, found.one(addressRecords), body, found.maybe(customerRecords)),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Addresses/:id',
      access: EDIT,
      ids: { params: { id: addressRecords } },
      summary: 'Delete an address',
      description: "When it was the main address, the customer's oldest remaining address becomes main.",
      params: AddressIdParams,
      response: None,
      handler: ({ tenant, found }) => addresses.remove(tenant, found.one(addressRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Addresses/:id/SetAsMainAddress',
      access: EDIT,
      ids: { params: { id: addressRecords } },
      summary: "Make an address its customer's main address",
      params: AddressIdParams,
      response: Address,
      handler: ({ tenant, found }) => addresses.setAsMain(tenant, found.one(addressRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Addresses/LookupForTransfer',
      access: signedIn,
      summary: 'Warehouses and hubs for a transfer',
      description: "The company's warehouses and addresses marked isHub whose text contains searchTerm (all when absent), best match first; at most 50.",
      querystring: Term('searchTerm', false),
      response: Type.Array(Address),
      handler: ({ tenant, query }) => addresses.lookupForTransfer(tenant, query.searchTerm as string | undefined),
    }),
    defineRoute({
      method: 'GET',
      url: '/Addresses/SearchByCompanyName',
      access: signedIn,
      summary: 'Addresses by company name',
      description:
        'Customer addresses whose place name or customer name contains companyName, best match (trigram similarity) first; at most 50. When fewer than 5 contain it, also those whose name resembles it (a misspelt name).',
      querystring: Term('companyName', true),
      response: Type.Array(Address),
      handler: ({ tenant, query }) => addresses.searchByCompanyName(tenant, query.companyName as string),
    }),
    defineRoute({
      method: 'GET',
      url: '/Addresses/SearchCompaniesByAddress',
      access: signedIn,
      summary: 'Companies at an address',
      description:
        'Customer addresses whose text contains `address`, best match (trigram similarity) first, each with its customer; at most 50. When fewer than 5 contain it, also those whose text resembles it (a misspelt address).',
      querystring: Term('address', true),
      response: Type.Array(Address),
      handler: ({ tenant, query }) => addresses.searchByAddress(tenant, query.address as string),
    }),
  ];
}
