// The best-known results table (`bks.csv`): one row per instance, objective and distance
// convention, with the best-known vehicle count and distance it is measured against.
import type { Objective } from '../model.js';
import { InstanceError } from './common.js';
import type { DistanceConvention } from './euclid.js';

export interface BestKnown {
  instance: string;
  customers: number;
  /** Path of the instance file, relative to the folder of bks.csv. */
  file: string;
  objective: Objective;
  vehicles: number;
  distance: number;
  distanceConvention: DistanceConvention;
  source: string;
}

const HEADER = 'instance,customers,file,objective,vehicles,distance,distance_convention,source';

export function parseBks(text: string): BestKnown[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines[0]?.trim() !== HEADER) throw new InstanceError('bks', `the header must be "${HEADER}"`);
  return lines.slice(1).map((line, i) => {
    const cells = line.split(',');
    // The source, last, is free text and may hold commas.
    const [instance, customers, file, objective, vehicles, distance, convention] = cells;
    const source = cells.slice(7).join(',');
    const where = `line ${i + 2}`;
    if (objective !== 'vehicle-first' && objective !== 'distance-first') throw new InstanceError('bks', `${where}: objective "${objective}"`);
    if (convention !== 'double' && convention !== 'trunc1') throw new InstanceError('bks', `${where}: distance convention "${convention}"`);
    const row = {
      instance,
      customers: Number(customers),
      file,
      objective,
      vehicles: Number(vehicles),
      distance: Number(distance),
      distanceConvention: convention,
      source,
    } as const;
    if (![row.customers, row.vehicles, row.distance].every(Number.isFinite) || !instance || !file) throw new InstanceError('bks', `${where}: "${line}"`);
    return { ...row };
  });
}
