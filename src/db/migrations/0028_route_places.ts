// A route's places in its order, kept on the route: the suggestions for a pool stop read them to
// pick the routes worth ranking, instead of joining every leg of the day's routes to its stop and
// address on each request (about 9 ms of PostgreSQL a request over 200 routes × 25 stops).
// `places` holds latitude, longitude, latitude, longitude, … of the route's legs in sequence (those
// whose place has coordinates); dispatch writes it with the route's measure, every time its legs
// change. Existing routes are filled here.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`ALTER TABLE routes ADD COLUMN places double precision[] NOT NULL DEFAULT '{}';`).execute(db);
  await sql
    .raw(
      `UPDATE routes r SET places = p.places
       FROM (SELECT l.company_id, l.route_id, array_agg(v.x ORDER BY l.sequence, l.id, v.k) AS places
             FROM route_items l
             JOIN order_stops s ON s.company_id = l.company_id AND s.id = l.stop_id
             JOIN addresses a ON a.company_id = s.company_id AND a.id = s.address_id
             CROSS JOIN LATERAL (VALUES (1, a.latitude), (2, a.longitude)) v (k, x)
             WHERE l.route_id IS NOT NULL AND a.latitude IS NOT NULL AND a.longitude IS NOT NULL
             GROUP BY l.company_id, l.route_id) p
       WHERE r.company_id = p.company_id AND r.id = p.route_id;`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE routes DROP COLUMN places;').execute(db);
}
