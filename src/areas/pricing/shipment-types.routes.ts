// Shipment types (part 1, "Pricing", the ShipmentTypes rows).
import { permission, signedIn } from '../../platform/access.js';
import { PagedList } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Id, Type } from '../../platform/schemas.js';
import { customerRecords } from '../customers/index.js';
import { shipmentTypeRecords } from './shipment-types.repository.js';
import { ShipmentType, ShipmentTypeInput, ShipmentTypesQuery } from './shipment-types.schemas.js';
import type { ShipmentTypesService } from './shipment-types.service.js';

const VIEW = permission('Shipment types - view');
const EDIT = permission('Shipment types - create/edit/delete');
const IdParams = Type.Object({ id: Id });
const CustomerParams = Type.Object({ customerId: Id });

export function shipmentTypeRoutes(types: ShipmentTypesService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/ShipmentTypes',
      access: VIEW,
      summary: 'List shipment types',
      description:
        'Active types by default (includeInactive=true adds the others); SearchTerm matches name and description; SortBy: name (default), createdAt.',
      querystring: ShipmentTypesQuery,
      response: PagedList(ShipmentType),
      handler: ({ tenant, query }) => types.list(tenant, query),
    }),
    defineRoute({
      method: 'POST',
      url: '/ShipmentTypes',
      access: EDIT,
      ids: { body: { customerId: customerRecords } },
      summary: 'Create a shipment type',
      description: 'Names are unique among live types, in any case. customerId offers the type to that customer only.',
      body: ShipmentTypeInput,
      response: ShipmentType,
      handler: ({ tenant, body }) => types.create(tenant, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/ShipmentTypes/:id',
      access: VIEW,
      ids: { params: { id: shipmentTypeRecords } },
      summary: 'Read a shipment type',
      params: IdParams,
      response: ShipmentType,
      handler: ({ found }) => types.read(found.one(shipmentTypeRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/ShipmentTypes/:id',
      access: EDIT,
      ids: { params: { id: shipmentTypeRecords }, body: { customerId: customerRecords } },
      summary: 'Update a shipment type',
      description: 'Every field is set from the body (fields left out become null, isActive true).',
      params: IdParams,
      body: ShipmentTypeInput,
      response: ShipmentType,
      handler: ({ tenant, found, body }) => types.update(tenant, found.one(shipmentTypeRecords), body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/ShipmentTypes/:id',
      access: EDIT,
      ids: { params: { id: shipmentTypeRecords } },
      summary: 'Delete a shipment type',
      description: 'Answers the deleted type. Its row is kept for the orders that used it; it is no longer listed or offered.',
      params: IdParams,
      response: ShipmentType,
      handler: ({ tenant, found }) => types.remove(tenant, found.one(shipmentTypeRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/ShipmentTypes/List/:customerId',
      access: signedIn,
      ids: { params: { customerId: customerRecords } },
      summary: 'Shipment types offered to a customer',
      description: "The company's general active types and those offered to this customer only.",
      params: CustomerParams,
      querystring: ShipmentTypesQuery,
      response: PagedList(ShipmentType),
      handler: ({ tenant, found, query }) => types.listForCustomer(tenant, found.one(customerRecords), query),
    }),
  ];
}
