// LKH-3's CVRPTW format (the Solomon-25 files): `KEY : VALUE` headers (VEHICLES, CAPACITY,
// SERVICE_TIME), then NODE_COORD_SECTION, DEMAND_SECTION, TIME_WINDOW_SECTION (and optionally
// SERVICE_TIME_SECTION) with 1-based node ids, node 1 the depot, DEPOT_SECTION, EOF. Node k becomes
// location k − 1 and job "k − 1", so the jobs match those of the Solomon file they are cut from.
// The file's own `SCALE`/`EDGE_WEIGHT_TYPE` is not read: the distance convention is an option.
import type { Job, Problem } from '../model.js';
import { depotProblem, InstanceError, numbers, type ReadOptions, tokenLines } from './common.js';

const SECTIONS = ['NODE_COORD_SECTION', 'DEMAND_SECTION', 'TIME_WINDOW_SECTION', 'SERVICE_TIME_SECTION', 'DEPOT_SECTION'];

export function parseLkhVrptw(text: string, options: ReadOptions = {}): Problem {
  const headers = new Map<string, string>();
  const sections = new Map<string, number[][]>();
  let section: number[][] | null = null;
  for (const line of text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)) {
    const header = /^([A-Z_]+)\s*:\s*(.*)$/.exec(line);
    if (header) {
      headers.set(header[1], header[2].trim());
      section = null;
    } else if (SECTIONS.includes(line.split(/\s+/)[0])) {
      section = [];
      sections.set(line.split(/\s+/)[0], section);
    } else if (line === 'EOF') {
      break;
    } else {
      const values = numbers(tokenLines(line)[0]);
      if (!values || !section) throw new InstanceError('lkh', `unexpected line "${line}"`);
      section.push(values);
    }
  }
  const header = (key: string): number => {
    const value = Number(headers.get(key));
    if (!headers.has(key) || !Number.isFinite(value)) throw new InstanceError('lkh', `no numeric ${key}`);
    return value;
  };
  const byNode = (name: string, width: number): Map<number, number[]> => {
    const rows = sections.get(name);
    if (!rows) throw new InstanceError('lkh', `no ${name}`);
    return new Map(
      rows.map((row) => {
        if (row.length !== width + 1) throw new InstanceError('lkh', `${name}: row "${row.join(' ')}" should have ${width + 1} numbers`);
        return [row[0], row.slice(1)];
      }),
    );
  };
  const dimension = header('DIMENSION');
  const coords = byNode('NODE_COORD_SECTION', 2);
  const demands = byNode('DEMAND_SECTION', 1);
  const windows = byNode('TIME_WINDOW_SECTION', 2);
  const services = sections.has('SERVICE_TIME_SECTION') ? byNode('SERVICE_TIME_SECTION', 1) : null;
  const service = services ? 0 : header('SERVICE_TIME');
  const depot = (sections.get('DEPOT_SECTION') ?? [[1]])[0][0];
  if (depot !== 1) throw new InstanceError('lkh', `the depot must be node 1, found ${depot}`);

  const points = [];
  const jobs: Job[] = [];
  for (let node = 1; node <= dimension; node++) {
    const [x, y] = coords.get(node) ?? [];
    const [ready, due] = windows.get(node) ?? [];
    const demand = demands.get(node)?.[0];
    if (x === undefined || ready === undefined || demand === undefined) throw new InstanceError('lkh', `node ${node} lacks coordinates, demand or window`);
    points.push({ x, y });
    if (node === 1) continue;
    jobs.push({
      id: String(node - 1),
      kind: 'delivery',
      location: node - 1,
      service: services?.get(node)?.[0] ?? service,
      windows: [[ready, due]],
      demand: [demand],
    });
  }
  const horizon = windows.get(1)!;
  return depotProblem(
    {
      name: headers.get('NAME') ?? 'lkh',
      points,
      horizon: [horizon[0], horizon[1]],
      vehicleCount: header('VEHICLES'),
      capacity: header('CAPACITY'),
      jobs,
    },
    options,
  );
}
