// What a telematics provider gives and how its calls fail (index.ts connects one).

export interface TelematicsVehicle {
  /** The provider's id of the vehicle. */
  id: string;
  name: string | null;
  vin: string | null;
  licensePlate: string | null;
  make: string | null;
  model: string | null;
  year: number | null;
  notes: string | null;
  /** Serial number of the tracking device in the vehicle. */
  gatewaySerial: string | null;
}

export interface TelematicsLocation {
  vehicleId: string;
  name: string | null;
  latitude: number;
  longitude: number;
  /** Degrees from north, clockwise. */
  heading: number | null;
  speedMph: number | null;
  time: string;
  /** The provider's reverse-geocoded place, as text. */
  formattedLocation: string | null;
}

export interface VehicleChanges {
  name?: string;
  licensePlate?: string | null;
  notes?: string | null;
  vin?: string | null;
}

export interface TelematicsProvider {
  /** The provider's name in messages ("Samsara"). */
  readonly name: string;
  /** Every vehicle of the account (the provider's pages followed to the end). */
  vehicles(): Promise<TelematicsVehicle[]>;
  /** The latest location of every vehicle that reported one. */
  locations(): Promise<TelematicsLocation[]>;
  /** Changes a vehicle's fields in the account and answers it. */
  updateVehicle(id: string, changes: VehicleChanges): Promise<TelematicsVehicle>;
}

/** Why a provider call failed. `unavailable`: no answer, a timeout or rate limiting (try later);
 *  `rejected`: the account refused the token; `not_found`: no such vehicle; `invalid`: the change
 *  was refused; `bad_response`: an answer that cannot be read. Messages never carry the token. */
export type TelematicsFailure = 'unavailable' | 'rejected' | 'not_found' | 'invalid' | 'bad_response';

export class TelematicsError extends Error {
  constructor(
    readonly failure: TelematicsFailure,
    message: string,
  ) {
    super(message);
    this.name = 'TelematicsError';
  }
}
