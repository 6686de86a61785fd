// The predicates of dispatch's partial indexes (migration 0018) written into statements as SQL
// literals, not parameters. Hot statements run prepared (src/db/prepared.ts), and PostgreSQL then
// plans one once, generically, when that plan costs no more than its custom ones; but a generic plan
// may use a partial index only when the statement's text proves the index's predicate, which a
// parameter (`status <> $2`) never does. With parameters, every page of the pool was planned afresh
// (1.1–1.7 ms of PostgreSQL's CPU a request, more than running it); with literals the generic plan
// can use the index, costs what the custom plans do and is kept: planned once per connection.
import { type RawBuilder, sql } from 'kysely';
import { ACTIVE_STATES, type LegStatus, type RouteState } from './dispatch.tables.js';

/** For `status <> 'Done'`: the pool's legs (route_items_pool_idx). */
export const DONE = sql.lit<LegStatus>('Done');
/** For `status in ('Planned', 'Next', 'InProgress')`: active routes (routes_active_idx and the
 *  driver's and truck's day, routes_driver_day_idx and routes_truck_day_idx). */
export const ACTIVE: readonly RawBuilder<RouteState>[] = ACTIVE_STATES.map((state) => sql.lit<RouteState>(state));
/** For the board with completed routes too (no partial index holds them: literal all the same, one plan). */
export const ACTIVE_OR_COMPLETED: readonly RawBuilder<RouteState>[] = [...ACTIVE, sql.lit<RouteState>('Completed')];
