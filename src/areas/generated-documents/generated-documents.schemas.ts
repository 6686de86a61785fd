// What the generated documents' endpoints take (part 2, "Generated documents"). Their answers are
// files, or an outbox id for the mails.
import { Id, NumEnum, type Static, Type } from '../../platform/schemas.js';

/** Most orders one bulk download prints. */
export const MAX_BULK = 100;
/** Most quotes one EmailQuotes mail carries (a PDF each). */
export const MAX_QUOTES = 20;

export const Mode = NumEnum({ Pdf: 0, Html: 1 }, { description: '0 Pdf (application/pdf), 1 Html (a standalone text/html page).' });
export type ModeT = Static<typeof Mode>;

export const OrderModeParams = Type.Object({ orderId: Id, mode: Mode });
export const InvoiceModeParams = Type.Object({ invoiceId: Id, mode: Mode });
export const ModeParams = Type.Object({ mode: Mode });
export const OrderParams = Type.Object({ orderId: Id });
export const InvoiceParams = Type.Object({ invoiceId: Id });

const highlightItems = Type.Optional(Type.Boolean({ default: false, description: 'Print the item rows emphasized (bold, on a shaded band).' }));
const splitOrderStopItems = Type.Optional(
  Type.Boolean({ default: false, description: "One items table per stop instead of one table of every item with its stop's column." }),
);
const requestCustomerId = Type.Optional(
  Type.Integer({
    format: 'int32',
    minimum: -2147483648,
    maximum: 2147483647,
    description: "The customer asking (a customer portal's view): an order of any other customer answers 404 as a missing one does.",
  }),
);

export const BolQuery = Type.Object({
  deliveryId: Type.Optional(
    Type.Integer({
      format: 'int32',
      minimum: -2147483648,
      maximum: 2147483647,
      description: 'A delivery stop of the order: the bill of lading of that delivery only (the pickups and it, their items; it is the consignee).',
    }),
  ),
  highlightItems,
  requestCustomerId,
  splitOrderStopItems,
});
export type BolQueryT = Static<typeof BolQuery>;

export const BolEmailQuery = Type.Object({ highlightItems, splitOrderStopItems });
export type BolEmailQueryT = Static<typeof BolEmailQuery>;

export const SendBolQuery = Type.Object({ splitOrderStopItems });

export const LabelsQuery = Type.Object({ requestCustomerId });

export const BulkQuery = Type.Object({
  ids: Type.Array(Id, { minItems: 1, maxItems: MAX_BULK, description: `Order ids (repeat the parameter), 1 to ${MAX_BULK}.` }),
});

export const EmailQuotesQuery = Type.Object({ email: Type.String({ format: 'email', maxLength: 254, description: 'The address the quotes are mailed to.' }) });
export const EmailQuotesBody = Type.Array(Id, { minItems: 1, maxItems: MAX_QUOTES, description: `Order ids, 1 to ${MAX_QUOTES}: a quote PDF each.` });

export const OutboxId = Type.String({ description: "The id of the mail in the company's outbox (sent over SMTP when configured)." });
