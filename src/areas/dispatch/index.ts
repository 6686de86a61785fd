// Dispatch (part 1, "Dispatch and routes"): routes, the legs of order stops on them and in the
// unassigned pool. The pool follows the orders area's announcements (legs.service.ts); where a stop
// stands is told back to the orders area (mirrorStopRoutes), which owns the stops.
import { matrixProvider } from '../../integrations/geo/matrix/index.js';
import { type Area, perApp } from '../../platform/area.js';
import { on } from '../../platform/events.js';
import { driversStatusChanged } from '../drivers/index.js';
import { orderClosed, orderDeleted, orderRouteItemsCompleted, orderStopAdded, orderUpdated, quoteApproved } from '../orders/index.js';
import { assignRoutes } from './assign.routes.js';
import {
  AssignUnassignedStopRequest,
  AttemptRequest,
  ChangeOrderRouteRequest,
  MoveToUnassignedRequest,
  RouteItemGroupInput,
  RouteItemStopGroup,
  UnassignedFiltersRes,
} from './assign.schemas.js';
import { assignService } from './assign.service.js';
import { DispatchErrors } from './dispatch.errors.js';
import { DriversStats, driverStatsRoutes } from './driver-stats.js';
import { executionRoutes } from './execution.routes.js';
import { executionService } from './execution.service.js';
import { routeItemRecords } from './legs.repository.js';
import { completeOrderLegs, syncLegs } from './legs.service.js';
import { optimizationRoutes } from './optimization.routes.js';
import { AutoRerouteRouteRequest, RouteOptimizationStatus, UnassignedStopRouteSuggestionDto } from './optimization.schemas.js';
import { optimizationService } from './optimization.service.js';
import { poolService } from './pool.service.js';
import { routeRecords } from './routes.repository.js';
import { routesRoutes } from './routes.routes.js';
import { Route, RouteGroupItem, RouteItem, RouteItemGroup, RouteResponse, WarehouseMove } from './routes.schemas.js';
import { releaseDrivers, routesService } from './routes.service.js';
import { transfersRoutes } from './transfers.routes.js';
import { HubAddressInput, OrderRouteLeg, OrderRouteSnapshotDto, TransferOption, TransferStop, TransferStopInput } from './transfers.schemas.js';
import { transfersService } from './transfers.service.js';

const services = perApp((deps) => {
  const matrix = matrixProvider(deps.config);
  const assign = assignService(matrix);
  const routes = routesService(assign);
  return {
    routes,
    pool: poolService(assign, routes),
    execution: executionService(assign, routes),
    transfers: transfersService(matrix, assign),
    optimization: optimizationService(matrix, assign),
  };
});

const sync = (t: Parameters<typeof syncLegs>[0], p: { orderId: number }) => syncLegs(t, [p.orderId]);

export const dispatchArea: Area = {
  name: 'Dispatch and routes',
  errors: DispatchErrors,
  resources: [routeRecords, routeItemRecords],
  schemas: [
    RouteItem,
    RouteGroupItem,
    RouteItemGroup,
    Route,
    RouteResponse,
    WarehouseMove,
    AssignUnassignedStopRequest,
    RouteItemGroupInput,
    ChangeOrderRouteRequest,
    MoveToUnassignedRequest,
    AttemptRequest,
    RouteItemStopGroup,
    UnassignedFiltersRes,
    TransferStopInput,
    TransferOption,
    TransferStop,
    HubAddressInput,
    OrderRouteLeg,
    OrderRouteSnapshotDto,
    AutoRerouteRouteRequest,
    RouteOptimizationStatus,
    UnassignedStopRouteSuggestionDto,
    DriversStats,
  ],
  subscriptions: [
    on(quoteApproved, 'dispatch', sync),
    on(orderStopAdded, 'dispatch', sync),
    on(orderUpdated, 'dispatch', sync),
    on(orderClosed, 'dispatch', sync),
    on(orderDeleted, 'dispatch', sync),
    on(orderRouteItemsCompleted, 'dispatch', (t, p) => completeOrderLegs(t, p.orderId)),
    on(driversStatusChanged, 'dispatch', (t, p) => (p.unassignPendingRoutes ? releaseDrivers(t, p.driverIds) : Promise.resolve())),
  ],
  routes: (deps) => {
    const { routes, pool, execution, transfers, optimization } = services(deps);
    return [
      ...routesRoutes(routes),
      ...assignRoutes(pool),
      ...executionRoutes(execution),
      ...transfersRoutes(transfers),
      ...optimizationRoutes(optimization),
      ...driverStatsRoutes(),
    ];
  },
};

export { routeDeleted } from './dispatch.events.js';
export { routeRecords } from './routes.repository.js';
