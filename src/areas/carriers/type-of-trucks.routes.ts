// The company's truck types (part 2, "Carriers": /TypeOfTrucks). The spec leaves `data` of the
// single-record rows undefined (env<none>); fds answers the record on GET, POST and PUT.
import { None, PagedList } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { ADD_EDIT, DELETE, VIEW } from './carriers.access.js';
import { IdParams } from './carriers.schemas.js';
import type { CarrierServices } from './index.js';
import { typeOfTruckRecords } from './type-of-trucks.repository.js';
import { TypeOfTruckCreateDto, TypeOfTruckDto, TypeOfTrucksQuery, TypeOfTruckUpdateDto } from './type-of-trucks.schemas.js';

export function typeOfTrucksRoutes({ typeOfTrucks }: CarrierServices): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/TypeOfTrucks',
      access: VIEW,
      summary: "List the company's truck types",
      description: 'SearchTerm (contained in the name or description), SortBy name (default) or createdAt, SortDirection, Page, ItemsPerPage.',
      querystring: TypeOfTrucksQuery,
      response: PagedList(TypeOfTruckDto),
      handler: ({ tenant, query }) => typeOfTrucks.list(tenant, query),
    }),
    defineRoute({
      method: 'POST',
      url: '/TypeOfTrucks',
      access: ADD_EDIT,
      summary: 'Add a truck type',
      description: 'name is required and unique in the company, any case (type_of_trucks.duplicate_name). Answers the type (the spec leaves data undefined).',
      body: TypeOfTruckCreateDto,
      response: TypeOfTruckDto,
      handler: ({ tenant, body }) => typeOfTrucks.create(tenant, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/TypeOfTrucks/:id',
      access: VIEW,
      ids: { params: { id: typeOfTruckRecords } },
      summary: 'Read a truck type',
      description: 'Answers the type (the spec leaves data undefined).',
      params: IdParams,
      response: TypeOfTruckDto,
      handler: ({ found }) => typeOfTrucks.read(found.one(typeOfTruckRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/TypeOfTrucks/:id',
      access: ADD_EDIT,
      ids: { params: { id: typeOfTruckRecords } },
      summary: 'Update a truck type',
      description: 'Changes the fields sent and keeps the others; null clears one. The name stays unique. Answers the type (the spec leaves data undefined).',
      params: IdParams,
      body: TypeOfTruckUpdateDto,
      response: TypeOfTruckDto,
      handler: ({ tenant, found, body }) => typeOfTrucks.update(tenant, found.one(typeOfTruckRecords), body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/TypeOfTrucks/:id',
      access: DELETE,
      ids: { params: { id: typeOfTruckRecords } },
      summary: 'Delete a truck type',
      description:
        "Refused while live trucks or live carriers use it (type_of_trucks.in_use, with the counts). Deleted trucks that named it keep no type; deleted carriers' rows for it go.",
      params: IdParams,
      response: None,
      handler: ({ tenant, found }) => typeOfTrucks.remove(tenant, found.one(typeOfTruckRecords)),
    }),
  ];
}
