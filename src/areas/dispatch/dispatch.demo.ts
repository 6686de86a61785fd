// Demo dispatch board (`fds demo`): yesterday's routes (one completed with its payout, one archived)
// and today's (one being driven with stops done, one next, one planned), each with the demo's
// active drivers and trucks and the demo orders of its day near its terminal (it starts and ends
// there), so each run fits its shift; an order going through the demo cross-dock on two routes, and
// the rest of the approved orders left in the unassigned pool (today's local ones fit a route). Made
// through the services, as a dispatcher would, with great-circle distances (no OSRM call from the
// demo). Runs after the orders, drivers and fleet demos.
import type { Tenant } from '../../db/tenant.js';
import { greatCircleProvider } from '../../integrations/geo/matrix/index.js';
import type { DemoSeeder } from '../../platform/demo-seeder.js';
import { addressRecords } from '../customers/index.js';
import { assignService } from './assign.service.js';
import { executionService } from './execution.service.js';
import { type LegRow, legsOfOrders, problemLegs, routeItemRecords } from './legs.repository.js';
import { poolService } from './pool.service.js';
import { lockedRouteRecords } from './routes.repository.js';
import type { RouteInputT } from './routes.schemas.js';
import { readHeader, routesService } from './routes.service.js';
import { transfersService } from './transfers.service.js';

const DAY = 86_400_000;
/** Orders each demo route carries. */
const PER_ROUTE = 3;
/** How far from its terminal a route's stops may be: a local run, within its 11-hour shift. */
const LOCAL_KM = 130;

type Located = { latitude: number | null; longitude: number | null };

