// What a travel matrix provider answers: durations (seconds) and distances (meters) between every
// pair of points, indexed like the points, ready to be a route optimizer Problem's `matrix`.
import type { TravelMatrix } from '../../../optimize/model.js';

export type { TravelMatrix };

export interface LatLon {
  lat: number;
  lon: number;
}

export interface MatrixRequestOptions {
  signal?: AbortSignal;
  /** Leave toll roads out (OSRM: `exclude=toll`, which its profile must class; great-circle has none). */
  avoidTolls?: boolean;
}

export interface MatrixProvider {
  /** 'great-circle' or 'osrm'. */
  readonly name: string;
  matrix(points: LatLon[], options?: MatrixRequestOptions): Promise<TravelMatrix>;
}

export class MatrixError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MatrixError';
  }
}

export function checkPoints(points: LatLon[]): void {
  points.forEach((p, i) => {
    const ok = typeof p?.lat === 'number' && typeof p?.lon === 'number' && Math.abs(p.lat) <= 90 && Math.abs(p.lon) <= 180;
    if (!ok) throw new MatrixError(`point ${i}: lat must be within ±90 and lon within ±180`);
  });
}
