// What the stop routes take: the stop in the path, the new value in the path or the body.
import { Id, NameEnum, NumEnum, Opt, type Static, Text, Type } from '../../platform/schemas.js';
import { APPOINTMENT_STATUSES, PRIORITIES } from './orders.schemas.js';

export const OrderIdPathParams = Type.Object({ orderId: Id });
export const StopParams = Type.Object({ orderStopId: Id });
export const AppointmentParams = Type.Object({ orderStopId: Id, status: NameEnum(APPOINTMENT_STATUSES) });
export const AppointmentQuery = Type.Object({
  appointmentCode: Opt(Text(100, 'The confirmation code the site gave.')),
  appointmentEmail: Opt(Type.String({ format: 'email', maxLength: 254, description: 'Where the site takes appointment requests; kept with the stop.' })),
  sendRequest: Type.Optional(Type.Boolean({ default: false, description: 'Opt in: mail the appointment request to appointmentEmail (or the one kept).' })),
});
export type AppointmentQueryT = Static<typeof AppointmentQuery>;
export const CallOutcomeParams = Type.Object({ orderStopId: Id, callOutcome: NumEnum({ CallNotMade: 1, Possible: 2, NotPossible: 3 }) });
export const PriorityParams = Type.Object({ orderStopId: Id, priority: NameEnum(PRIORITIES) });
export const OrderStopDriverInstructionsDto = Type.Object(
  { driverInstructions: Opt(Text(2000, 'What the driver must know at this stop (gate code, dock, who to ask for); null clears them.')) },
  { $id: 'OrderStopDriverInstructionsDto' },
);
export type DriverInstructionsT = Static<typeof OrderStopDriverInstructionsDto>;

export const ItemEventsParams = Type.Object({ id: Id, itemId: Id });
export const OrderItemEventDto = Type.Object(
  {
    id: Id,
    itemId: Id,
    orderId: Id,
    stopId: Type.Union([Id, Type.Null()]),
    type: Type.String({ description: 'Created, BarcodeAssigned, and what drivers record later (Loaded, Delivered, Damaged...).' }),
    note: Type.Union([Type.String(), Type.Null()]),
    userId: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.Unsafe<Date | string>({ type: 'string', format: 'date-time' }),
  },
  { $id: 'OrderItemEventDto' },
);
export type OrderItemEventT = Static<typeof OrderItemEventDto>;
