// Rules of the telematics rows: with no account connected for the company they refuse clearly
// (telematics.not_connected) — TrucksWithVehicles then lists the trucks with no vehicle; the
// provider's failures become clear answers (503 when it does not answer or limits the rate, 502
// when it refuses the token or answers nonsense), never a crash. The provider is called outside
// any database transaction: a slow provider holds no connection; the company's door (the route's
// inCompany) opens after it answered — to read the pairings, and to audit a vehicle changed.
import {
  type TelematicsConnection,
  TelematicsError,
  type TelematicsProvider,
  type TelematicsVehicle,
  type VehicleChanges,
} from '../../integrations/telematics/index.js';
import { audit } from '../../platform/audit.js';
import type { Paged } from '../../platform/envelope.js';
import { Codes, type ErrorCode, fail, invalid } from '../../platform/errors.js';
import type { Context } from '../../platform/route.js';
import { FleetErrors } from './fleet.errors.js';
import type { Pairing, TruckWithVehicleT, VehicleLocationT, VehicleT, VehicleUpdateT } from './telematics.schemas.js';
import type { TrucksQueryT } from './trucks.schemas.js';
import type { TrucksService } from './trucks.service.js';
import { checkVin } from './vin.js';

/** Opens the request's company after the provider answered: the platform's, from the route context
 *  of a `transaction: false` route. */
export type InCompany = Context<unknown, unknown, unknown>['inCompany'];

const FAILURES: Record<TelematicsError['failure'], ErrorCode> = {
  unavailable: FleetErrors.telematicsUnavailable,
  rejected: FleetErrors.telematicsRejected,
  bad_response: FleetErrors.telematicsBadResponse,
  not_found: Codes.notFound,
  invalid: FleetErrors.telematicsInvalid,
};

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof TelematicsError)) throw err;
    throw fail(FAILURES[err.failure], err.message);
  }
}

const toVehicle = (v: TelematicsVehicle, truckId: number | null): VehicleT => ({ ...v, truckId });

export function telematicsService(connection: TelematicsConnection | null, trucks: TrucksService) {
  function connected(companyId: number): TelematicsProvider | null {
    if (!connection || (connection.companyIds && !connection.companyIds.has(companyId))) return null;
    return connection.provider;
  }

  function provider(companyId: number): TelematicsProvider {
    const found = connected(companyId);
    if (!found) {
      throw fail(
        FleetErrors.notConnected,
        "No telematics account is connected for this company: the server's operator connects one with " +
          'TELEMATICS_PROVIDER and TELEMATICS_API_TOKEN (see docs/configuration.md). There are no vehicles to show.',
      );
    }
    return found;
  }

  return {
    async fleet(companyId: number, inCompany: InCompany): Promise<VehicleT[]> {
      const vehicles = await guarded(() => provider(companyId).vehicles());
      const paired = await inCompany('read', (t) =>
        trucks.trucksOfVehicles(
          t,
          vehicles.map((v) => v.id),
        ),
      );
      return vehicles.map((v) => toVehicle(v, paired.get(v.id) ?? null));
    },

    async locations(companyId: number, inCompany: InCompany): Promise<VehicleLocationT[]> {
      const locations = await guarded(() => provider(companyId).locations());
      const paired = await inCompany('read', (t) =>
        trucks.trucksOfVehicles(
          t,
          locations.map((l) => l.vehicleId),
        ),
      );
      return locations.map((l) => ({ ...l, truckId: paired.get(l.vehicleId) ?? null }));
    },

    async updateVehicle(companyId: number, inCompany: InCompany, input: VehicleUpdateT): Promise<VehicleT> {
      const changes: VehicleChanges = {};
      if (input.name !== undefined) {
        changes.name = input.name.trim();
        if (!changes.name) throw invalid('name', "The name is empty: send the vehicle's new name, or leave name out to keep it.");
      }
      if (input.licensePlate !== undefined) changes.licensePlate = input.licensePlate?.trim().toUpperCase() || null;
      if (input.notes !== undefined) changes.notes = input.notes?.trim() || null;
      if (input.vin !== undefined && input.vin !== null) {
        const { vin, problem } = checkVin(input.vin);
        if (problem) throw invalid('vin', problem);
        changes.vin = vin;
      } else if (input.vin === null) changes.vin = null;
      if (Object.keys(changes).length === 0) throw invalid('$', 'Send at least one field to change: name, licensePlate, notes or vin.');
      const account = provider(companyId);
      const vehicle = await guarded(() => account.updateVehicle(input.id, changes));
      // The account changed: the company's audit log says who changed what, written once the
      // provider answered (no transaction is held while it is called).
      return inCompany('write', async (t) => {
        const truckId = (await trucks.trucksOfVehicles(t, [vehicle.id])).get(vehicle.id) ?? null;
        await audit(t, { action: 'telematics.vehicle_update', entityType: 'telematics_vehicle', entityId: vehicle.id, after: { changes, truckId } });
        return toVehicle(vehicle, truckId);
      });
    },

    /** A page of trucks (paged in SQL), each with its vehicle: the one it is paired with, else the
     *  one with its VIN as a suggestion. Without an account every truck reads NotConnected. */
    async trucksWithVehicles(companyId: number, inCompany: InCompany, q: TrucksQueryT): Promise<Paged<TruckWithVehicleT>> {
      const page = await inCompany('read', (t) => trucks.list(t, q));
      const account = connected(companyId);
      if (!account) return { ...page, list: page.list.map((truck) => ({ ...truck, vehicle: null, pairing: 'NotConnected' })) };
      const vehicles = page.list.length > 0 ? await guarded(() => account.vehicles()) : [];
      // A vehicle some truck is paired with (on this page or not) is suggested to no other truck:
      // pairing it there would be refused (trucks.duplicate_telematics_vehicle_id).
      const paired =
        vehicles.length > 0
          ? await inCompany('read', (t) =>
              trucks.trucksOfVehicles(
                t,
                vehicles.map((v) => v.id),
              ),
            )
          : new Map<string, number>();
      const byId = new Map(vehicles.map((v) => [v.id, v]));
      const byVin = new Map(vehicles.filter((v) => v.vin && !paired.has(v.id)).map((v) => [v.vin!, v]));
      return {
        ...page,
        list: page.list.map((truck) => {
          let vehicle: TelematicsVehicle | null = null;
          let pairing: Pairing = 'Unpaired';
          if (truck.telematicsVehicleId) {
            vehicle = byId.get(truck.telematicsVehicleId) ?? null;
            pairing = vehicle ? 'Paired' : 'VehicleMissing';
          } else if (truck.vin && byVin.has(truck.vin)) {
            vehicle = byVin.get(truck.vin)!;
            pairing = 'SuggestedByVin';
          }
          return { ...truck, vehicle: vehicle ? toVehicle(vehicle, pairing === 'Paired' ? truck.id : null) : null, pairing };
        }),
      };
    },
  };
}

export type TelematicsService = ReturnType<typeof telematicsService>;
