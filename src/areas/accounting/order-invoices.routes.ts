// The order rows that invoice (part 1, "Orders"; listed by summary only, designed here): close and
// invoice, make or make again, delete. They belong to accounting, which owns invoices; access is
// accounting's "Create/Edit Custom Quote" (the spec's name for writing invoices).
import { None } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Id, Type } from '../../platform/schemas.js';
import { orderRecords } from '../orders/index.js';
import { EDIT_INVOICE } from './accounting.access.js';
import { invoiceableOrderRecords } from './invoices.service.js';
import type { OrderInvoicesService } from './order-invoices.service.js';

const Params = Type.Object({ id: Id });
/** An order, deleted ones too: deleting its invoice reads it so. */
const anyOrder = orderRecords.with({ includeDeleted: true });
const LINES =
  "The invoice is a Draft in the order's currency, for its customer, with a line per line of the order's price (its charge type, quantity and unit price) and a line for the difference when the price was set by hand; due by the customer's terms.";

export function orderInvoicesRoutes(invoices: OrderInvoicesService): AnyRoute[] {
  return [
    defineRoute({
      method: 'PUT',
      url: '/Orders/:id/close-and-create-invoice',
      access: EDIT_INVOICE,
      ids: { params: { id: invoiceableOrderRecords } },
      summary: 'Close the order and invoice it',
      description: `Closes the order as PUT /Orders/{id}/close does (a quote, draft or deleted order is refused) and answers its invoice: made, or, a Draft already, made again from the order's price; an approved one is answered as it is. ${LINES}`,
      params: Params,
      response: Type.Ref('Invoice'),
      handler: ({ tenant, found }) => invoices.closeAndInvoice(tenant, found.one(orderRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Orders/:id/invoice',
      access: EDIT_INVOICE,
      ids: { params: { id: invoiceableOrderRecords } },
      summary: "Make the order's invoice, or make it again",
      description: `An order (approved or closed; not a quote, draft or deleted one: accounting.order_not_invoiceable) gets its invoice, or its Draft invoice is made again from its price; an approved invoice is refused (accounting.invoice_approved: set it back to Draft first). ${LINES}`,
      params: Params,
      response: Type.Ref('Invoice'),
      handler: ({ tenant, found }) => invoices.invoiceOrder(tenant, found.one(orderRecords), true),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Orders/:id/invoice',
      access: EDIT_INVOICE,
      ids: { params: { id: anyOrder } },
      summary: "Delete the order's invoice",
      description:
        "Marks the order's live invoice deleted, as DELETE /Accounting/invoice/{id} does (refused while payments are applied: accounting.invoice_has_payments); the order may then be invoiced again. An order without one changes nothing.",
      params: Params,
      response: None,
      handler: ({ tenant, found }) => invoices.removeOrderInvoice(tenant, found.one(orderRecords)),
    }),
  ];
}
