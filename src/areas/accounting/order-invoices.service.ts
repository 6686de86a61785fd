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
import { liveInvoiceIdOfOrder } from './invoices.repository.js';
import type { InvoiceT, LineInputT } from './invoices.schemas.js';
import type { InvoicesService } from './invoices.service.js';
import { DECIMALS, hasAtMostDecimals, lineAmount, minus, sum } from './money.js';

type OrderRow = Awaited<ReturnType<typeof orderRecords.requireOne>>;

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
  /** The order's live invoice made, or made again while a Draft. `replace`: an approved one is refused rather than kept. */
  async function invoiceOrder(t: Tenant, orderId: number, replace: boolean): Promise<InvoiceT> {
    const order = await orderRecords.requireOne(t, orderId, { includeDeleted: true, lock: true });
    const { lines, kept } = await orderLines(t, order);
    const liveId = await liveInvoiceIdOfOrder(t, orderId);
    if (liveId === null)
      return invoices.createWith(
        t,
        { customerId: order.customer_id, orderId, currency: order.currency, lines, referenceNumber: text(order.reference_number) },
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
    return invoices.update(t, liveId, { lines, currency: order.currency }, kept);
  }

  return {
    invoiceOrder,
    /** Closes the order (a closed one stays closed) and invoices it. */
    async closeAndInvoice(t: Tenant, orderId: number): Promise<InvoiceT> {
      await orders.close(t, orderId);
      return invoiceOrder(t, orderId, false);
    },
    /** Marks the order's live invoice deleted (refused while payments are applied). */
    async removeOrderInvoice(t: Tenant, orderId: number): Promise<void> {
      await orderRecords.requireOne(t, orderId, { includeDeleted: true });
      const liveId = await liveInvoiceIdOfOrder(t, orderId);
      if (liveId !== null) await invoices.remove(t, liveId);
    },
  };
}

export type OrderInvoicesService = ReturnType<typeof orderInvoicesService>;
