// npm run bench:optimize: the route optimizer (src/optimize/) against the best-known results of
// ../shared/bench-data/vrp/bks.csv. Each row's instance is solved under the row's objective and
// distance convention, on one thread, every solution verified by the independent checker, and a
// table printed: instance, vehicles, distance, gap to the best known, time.
//
//   npm run bench:optimize                      every bks.csv row (25 customers: 1 s, 100: 10 s)
//   npm run bench:optimize -- --time-limit-ms 2000 --filter 100
//   npm run bench:optimize -- file.txt ... [--objective vehicle-first|distance-first]
//        [--distance double|trunc1] [--time-limit-ms N] [--seed N] [--json]
//
// With files, any Solomon (.txt), LKH-3 CVRPTW (.vrptw) or Li & Lim (.txt) instance is measured the
// same way (default: vehicle-first, double, 10 s). --json prints one object per instance:
// {instance, vehicles, distance, feasible, timeMs}.
import { existsSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { checkSolution, type Objective, solve } from '../src/optimize/index.js';
import { type DistanceConvention, readBks, readInstance } from '../src/optimize/instances/index.js';

interface Args {
  files: string[];
  objective: Objective;
  distance: DistanceConvention;
  timeLimitMs: number | null;
  seed: number;
  json: boolean;
  filter: string;
  data: string;
}

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');

function parseArgs(argv: string[]): Args {
  const args: Args = {
    files: [],
    objective: 'vehicle-first',
    distance: 'double',
    timeLimitMs: null,
    seed: 1,
    json: false,
    filter: '',
    data: resolve(root, '../shared/bench-data/vrp'),
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--json') args.json = true;
    else if (a === '--objective') {
      const v = value();
      if (v !== 'vehicle-first' && v !== 'distance-first') throw new Error('--objective: vehicle-first or distance-first');
      args.objective = v;
    } else if (a === '--distance') {
      const v = value();
      if (v !== 'double' && v !== 'trunc1') throw new Error('--distance: double or trunc1');
      args.distance = v;
    } else if (a === '--time-limit-ms') args.timeLimitMs = positive(a, value());
    else if (a === '--seed') args.seed = positive(a, value(), true);
    else if (a === '--filter') args.filter = value();
    else if (a === '--data') args.data = resolve(value());
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else args.files.push(resolve(a));
  }
  return args;
}

function positive(name: string, raw: string, zero = false): number {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || (!zero && n === 0)) throw new Error(`${name} must be a ${zero ? 'non-negative' : 'positive'} integer`);
  return n;
}

interface Measured {
  instance: string;
  vehicles: number;
  distance: number;
  feasible: boolean;
  timeMs: number;
  bestAtMs: number;
  unassigned: number;
  violations: string[];
}

function measure(path: string, name: string | undefined, objective: Objective, distance: DistanceConvention, timeLimitMs: number, seed: number): Measured {
  const problem = readInstance(path, { objective, distance });
  const started = performance.now();
  const solution = solve(problem, { timeLimitMs, seed });
  const timeMs = performance.now() - started;
  const check = checkSolution(problem, solution);
  // A benchmark solution must serve every customer: an unassigned job is a failure here.
  const feasible = check.feasible && solution.unassigned.length === 0;
  return {
    instance: name ?? problem.name ?? basename(path),
    vehicles: check.vehicles,
    distance: check.distance,
    feasible,
    timeMs,
    bestAtMs: solution.search.bestAtMs,
    unassigned: solution.unassigned.length,
    violations: check.violations,
  };
}

/** Fixed digits, without the "-0.00" of a tiny negative gap. */
const fmt = (n: number, digits = 2): string => (Math.abs(n) < 0.5 * 10 ** -digits ? 0 : n).toFixed(digits);

