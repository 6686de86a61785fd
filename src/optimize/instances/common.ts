// What the three benchmark readers share: splitting lines into numbers, their options, and the
// problem every benchmark file describes (identical vehicles at the depot, the depot's window as
// their shift, a Euclidean matrix).
import type { Coordinate, Job, Objective, Problem, TimeWindow } from '../model.js';
import { type DistanceConvention, euclideanMatrix } from './euclid.js';

export interface ReadOptions {
  /** 'double' (default) or 'trunc1'. */
  distance?: DistanceConvention;
  /** 'vehicle-first' (default) or 'distance-first'. */
  objective?: Objective;
  /** The problem's name; the readers otherwise take it from the file when it has one. */
  name?: string;
}

/** The whitespace-separated tokens of each line (CRLF or LF), blank lines dropped. */
export function tokenLines(text: string): string[][] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim().split(/\s+/).filter(Boolean))
    .filter((t) => t.length > 0);
}

/** The tokens as numbers, or null when any is not one. */
export function numbers(tokens: string[]): number[] | null {
  const values = tokens.map(Number);
  return values.every((n) => Number.isFinite(n)) ? values : null;
}

export class InstanceError extends Error {
  constructor(format: string, message: string) {
    super(`${format}: ${message}`);
    this.name = 'InstanceError';
  }
}

export interface DepotProblem {
  name: string;
  /** Location 0 is the depot. */
  points: Coordinate[];
  horizon: TimeWindow;
  vehicleCount: number;
  capacity: number;
  jobs: Job[];
  speed?: number;
}

export function depotProblem(d: DepotProblem, options: ReadOptions): Problem {
  return {
    name: options.name ?? d.name,
    dimensions: ['quantity'],
    locations: d.points,
    matrix: euclideanMatrix(d.points, options.distance ?? 'double', d.speed ?? 1),
    vehicles: Array.from({ length: d.vehicleCount }, (_, i) => ({
      id: `v${i + 1}`,
      start: 0,
      end: 0,
      shift: [d.horizon[0], d.horizon[1]] as TimeWindow,
      capacity: [d.capacity],
    })),
    jobs: d.jobs,
    objective: options.objective ?? 'vehicle-first',
  };
}
