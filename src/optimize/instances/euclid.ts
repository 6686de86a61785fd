// Distances on the plane of the benchmark files, under the two conventions of the literature:
// 'double' (plain Euclidean) and 'trunc1' (each edge truncated to one decimal, as the exact
// VRPTW results and LKH-3's `SCALE : 10` / `FLOOR_2D` use). Travel time equals distance.
import type { Coordinate, TravelMatrix } from '../model.js';

export type DistanceConvention = 'double' | 'trunc1';

export function edgeLength(a: Coordinate, b: Coordinate, convention: DistanceConvention): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  if (convention === 'double') return Math.sqrt(dx * dx + dy * dy);
  // Tenths first, as LKH-3 does: sqrt of the scaled squares is exact on whole values.
  return Math.floor(Math.sqrt(100 * (dx * dx + dy * dy))) / 10;
}

/** Distances between every pair of points; durations are the distances divided by `speed`. */
export function euclideanMatrix(points: Coordinate[], convention: DistanceConvention, speed = 1): TravelMatrix {
  const distances = points.map((a) => points.map((b) => edgeLength(a, b, convention)));
  const durations = speed === 1 ? distances.map((row) => [...row]) : distances.map((row) => row.map((d) => d / speed));
  return { distances, durations };
}
