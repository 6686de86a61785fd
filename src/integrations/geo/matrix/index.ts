// Travel matrices for the route optimizer: OSRM's `table` service when OSRM_URL is set, otherwise
// the offline great-circle estimate (circuity 1.3, 60 km/h unless told otherwise).
import { greatCircleProvider, type GreatCircleOptions } from './great-circle.js';
import { osrmTableProvider } from './osrm.js';
import type { MatrixProvider } from './types.js';

export { EARTH_RADIUS_M, greatCircleMatrix, greatCircleProvider, haversineMeters, type GreatCircleOptions } from './great-circle.js';
export { osrmTableProvider, type OsrmOptions } from './osrm.js';
export { MatrixError, type LatLon, type MatrixProvider, type MatrixRequestOptions, type TravelMatrix } from './types.js';

/** The provider the environment asks for: OSRM at OSRM_URL, else great-circle. */
export function matrixProvider(env: NodeJS.ProcessEnv = process.env, greatCircle: GreatCircleOptions = {}): MatrixProvider {
  const url = env.OSRM_URL?.trim();
  return url ? osrmTableProvider({ url }) : greatCircleProvider(greatCircle);
}
