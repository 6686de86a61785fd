// Li & Lim's PDPTW text format: `VEHICLES CAPACITY SPEED`, then one row per node
// `ID X Y DEMAND READY DUE SERVICE PICKUP_ID DELIVERY_ID`, node 0 the depot. A pickup (demand > 0)
// names its delivery in the last column; the delivery (demand < 0) names its pickup in column 8.
// Each pair becomes a shipment "pickup-delivery" carrying the pickup's demand.
import type { Job, JobStop, Problem } from '../model.js';
import { depotProblem, InstanceError, numbers, type ReadOptions, tokenLines } from './common.js';

export function parseLiLim(text: string, options: ReadOptions = {}): Problem {
  const lines = tokenLines(text).map(numbers);
  const head = lines[0];
  if (head?.length !== 3) throw new InstanceError('li-lim', 'the first line must be `VEHICLES CAPACITY SPEED`');
  const [vehicleCount, capacity, speed] = head;
  const rows = lines.slice(1).map((row, i) => {
    if (row?.length !== 9) throw new InstanceError('li-lim', `line ${i + 2} should have 9 numbers`);
    if (row[0] !== i) throw new InstanceError('li-lim', `line ${i + 2} is node ${row[0]}; nodes must be numbered 0, 1, 2, ...`);
    return row;
  });
  if (rows.length === 0) throw new InstanceError('li-lim', 'no depot row');
  const stop = (row: number[]): JobStop => ({ location: row[0], service: row[6], windows: [[row[4], row[5]]] });

  const jobs: Job[] = [];
  const paired = new Set<number>();
  for (const row of rows.slice(1)) {
    const [id, , , demand, , , , pickupId, deliveryId] = row;
    if (pickupId === 0 && deliveryId > 0) {
      const delivery = rows[deliveryId];
      if (!delivery || delivery[7] !== id || delivery[3] !== -demand) {
        throw new InstanceError('li-lim', `pickup ${id} names delivery ${deliveryId}, which does not name it back with the opposite demand`);
      }
      paired.add(deliveryId);
      jobs.push({ id: `${id}-${deliveryId}`, kind: 'shipment', pickup: stop(row), delivery: stop(delivery), demand: [demand] });
    } else if (!(deliveryId === 0 && pickupId > 0)) {
      throw new InstanceError('li-lim', `node ${id} is neither a pickup nor a delivery`);
    }
  }
  const orphan = rows.slice(1).find((row) => row[7] > 0 && !paired.has(row[0]));
  if (orphan) throw new InstanceError('li-lim', `delivery ${orphan[0]} names pickup ${orphan[7]}, which does not name it back`);
  const depot = rows[0];
  return depotProblem(
    {
      name: options.name ?? 'li-lim',
      points: rows.map(([, x, y]) => ({ x, y })),
      horizon: [depot[4], depot[5]],
      vehicleCount,
      capacity,
      jobs,
      speed: speed > 0 ? speed : 1,
    },
    options,
  );
}
