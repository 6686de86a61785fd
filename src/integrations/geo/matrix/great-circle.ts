// The offline default: the great-circle (haversine) distance stretched by a road circuity factor,
// and a duration at an average speed. No network, no data; good enough to plan with when no
// routing engine is configured (circuity 1.3 is a common figure for road networks).
import { checkPoints, type LatLon, MatrixError, type MatrixProvider, type TravelMatrix } from './types.js';

export interface GreatCircleOptions {
  /** Road distance over straight-line distance (default 1.3). */
  circuity?: number;
  /** Average speed in km/h (default 60). */
  speedKmh?: number;
}

/** Mean Earth radius, meters (IUGG). */
export const EARTH_RADIUS_M = 6_371_008.8;

const rad = (deg: number): number => (deg * Math.PI) / 180;

/** Great-circle distance in meters. */
export function haversineMeters(a: LatLon, b: LatLon): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function greatCircleMatrix(points: LatLon[], options: GreatCircleOptions = {}): TravelMatrix {
  const circuity = options.circuity ?? 1.3;
  const speedKmh = options.speedKmh ?? 60;
  if (!(circuity >= 1) || !Number.isFinite(circuity)) throw new MatrixError('circuity must be a number ≥ 1');
  if (!(speedKmh > 0) || !Number.isFinite(speedKmh)) throw new MatrixError('speedKmh must be a number > 0');
  checkPoints(points);
  const metersPerSecond = speedKmh / 3.6;
  const distances = points.map((a) => points.map((b) => haversineMeters(a, b) * circuity));
  const durations = distances.map((row) => row.map((d) => d / metersPerSecond));
  return { distances, durations };
}

export function greatCircleProvider(options: GreatCircleOptions = {}): MatrixProvider {
  return {
    name: 'great-circle',
    matrix: async (points) => greatCircleMatrix(points, options),
  };
}
