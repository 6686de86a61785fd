// The /Quotes rows about one stop or item of an order (part 1, "Quotes and order stops"):
// adding a stop, the appointment, call outcome, driver instructions and priority of a stop, and an
// item's events.
import { None } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Type } from '../../platform/schemas.js';
import { EDIT, STOP_PRIORITY, VIEW } from './orders.access.js';
import { anyOrderRecords, lockedOrderRecords, orderRecords } from './orders.repository.js';
import { OrderStop, StopInput } from './orders.schemas.js';
import { stopPlaceRecords } from './stop-places.js';
import { itemRecords, stopRecords } from './stops.repository.js';
import {
  AppointmentParams,
  AppointmentQuery,
  CallOutcomeParams,
  ItemEventsParams,
  OrderIdPathParams,
  OrderItemEventDto,
  OrderStopDriverInstructionsDto,
  PriorityParams,
  StopParams,
} from './stops.schemas.js';
import type { StopsService } from './stops.service.js';

const STOP_ID = { params: { orderStopId: stopRecords } };

export function orderStopsRoutes(stops: StopsService): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/Quotes/:orderId/OrderStop',
      access: EDIT,
      ids: { params: { orderId: lockedOrderRecords }, body: { addressId: stopPlaceRecords } },
      summary: 'Add a stop to an order',
      description:
        'Body: an OrderStop to add (type, addressId or address, date, time window, priority, instructions, items), as in POST /Quotes. It goes after the last stop of its kind ' +
        '(pickups, then transfers, then deliveries), the stops after it move down one, and the order is priced again. Refused for a closed or deleted order. Answers the stop.',
      params: OrderIdPathParams,
      body: StopInput,
      response: OrderStop,
      handler: ({ tenant, found, body }) => stops.addTo(tenant, found.one(orderRecords), body, found.all(stopPlaceRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Quotes/:orderStopId/appointmentStatus/:status',
      access: EDIT,
      ids: { params: { orderStopId: stopRecords, status: 'not-an-id' } },
      summary: "Set a stop's appointment status",
      description:
        'status: Nothing, Request, Requested, Approve, Accepted, Review or NewAppointment (name or position). appointmentCode keeps the code the site gave; appointmentEmail ' +
        "the site's address for requests. sendRequest=true (opt in) writes the appointment request mail to the outbox, to appointmentEmail or the one kept " +
        '(none: 400 orders.no_appointment_email). Answers the stop.',
      params: AppointmentParams,
      querystring: AppointmentQuery,
      response: OrderStop,
      handler: ({ tenant, found, params, query }) => stops.setAppointment(tenant, found.one(stopRecords), params.status, query),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Quotes/:orderStopId/callOutcome/:callOutcome',
      access: EDIT,
      ids: { params: { orderStopId: stopRecords, callOutcome: 'not-an-id' } },
      summary: 'Record the outcome of the call to a stop',
      description: 'callOutcome: 1 CallNotMade, 2 Possible, 3 NotPossible (number or name). Answers the stop.',
      params: CallOutcomeParams,
      response: OrderStop,
      handler: ({ tenant, found, params }) => stops.setCallOutcome(tenant, found.one(stopRecords), params.callOutcome),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Quotes/:orderStopId/driverInstructions',
      access: EDIT,
      ids: STOP_ID,
      summary: "Set a stop's driver instructions",
      description: 'Body: { driverInstructions }; null or empty clears them.',
      params: StopParams,
      body: OrderStopDriverInstructionsDto,
      response: None,
      handler: ({ tenant, found, body }) => stops.setDriverInstructions(tenant, found.one(stopRecords), body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Quotes/:orderStopId/priority/:priority',
      access: STOP_PRIORITY,
      ids: { params: { orderStopId: stopRecords, priority: 'not-an-id' } },
      summary: "Set a stop's priority",
      description: 'priority: Low, Regular or High (name or position).',
      params: PriorityParams,
      response: None,
      handler: ({ tenant, found, params }) => stops.setPriority(tenant, found.one(stopRecords), params.priority),
    }),
    defineRoute({
      method: 'GET',
      url: '/Quotes/:id/Items/:itemId/Events',
      access: VIEW,
      ids: { params: { id: anyOrderRecords, itemId: itemRecords } },
      summary: "An item's events",
      description: 'Oldest first: Created, BarcodeAssigned, and what drivers record (loaded, delivered, damaged...). An item of another order is a 404.',
      params: ItemEventsParams,
      response: Type.Array(OrderItemEventDto),
      handler: ({ tenant, found }) => stops.itemEvents(tenant, found.one(orderRecords), found.one(itemRecords)),
    }),
  ];
}
