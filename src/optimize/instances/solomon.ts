// Solomon's VRPTW text format: a name line, `NUMBER CAPACITY` of the fleet, then one row per node
// `CUST_NO X Y DEMAND READY_TIME DUE_DATE SERVICE_TIME`, row 0 the depot (its due date the
// horizon). Every customer becomes a delivery job named by its number, at location index = number.
import type { Job, Problem } from '../model.js';
import { depotProblem, InstanceError, numbers, type ReadOptions, tokenLines } from './common.js';

export function parseSolomon(text: string, options: ReadOptions = {}): Problem {
  const lines = tokenLines(text);
  const fleet = lines.map(numbers).find((n) => n?.length === 2);
  const rows = lines.map(numbers).filter((n): n is number[] => n?.length === 7);
  if (!fleet) throw new InstanceError('solomon', 'no `NUMBER CAPACITY` line');
  if (rows.length < 2) throw new InstanceError('solomon', 'no depot and customer rows');
  rows.forEach((row, i) => {
    if (row[0] !== i) throw new InstanceError('solomon', `row ${i} is numbered ${row[0]}; rows must be numbered 0, 1, 2, ...`);
  });
  const [depot, ...customers] = rows;
  const jobs: Job[] = customers.map(([no, , , demand, ready, due, service]) => ({
    id: String(no),
    kind: 'delivery',
    location: no,
    service,
    windows: [[ready, due]],
    demand: [demand],
  }));
  return depotProblem(
    {
      name: lines[0].join(' '),
      points: rows.map(([, x, y]) => ({ x, y })),
      horizon: [depot[4], depot[5]],
      vehicleCount: fleet[0],
      capacity: fleet[1],
      jobs,
    },
    options,
  );
}
