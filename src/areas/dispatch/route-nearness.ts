// Which routes a pool stop's suggestions rank: the day's active routes ordered by what taking the
// stop (and its order's other pool stop) would roughly add, the cheapest detour of each point
// between two consecutive places of the route (start, legs in sequence, end) — on the flat map of
// the points' latitude (degrees, the longitude scaled by its cosine): a ranking, not a distance.
// Only the best are then measured in full (rankInsertions), so a far route costs nothing.
import type { RoutePlacesRow } from './routes.repository.js';

type Point = { lat: number; lon: number };

/** The detour of putting `p` on the way through `places` (lat, lon, …): between two consecutive
 *  places, or one way before the first or after the last unless the route starts or ends there
 *  (its start or end); 0 for a route with no place yet (it takes anything). */
export function detour(places: readonly number[], p: Point, cos: number, fixed: { start: boolean; end: boolean } = { start: false, end: false }): number {
  // Math.sqrt of squares: Math.hypot guards against overflow this scale never reaches, several times slower.
  const between = (lat1: number, lon1: number, lat2: number, lon2: number) => Math.sqrt((lat1 - lat2) ** 2 + ((lon1 - lon2) * cos) ** 2);
  const d = (i: number) => between(places[i]!, places[i + 1]!, p.lat, p.lon);
  const n = places.length / 2;
  if (n === 0) return 0;
  let best = Infinity;
  if (!fixed.start) best = d(0);
  if (!fixed.end) best = Math.min(best, d(2 * (n - 1)));
  let previous = d(0);
  for (let i = 2; i < places.length; i += 2) {
    const next = d(i);
    best = Math.min(best, previous + next - between(places[i]!, places[i + 1]!, places[i - 2]!, places[i - 1]!));
    previous = next;
  }
  // A route whose start and end are its one place (a warehouse's loop with no stop yet): there and back.
  return best === Infinity ? 2 * d(0) : best;
}

/** The `limit` routes with the least detour for all the points, least first (then by day and id). */
export function nearestRoutes(rows: readonly RoutePlacesRow[], points: readonly Point[], limit: number): RoutePlacesRow[] {
  const cos = Math.cos(((points.reduce((n, p) => n + p.lat, 0) / Math.max(points.length, 1)) * Math.PI) / 180);
  return rows
    .map((row) => ({ row, cost: points.reduce((sum, p) => sum + detour(row.places, p, cos, { start: row.fixedStart, end: row.fixedEnd }), 0) }))
    .sort((a, b) => a.cost - b.cost || (a.row.date < b.row.date ? -1 : a.row.date > b.row.date ? 1 : 0) || a.row.id - b.row.id)
    .slice(0, limit)
    .map((x) => x.row);
}