/** Columns with a negative width are left-aligned. */
function printRow(cells: string[], widths: number[]): void {
  console.log(
    cells
      .map((c, i) => (widths[i] < 0 ? c.padEnd(-widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd(),
  );
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const results: Measured[] = [];
  if (args.files.length > 0) {
    // Every file checked before the first solve: a mistyped name fails at once, in one line.
    const missing = args.files.filter((file) => !existsSync(file));
    if (missing.length > 0) {
      console.error(`bench:optimize: no such instance file: ${missing.join(', ')}`);
      process.exitCode = 2;
      return;
    }
    const widths = [-16, 8, 10, 9, -8];
    if (!args.json) printRow(['instance', 'vehicles', 'distance', 'time ms', 'feasible'], widths);
    for (const file of args.files) {
      const m = measure(file, undefined, args.objective, args.distance, args.timeLimitMs ?? 10_000, args.seed);
      results.push(m);
      if (args.json)
        console.log(JSON.stringify({ instance: m.instance, vehicles: m.vehicles, distance: m.distance, feasible: m.feasible, timeMs: Math.round(m.timeMs) }));
      else printRow([m.instance, String(m.vehicles), fmt(m.distance), fmt(m.timeMs, 0), m.feasible ? 'yes' : 'NO'], widths);
      for (const v of m.violations) console.error(`  ${m.instance}: ${v}`);
    }
    process.exitCode = results.every((r) => r.feasible) ? 0 : 1;
    return;
  }

  const rows = readBks(join(args.data, 'bks.csv')).filter((r) => `${r.instance} ${r.customers} ${r.objective}`.includes(args.filter));
  const widths = [-8, 3, -14, 8, 7, 9, 9, 6, 7, 7, -3];
  if (!args.json) {
    console.log(`route optimizer on ${args.data}, seed ${args.seed}, one thread${args.timeLimitMs ? `, ${args.timeLimitMs} ms each` : ''}`);
    printRow(['instance', 'n', 'objective', 'vehicles', 'bks veh', 'distance', 'bks', 'gap %', 'time ms', 'best at', 'ok'], widths);
  }
  const gaps: { customers: number; gap: number; vehiclesOk: boolean; timeMs: number }[] = [];
  for (const row of rows) {
    const limit = args.timeLimitMs ?? (row.customers <= 25 ? 1000 : 10_000);
    const m = measure(join(args.data, row.file), row.instance, row.objective, row.distanceConvention, limit, args.seed);
    results.push(m);
    const gap = (100 * (m.distance - row.distance)) / row.distance;
    gaps.push({ customers: row.customers, gap, vehiclesOk: row.objective === 'distance-first' || m.vehicles <= row.vehicles, timeMs: m.timeMs });
    if (args.json) {
      console.log(JSON.stringify({ instance: m.instance, vehicles: m.vehicles, distance: m.distance, feasible: m.feasible, timeMs: Math.round(m.timeMs) }));
    } else {
      printRow(
        [
          // "*": more vehicles than the best known under vehicle-first, so the distance gap says little.
          row.instance,
          String(row.customers),
          row.objective,
          `${m.vehicles}${row.objective === 'vehicle-first' && m.vehicles > row.vehicles ? '*' : ''}`,
          String(row.vehicles),
          fmt(m.distance),
          fmt(row.distance),
          fmt(gap),
          fmt(m.timeMs, 0),
          fmt(m.bestAtMs, 0),
          m.feasible ? 'yes' : 'NO',
        ],
        widths,
      );
    }
    for (const v of m.violations) console.error(`  ${row.instance}: ${v}`);
  }
  if (!args.json) {
    for (const size of [...new Set(gaps.map((g) => g.customers))].sort((a, b) => a - b)) {
      const group = gaps.filter((g) => g.customers === size);
      const mean = group.reduce((s, g) => s + g.gap, 0) / group.length;
      const worst = Math.max(...group.map((g) => g.gap));
      const vehicles = group.filter((g) => g.vehiclesOk).length;
      const time = Math.max(...group.map((g) => g.timeMs));
      console.log(
        `${size} customers: mean gap ${fmt(mean)} %, worst ${fmt(worst)} %, best-known vehicles on ${vehicles}/${group.length}, longest ${fmt(time, 0)} ms`,
      );
    }
    console.log(`feasible: ${results.filter((r) => r.feasible).length}/${results.length}`);
  }
  process.exitCode = results.every((r) => r.feasible) ? 0 : 1;
}

main();
