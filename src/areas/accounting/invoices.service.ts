// Invoices: made by hand (a Draft), read, changed (an approved invoice's money is frozen), approved
// or set back to Draft, copied, marked deleted, and the number check. Each change writes the
// invoice's activity, the audit log and the company event in its transaction.
import { randomUUID } from 'node:crypto';
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { fail, invalid, notFoundAll } from '../../platform/errors.js';
import { dayOf } from '../../platform/paging.js';
import { isCurrencyCode } from '../../platform/validation.js';
import { text } from '../../platform/writes.js';
import { type CustomerRow, customerRecords } from '../customers/index.js';
import { type OrderServices, orderRecords } from '../orders/index.js';
import { AccountingErrors } from './accounting.errors.js';
import { type InvoiceChange, invoiceCreated, invoiceDeleted, invoiceStatusChanged, invoiceUpdated } from './accounting.events.js';
import type { InvoiceApproval } from './accounting.tables.js';
import { logInvoiceActivity } from './activity.js';
import { invoiceAnswers } from './invoice-answers.js';
import { type KnownType, resolveLines } from './invoice-lines.js';
import * as repo from './invoices.repository.js';
import type { InvoiceChangeT, InvoiceInputT, InvoiceLineT, InvoiceT, LineInputT } from './invoices.schemas.js';
import { sum } from './money.js';

/** Generated numbers start after this (the first is 1001), after the company's prefix. */
export const FIRST_NUMBER = 1000;
const provisionalNumber = () => `provisional ${randomUUID()}`;

export type OrderRow = Awaited<ReturnType<typeof orderRecords.requireOne>>;

/** How a route declares the order an invoice names: deleted ones too (refused by name:
 *  accounting.order_not_invoiceable), locked until commit, as `invoiceableOrder` needs it. */
export const invoiceableOrderRecords = orderRecords.with({ includeDeleted: true, lock: true });

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A line as a client would send it back: what compares two lists of lines. */
const lineKey = (l: LineInputT | InvoiceLineT): LineInputT => ({
  chargeTypeId: l.chargeTypeId ?? null,
  description: l.description?.trim() || undefined,
  quantity: l.quantity ?? 1,
  rate: l.rate ?? undefined,
  isTaxable: l.isTaxable ?? false,
});

/** The charge types an invoice's lines name, as invoiced: kept valid on its lines (and a copy's)
 *  even once a type stops applying to the customer. */
const typesOf = (lines: readonly InvoiceLineT[]): ReadonlyMap<number, KnownType> =>
  new Map(lines.filter((l) => l.chargeTypeId !== null).map((l) => [l.chargeTypeId!, { code: l.code, name: l.description, isTaxable: l.isTaxable }]));

/** The company event's payload of an invoice. */
export const changeOf = (i: InvoiceT): InvoiceChange => ({
  invoiceId: i.id,
  invoiceNumber: i.invoiceNumber,
  customerId: i.customerId,
  orderId: i.orderId,
  status: i.status as InvoiceApproval,
  total: i.total,
  currency: i.currency,
});

/** The customer's terms and tax exemption (the customers area keeps them; 0019). */
async function customerTerms(t: Tenant, customerId: number) {
  return t.select('customers').select(['payment_terms_days', 'tax_exempt']).where('id', '=', customerId).executeTakeFirstOrThrow();
}

/** The order an invoice names: the customer's, an order (not a draft, quote or deleted one), with
 *  no other live invoice. Its row is read locked until commit (invoiceableOrderRecords), so two
 *  invoices of one order made at once are made in turn (the second is refused). */
async function invoiceableOrder(t: Tenant, order: OrderRow, customerId: number, exceptInvoiceId: number | null = null) {
  if (order.customer_id !== customerId)
    throw fail(AccountingErrors.orderOfAnotherCustomer, `Order ${order.order_number} is another customer's (customer ${order.customer_id}).`);
  if (order.status !== 'Order' && order.status !== 'Closed')
    throw fail(
      AccountingErrors.orderNotInvoiceable,
      `Order ${order.order_number} is ${order.status === 'Dreft' ? 'a draft' : order.status === 'Quote' ? 'a quote' : 'deleted'}.`,
    );
  const other = await repo.liveInvoiceOfOrder(t, order.id, exceptInvoiceId);
  if (other !== null) throw fail(AccountingErrors.orderAlreadyInvoiced, `Order ${order.order_number} is invoiced already (invoice ${other}).`);
  return order;
}

