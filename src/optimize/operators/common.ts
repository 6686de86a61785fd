// What the local-search operators share. Each operator screens a move by its cost and the
// constant-time tests of the route caches, then carries it out and lets Route.update() have the
// last word: a route that is not feasible after all (a maximum duration, a matrix without the
// triangle inequality) is put back from the backup plan.
import type { Instance } from '../compile.js';
import type { Plan } from '../plan.js';

/** A move must gain more than this to count (float noise is not a gain). */
export const GAIN_EPS = 1e-7;

/** Whether the job of `node` may ride vehicle v (allowed, and not tied to another vehicle). */
export function movableTo(inst: Instance, node: number, v: number): boolean {
  const j = inst.job[node];
  const tied = inst.jobLockedTo[j];
  return inst.allowed[j * inst.V + v] === 1 && (tied < 0 || tied === v);
}

/** Saves routes before a move. */
export function save(plan: Plan, backup: Plan, routes: number[]): void {
  for (const r of routes) backup.routes[r].copyFrom(plan.routes[r]);
}

/** Updates the moved routes; when one is infeasible, restores them all from the backup. Either
 *  way the jobs on them are recorded as riding them. */
export function commit(inst: Instance, plan: Plan, backup: Plan, routes: number[]): boolean {
  let ok = true;
  for (const r of routes) {
    plan.routes[r].update(inst);
    if (!plan.routes[r].feasible) ok = false;
  }
  if (!ok) for (const r of routes) plan.routes[r].copyFrom(backup.routes[r]);
  for (const r of routes) {
    plan.assign(inst, r);
    if (ok) plan.touch(r);
  }
  return ok;
}

/** The route's cost once its distance is `distance` over `n` stops. */
export function routeCost(inst: Instance, v: number, n: number, distance: number): number {
  return n > 0 ? inst.fixed[v] + inst.cpd[v] * distance : 0;
}
