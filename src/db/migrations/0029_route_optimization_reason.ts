// Why an auto-reroute run did not improve its route (RouteOptimizationStatus.reason): the route was
// already in its shortest order, or the optimizer could not keep every stop on it (the reason of
// src/optimize/reasons.ts of those it could not keep). Null for runs before it, and improved ones.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE route_optimizations ADD COLUMN reason text;').execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE route_optimizations DROP COLUMN reason;').execute(db);
}
