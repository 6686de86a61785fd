// The driver's pay for a route, fixed when the route is completed, from the driver's payout type
// (drivers' routePayout): hours from its start to its end (its measured duration when it was never
// started), its measured distance, its revenue — each order's price before tax, shared by the legs
// of the order done on this route over all its legs, for orders in the payout's currency (no
// conversion) — and the pallets it delivered. A driver with no payout (a carrier's) has none.
import type { Tenant } from '../../db/tenant.js';
import { driverRecords, routePayout, toDriverPayout } from '../drivers/index.js';
import { orderRecords } from '../orders/index.js';
import { legDetails, legsOfOrders } from './legs.repository.js';
import { legAnswers } from './route-answers.js';
import type { RouteRow } from './routes.repository.js';

export async function payoutOf(t: Tenant, route: RouteRow, completedAt: Date): Promise<{ amount: number | null; currency: string | null }> {
  const driver = route.driver_id === null ? undefined : await driverRecords.find(t, route.driver_id);
  const payout = driver ? toDriverPayout(driver) : null;
  if (!payout) return { amount: null, currency: null };
  const items = await legAnswers(t, await legDetails(t, { routeIds: [route.id] }));
  const done = items.filter((i) => i.status === 1);
  const orderIds = [...new Set(done.map((i) => i.orderId))];
  const [orders, allLegs] = await Promise.all([orderRecords.findAll(t, orderIds), legsOfOrders(t, orderIds)]);
  let revenue = 0;
  for (const o of orders) {
    if (o.currency !== payout.currency) continue;
    const here = done.filter((i) => i.orderId === o.id).length;
    revenue += (Number(o.total_price) * here) / allLegs.filter((l) => l.order_id === o.id).length;
  }
  const hours = route.started_at ? (completedAt.getTime() - new Date(route.started_at).getTime()) / 3_600_000 : (route.duration_s ?? 0) / 3600;
  const pallets = done.filter((i) => i.type === 'Delivery').reduce((n, i) => n + i.pallets, 0);
  const amount = routePayout(payout, { hours, distanceMeters: Number(route.distance_m ?? 0), revenue, pallets });
  return { amount, currency: payout.currency };
}