function checkCurrency(currency: string): string {
  const code = currency.trim().toUpperCase();
  if (!isCurrencyCode(code)) throw fail(AccountingErrors.unknownCurrency, `${currency} is not an ISO 4217 currency code.`);
  return code;
}

/** Whom an invoice made bills and the order it names, as read (by the id gate, or from the order). */
export interface InvoiceParties {
  customer: CustomerRow;
  order: OrderRow | null;
}

/** The customer and order a change names, read by the id gate: each when sent (an order of null is none). */
export interface ChangedParties {
  customer?: CustomerRow;
  order?: OrderRow;
}

export function invoicesService(orders: OrderServices['orders']) {
  async function answer(t: Tenant, row: repo.InvoiceRow): Promise<InvoiceT> {
    const [answered] = await invoiceAnswers(t, [row]);
    return answered!;
  }

  /** An invoice this request made, changed or found by its order, read again. */
  const read = async (t: Tenant, id: number, options: { lock?: boolean } = {}): Promise<InvoiceT> =>
    answer(t, await repo.invoiceRecords.reread(t, id, options));

  /** A number typed by hand, checked under the numbers' lock; taken → 400. */
  async function checkTypedNumber(t: Tenant, number: string, exceptId: number | null) {
    await repo.holdNumbers(t);
    const holder = await repo.invoiceWithNumber(t, number, exceptId);
    if (holder !== null) throw fail(AccountingErrors.duplicateNumber, `Invoice ${holder} has the number ${number}.`);
  }

  /** Numbers the invoice last in its transaction (a typed number skipped, never reused). */
  async function numberInvoice(t: Tenant, id: number): Promise<void> {
    const { invoice_prefix: prefix } = await repo.settingsOf(t);
    for (let tries = 1; ; tries++) {
      if (await repo.giveNumber(t, id, await repo.nextNumber(t, prefix, FIRST_NUMBER))) return;
      if (tries === 1000) throw new Error(`invoice ${id}: no free number after 1,000 tries`);
    }
  }

  async function create(
    t: Tenant,
    input: InvoiceInputT,
    parties: InvoiceParties,
    how = 'Invoice created.',
    kept: ReadonlyMap<number, KnownType> = new Map(),
  ): Promise<InvoiceT> {
    const { customer } = parties;
    const order = parties.order !== null ? await invoiceableOrder(t, parties.order, customer.id) : null;
    const [terms, settings] = await Promise.all([customerTerms(t, customer.id), repo.settingsOf(t)]);
    const currency = checkCurrency(input.currency ?? order?.currency ?? 'USD');
    const taxRate = input.taxRate ?? (terms.tax_exempt ? 0 : settings.tax_rate);
    const { lines, totals } = await resolveLines(t, customer.id, input.lines, taxRate, kept);
    const invoiceDate = input.invoiceDate ?? dayOf();
    const termsDays = input.paymentTermsDays ?? terms.payment_terms_days ?? settings.default_terms_days;
    const dueDate = input.dueDate ?? addDays(invoiceDate, termsDays);
    if (dueDate < invoiceDate) throw invalid('dueDate', `The due date ${dueDate} is before the invoice's date ${invoiceDate}.`);
    const typed = text(input.invoiceNumber);
    if (typed !== null) await checkTypedNumber(t, typed, null);
    const id = await repo.insertInvoice(t, {
      invoice_number: typed ?? provisionalNumber(),
      customer_id: customer.id,
      order_id: order?.id ?? null,
      order_number: order?.order_number ?? null,
      invoice_date: invoiceDate,
      due_date: dueDate,
      payment_terms_days: termsDays,
      currency,
      subtotal: totals.subtotal,
      taxable_subtotal: totals.taxableSubtotal,
      tax_name: taxRate > 0 ? settings.tax_name : null,
      tax_rate: taxRate,
      tax_amount: totals.taxAmount,
      total: totals.total,
      reference_number: text(input.referenceNumber),
      memo: text(input.memo),
      notes: text(input.notes),
      created_by: t.userId,
    });
    await repo.replaceLines(t, id, lines);
    await logInvoiceActivity(t, [id], 'invoice.created', how, { orderId: order?.id ?? null });
    // Last: the company's number counter, locked until commit (numbers without gaps).
    if (typed === null) await numberInvoice(t, id);
    const created = await read(t, id);
    await audit(t, { action: invoiceCreated.name, entityType: 'invoice', entityId: id, after: created });
    await t.announce(invoiceCreated, changeOf(created));
    return created;
  }

  /** The invoice, read locked for a change (lockedInvoiceRecords); a deleted one is refused. */
  async function changeable(t: Tenant, row: repo.InvoiceRow, doing: string): Promise<InvoiceT> {
    const before = await answer(t, row);
    if (before.deletedAt !== null) throw fail(AccountingErrors.invoiceDeleted, `Invoice ${before.invoiceNumber} is deleted: it cannot be ${doing}.`);
    return before;
  }

  return {
    read,
    /** The invoice; with includeOrder, the order it bills (deleted or not). */
    async readWith(t: Tenant, row: repo.InvoiceRow, options: { includeOrder: boolean }): Promise<InvoiceT> {
      const invoice = await answer(t, row);
      return options.includeOrder && invoice.orderId !== null ? { ...invoice, order: await orders.read(t, invoice.orderId) } : invoice;
    },
    /** An invoice by hand: its customer and order as the id gate read them. */
    create: (t: Tenant, input: InvoiceInputT, parties: InvoiceParties) => create(t, input, parties),
    /** The order's invoice (read locked: invoiceableOrderRecords), billing the order's customer,
     *  whose lines name charge types as given (an order's price lines: kept valid even where a type
     *  no longer applies to the customer). */
    async createWith(t: Tenant, input: InvoiceInputT, order: OrderRow, how: string, kept: ReadonlyMap<number, KnownType>): Promise<InvoiceT> {
      // The order's customer, by the order's id of it: a deleted one is missing.
      const customer = await customerRecords.requireOne(t, order.customer_id);
      return create(t, input, { customer, order }, how, kept);
    },

    /** `row` read locked (lockedInvoiceRecords); `parties`: the customer and order the change sends,
     *  as the id gate read them (customer deleted ones too: a new customer must be active). */
    async update(
      t: Tenant,
      row: repo.InvoiceRow,
      change: InvoiceChangeT,
      parties: ChangedParties = {},
      kept: ReadonlyMap<number, KnownType> = new Map(),
    ): Promise<InvoiceT> {
      const id = row.id;
      const before = await changeable(t, row, 'changed');
      const sentLines = change.lines?.map(lineKey);
      // What an approved invoice keeps: its money, whom it bills, its number.
      const frozen = [
        change.customerId !== undefined && change.customerId !== before.customerId ? 'customer' : null,
        change.orderId !== undefined && change.orderId !== before.orderId ? 'order' : null,
        change.currency != null && change.currency.trim().toUpperCase() !== before.currency ? 'currency' : null,
        change.invoiceDate != null && change.invoiceDate !== before.invoiceDate ? 'date' : null,
        change.paymentTermsDays != null && change.paymentTermsDays !== before.paymentTermsDays ? 'terms' : null,
        change.taxRate != null && change.taxRate !== before.taxRate ? 'tax rate' : null,
        sentLines !== undefined && JSON.stringify(sentLines) !== JSON.stringify(before.lines.map(lineKey)) ? 'lines' : null,
      ].filter((f) => f !== null);
      const typed = change.invoiceNumber == null ? null : text(change.invoiceNumber);
      const renumbered = typed !== null && typed.toLowerCase() !== before.invoiceNumber.toLowerCase();
      if (before.status === 2 && renumbered) throw fail(AccountingErrors.numberFixed, `Invoice ${before.invoiceNumber} is approved: its number stays.`);
      if (before.status === 2 && frozen.length > 0)
        throw fail(
          AccountingErrors.invoiceApproved,
          `Invoice ${before.invoiceNumber} is approved: its ${frozen.join(', ')} cannot change (set it back to Draft first).`,
        );
      const customerId = change.customerId ?? before.customerId;
      const newCustomer = customerId !== before.customerId;
      // Another customer: an active one (the gate read deleted ones too, for a customer sent unchanged).
      if (newCustomer && parties.customer?.status !== 0) throw notFoundAll(customerRecords.what, customerRecords.plural, [customerId]);
      const orderId = change.orderId === undefined ? before.orderId : change.orderId;
      // The order sent (read by the gate), else the invoice's own, by its id, for another customer.
      const order =
        orderId !== null && (orderId !== before.orderId || newCustomer)
          ? await invoiceableOrder(t, parties.order ?? (await orderRecords.requireOne(t, orderId, { includeDeleted: true, lock: true })), customerId, id)
          : null;
      // Another customer: its terms and tax, unless sent.
      const [terms, settings] = newCustomer ? await Promise.all([customerTerms(t, customerId), repo.settingsOf(t)]) : [null, null];
      const taxRate = change.taxRate ?? (terms && settings ? (terms.tax_exempt ? 0 : settings.tax_rate) : before.taxRate);
      const termsDays = change.paymentTermsDays ?? (terms && settings ? (terms.payment_terms_days ?? settings.default_terms_days) : before.paymentTermsDays);
      const taxName = taxRate > 0 ? (before.taxName ?? (settings ?? (await repo.settingsOf(t))).tax_name) : null;
      const { lines, totals } = await resolveLines(
        t,
        customerId,
        change.lines ?? before.lines.map(lineKey),
        taxRate,
        new Map([...typesOf(before.lines), ...kept]),
      );
      const invoiceDate = change.invoiceDate ?? before.invoiceDate;
      const dueDate =
        change.dueDate ?? (invoiceDate !== before.invoiceDate || termsDays !== before.paymentTermsDays ? addDays(invoiceDate, termsDays) : before.dueDate);
      if (dueDate < invoiceDate) throw invalid('dueDate', `The due date ${dueDate} is before the invoice's date ${invoiceDate}.`);
      if (totals.total < sum([before.amountPaid, before.amountPending]))
        throw fail(AccountingErrors.invoiceHasPayments, `Invoice ${before.invoiceNumber} has ${before.amountPaid} paid: its total cannot fall below it.`);
      if (renumbered) await checkTypedNumber(t, typed!, id);
      await repo.updateInvoice(t, id, {
        ...(renumbered ? { invoice_number: typed! } : {}),
        customer_id: customerId,
        order_id: orderId,
        ...(order ? { order_number: order.order_number } : orderId === null ? { order_number: null } : {}),
        invoice_date: invoiceDate,
        due_date: dueDate,
        payment_terms_days: termsDays,
        ...(change.currency != null ? { currency: checkCurrency(change.currency) } : {}),
        subtotal: totals.subtotal,
        taxable_subtotal: totals.taxableSubtotal,
        tax_name: taxName,
        tax_rate: taxRate,
        tax_amount: totals.taxAmount,
        total: totals.total,
        ...(change.referenceNumber !== undefined ? { reference_number: text(change.referenceNumber) } : {}),
        ...(change.memo !== undefined ? { memo: text(change.memo) } : {}),
        ...(change.notes !== undefined ? { notes: text(change.notes) } : {}),
      });
      if (change.lines !== undefined) await repo.replaceLines(t, id, lines);
      const after = await read(t, id);
      await logInvoiceActivity(t, [id], 'invoice.updated', renumbered ? `Invoice changed (was number ${before.invoiceNumber}).` : 'Invoice changed.', {
        orderId: after.orderId,
      });
      await audit(t, { action: invoiceUpdated.name, entityType: 'invoice', entityId: id, before, after });
      await t.announce(invoiceUpdated, changeOf(after));
      return after;
    },

    /** `row` read locked (lockedInvoiceRecords). */
    async remove(t: Tenant, row: repo.InvoiceRow): Promise<void> {
      const id = row.id;
      const before = await answer(t, row);
      if (before.deletedAt !== null) return;
      if (before.amountPaid > 0 || before.amountPending > 0)
        throw fail(AccountingErrors.invoiceHasPayments, `Invoice ${before.invoiceNumber} has payments applied: remove them before deleting it.`);
      await repo.updateInvoice(t, id, { deleted_at: new Date(), deleted_by: t.userId });
      await logInvoiceActivity(t, [id], 'invoice.deleted', 'Invoice deleted.', { orderId: before.orderId });
      await audit(t, { action: invoiceDeleted.name, entityType: 'invoice', entityId: id, before });
      await t.announce(invoiceDeleted, changeOf(before));
    },

    /** `row` read locked (lockedInvoiceRecords). */
    async setStatus(t: Tenant, row: repo.InvoiceRow, status: InvoiceApproval): Promise<void> {
      const id = row.id;
      const before = await changeable(t, row, status === 2 ? 'approved' : 'set back to Draft');
      if (before.status === status) return;
      if (status === 2 && (before.lines.length === 0 || before.total <= 0))
        throw fail(
          AccountingErrors.invoiceEmpty,
          `Invoice ${before.invoiceNumber} totals ${before.total.toFixed(2)}: an invoice is approved with something to pay.`,
        );
      if (status === 1 && (before.amountPaid > 0 || before.amountPending > 0))
        throw fail(AccountingErrors.invoiceHasPayments, `Invoice ${before.invoiceNumber} has payments applied: it stays approved.`);
      await repo.updateInvoice(
        t,
        id,
        status === 2 ? { status, approved_at: new Date(), approved_by: t.userId } : { status, approved_at: null, approved_by: null },
      );
      const after = await read(t, id);
      // An approved invoice's order keeps its stops' places as printed (a later edit of the
      // customer's address changes open orders only).
      if (status === 2 && after.orderId !== null) await orders.keepPlaces(t, after.orderId);
      await logInvoiceActivity(
        t,
        [id],
        status === 2 ? 'invoice.approved' : 'invoice.drafted',
        status === 2 ? 'Invoice approved.' : 'Invoice set back to Draft.',
        {
          orderId: after.orderId,
        },
      );
      await audit(t, { action: invoiceStatusChanged.name, entityType: 'invoice', entityId: id, before, after });
      await t.announce(invoiceStatusChanged, changeOf(after));
    },

    /** A Draft copy: a new number, today's date and its terms' due date, the same lines; no
     *  order (a copy never invoices an order twice). */
    async duplicate(t: Tenant, row: repo.InvoiceRow): Promise<InvoiceT> {
      const id = row.id;
      const source = await changeable(t, row, 'copied');
      // The invoice's customer, by the invoice's id of it: a deleted one is missing.
      const customer = await customerRecords.requireOne(t, source.customerId);
      const copy = await create(
        t,
        {
          customerId: source.customerId,
          currency: source.currency,
          taxRate: source.taxRate,
          paymentTermsDays: source.paymentTermsDays,
          lines: source.lines.map(lineKey),
          referenceNumber: source.referenceNumber,
          memo: source.memo,
          notes: source.notes,
        },
        { customer, order: null },
        `Invoice created as a copy of ${source.invoiceNumber}.`,
        typesOf(source.lines),
      );
      await logInvoiceActivity(t, [id], 'invoice.duplicated', `Copied to invoice ${copy.invoiceNumber}.`, { orderId: source.orderId });
      return copy;
    },

    /** The id of the invoice with this number (any case, deleted ones too), 0 when it is free. */
    numberCheck: async (t: Tenant, number: string): Promise<number> => (await repo.invoiceWithNumber(t, number)) ?? 0,
  };
}

export type InvoicesService = ReturnType<typeof invoicesService>;
