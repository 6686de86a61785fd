// Trucks (part 2, "Fleet": /Trucks). The expense rows (ActiveCountByMonth, AllTrucksExpenses,
// TrucksWithExpenses, UpdateExcludeExpenses, /TruckExpenses) are served with the expenses.
// TrucksWithVehicles calls the telematics provider, so it runs outside the request transaction.
import { signedIn } from '../../platform/access.js';
import { PagedList } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { typeOfTruckRecords } from '../carriers/index.js';
import { FLEET_EDIT, FLEET_VIEW } from './fleet.access.js';
import type { FleetServices } from './index.js';
import { TruckWithVehicle } from './telematics.schemas.js';
import { truckRecords } from './trucks.repository.js';
import { DeleteTruckQuery, Truck, TruckIdParams, TruckInput, TrucksQuery, TruckUpdate } from './trucks.schemas.js';

const LIST_PARAMETERS =
  'SearchTerm (contained in the unit name, plate, VIN, make or model), status (repeat: Active, InShop, Inactive), typeOfTruckIds, ' +
  'SortBy name (default), plateNumber or createdAt, SortDirection, Page, ItemsPerPage. Deleted trucks are never listed.';

/** A vehicle's id in the telematics account: the provider's, no record of the company's. */
const TELEMATICS_VEHICLE = 'not-an-id';

export function trucksRoutes({ trucks, telematics }: FleetServices): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/Trucks',
      access: signedIn,
      ids: { query: { typeOfTruckIds: { filter: typeOfTruckRecords } } },
      summary: "List the company's trucks",
      description: `${LIST_PARAMETERS} Open to any signed-in user: dispatch and expenses both name trucks (the spec lists no permission).`,
      querystring: TrucksQuery,
      response: PagedList(Truck),
      handler: ({ tenant, query }) => trucks.list(tenant, query),
    }),
    defineRoute({
      method: 'POST',
      url: '/Trucks',
      access: FLEET_EDIT,
      ids: { body: { typeOfTruckId: typeOfTruckRecords, telematicsVehicleId: TELEMATICS_VEHICLE } },
      summary: 'Add a truck',
      description:
        "name is required. A VIN of North America (first character 1 to 5) or China (L) with a wrong check digit is refused (400 naming vin); other regions' " +
        'VINs carry no check digit and are not checked. Unit name (any case), VIN and telematicsVehicleId are unique among ' +
        "the live trucks (trucks.duplicate_name, trucks.duplicate_vin, trucks.duplicate_telematics_vehicle_id). A truck of a type takes the type's capacities it does not give.",
      body: TruckInput,
      response: Truck,
      handler: ({ tenant, found, body }) => trucks.create(tenant, body, found.maybe(typeOfTruckRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Trucks/TrucksWithVehicles',
      access: FLEET_VIEW,
      transaction: false,
      ids: { query: { typeOfTruckIds: { filter: typeOfTruckRecords } } },
      summary: 'Trucks with their telematics vehicles',
      description:
        `A page of trucks (${LIST_PARAMETERS}), each with its vehicle from the connected telematics account and how they pair (Paired, SuggestedByVin, VehicleMissing, ` +
        'Unpaired). With no account connected every truck has vehicle null and pairing NotConnected. Provider failures: 503 telematics.unavailable (no answer in time, rate ' +
        'limited), 502 telematics.rejected (token refused) or telematics.bad_response.',
      statuses: [502],
      querystring: TrucksQuery,
      response: PagedList(TruckWithVehicle),
      handler: ({ principal, inCompany, query }) => telematics.trucksWithVehicles(principal.companyId, inCompany, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/Trucks/:id',
      access: signedIn,
      ids: { params: { id: truckRecords } },
      summary: 'Read a truck',
      params: TruckIdParams,
      response: Truck,
      handler: ({ tenant, found }) => trucks.read(tenant, found.one(truckRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Trucks/:id',
      access: FLEET_EDIT,
      // The body's id is ignored (the path names the truck): it points at nothing.
      ids: { params: { id: truckRecords }, body: { id: 'not-an-id', typeOfTruckId: typeOfTruckRecords, telematicsVehicleId: TELEMATICS_VEHICLE } },
      summary: 'Update a truck',
      description:
        'Changes the fields sent and keeps the others; null clears one (telematicsVehicleId: null unpairs the truck). The VIN check and the uniqueness rules of POST apply.',
      params: TruckIdParams,
      body: TruckUpdate,
      response: Truck,
      handler: ({ tenant, found, body }) => trucks.update(tenant, found.one(truckRecords), body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Trucks/:id',
      access: FLEET_EDIT,
      ids: { params: { id: truckRecords } },
      summary: 'Delete a truck',
      description:
        'Marks the truck deleted and answers it (deletedAt set): gone from lists and reads, kept for the routes, expenses and checks that name it; its unit name, VIN ' +
        'and telematics vehicle are free again; drivers whose default truck it was have none. Not restorable through the API. removeExpenses is accepted for the ' +
        'expenses area; until it exists there are no expenses to remove.',
      params: TruckIdParams,
      querystring: DeleteTruckQuery,
      response: Truck,
      handler: ({ tenant, found, query }) => trucks.remove(tenant, found.one(truckRecords), query.removeExpenses ?? false),
    }),
  ];
}
