// An order's invoice (PUT /Orders/{id}/close-and-create-invoice, PUT and DELETE /Orders/{id}/invoice,
// and createInvoice of a quote step): made from the order's price — a line per line of the rating
// engine's breakdown, with its charge type, and a line for the difference when the order was
// priced by hand — in the order's currency. An order has one live invoice: while it is a Draft it
// is made again from the order's price; approved, it is left as it is (its money is frozen).
import type { Tenant } from '../../db/tenant.js';
import { fail } from '../../platform/errors.js';
import { text } from '../../platform/writes.js';
import { chargeTypeRecords } from '../charge-types/index.js';
import { type OrderServices, orderRecords } from '../orders/index.js';
import { AccountingErrors } from './accounting.errors.js';
import type { KnownType } from './invoice-lines.js';
import { invoiceRecords, liveInvoiceIdOfOrder } from './invoices.repository.js';
import type { InvoiceT, LineInputT } from './invoices.schemas.js';
import type { InvoicesService, OrderRow } from './invoices.service.js';
import { DECIMALS, hasAtMostDecimals, lineAmount, minus, sum } from './money.js';

/** The order's price as invoice lines, with the charge types they name. */
async function orderLines(t: Tenant, order: OrderRow): Promise<{ lines: LineInputT[]; kept: Map<number, KnownType> }> {
  const priced = order.price_lines ?? [];
  const typeIds = [...new Set(priced.map((l) => l.chargeTypeId).filter((id): id is number => id !== null))];
  const types = new Map((await chargeTypeRecords.findAll(t, typeIds)).map((c) => [c.id, c]));
  const kept = new Map<number, KnownType>();
  const lines: LineInputT[] = priced.map((l) => {
    const type = l.chargeTypeId !== null ? types.get(l.chargeTypeId) : undefined;
    if (l.chargeTypeId !== null) kept.set(l.chargeTypeId, { code: l.code || null, name: l.description, isTaxable: type?.is_taxable ?? false });
    // quantity × unit price when it makes the engine's amount to the cent; else the amount as one.
    const exact =
      hasAtMostDecimals(l.quantity, DECIMALS.quantity) && hasAtMostDecimals(l.unitPrice, DECIMALS.rate) && lineAmount(l.quantity, l.unitPrice) === l.amount;
    return {
      chargeTypeId: type ? l.chargeTypeId : null,
      description: l.description,
      quantity: exact ? l.quantity : 1,
      rate: exact ? l.unitPrice : l.amount,
      isTaxable: type?.is_taxable ?? false,
    };
  });
  const difference = minus(order.total_price, sum(lines.map((l) => lineAmount(l.quantity ?? 1, l.rate!))));
  if (difference !== 0 || lines.length === 0)
    lines.push({ description: lines.length === 0 ? `Freight charges, order ${order.order_number}` : 'Price adjustment', quantity: 1, rate: difference });
  return { lines, kept };
}

export function orderInvoicesService(invoices: InvoicesService, orders: OrderServices['orders']) {
  /** The order's live invoice made, or made again while a Draft. `replace`: an approved one is
   *  refused rather than kept. `order` read locked, deleted ones too (invoiceableOrderRecords). */
  async function invoiceOrder(t: Tenant, order: OrderRow, replace: boolean): Promise<InvoiceT> {
    const orderId = order.id;
    const { lines, kept } = await orderLines(t, order);
    const liveId = await liveInvoiceIdOfOrder(t, orderId);
    if (liveId === null)
      return invoices.createWith(
        t,
        { customerId: order.customer_id, orderId, currency: order.currency, lines, referenceNumber: text(order.reference_number) },
        order,
        `Invoice made from order ${order.order_number}.`,
        kept,
      );
    const live = await invoices.read(t, liveId);
    if (live.status === 2) {
      if (replace)
        throw fail(
          AccountingErrors.invoiceApproved,
          `Order ${order.order_number}'s invoice ${live.invoiceNumber} is approved: set it back to Draft to make it again.`,
        );
      return live;
    }
    return invoices.update(t, await invoiceRecords.reread(t, liveId, { lock: true }), { lines, currency: order.currency }, {}, kept);
  }

  /** The order's row again, locked, deleted ones too: the order this request read or changed. */
  const lockedOrder = (t: Tenant, orderId: number) => orderRecords.reread(t, orderId, { includeDeleted: true, lock: true });

  return {
    invoiceOrder,
    /** The order's invoice, by the id of an order step just saved (accounting's subscription). */
    invoiceOrderById: async (t: Tenant, orderId: number, replace: boolean): Promise<InvoiceT> => invoiceOrder(t, await lockedOrder(t, orderId), replace),
    /** Closes the order (a closed one stays closed) and invoices it. */
    async closeAndInvoice(t: Tenant, order: OrderRow): Promise<InvoiceT> {
      await orders.close(t, order.id);
      return invoiceOrder(t, await lockedOrder(t, order.id), false);
    },
    /** Marks the order's live invoice deleted (refused while payments are applied). */
    async removeOrderInvoice(t: Tenant, order: OrderRow): Promise<void> {
      const liveId = await liveInvoiceIdOfOrder(t, order.id);
      if (liveId !== null) await invoices.remove(t, await invoiceRecords.reread(t, liveId, { lock: true }));
    },
  };
}

export type OrderInvoicesService = ReturnType<typeof orderInvoicesService>;
