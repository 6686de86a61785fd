// The company's charge types (part 2, "Accounting", the /Accounting/chargeTypes rows). The perStop
// row lists no access in the spec; it answers what the view permission shows.
import { permission } from '../../platform/access.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Type } from '../../platform/schemas.js';
import { customerRecords } from '../customers/index.js';
import { chargeTypeRecords } from './charge-types.repository.js';
import { ChargeType, ChargeTypeCreate, ChargeTypesQuery, ChargeTypeUpdate, IdParams, IdsBody, PerStopQuery } from './charge-types.schemas.js';
import type { ChargeTypesService } from './charge-types.service.js';

export const VIEW = permission('Charge types - view charge types');
const EDIT = permission('Charge types - create/edit/delete charge types');
const List = Type.Array(Type.Ref('ChargeType'));

export function chargeTypesRoutes(types: ChargeTypesService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/Accounting/chargeTypes',
      access: VIEW,
      summary: "List the company's charge types",
      description:
        'Live types, active and inactive, by name. excludeSystemForInvoice=true leaves out the system types (Linehaul, Fuel surcharge); includeDeleted=true adds the deleted ones.',
      querystring: ChargeTypesQuery,
      response: List,
      handler: ({ tenant, query }) => types.list(tenant, query),
    }),
    defineRoute({
      method: 'POST',
      url: '/Accounting/chargeTypes',
      access: EDIT,
      summary: 'Create a charge type',
      description:
        "Only name is required: kind defaults to Flat (or follows a known unit: stop, pallet, lb...), rate to 0, code to one made from the name. Codes and names are unique among live types. Customers' lists get the new type at their next sync.",
      body: ChargeTypeCreate,
      response: ChargeType,
      handler: ({ tenant, body }) => types.create(tenant, body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Accounting/chargeTypes',
      access: EDIT,
      // The body is the list of ids: live or deleted types (deleting one again changes nothing).
      ids: { body: { '[]': chargeTypeRecords } },
      summary: 'Delete charge types',
      description:
        "Body: the ids. All or nothing: an unknown id is 404, a system type 400 (charge_types.system_type), and nothing is deleted. Deleted types are kept (GET by id, includeDeleted=true) and a PUT restores one; customers' copies are not touched until their sync marks them removed. Answers the company's list afterwards.",
      body: IdsBody,
      response: List,
      handler: ({ tenant, found }) => types.removeMany(tenant, found.all(chargeTypeRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Accounting/chargeTypes/perStop',
      access: VIEW,
      ids: { query: { customerId: customerRecords } },
      summary: 'Charge types chosen on stops',
      description:
        "Active types with appliesPerStop (every PerStop type, and others marked so: liftgate, residential delivery...). With customerId: those that apply to the customer — its own list when it has one, else the company's.",
      querystring: PerStopQuery,
      response: List,
      handler: ({ tenant, found }) => types.perStop(tenant, found.maybe(customerRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Accounting/chargeTypes/:id',
      access: VIEW,
      ids: { params: { id: chargeTypeRecords } },
      summary: 'Read a charge type',
      description: 'A deleted type is answered too, with its deletedAt.',
      params: IdParams,
      response: ChargeType,
      handler: ({ found }) => types.read(found.one(chargeTypeRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Accounting/chargeTypes/:id',
      access: EDIT,
      ids: { params: { id: chargeTypeRecords } },
      summary: 'Update (or restore) a charge type',
      description:
        "Fields left out keep their value; null clears a field that may be empty. A system type keeps its code and kind. A deleted type written to is restored. Customers' copies follow the new name, code and kind at their next sync, keeping their rates.",
      params: IdParams,
      body: ChargeTypeUpdate,
      response: ChargeType,
      handler: ({ tenant, found, body }) => types.update(tenant, found.one(chargeTypeRecords), body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Accounting/chargeTypes/:id',
      access: EDIT,
      ids: { params: { id: chargeTypeRecords } },
      summary: 'Delete a charge type',
      description:
        "Answers the deleted type (deleting it again changes nothing). A system type cannot be deleted (400 charge_types.system_type). Customers' copies stay until their sync marks them removed; otherMessages says how many lists copy it.",
      params: IdParams,
      response: ChargeType,
      handler: ({ tenant, found }) => types.remove(tenant, found.one(chargeTypeRecords)),
    }),
  ];
}
