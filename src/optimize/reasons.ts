// Why a job cannot be served at all: tried alone on an empty route of every vehicle it may ride,
// the first test every vehicle fails is the reason (allowed vehicles, then capacity, then time
// windows and shift, then maximum duration). Such jobs stay out of the search; the others that end
// up unassigned did not fit with the jobs served ("no-room").
import type { Instance } from './compile.js';
import type { UnassignedReason } from './model.js';
import { driveFrom, timing } from './schedule.js';

export interface Impossible {
  reason: Exclude<UnassignedReason, 'no-room'>;
  detail: string;
}

/** Null when some vehicle (of `vehicles`, default all) can serve job j alone; else why none can. */
export function servedAlone(inst: Instance, j: number, vehicles?: number[]): Impossible | null {
  const { D } = inst;
  const first = inst.jobNode[j];
  const nodes = inst.jobIsPair[j] ? [first, first + 1] : [first];
  let allowedAny = false;
  let capacityOk = false;
  let windowsOk = false;
  for (const v of vehicles ?? inst.vehicleIds.map((_, i) => i)) {
    if (inst.allowed[j * inst.V + v] === 0) continue;
    allowedAny = true;
    let fits = true;
    for (let d = 0; d < D; d++) if (Math.abs(inst.delta[first * D + d]) > inst.cap[v * D + d]) fits = false;
    if (!fits) continue;
    capacityOk = true;
    const seq = [inst.S + 2 * v, ...nodes, inst.S + 2 * v + 1];
    if (driveFrom(inst, seq, seq.length, inst.shift0[v]) === Infinity) continue;
    windowsOk = true;
    if (timing(inst, v, seq, seq.length).feasible) return null;
  }
  if (!allowedAny) return { reason: 'allowed-vehicles', detail: 'no vehicle of the problem is in its allowed vehicles' };
  if (!capacityOk) return { reason: 'capacity', detail: 'its demand exceeds the capacity of every vehicle it may ride' };
  if (!windowsOk) {
    return { reason: 'time-window', detail: 'no vehicle it may ride reaches it within a time window and gets back within its shift' };
  }
  return { reason: 'max-duration', detail: 'serving it alone already exceeds the maximum duration of every vehicle it may ride' };
}