/** Great-circle distance in km. */
function km(a: Located, b: Located): number {
  const rad = Math.PI / 180;
  const [la1, lo1, la2, lo2] = [a.latitude, a.longitude, b.latitude, b.longitude].map((x) => Number(x) * rad) as [number, number, number, number];
  const h = Math.sin((la2 - la1) / 2) ** 2 + Math.cos(la1) * Math.cos(la2) * Math.sin((lo2 - lo1) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** The demo's active drivers, trucks and terminals, and the approved orders whose legs are all in
 *  the pool, with their legs' places and days. */
async function resources(t: Tenant) {
  const drivers = await t.select('drivers as d').select('d.id').where('d.status', '=', 'Active').where('d.type', '<>', 'Outsource').orderBy('d.id').execute();
  const trucks = await t.select('trucks as k').select('k.id').where('k.status', '=', 'Active').where('k.deleted_at', 'is', null).orderBy('k.id').execute();
  const terminals = await t
    .select('warehouses as w')
    .innerJoin('addresses as a', (j) => j.onRef('a.company_id', '=', 'w.company_id').onRef('a.id', '=', 'w.address_id'))
    .select(['w.id', 'a.latitude', 'a.longitude'])
    .where('w.is_active', '=', true)
    .where('a.latitude', 'is not', null)
    .orderBy('w.id')
    .execute();
  const orders = await t.select('orders as o').select('o.id').where('o.status', '=', 'Order').orderBy('o.id').execute();
  const legs = await legsOfOrders(
    t,
    orders.map((o) => o.id),
  );
  const free = orders.filter((o) => legs.filter((l) => l.order_id === o.id).every((l) => l.route_id === null && l.status !== 'Done')).map((o) => o.id);
  const places = await problemLegs(t, { legIds: legs.filter((l) => free.includes(l.order_id)).map((l) => l.id) });
  return { drivers: drivers.map((d) => d.id), trucks: trucks.map((k) => k.id), terminals, free, legs, places };
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
      // The services take the records a request's id gate would read: read here, as the gate does.
      const locked = (id: number) => lockedRouteRecords.reread(t, id);
      const createRoute = async (input: RouteInputT) => routes.create(t, input, await readHeader(t, input));
      const assignLegs = async (routeId: number, ids: number[]) =>
        pool.assignUnassigned(t, await locked(routeId), { routeItemIds: ids }, await routeItemRecords.findAll(t, ids));
      const { drivers, trucks, terminals, free, legs, places } = await resources(t);
      if (drivers.length < 3 || trucks.length < 3 || terminals.length === 0) return;
      const taken = new Set<number>();
      const legsOf = (orderIds: number[]): LegRow[] => legs.filter((l) => orderIds.includes(l.order_id));
      /** The free orders of the day whose every stop is within a local run of the terminal, those
       *  nearest it first (the summed distance of their stops). */
      const local = (terminal: Located, day: string): number[] =>
        free
          .flatMap((id) => {
            const mine = places.filter((p) => p.order_id === id);
            const fits = mine.length > 0 && mine.every((p) => p.date === day && p.latitude !== null && km(terminal, p) <= LOCAL_KM);
            return !taken.has(id) && fits ? [{ id, cost: mine.reduce((sum, p) => sum + km(terminal, p), 0) }] : [];
          })
          .sort((a, b) => a.cost - b.cost || a.id - b.id)
          .map((o) => o.id);
      /** Up to n of them, taken. */
      const near = (terminal: Located, day: string, n: number): number[] => {
        const chosen = local(terminal, day).slice(0, n);
        for (const id of chosen) taken.add(id);
        return chosen;
      };

      /** A route from and back to the terminal with the orders' stops, each where it adds the least distance. */
      const route = async (name: string, date: string, k: number, terminal: (typeof terminals)[number], orders: number[]) => {
        const made = await createRoute({
          name,
          date,
          driverId: drivers[k % drivers.length]!,
          truckId: trucks[k % trucks.length]!,
          startWarehouseId: terminal.id,
          endWarehouseId: terminal.id,
          startTime: `${date}T12:00:00Z`,
          endTime: `${date}T23:00:00Z`,
        });
        if (orders.length > 0)
          await assignLegs(
            made.id,
            legsOf(orders).map((l) => l.id),
          );
        return made.id;
      };
      // The first terminal (Austin) and, for a second metro's run, the next one with local orders today.
      const home = terminals[0]!;
      const other = terminals.slice(1).find((w) => local(w, today).some((id) => !local(home, today).includes(id))) ?? home;

      // Yesterday: one completed (every stop done, its orders closed, its payout fixed), one archived.
      const done = await route('Yesterday — Austin loop', yesterday, 0, home, near(home, yesterday, PER_ROUTE));
      await execution.closeAll(t, await locked(done));
      const archived = await route('Yesterday — cancelled run', yesterday, 1, home, []);
      await routes.changeStatus(t, await locked(archived), 'Archive');

      // Today: one being driven (its first order picked up and delivered), one next, one planned.
      const drivenOrders = near(home, today, PER_ROUTE);
      const driven = await route('Today — Austin loop', today, 0, home, drivenOrders);
      if (drivenOrders.length > 0) {
        const first = legsOf([drivenOrders[0]!]).map((l) => l.id);
        await execution.updateStatus(t, await locked(driven), 1, { routeItemIds: first }, {}, []);
      }
      await route('Today — Austin second run', today, 1, home, near(home, today, PER_ROUTE));
      const nextRoute = await route('Today — Metroplex run', today, 2, other, near(other, today, PER_ROUTE));
      await routes.changeStatus(t, await locked(nextRoute), 'StartNext');

      // Through the cross-dock: pickup → hub on the Austin loop, hub → delivery on a second leg route.
      const hub = await t
        .select('addresses as a')
        .select(['a.id', 'a.latitude', 'a.longitude'])
        .where('a.is_hub', '=', true)
        .orderBy('a.id')
        .executeTakeFirst();
      const [through] = hub ? near(hub, today, 1) : [];
      if (hub && through !== undefined) {
        await transfers.add(t, { orderId: through, addressId: hub.id }, { address: await addressRecords.requireOne(t, hub.id) });
        const mine = await legsOfOrders(t, [through]);
        const leg = (kind: LegRow['kind']) => mine.filter((l) => l.kind === kind).map((l) => l.id);
        await assignLegs(driven, [...leg('Pickup'), ...leg('DeliveryToTransfer')]);
        const second = await createRoute({ name: 'Today — cross-dock shuttle', date: today, truckId: trucks.length > 3 ? trucks[3]! : null });
        await assignLegs(second.id, [...leg('PickupFromTransfer'), ...leg('Delivery')]);
      }
    });
  },
};
