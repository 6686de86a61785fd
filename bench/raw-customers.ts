// The floor of an uncached customer list (raw-route.ts): the statements fds runs for GET /Customers,
// and the rows mapped to the answer's fields as fds maps them. A steady-state request runs the page
// statement alone (fds keeps counts per data version in process); the raw route checks the data
// version the page reports, as fds does before trusting its kept count.
import { formatAddress } from '../src/areas/customers/address-key.js';
import { Address } from '../src/areas/customers/addresses.schemas.js';
import { Customer } from '../src/areas/customers/customers.schemas.js';
import { Env, ErrorItem, OtherMessage, PagedList } from '../src/platform/envelope.js';
import { serveRaw } from './raw-route.js';

interface AddressJson {
  id: number;
  customer_id: number | null;
  name: string | null;
  street: string;
  street2: string | null;
  city: string;
  state: string | null;
  postal_code: string | null;
  country: string;
  latitude: number | null;
  longitude: number | null;
  is_main: boolean;
  is_hub: boolean;
  contact_name: string | null;
  contact_phone: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

function customer(r: Record<string, any>) {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    pipeline: r.pipeline,
    status: r.status,
    source: r.source,
    isEntrepreneur: r.is_entrepreneur,
    parentCustomerId: r.parent_customer_id,
    mergedIntoId: r.merged_into_id,
    notes: r.notes,
    paymentTermsDays: r.payment_terms_days,
    taxExempt: r.tax_exempt,
    addresses: (r.addresses_json as AddressJson[]).map((a) => ({
      id: a.id,
      name: a.name,
      street: a.street,
      street2: a.street2,
      city: a.city,
      state: a.state,
      postalCode: a.postal_code,
      country: a.country,
      latitude: a.latitude,
      longitude: a.longitude,
      isMain: a.is_main,
      isHub: a.is_hub,
      customerId: a.customer_id,
      customerName: r.name,
      contactName: a.contact_name,
      contactPhone: a.contact_phone,
      notes: a.notes,
      fullAddress: formatAddress({ street: a.street, street2: a.street2, city: a.city, state: a.state, postalCode: a.postal_code, country: a.country }),
      createdAt: new Date(a.created_at),
      updatedAt: new Date(a.updated_at),
    })),
    lastOrderAt: r.last_order_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

await serveRaw(
  {
    name: 'raw-customers',
    schema: Env(PagedList(Customer)),
    refs: { Address, Customer, ErrorItem, OtherMessage },
    data(route, results) {
      const rows = results.at(-1)!;
      // The count is trusted for the version it was read at, as fds trusts its kept count.
      const first = rows[0];
      if (!first || first.wrote || (route.version && first.list_version !== route.version)) return null;
      route.version ||= first.list_version;
      return { list: rows.map(customer), page: route.page, itemsPerPage: route.itemsPerPage, totalCount: route.totalCount };
    },
  },
  '/api/v1/Customers',
);
