// GET /Drivers/DriversStats: a driver's routes in figures, served here where the routes are (the
// drivers area cannot read them). Today is the UTC day: the company keeps no time zone.
import type { Tenant } from '../../db/tenant.js';
import { signedIn } from '../../platform/access.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Id, Nullable, Opt, type Static, Type } from '../../platform/schemas.js';
import { driverRecords } from '../drivers/index.js';
import { driverFigures } from './routes.repository.js';

export const DriversStats = Type.Object(
  {
    driverId: Nullable(Id),
    routes: Type.Integer({ description: 'Routes the driver is on, in every state.' }),
    routesToday: Type.Integer({ description: "Today's routes (UTC day), archived ones left out." }),
    activeRoutes: Type.Integer({ description: 'Planned, Next or InProgress.' }),
    completedRoutes: Type.Integer(),
    stopsDone: Type.Integer({ description: "Route items done on the driver's routes." }),
    stopsOpen: Type.Integer({ description: 'Route items still to do on active routes.' }),
    distanceMeters: Type.Number({ description: 'Of completed routes.' }),
    payoutAmount: Type.Number({ description: 'Of completed routes (fixed when a route is completed).' }),
  },
  { $id: 'DriversStats' },
);
type DriversStatsT = Static<typeof DriversStats>;

/** `driver`: the id gate's; absent, every driver's together. */
async function stats(t: Tenant, driver: { id: number } | undefined): Promise<DriversStatsT> {
  const driverId = driver?.id ?? null;
  const f = await driverFigures(t, driverId, new Date().toISOString().slice(0, 10));
  return {
    driverId,
    routes: f.routes,
    routesToday: f.routes_today,
    activeRoutes: f.active,
    completedRoutes: f.completed,
    stopsDone: f.done,
    stopsOpen: f.open,
    distanceMeters: Number(f.distance ?? 0),
    payoutAmount: Number(f.payout ?? 0),
  };
}

export function driverStatsRoutes(): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/Drivers/DriversStats',
      // As GET /Drivers: any signed-in user (dispatch and expenses both read drivers).
      access: signedIn,
      tags: ['Drivers'],
      ids: { query: { driverId: driverRecords } },
      summary: "A driver's routes in figures",
      description:
        "The driver's (driverId), or every driver's together (absent): routes by state, today's, stops done and open, distance and payout of completed routes.",
      querystring: Type.Object({ driverId: Opt(Id) }),
      response: DriversStats,
      handler: ({ tenant, found }) => stats(tenant, found.maybe(driverRecords)),
    }),
  ];
}
