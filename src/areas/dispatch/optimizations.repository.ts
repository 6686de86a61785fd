// SQL of auto-reroute runs (route_optimizations), through the company door, and how a run reads.
import type { Selectable } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import type { RouteOptimizationsTable } from './dispatch.tables.js';

export type RunRow = Omit<Selectable<RouteOptimizationsTable>, 'company_id'>;

export function latest(t: Tenant, routeId: number): Promise<RunRow | undefined> {
  return t
    .select('route_optimizations as o')
    .selectAll('o')
    .where('o.route_id', '=', routeId)
    .orderBy('o.started_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(1)
    .executeTakeFirst() as Promise<RunRow | undefined>;
}

export async function insert(t: Tenant, run: { route_id: number; route_version: number; time_limit_ms: number; lease_ms: number }): Promise<RunRow> {
  const { lease_ms, ...values } = run;
  return (await t
    .insert('route_optimizations', { ...values, status: 'Running', lease_until: new Date(Date.now() + lease_ms), requested_by: t.userId })
    .returningAll()
    .executeTakeFirstOrThrow()) as RunRow;
}

/** Ends a run still Running (one marked Failed meanwhile stays so); answers whether it did. */
export async function finish(
  t: Tenant,
  id: number,
  values: Partial<Pick<RunRow, 'before_distance_m' | 'after_distance_m' | 'improved' | 'reason' | 'error'>> & { status: 'Done' | 'Failed' | 'Discarded' },
): Promise<boolean> {
  const rows = await t
    .update('route_optimizations')
    .set({ ...values, finished_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', 'Running')
    .returning('id')
    .execute();
  return rows.length > 0;
}

/** Whether the run is still Running (not given up on), locked. */
export async function stillRunning(t: Tenant, id: number): Promise<boolean> {
  const row = await t.select('route_optimizations as o').select('o.status').where('o.id', '=', id).forUpdate().executeTakeFirst();
  return row?.status === 'Running';
}

/** A Running run past its lease died with its process. */
export function stateOf(run: RunRow): RunRow['status'] {
  return run.status === 'Running' && new Date(run.lease_until).getTime() < Date.now() ? 'Failed' : run.status;
}

/** The run as RouteOptimizationStatus answers it (None: the route was never optimized). */
export function statusOf(routeId: number, run: RunRow | undefined) {
  if (!run)
    return {
      routeId,
      runId: null,
      status: 'None',
      progress: 0,
      timeLimitMs: null,
      startedAt: null,
      finishedAt: null,
      beforeDistanceMeters: null,
      afterDistanceMeters: null,
      improved: null,
      reason: null,
      error: null,
    };
  const state = stateOf(run);
  const elapsed = Date.now() - new Date(run.started_at).getTime();
  return {
    routeId,
    runId: run.id,
    status: state,
    progress: state === 'Running' ? Math.min(0.99, Math.max(0, elapsed / run.time_limit_ms)) : 1,
    timeLimitMs: run.time_limit_ms,
    startedAt: run.started_at,
    finishedAt: run.finished_at,
    beforeDistanceMeters: run.before_distance_m,
    afterDistanceMeters: run.after_distance_m,
    improved: run.improved,
    reason: run.reason,
    error: state === 'Failed' && run.status === 'Running' ? 'The process running it stopped.' : run.error,
  };
}
