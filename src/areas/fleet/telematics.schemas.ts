// Models of the telematics rows (part 2, "Fleet": Vehicle, VehicleLocation, TruckWithVehicle; not
// shown there): vehicles and positions as the connected account reports them, each with the fds
// truck it is paired with, and trucks with their vehicle.
import { NameEnum, Nullable, Opt, type Static, Type } from '../../platform/schemas.js';
import { Truck } from './trucks.schemas.js';
import { VIN_RULE } from './vin.js';

const truckId = Nullable(Type.Integer({ format: 'int32', description: "The company's truck paired with the vehicle (its telematicsVehicleId), or null." }));

export const Vehicle = Type.Object(
  {
    id: Type.String({ description: "The vehicle's id in the telematics account: what a truck's telematicsVehicleId holds." }),
    name: Nullable(Type.String({ description: "The vehicle's name in the account." })),
    vin: Nullable(Type.String()),
    licensePlate: Nullable(Type.String()),
    make: Nullable(Type.String()),
    model: Nullable(Type.String()),
    year: Nullable(Type.Integer()),
    notes: Nullable(Type.String()),
    gatewaySerial: Nullable(Type.String({ description: 'Serial number of the tracking device.' })),
    truckId,
  },
  { description: 'A vehicle of the connected telematics account.' },
);
export type VehicleT = Static<typeof Vehicle>;

export const VehicleLocation = Type.Object(
  {
    vehicleId: Type.String(),
    name: Nullable(Type.String()),
    latitude: Type.Number(),
    longitude: Type.Number(),
    heading: Nullable(Type.Number({ description: 'Degrees from north, clockwise.' })),
    speedMph: Nullable(Type.Number({ description: 'GPS speed in miles per hour.' })),
    time: Type.String({ format: 'date-time', description: 'When the vehicle was there (UTC).' }),
    formattedLocation: Nullable(Type.String({ description: 'The place as the provider names it (reverse geocoding).' })),
    truckId,
  },
  { description: 'The latest reported position of a vehicle.' },
);
export type VehicleLocationT = Static<typeof VehicleLocation>;

export const VehicleUpdate = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 100, description: 'The vehicle to change.' }),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'New name in the account.' })),
    licensePlate: Opt(Type.String({ maxLength: 20 })),
    notes: Opt(Type.String({ maxLength: 1000 })),
    vin: Opt(Type.String({ maxLength: 25, description: `The vehicle's VIN, upper-cased. ${VIN_RULE}` })),
  },
  {
    description:
      'Vehicle as written: its id and the fields to change in the account (name, licensePlate, notes, vin); the others are read-only. Pair a truck with PUT /Trucks/{id} (telematicsVehicleId).',
  },
);
export type VehicleUpdateT = Static<typeof VehicleUpdate>;

export const PAIRINGS = ['Paired', 'SuggestedByVin', 'VehicleMissing', 'Unpaired', 'NotConnected'] as const;
export type Pairing = (typeof PAIRINGS)[number];

export const TruckWithVehicle = Type.Object(
  {
    ...Truck.properties,
    vehicle: Nullable(Vehicle),
    pairing: NameEnum(PAIRINGS, {
      description:
        "Paired: the truck's telematicsVehicleId names this vehicle; SuggestedByVin: not paired, and this vehicle, paired with no truck, has the truck's VIN (pair it with PUT /Trucks/{id}); " +
        'VehicleMissing: paired with a vehicle the account no longer lists; Unpaired: no vehicle; NotConnected: no telematics account is connected (vehicle is null).',
    }),
  },
  { description: 'A truck and its telematics vehicle.' },
);
export type TruckWithVehicleT = Static<typeof TruckWithVehicle>;
