// The OSRM `table` service as a matrix provider (used when OSRM_URL is set):
//   GET {url}/table/v1/{profile}/{lon,lat;lon,lat;...}?annotations=duration,distance
//   → { code: "Ok", durations: number[][], distances: number[][] } (seconds, meters; null = no route)
// A server answers at most `max-table-size` coordinates per request (osrm-routed's default: 100),
// so larger matrices are asked for in blocks of sources × destinations. A pair with no route comes
// back as Infinity, which the optimizer treats as never feasible.
import { checkPoints, type LatLon, MatrixError, type MatrixProvider, type MatrixRequestOptions, type TravelMatrix } from './types.js';

export interface OsrmOptions {
  /** Base address of the server, e.g. http://localhost:5000. */
  url: string;
  /** Routing profile in the path (default 'driving'). */
  profile?: string;
  /** Per request (default 10 000 ms). */
  timeoutMs?: number;
  /** Most coordinates in one request (default 100, osrm-routed's own limit). */
  maxTableSize?: number;
}

interface TableAnswer {
  code?: string;
  message?: string;
  durations?: (number | null)[][];
  distances?: (number | null)[][];
}

const coordinate = (p: LatLon): string => `${+p.lon.toFixed(6)},${+p.lat.toFixed(6)}`;

export function osrmTableProvider(options: OsrmOptions): MatrixProvider {
  const base = options.url.replace(/\/+$/, '');
  const profile = encodeURIComponent(options.profile ?? 'driving');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxTable = Math.max(2, options.maxTableSize ?? 100);

  /** One request: durations and distances from `sources` to `destinations` (point indexes). */
  async function table(points: LatLon[], sources: number[], destinations: number[], signal?: AbortSignal, avoidTolls = false): Promise<TableAnswer> {
    const same = sources === destinations;
    const coords = same ? sources : [...sources, ...destinations];
    let address = `${base}/table/v1/${profile}/${coords.map((i) => coordinate(points[i])).join(';')}?annotations=duration,distance`;
    // A route that avoids toll roads: OSRM leaves out the ways its profile classes as toll.
    if (avoidTolls) address += '&exclude=toll';
    if (!same) {
      address += `&sources=${sources.map((_, k) => k).join(';')}&destinations=${destinations.map((_, k) => sources.length + k).join(';')}`;
    }
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    let body: TableAnswer;
    try {
      response = await fetch(address, { signal: combined, headers: { accept: 'application/json' } });
      body = (await response.json().catch(() => ({}))) as TableAnswer;
    } catch (err) {
      if (timeout.aborted) throw new MatrixError(`OSRM table: no answer within ${timeoutMs} ms`, { cause: err });
      if (signal?.aborted) throw signal.reason ?? err;
      throw new MatrixError(`OSRM table: ${(err as Error).message}`, { cause: err });
    }
    if (!response.ok || body.code !== 'Ok') {
      const detail = [body.code, body.message].filter(Boolean).join(': ') || `HTTP ${response.status}`;
      throw new MatrixError(`OSRM table: ${detail}`);
    }
    const rows = sources.length;
    const cols = destinations.length;
    for (const m of [body.durations, body.distances]) {
      if (!Array.isArray(m) || m.length !== rows || m.some((row) => !Array.isArray(row) || row.length !== cols)) {
        throw new MatrixError(`OSRM table: the answer lacks a ${rows} × ${cols} durations and distances matrix`);
      }
    }
    return body;
  }

  async function matrix(points: LatLon[], request: MatrixRequestOptions = {}): Promise<TravelMatrix> {
    checkPoints(points);
    const n = points.length;
    const durations = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    const distances = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    if (n === 0) return { durations, distances };
    const all = points.map((_, i) => i);
    // Blocks small enough that a block of sources plus a block of destinations fits one request.
    const blocks: number[][] = [];
    const size = n <= maxTable ? n : Math.floor(maxTable / 2);
    for (let i = 0; i < n; i += size) blocks.push(all.slice(i, i + size));
    for (const sources of blocks) {
      for (const destinations of blocks) {
        const answer = await table(points, sources, destinations === sources ? sources : destinations, request.signal, request.avoidTolls ?? false);
        sources.forEach((from, r) => {
          destinations.forEach((to, c) => {
            const t = answer.durations![r][c];
            const d = answer.distances![r][c];
            durations[from][to] = from === to ? 0 : typeof t === 'number' ? t : Infinity;
            distances[from][to] = from === to ? 0 : typeof d === 'number' ? d : Infinity;
          });
        });
      }
    }
    return { durations, distances };
  }

  return { name: 'osrm', matrix };
}
