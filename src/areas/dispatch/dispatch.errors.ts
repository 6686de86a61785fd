// The error codes of dispatch (docs/error-codes.md is generated from the lists), with the HTTP
// status each answers with. AppError takes only listed codes.
import { errorCodes } from '../../platform/errors.js';

export const DispatchErrors = errorCodes({
  driverBusy: [400, 'routes.driver_busy', 'The driver is on another active route that day.'],
  truckBusy: [400, 'routes.truck_busy', 'The truck is on another active route that day.'],
  driverUnavailable: [400, 'routes.driver_unavailable', 'The driver is deleted or not Active.'],
  truckUnavailable: [400, 'routes.truck_unavailable', 'The truck is not Active (in the shop or inactive).'],
  statusChange: [400, 'routes.invalid_status_change', "The route's state does not allow the operation."],
  hasDoneItems: [400, 'routes.has_done_items', 'The route has done items: archive it instead of deleting it.'],
  stopTaken: [400, 'routes.stop_taken', 'The stop is on another route (or was put on one meanwhile): take it off that route first.'],
  itemDone: [400, 'routes.item_done', 'The stop is done on its route: it stays there.'],
  notAssigned: [400, 'routes.not_assigned', 'The stop is on no route.'],
  pickupAfterDelivery: [400, 'routes.pickup_after_delivery', "A route would unload an order's freight before loading it."],
  notFeasible: [400, 'routes.not_feasible', 'With validateIsAssigned=true: the route would break a capacity or a time window.'],
  quantityAboveOrdered: [400, 'routes.quantity_above_ordered', "With allowIncreaseDeliveryQuantity=false: a quantity above the item's."],
  orderClosed: [400, 'routes.order_closed', 'The order is closed: its stops stay done.'],
  routeClosed: [400, 'routes.closed', 'The route is completed or archived: restore it before changing it.'],
});
