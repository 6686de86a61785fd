// What an order answers about itself besides its record: its items' barcodes, the people to call,
// the job sites' email addresses and the warnings on its stops.

import { Id, Many, NameEnum, Nullable, type Static, Type } from '../../platform/schemas.js';
import { CustomerContact } from '../customers/index.js';
import { STOP_TYPES } from './orders.schemas.js';

export const OrderBarcode = Type.Object(
  {
    itemId: Id,
    stopId: Id,
    description: Type.String(),
    quantity: Type.Number(),
    barcode: Type.String(),
  },
  { $id: 'OrderBarcode' },
);
export type OrderBarcodeT = Static<typeof OrderBarcode>;

export const OrderContacts = Type.Object(
  {
    orderId: Id,
    customerId: Id,
    customerName: Type.String(),
    customerEmail: Nullable(Type.String()),
    customerPhone: Nullable(Type.String()),
    orderContact: Nullable(Type.Ref('CustomerContact', { description: "The order's contact, when it names one." })),
    contacts: Many(Type.Ref('CustomerContact'), { description: "The customer's contacts, primary first." }),
    stopContacts: Many(
      Type.Object({
        stopId: Id,
        type: NameEnum(STOP_TYPES),
        sequence: Type.Integer(),
        contactName: Nullable(Type.String()),
        contactPhone: Nullable(Type.String()),
      }),
      { description: "The person to ask for at each stop (the stop's, else its address's)." },
    ),
  },
  { $id: 'OrderContacts' },
);

export const StopWarnings = Type.Object(
  {
    stopId: Id,
    type: NameEnum(STOP_TYPES),
    sequence: Type.Integer(),
    warnings: Many(
      Type.Object({
        code: Type.String({ description: 'no_time_window, non_working_day, no_coordinates, over_truck_weight, over_truck_pallets.' }),
        message: Type.String(),
      }),
    ),
  },
  { $id: 'StopWarnings' },
);
export type StopWarningsT = Static<typeof StopWarnings>;

export { CustomerContact };
