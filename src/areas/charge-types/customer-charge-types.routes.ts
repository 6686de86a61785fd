// A customer's charge types (part 1, "Customers", the /Customers/{customerId}/chargeTypes rows).
// The spec lists no access for them: reading needs the charge types view permission; changing a
// customer's list is editing the customer, which needs "Create customers" here (as seeding on
// read does, per the spec's "when the user may edit the customer").
import { missingFor } from '../../platform/access.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Type } from '../../platform/schemas.js';
import { CUSTOMERS_EDIT, customerRecords } from '../customers/index.js';
import { chargeTypeRecords } from './charge-types.repository.js';
import { VIEW } from './charge-types.routes.js';
import { ChargeType, ChargeTypeUpdate, CustomerParams, CustomerTypeParams, CustomerTypesQuery, IdsBody } from './charge-types.schemas.js';
import { type ListedType, listedTypeRecords, type NamedType, namedTypeRecords } from './customer-charge-types.repository.js';
import type { CustomerChargeTypesService } from './customer-charge-types.service.js';

const EDIT_CUSTOMERS = CUSTOMERS_EDIT;
const List = Type.Array(Type.Ref('ChargeType'));

export function customerChargeTypesRoutes(types: CustomerChargeTypesService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/Customers/:customerId/chargeTypes',
      access: VIEW,
      writes: true,
      ids: { params: { customerId: customerRecords } },
      summary: "The customer's charge types",
      description:
        "With seedIfEmpty (default true), a customer without charge types gets a copy of the company's first — when the user may edit customers (\"Create customers\"); otherwise, or with seedIfEmpty=false, the list is only read (empty: pricing uses the company's types). Rows removed from the company's list are answered with isRemoved.",
      params: CustomerParams,
      querystring: CustomerTypesQuery,
      response: List,
      handler: ({ tenant, found, query, principal }) =>
        types.list(tenant, found.one(customerRecords), query.seedIfEmpty ?? true, missingFor(EDIT_CUSTOMERS, principal) === null),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Customers/:customerId/chargeTypes',
      access: EDIT_CUSTOMERS,
      ids: {
        params: { customerId: customerRecords },
        // The body is the list of ids: rows of the customer's list (by their id or the company type
        // they copy), read with the list's lock; any other id is a 404.
        body: { '[]': { chosen: ({ params }) => listedTypeRecords((params as { customerId: number }).customerId), walk: chargeTypeRecords } },
      },
      summary: "Remove charge types from the customer's list",
      description:
        "Body: ids of the customer's types (or of the company types they copy). All or nothing: an id not in the list is 404, a system type 400. Rows are removed for good, and sync adds a company type back: to stop charging one, set isActive false instead. Answers the list afterwards.",
      params: CustomerParams,
      body: IdsBody,
      response: List,
      handler: ({ tenant, found }) => types.remove(tenant, found.one(customerRecords), found.at<ListedType>('body.[]')),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Customers/:customerId/chargeTypes/:chargeTypeId',
      access: EDIT_CUSTOMERS,
      // chargeTypeId: a row of the customer's list (by its id or the company type it copies) or a live
      // company type the list lacks, read with the list's lock; 0 adds one of the customer's own. One
      // the company does not have is a 404.
      ids: {
        params: {
          customerId: customerRecords,
          // 0: a type of the customer's own, not a record.
          chargeTypeId: { orNone: { chosen: ({ params }) => namedTypeRecords((params as { customerId: number }).customerId), walk: chargeTypeRecords } },
        },
      },
      summary: "Set one of the customer's charge types",
      description:
        "chargeTypeId: a type of the customer's list (its id, or the id of the company type it copies) is updated — fields left out keep their value; a company type the list lacks is added with the body's values over the company's; 0 adds a type of the customer's own (name required). A customer without a list gets a copy of the company's first. A removed row written to stays as the customer's own type.",
      params: CustomerTypeParams,
      body: ChargeTypeUpdate,
      response: ChargeType,
      handler: ({ tenant, found, body }) => types.put(tenant, found.one(customerRecords), found.at<NamedType>('params.chargeTypeId')[0], body),
    }),
    defineRoute({
      method: 'POST',
      url: '/Customers/:customerId/chargeTypes/sync',
      access: EDIT_CUSTOMERS,
      ids: { params: { customerId: customerRecords } },
      summary: "Bring the customer's charge types up to date with the company's",
      description:
        "Adds the company types the list lacks (a type of the customer's own with the same code becomes the copy, rates kept); copies follow their company type's name, code, kind, unit, description, weightUnit and appliesPerStop, keeping the customer's rate, currency, minimumCharge, freeUnits, isTaxable and isActive; copies of deleted company types are marked removed (isRemoved), kept but not charged. otherMessages warns of kind changes (the rate is kept) and removals. A code clash with a type of the customer's own is 400 customer_charge_types.code_conflict, nothing changed.",
      params: CustomerParams,
      response: List,
      handler: ({ tenant, found }) => types.sync(tenant, found.one(customerRecords)),
    }),
  ];
}
