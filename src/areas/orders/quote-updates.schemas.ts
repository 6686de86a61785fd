// PUT /Quotes/{id}/{quoteUpdateType} and its /edit twin: one step of the quote as the portal's
// wizard saves it — its pickups, its deliveries (each a draft or done), its pricing, its
// recurrence or how dispatch routes it.
import { Id, Many, NameEnum, NumEnum, Opt, type Static, Text, Type } from '../../platform/schemas.js';
import { ItemInput, OrderInput, StopInput } from './orders.schemas.js';

export const QUOTE_UPDATE_TYPES = {
  PickupDraft: 0,
  PickupDone: 1,
  DeliveryDraft: 2,
  DeliveryDone: 3,
  Pricing: 4,
  Recurrence: 5,
  OrderRouteBehavior: 6,
} as const;
export const QuoteUpdateType = NumEnum(QUOTE_UPDATE_TYPES, { description: 'Which step of the quote the body saves' });
export const ROUTE_BEHAVIORS = ['Default', 'SameRoute', 'SeparateRoutes'] as const;

export const Recurrence = Type.Object(
  {
    frequency: NameEnum(['Daily', 'Weekly', 'Monthly'] as const),
    interval: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, default: 1, description: 'Every n days, weeks or months.' })),
    daysOfWeek: Opt(Type.Array(NameEnum(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const), { maxItems: 7 })),
    startsOn: Opt(Type.String({ format: 'date' })),
    endsOn: Opt(Type.String({ format: 'date' })),
  },
  { $id: 'Recurrence' },
);
export type RecurrenceT = Static<typeof Recurrence>;

/** A stop as the wizard sends it: with its id when it is one the order has. */
export const StopUpdate = Type.Object({
  ...StopInput.properties,
  id: Opt(Id),
  items: Opt(Type.Array(Type.Object({ ...ItemInput.properties, id: Opt(Id) }), { maxItems: 500 })),
});
export type StopUpdateT = Static<typeof StopUpdate>;

/** The order as each step sends it: every field optional, each step reading its own. */
const { customerId, stops, ...orderFields } = OrderInput.properties;
const QUOTE_STEP_FIELDS = {
  ...Type.Partial(Type.Object(orderFields)).properties,
  customerId: Opt(Id),
  customer: Opt(
    Type.Object(
      { name: Type.String({ minLength: 1, maxLength: 200 }), email: Opt(Type.String({ format: 'email', maxLength: 254 })), phone: Opt(Text(50)) },
      { description: 'With createCustomerFromQuote=true: the new customer the quote is for.' },
    ),
  ),
  stops: Opt(Many(StopUpdate)),
  recurrence: Opt(Recurrence),
  routeBehavior: Opt(NameEnum(ROUTE_BEHAVIORS)),
};
export const QuoteStepBody = Type.Object(QUOTE_STEP_FIELDS, { $id: 'QuoteStep' });
export type QuoteStepBodyT = Static<typeof QuoteStepBody> & { stops?: StopUpdateT[] | null };

export const QuoteStepParams = Type.Object({ id: Id, quoteUpdateType: QuoteUpdateType });
export const QuoteStepQuery = Type.Object({
  completeQuoteRouteItems: Type.Optional(Type.Boolean({ default: false, description: "Mark the order's stops that are on a route done." })),
  createCustomerFromQuote: Type.Optional(Type.Boolean({ default: false, description: 'Make the customer of body.customer and put the quote on it.' })),
  createInvoice: Type.Optional(
    Type.Boolean({
      default: true,
      description:
        'When the order is closed after the step: its invoice made, or made again from its price while a Draft (false: the invoice is left as it is).',
    }),
  ),
  returnQuote: Type.Optional(Type.Boolean({ default: true, description: 'Answer the order (false: data null).' })),
});
export type QuoteStepQueryT = Static<typeof QuoteStepQuery>;

export const UpdateQuoteDto = Type.Object(
  {
    orderId: Id,
    quoteUpdateType: QuoteUpdateType,
    completeQuoteRouteItems: QuoteStepQuery.properties.completeQuoteRouteItems,
    createCustomerFromQuote: QuoteStepQuery.properties.createCustomerFromQuote,
    createInvoice: QuoteStepQuery.properties.createInvoice,
    returnQuote: QuoteStepQuery.properties.returnQuote,
    // The step's fields inline (the walk and the normalizer read the body's own fields).
    order: Type.Object(QUOTE_STEP_FIELDS),
  },
  { $id: 'UpdateQuoteDto' },
);
export type UpdateQuoteDtoT = Omit<Static<typeof UpdateQuoteDto>, 'order'> & { order: QuoteStepBodyT };
export const EditParams = Type.Object({ id: Type.String({ maxLength: 64 }), quoteUpdateType: Type.String({ maxLength: 64 }) });
