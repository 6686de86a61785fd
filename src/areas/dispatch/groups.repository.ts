// SQL of route item groups (RouteItemDetails, RouteItemGroups): the legs that match, in route order
// (pool legs last... first: no route sorts first), cut into groups — consecutive legs of one kind at
// one place on one route — and paged by group, all in SQL: a window marks where a group starts, a
// running sum numbers the groups, a group-wide flag answers IsAllItemsDone, and the page is a range
// of group numbers. The count is the number of groups.
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { inlined } from '../../platform/list.js';
import { likePattern, pageOf } from '../../platform/paging.js';
import type { RouteItemDetailsQueryT } from './assign.schemas.js';
import { LEG_DETAIL_COLUMNS, type LegDetailRow, legsWithStops } from './legs.repository.js';
import { ITEM_STATUS_NAME } from './routes.schemas.js';

const ORDER = sql`order by l.route_id nulls first, l.sequence, l.id`;
const digits = (s: string) => s.replace(/\D/g, '');

function matching(t: Tenant, q: RouteItemDetailsQueryT) {
  let base = legsWithStops(t).innerJoin('addresses as a', (j) => j.onRef('a.company_id', '=', 's.company_id').onRef('a.id', '=', 's.address_id'));
  const like = (s: string) => likePattern(s.trim().toLowerCase());
  if (q.routeId != null) base = base.where('l.route_id', '=', q.routeId);
  if (q.orderId != null) base = base.where('l.order_id', '=', q.orderId);
  if (q.OrderStopId != null) base = base.where('l.stop_id', '=', q.OrderStopId);
  if (q.Status != null) base = base.where('l.status', '=', ITEM_STATUS_NAME[q.Status]);
  if (q.Types?.length) base = base.where('l.kind', 'in', q.Types);
  if (q.AddressName?.trim()) base = base.where(sql`lower(coalesce(a.name, ''))`, 'like', like(q.AddressName));
  if (q.FullAddress?.trim()) base = base.where(sql`lower(concat_ws(' ', a.street, a.street2, a.city, a.state, a.postal_code))`, 'like', like(q.FullAddress));
  if (q.LocationCompanyName?.trim()) base = base.where(sql`lower(c.name)`, 'like', like(q.LocationCompanyName));
  for (const phone of [q.LocationContactNumber, q.LocationContactNumberExtension])
    if (phone && digits(phone)) base = base.where(sql`regexp_replace(coalesce(a.contact_phone, ''), '\\D', '', 'g')`, 'like', likePattern(digits(phone)));
  if (q.SearchTerm?.trim()) {
    const pattern = like(q.SearchTerm);
    base = base.where((eb) =>
      eb.or([eb(sql`lower(o.order_number)`, 'like', pattern), eb(sql`lower(c.name)`, 'like', pattern), eb(sql`lower(a.city)`, 'like', pattern)]),
    );
  }
  const starts = sql<number>`case when lag(l.route_id) over (${ORDER}) is not distinct from l.route_id and lag(l.kind) over (${ORDER}) = l.kind
    and lag(s.address_id) over (${ORDER}) = s.address_id then 0 else 1 end`;
  const marked = base.select([...LEG_DETAIL_COLUMNS, starts.as('starts')]);
  const numbered = t.db
    .selectFrom(marked.as('x'))
    .selectAll('x')
    .select(sql<number>`sum(x.starts) over (order by x.route_id nulls first, x.sequence, x.id)`.as('grp'));
  const flagged = t.db.selectFrom(numbered.as('y')).selectAll('y').select(sql<boolean>`bool_and(y.status = 'Done') over (partition by y.grp)`.as('all_done'));
  return t.db
    .selectFrom(flagged.as('z'))
    .selectAll('z')
    .$if(q.IsAllItemsDone != null, (qb) => qb.where('z.all_done', '=', q.IsAllItemsDone!));
}

/** A page of groups' legs (every leg of each group on the page), and how many groups match. */
export async function groupPage(
  t: Tenant,
  q: RouteItemDetailsQueryT,
  paged: boolean,
): Promise<{ legs: LegDetailRow[]; total: number; page: number; itemsPerPage: number }> {
  const spec = paged ? pageOf(q) : { page: 1, itemsPerPage: 1000, limit: 1000, offset: 0 };
  const kept = matching(t, q);
  const ranked = t.db.selectFrom(kept.as('k')).selectAll('k').select(sql<number>`dense_rank() over (order by k.grp)`.as('n'));
  const [legs, count] = await Promise.all([
    t.db
      .selectFrom(ranked.as('r'))
      .selectAll('r')
      .where('r.n', '>', inlined(spec.offset))
      .where('r.n', '<=', inlined(spec.offset + spec.limit))
      .orderBy('r.n')
      .orderBy(sql`r.sequence nulls first`)
      .orderBy('r.id')
      .execute(),
    t.db.selectFrom(kept.as('c')).select(sql<string>`count(distinct c.grp)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { legs: legs as unknown as LegDetailRow[], total: Number(count.n), page: spec.page, itemsPerPage: spec.itemsPerPage };
}
