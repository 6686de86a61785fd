// Demo book of quotes and orders (`fds demo`): 300 over the last 90 days between the demo
// customers' places, in every state — drafts, quotes, approved orders, closed ones, deleted ones,
// held ones — priced by the demo pricing model, with activity notes; then the dispatch board's
// local orders of yesterday and today (BOARD_*). Made through the services (the same rules and logs
// as API changes), then dated back to when they would have been made. A fixed seed makes the same
// book each time. Runs after the customers and pricing demos.

import type { Tenant } from '../../db/tenant.js';
import type { DemoSeeder } from '../../platform/demo-seeder.js';
import { customerPlaces } from '../customers/index.js';
import { activityRecords } from './history.repository.js';
import { historyService } from './history.service.js';
import { holdsService } from './holds.service.js';
import { backdateOrder, lockedOrderRecords } from './orders.repository.js';
import type { StopInputT } from './orders.schemas.js';
import { ordersService } from './orders.service.js';

const ORDERS = 300;
/** The dispatch board's orders: yesterday's and today's (so many from each place), from each place
 *  of a metro (one with another place within BOARD_METRO_KM) to a place a local run reaches (within
 *  BOARD_LOCAL_KM), so a route from the metro's terminal carries several in a shift (the book's
 *  lanes cross the state). */
const BOARD_PER_PLACE: Array<[daysAgo: number, orders: number]> = [
  [1, 2],
  [0, 4],
];
const BOARD_METRO_KM = 40;
const BOARD_LOCAL_KM = 130;
/** Orders made per transaction. */
const BATCH = 50;
const DAY = 86_400_000;

