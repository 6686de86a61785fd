// Travel matrices for the route optimizer: OSRM's `table` service when OSRM_URL is set, otherwise
// the offline great-circle estimate (circuity 1.3, 60 km/h unless told otherwise).
import type { Config } from '../../../config.js';
import { type GreatCircleOptions, greatCircleProvider } from './great-circle.js';
import { osrmTableProvider } from './osrm.js';
import type { MatrixProvider } from './types.js';

export { EARTH_RADIUS_M, type GreatCircleOptions, greatCircleMatrix, greatCircleProvider, haversineMeters } from './great-circle.js';
export { type OsrmOptions, osrmTableProvider } from './osrm.js';
export { type LatLon, MatrixError, type MatrixProvider, type MatrixRequestOptions, type TravelMatrix } from './types.js';

/** The provider the configuration asks for: OSRM at OSRM_URL, else great-circle. */
export function matrixProvider(config: Pick<Config, 'osrmUrl'>, greatCircle: GreatCircleOptions = {}): MatrixProvider {
  return config.osrmUrl ? osrmTableProvider({ url: config.osrmUrl }) : greatCircleProvider(greatCircle);
}
