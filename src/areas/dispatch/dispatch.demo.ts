// Demo dispatch board (`fds demo`): yesterday's routes (one completed with its payout, one archived)
// and today's (one being driven with stops done, one next, one planned), each with the demo's
// active drivers and trucks and stops of the demo orders, an order going through the demo
// cross-dock on two routes, and the rest of the approved orders left in the unassigned pool. Made
// through the services, as a dispatcher would, with great-circle distances (no OSRM call from the
// demo). Runs after the orders, drivers and fleet demos.
import type { Tenant } from '../../db/tenant.js';
import type { DemoSeeder } from '../../demo.js';
import { greatCircleProvider } from '../../integrations/geo/matrix/index.js';
import { assignService } from './assign.service.js';
import { executionService } from './execution.service.js';
import { type LegRow, legsOfOrders } from './legs.repository.js';
import { poolService } from './pool.service.js';
import { routesService } from './routes.service.js';
import { transfersService } from './transfers.service.js';

const DAY = 86_400_000;
/** Orders each demo route carries. */
const PER_ROUTE = 4;

/** The demo's active drivers and trucks, and the approved orders whose legs are all in the pool. */
async function resources(t: Tenant) {
  const drivers = await t.select('drivers as d').select('d.id').where('d.status', '=', 'Active').where('d.type', '<>', 'Outsource').orderBy('d.id').execute();
  const trucks = await t.select('trucks as k').select('k.id').where('k.status', '=', 'Active').where('k.deleted_at', 'is', null).orderBy('k.id').execute();
  const orders = await t.select('orders as o').select('o.id').where('o.status', '=', 'Order').orderBy('o.id').execute();
  const legs = await legsOfOrders(
    t,
    orders.map((o) => o.id),
  );
  const free = orders.filter((o) => legs.filter((l) => l.order_id === o.id).every((l) => l.route_id === null && l.status !== 'Done')).map((o) => o.id);
  return { drivers: drivers.map((d) => d.id), trucks: trucks.map((k) => k.id), free, legs };
}

export const dispatchDemo: DemoSeeder = {
  area: 'dispatch',
  async seed(ctx) {
    const matrix = greatCircleProvider();
    const assign = assignService(matrix);
    const routes = routesService(assign);
    const pool = poolService(assign, routes);
    const execution = executionService(assign, routes);
    const transfers = transfersService(matrix, assign);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - DAY).toISOString().slice(0, 10);

    await ctx.inCompany(async (t) => {
      const { drivers, trucks, free, legs } = await resources(t);
      if (drivers.length < 3 || trucks.length < 3 || free.length < 6 * PER_ROUTE + 1) return;
      let next = 0;
      const take = (n: number) => free.slice(next, (next += n));
      const legsOf = (orderIds: number[]): LegRow[] => legs.filter((l) => orderIds.includes(l.order_id));

      /** A route with the orders' stops, each where it adds the least distance. */
      const route = async (name: string, date: string, k: number, orders: number[]) => {
        const made = await routes.create(t, {
          name,
          date,
          driverId: drivers[k % drivers.length]!,
          truckId: trucks[k % trucks.length]!,
          startTime: `${date}T12:00:00Z`,
          endTime: `${date}T23:00:00Z`,
        });
        if (orders.length > 0) await pool.assignUnassigned(t, made.id, { routeItemIds: legsOf(orders).map((l) => l.id) });
        return made.id;
      };

      // Yesterday: one completed (every stop done, its orders closed, its payout fixed), one archived.
      const done = await route('Yesterday — Metroplex', yesterday, 0, take(PER_ROUTE));
      await execution.closeAll(t, done);
      const archived = await route('Yesterday — cancelled run', yesterday, 1, []);
      await routes.changeStatus(t, archived, 'Archive');

      // Today: one being driven (its first order picked up and delivered), one next, one planned.
      const drivenOrders = take(PER_ROUTE);
      const driven = await route('Today — North loop', today, 0, drivenOrders);
      const first = legsOf([drivenOrders[0]!]).map((l) => l.id);
      await execution.updateStatus(t, driven, 1, { routeItemIds: first }, {});
      await route('Today — South run', today, 1, take(PER_ROUTE));
      const nextRoute = await route('Today — East run', today, 2, take(PER_ROUTE));
      await routes.changeStatus(t, nextRoute, 'StartNext');

      // Through the cross-dock: pickup → hub on the north loop, hub → delivery on a second leg route.
      const hub = await t.select('addresses as a').select('a.id').where('a.is_hub', '=', true).orderBy('a.id').executeTakeFirst();
      const [through] = take(1);
      if (hub && through !== undefined) {
        await transfers.add(t, { orderId: through, addressId: hub.id });
        const mine = await legsOfOrders(t, [through]);
        const leg = (kind: LegRow['kind']) => mine.filter((l) => l.kind === kind).map((l) => l.id);
        await pool.assignUnassigned(t, driven, { routeItemIds: [...leg('Pickup'), ...leg('DeliveryToTransfer')] });
        const second = await routes.create(t, { name: 'Today — cross-dock shuttle', date: today, truckId: trucks.length > 3 ? trucks[3]! : null });
        await pool.assignUnassigned(t, second.id, { routeItemIds: [...leg('PickupFromTransfer'), ...leg('Delivery')] });
      }
    });
  },
};