const GOODS: Array<[string, number, number]> = [
  ['Pallets of ceramic tile', 900, 1],
  ['Bagged cement', 1100, 1],
  ['Steel rebar bundles', 1500, 1],
  ['Boxed appliances', 180, 0.5],
  ['Office furniture', 120, 0.25],
  ['Produce, refrigerated', 700, 1],
  ['Machine parts crate', 450, 1],
  ['Retail cartons', 40, 0.1],
];
const HOLD_REASONS = ['Consignee closed for inventory', 'Awaiting customs paperwork', 'Customer asked to wait for payment', 'Damaged pallet to be inspected'];
const NOTES = [
  'Called the shipper: dock 4 after 2 pm.',
  'Consignee needs a liftgate.',
  'Driver confirmed the pickup window.',
  'Customer asked for photos at delivery.',
];

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Great-circle distance in km. */
function km(a: { latitude: number | null; longitude: number | null }, b: { latitude: number | null; longitude: number | null }): number {
  const rad = Math.PI / 180;
  const [la1, lo1, la2, lo2] = [a.latitude ?? 0, a.longitude ?? 0, b.latitude ?? 0, b.longitude ?? 0].map((x) => Number(x) * rad) as [
    number,
    number,
    number,
    number,
  ];
  const h = Math.sin((la2 - la1) / 2) ** 2 + Math.cos(la1) * Math.cos(la2) * Math.sin((lo2 - lo1) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

type Fate = 'Dreft' | 'Quote' | 'Order' | 'Closed' | 'Deleted' | 'OnHold';
/** Older orders are further along: most of last quarter's are closed, most of this week's quotes. */
function fateOf(ageDays: number, r: number): Fate {
  if (r < 0.05) return 'Deleted';
  if (ageDays > 30) return r < 0.8 ? 'Closed' : r < 0.9 ? 'Order' : 'Quote';
  if (ageDays > 7) return r < 0.35 ? 'Closed' : r < 0.75 ? 'Order' : r < 0.85 ? 'OnHold' : 'Quote';
  return r < 0.15 ? 'Dreft' : r < 0.55 ? 'Quote' : r < 0.85 ? 'Order' : 'OnHold';
}

export const ordersDemo: DemoSeeder = {
  area: 'orders',
  async seed(ctx) {
    const orders = ordersService();
    const holds = holdsService();
    const history = historyService();
    const rand = random(20261124);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
    const places = await ctx.inCompany((t) => customerPlaces(t, 500));
    const byCustomer = new Map<number, typeof places>();
    for (const p of places) byCustomer.set(p.customer_id!, [...(byCustomer.get(p.customer_id!) ?? []), p]);
    const customers = [...byCustomer.keys()];
    if (customers.length < 2) return;

    for (let start = 0; start < ORDERS; start += BATCH) {
      await ctx.inCompany(async (t: Tenant) => {
        for (let n = start; n < Math.min(ORDERS, start + BATCH); n++) {
          const ageDays = Math.floor((1 - n / ORDERS) * 90);
          const at = new Date(Date.now() - ageDays * DAY - Math.floor(rand() * 10) * 3_600_000);
          const customerId = pick(customers);
          const from = pick(byCustomer.get(customerId)!);
          const other = pick(places.filter((p) => p.id !== from.id));
          const fate = fateOf(ageDays, rand());
          const [goods, weight, pallets] = pick(GOODS);
          const quantity = 1 + Math.floor(rand() * 12);
          const day = new Date(at.getTime() + (1 + Math.floor(rand() * 3)) * DAY).toISOString().slice(0, 10);
          const stops: StopInputT[] = [
            {
              type: 'Pickup',
              addressId: from.id,
              date: day,
              timeWindowStart: `${day}T14:00:00Z`,
              timeWindowEnd: `${day}T18:00:00Z`,
              items: [{ description: goods, quantity, weight: Math.round(weight * quantity), pallets: Math.ceil(pallets * quantity) }],
            },
          ];
          if (fate !== 'Dreft') stops.push({ type: 'Delivery', addressId: other.id, date: day, priority: rand() < 0.15 ? 'High' : 'Regular' });
          if (fate !== 'Dreft' && rand() < 0.2) stops.push({ type: 'Delivery', addressId: pick(places).id, date: day });
          const made = await orders.create(t, { customerId, stops, referenceNumber: rand() < 0.6 ? `PO-${40000 + n}` : null });
          // Read as the routes' id gate reads them (lockedOrderRecords, activityRecords).
          if (fate === 'Order' || fate === 'Closed' || fate === 'OnHold') await orders.approve(t, await lockedOrderRecords.reread(t, made.id));
          if (fate === 'Closed') await orders.close(t, made.id);
          if (fate === 'Deleted') await orders.removeOne(t, await lockedOrderRecords.reread(t, made.id));
          if (fate === 'OnHold') await holds.hold(t, await lockedOrderRecords.reread(t, made.id), { reason: pick(HOLD_REASONS) });
          if (rand() < 0.25) {
            const [entry] = (await history.activityLog(t, made, { Page: 1, ItemsPerPage: 1 })).list;
            if (entry) await history.setNote(t, made, await activityRecords.reread(t, entry.id), { note: pick(NOTES) });
          }
          await backdateOrder(t, made.id, at);
        }
      });
    }

    // The board: approved local orders of yesterday and today, booked the day before (its own seed,
    // so the book above stays the same).
    const boardRand = random(20261125);
    const metro = places.filter((p) => places.some((q) => q.id !== p.id && km(p, q) <= BOARD_METRO_KM));
    await ctx.inCompany(async (t: Tenant) => {
      for (const [daysAgo, perPlace] of BOARD_PER_PLACE) {
        const day = new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);
        for (const from of metro) {
          const reach = places.filter((p) => p.id !== from.id && km(from, p) <= BOARD_LOCAL_KM);
          for (let k = 0; k < perPlace; k++) {
            const to = reach[Math.floor(boardRand() * reach.length)]!;
            const [goods, weight, pallets] = GOODS[Math.floor(boardRand() * GOODS.length)]!;
            const quantity = 1 + Math.floor(boardRand() * 6);
            const made = await orders.create(t, {
              customerId: from.customer_id!,
              stops: [
                {
                  type: 'Pickup',
                  addressId: from.id,
                  date: day,
                  timeWindowStart: `${day}T14:00:00Z`,
                  timeWindowEnd: `${day}T18:00:00Z`,
                  items: [{ description: goods, quantity, weight: Math.round(weight * quantity), pallets: Math.ceil(pallets * quantity) }],
                },
                { type: 'Delivery', addressId: to.id, date: day },
              ],
              referenceNumber: `PO-${41000 + (1 - daysAgo) * 100 + k * metro.length + metro.indexOf(from)}`,
            });
            await orders.approve(t, await lockedOrderRecords.reread(t, made.id));
            await backdateOrder(t, made.id, new Date(Date.parse(`${day}T00:00:00Z`) - DAY + 9 * 3_600_000));
          }
        }
      }
    });
  },
};
