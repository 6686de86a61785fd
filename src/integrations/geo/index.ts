// The gazetteer is loaded on first use and kept for the life of the process. Start-up never pays
// for it (nothing here runs until a reference or maps request arrives); requests that arrive while
// it loads wait for the same load; a failed load is forgotten so the next request tries again.
import type { Gazetteer, GazetteerStats } from './gazetteer.js';

export type { CityRecord, CountryRecord, Gazetteer, StateRecord } from './gazetteer.js';
export type { PostalCodeSupport, PostalPoint } from './postal.js';
export { timeZoneOf, type ZonePlace } from './time-zones.js';

export interface LoadReport extends GazetteerStats {
  ms: number;
  /** Heap growth across the load (other work in the process adds noise). */
  heapMb: number;
}

export interface LoadLog {
  info(details: object, message: string): void;
}

let loading: Promise<Gazetteer> | null = null;
let report: LoadReport | null = null;

/** The gazetteer, loading it if this is the first call. `log` hears once when the load ends. */
export function gazetteer(log?: LoadLog): Promise<Gazetteer> {
  if (!loading) {
    loading = load(log).catch((err: unknown) => {
      loading = null;
      throw err;
    });
  }
  return loading;
}

async function load(log?: LoadLog): Promise<Gazetteer> {
  const started = performance.now();
  const heapBefore = process.memoryUsage().heapUsed;
  const { buildGazetteer } = await import('./gazetteer.js');
  const built = await buildGazetteer();
  report = {
    ...built.stats(),
    ms: Math.round(performance.now() - started),
    heapMb: Math.round((process.memoryUsage().heapUsed - heapBefore) / 1e5) / 10,
  };
  log?.info({ referenceData: report }, 'reference data loaded');
  return built;
}

/** What the last load took, once one has finished (for logs and measurements). */
export function loadReport(): LoadReport | null {
  return report;
}
