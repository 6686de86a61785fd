// Warehouses (part 1, "Company settings"). `POST /Warehouses/{id}/move` belongs with routes
// (dispatch) and is served there.
import { permission } from '../../platform/access.js';
import { PagedList } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { warehouseRecords } from './warehouses.repository.js';
import { ValidateWarehouseDto, Warehouse, WarehouseIdParams, WarehouseInput, WarehousesQuery, WarehouseToValidate } from './warehouses.schemas.js';
import type { WarehousesService } from './warehouses.service.js';

const view = permission('Locations tab - View locations');
const edit = permission('Locations tab - Create/Edit/delete locations');

export function warehousesRoutes(warehouses: WarehousesService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/Warehouses',
      access: view,
      summary: 'List warehouses',
      description:
        'Shared list parameters that apply (locations): SearchTerm (contained in the name, the code or the address), Cities, States, Zip, Countries, ' +
        'SortBy name (default) or createdAt, SortDirection, Page, ItemsPerPage; and isActive.',
      querystring: WarehousesQuery,
      response: PagedList(Warehouse),
      handler: ({ tenant, query }) => warehouses.list(tenant, query),
    }),
    defineRoute({
      method: 'POST',
      url: '/Warehouses',
      access: edit,
      summary: 'Add a warehouse',
      description:
        'name and address (street, city, country) are required; latitude and longitude go together. A code in use is refused (warehouses.duplicate_code). ' +
        'Same names or addresses are allowed: ValidateWarehouse reports them before saving.',
      body: WarehouseInput,
      response: Warehouse,
      handler: ({ tenant, body }) => warehouses.create(tenant, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/Warehouses/:id',
      access: view,
      ids: { params: { id: warehouseRecords } },
      summary: 'Read a warehouse',
      params: WarehouseIdParams,
      response: Warehouse,
      handler: ({ found }) => warehouses.read(found.one(warehouseRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Warehouses/:id',
      access: edit,
      ids: { params: { id: warehouseRecords } },
      summary: 'Update a warehouse',
      description: 'Replaces every field; the address keeps its id.',
      params: WarehouseIdParams,
      body: WarehouseInput,
      response: Warehouse,
      handler: ({ tenant, found, body }) => warehouses.update(tenant, found.one(warehouseRecords), body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Warehouses/:id',
      access: edit,
      ids: { params: { id: warehouseRecords } },
      summary: 'Delete a warehouse',
      description:
        'Removes the warehouse and its address and answers them. One that other records use is refused (warehouses.in_use): set isActive=false instead.',
      params: WarehouseIdParams,
      response: Warehouse,
      handler: ({ tenant, found }) => warehouses.remove(tenant, found.one(warehouseRecords)),
    }),
    defineRoute({
      method: 'POST',
      url: '/Warehouses/ValidateWarehouse',
      access: view,
      ids: { body: { id: { except: warehouseRecords } } },
      readOnly: true,
      summary: 'Check a warehouse before saving it',
      description:
        "Reports what is missing (name, street, city, country, state in US/CA/MX, postal code, coordinates) and the company's warehouses with the same name " +
        '(case, accents and punctuation ignored), at the same address (written differently: St/Street...) or with the same code. Send id when editing one. ' +
        "Writes nothing. The spec lists no access for it; it names the company's warehouses, so it needs the view permission.",
      body: WarehouseToValidate,
      response: ValidateWarehouseDto,
      handler: ({ tenant, body }) => warehouses.validate(tenant, body),
    }),
  ];
}
