// Payments: recorded (check 0, cash 1) and applied to the customer's approved invoices, changed,
// marked deleted, restored, deleted for good. Each write recounts its invoices' paid and pending
// sums under their row locks, writes the invoices' activity, the audit log and the company event
// in its transaction, so an invoice's balance and status follow its payments at once.
import type { Tenant } from '../../db/tenant.js';
import type { ChargeOutcome, PaymentProcessor } from '../../integrations/payments/index.js';
import { audit } from '../../platform/audit.js';
import { fail, forItem, invalid } from '../../platform/errors.js';
import { dayOf } from '../../platform/paging.js';
import { isCurrencyCode } from '../../platform/validation.js';
import { text } from '../../platform/writes.js';
import { customerRecords } from '../customers/index.js';
import { AccountingErrors } from './accounting.errors.js';
import {
  type PaymentChange,
  paymentCreated,
  paymentDeleted,
  paymentFailed,
  paymentPurged,
  paymentRestored,
  paymentSettled,
  paymentUpdated,
} from './accounting.events.js';
import { PAYMENT_METHOD_TYPE } from './accounting.tables.js';
import { logInvoiceActivity } from './activity.js';
import { type Allocation, lockInvoicesOf, planAllocations } from './allocations.js';
import { type ChargeQueue, newProcessorKey, reconcileDelaySeconds } from './card-charges.js';
import { defaultAccountId, depositAccountRecords } from './deposit-accounts.repository.js';
import { type InvoiceRow, invoiceRecords } from './invoices.repository.js';
import { hasAtMostDecimals } from './money.js';
import { paymentAnswers } from './payment-answers.js';
import { type MethodRow, methodById, methodsOf, paymentMethodRecords } from './payment-methods.repository.js';
import * as repo from './payments.repository.js';
import type { AllocationInputT, PaymentChangeT, PaymentChangeWithIdT, PaymentInputT, PaymentT } from './payments.schemas.js';

type MethodType = (typeof PAYMENT_METHOD_TYPE)[keyof typeof PAYMENT_METHOD_TYPE];

const changeOf = (p: PaymentT): PaymentChange => ({
  paymentId: p.id,
  customerId: p.customerId,
  amount: p.amount,
  currency: p.currency,
  paymentMethodType: p.paymentMethodType,
  status: p.status,
  invoices: p.invoices.map((a) => ({ invoiceId: a.invoiceId, amount: a.amount })),
});

/** How the payment reads in an invoice's activity: "check 1204 of 250.00 USD". */
function described(p: { id: number; amount: number; currency: string; method: MethodType; reference: string | null }): string {
  const how = p.method === 0 ? 'check' : p.method === 1 ? 'cash' : 'card';
  return `Payment ${p.id} (${how}${p.reference ? ` ${p.reference}` : ''}) of ${p.amount.toFixed(2)} ${p.currency}`;
}

function checkCurrency(currency: string): string {
  const code = currency.trim().toUpperCase();
  if (!isCurrencyCode(code)) throw fail(AccountingErrors.unknownCurrency, `${currency} is not an ISO 4217 currency code.`);
  return code;
}

/** A check or cash payment names no card. */
function checkNoCard(type: MethodType, paymentMethod: number | null | undefined): void {
  if (type !== PAYMENT_METHOD_TYPE.PaymentMethod && paymentMethod != null)
    throw invalid('paymentMethod', 'Only a card payment (paymentMethodType 2) names a saved card.');
}

function checkAmount(amount: number): void {
  if (!hasAtMostDecimals(amount, 2)) throw fail(AccountingErrors.invalidAmount, `amount ${amount} has more than 2 decimals.`);
}

/** The deposit account named, or the company's default; in the payment's currency. */
async function depositAccountFor(t: Tenant, id: number | null | undefined, currency: string): Promise<number | null> {
  if (id === null) return null;
  const accountId = id ?? (await defaultAccountId(t));
  if (accountId === null) return null;
  const account = await depositAccountRecords.find(t, accountId);
  if (!account) throw invalid('depositAccountId', `Deposit account ${accountId} was not found.`);
  if (account.currency !== currency)
    throw fail(AccountingErrors.currencyMismatch, `Deposit account ${account.name} is in ${account.currency}, the payment in ${currency}.`);
  return account.id;
}

/** The payment's currency: as sent, else its first invoice's, else USD. */
async function currencyFor(t: Tenant, sent: string | null | undefined, invoices: readonly AllocationInputT[] | undefined): Promise<string> {
  if (sent != null) return checkCurrency(sent);
  const first = invoices?.[0] ? await invoiceRecords.find(t, invoices[0].invoiceId) : undefined;
  return first?.currency ?? 'USD';
}

/** The customer's saved card a card payment charges: the one named, else the customer's default. */
async function cardFor(t: Tenant, processor: PaymentProcessor, customerId: number, paymentMethod: number | null | undefined): Promise<MethodRow> {
  let card: MethodRow | undefined;
  if (paymentMethod != null) {
    card = await paymentMethodRecords.find(t, paymentMethod);
    if (!card || card.customer_id !== customerId) throw fail(AccountingErrors.noSavedCard, `Customer ${customerId} has no saved card ${paymentMethod}.`);
  } else {
    card = (await methodsOf(t, customerId)).find((m) => m.is_default);
    if (!card) throw fail(AccountingErrors.noSavedCard, `A card payment names a saved card (paymentMethod): customer ${customerId} has no default card.`);
  }
  if (card.processor !== processor.name)
    throw fail(AccountingErrors.noSavedCard, `Card ${card.id} was saved with the ${card.processor} processor; this server charges through ${processor.name}.`);
  return card;
}

async function logApplied(t: Tenant, paymentId: number, allocations: readonly Allocation[], what: string, type: string, verb: string) {
  for (const a of allocations) await logInvoiceActivity(t, [a.invoiceId], type, `${what} ${verb}: ${a.amount.toFixed(2)} on this invoice.`, { paymentId });
}

export function paymentsService(processor: PaymentProcessor, timeoutMs: number) {
  /** The processor fields of a card payment's new charge attempt, written pending. */
  const pendingCharge = (card: MethodRow) => ({
    payment_method_id: card.id,
    processing_status: 'pending' as const,
    processor: processor.name,
    processor_key: newProcessorKey(),
    processor_payment_id: null,
    failure_code: null,
    failure_message: null,
    charge_started_at: new Date(),
    settled_at: null,
    reconcile_after: new Date(Date.now() + reconcileDelaySeconds(timeoutMs) * 1000),
  });

  /** Queues the payment's pending charge for the processor (card-charges.ts, step 2). */
  async function queueCharge(t: Tenant, queue: ChargeQueue | undefined, index: number, paymentId: number): Promise<void> {
    if (!queue) throw new Error('a card payment is written through withCharges');
    const row = await repo.paymentRecords.reread(t, paymentId);
    const card = await methodById(t, row.payment_method_id!);
    queue.pending.push({
      index,
      paymentId,
      key: row.processor_key!,
      amount: row.amount,
      currency: row.currency,
      methodRef: card.processor_method_ref,
      customerRef: card.processor_customer_ref,
    });
  }

  async function answer(t: Tenant, row: repo.PaymentRow): Promise<PaymentT> {
    const [answered] = await paymentAnswers(t, [row]);
    return answered!;
  }

  /** A payment this request wrote or found, read again. */
  const read = async (t: Tenant, id: number): Promise<PaymentT> => answer(t, await repo.paymentRecords.reread(t, id));

  async function create(t: Tenant, input: PaymentInputT, queue?: ChargeQueue, index = 0): Promise<PaymentT> {
    const method = input.paymentMethodType as MethodType;
    checkNoCard(method, input.paymentMethod);
    checkAmount(input.amount);
    // Sent again after a crash: the payment its first try wrote is resumed, never written twice.
    const requestKey = queue?.keyOf(index) ?? null;
    const resumed = requestKey === null ? undefined : await repo.paymentWithRequestKey(t, requestKey);
    if (resumed !== undefined) {
      if (resumed.processing_status === 'failed') {
        const failed = await repo.paymentRecords.reread(t, resumed.id);
        throw fail(
          AccountingErrors.cardDeclined,
          `Payment ${resumed.id}: the card was declined (${failed.failure_code}): ${failed.failure_message} Nothing was paid.`,
        );
      }
      if (resumed.processing_status === 'pending') {
        // A new wait before the reconciler asks: this try is about to call the processor again.
        await repo.updatePayment(t, resumed.id, {
          charge_started_at: new Date(),
          reconcile_after: new Date(Date.now() + reconcileDelaySeconds(timeoutMs) * 1000),
        });
        await queueCharge(t, queue, index, resumed.id);
      }
      return read(t, resumed.id);
    }
    const customer = await customerRecords.requireOne(t, input.customerId);
    const card = method === PAYMENT_METHOD_TYPE.PaymentMethod ? await cardFor(t, processor, customer.id, input.paymentMethod) : null;
    const currency = await currencyFor(t, input.currency, input.invoices);
    const depositAccountId = await depositAccountFor(t, input.depositAccountId, currency);
    const plan = await planAllocations(t, { id: null, customerId: customer.id, currency, amount: input.amount }, input.invoices ?? []);
    const id = await repo.insertPayment(t, {
      customer_id: customer.id,
      amount: input.amount,
      currency,
      payment_date: input.date ?? dayOf(),
      method_type: method,
      reference_number: text(input.referenceNumber),
      memo: text(input.memo),
      deposit_account_id: depositAccountId,
      unapplied_amount: plan.unapplied,
      request_key: requestKey,
      ...(card
        ? pendingCharge(card)
        : {
            payment_method_id: null,
            processor: null,
            processor_key: null,
            processor_payment_id: null,
            failure_code: null,
            failure_message: null,
            charge_started_at: null,
            settled_at: new Date(),
            reconcile_after: null,
          }),
      ext_ref: null,
      ext_synced_at: null,
      created_by: t.userId,
      deleted_at: null,
      deleted_by: null,
    });
    await repo.replaceAllocations(t, id, plan.allocations);
    await repo.recountInvoices(
      t,
      plan.allocations.map((a) => a.invoiceId),
    );
    const what = described({ id, amount: input.amount, currency, method: input.paymentMethodType as MethodType, reference: text(input.referenceNumber) });
    await logApplied(t, id, plan.allocations, what, card ? 'payment.pending' : 'payment.applied', card ? 'held pending its card charge' : 'applied');
    if (card) await queueCharge(t, queue, index, id);
    const created = await read(t, id);
    await audit(t, { action: paymentCreated.name, entityType: 'payment', entityId: id, after: created });
    await t.announce(paymentCreated, changeOf(created));
    return created;
  }

  /** Several payments, all or none; a refusal names the item. */
  async function createMany(t: Tenant, inputs: readonly PaymentInputT[], queue?: ChargeQueue): Promise<PaymentT[]> {
    // Every invoice of the batch locked first, in id order: two batches never wait on each other in a circle.
    await lockInvoicesOf(
      t,
      inputs.flatMap((i) => (i.invoices ?? []).map((a) => a.invoiceId)).sort((a, b) => a - b),
    );
    const made: PaymentT[] = [];
    for (const [k, input] of inputs.entries()) made.push(await forItem(k, () => create(t, input, queue, k)));
    return made;
  }

  /** One payment split across invoices: at least one invoice. */
  async function bulk(t: Tenant, input: PaymentInputT, queue?: ChargeQueue): Promise<PaymentT> {
    if (!input.invoices || input.invoices.length === 0) throw invalid('invoices', 'A bulk payment names the invoices it pays.');
    return create(t, input, queue);
  }

  /** The payment, locked for a change; a deleted one is refused. Read here, in the change's own
   *  transaction: its routes charge cards (transaction: false), so the id gate read it in a
   *  transaction of its own before (one gone since is a 404 still). */
  async function changeable(t: Tenant, id: number): Promise<{ before: PaymentT; beforeRow: repo.PaymentRow }> {
    const beforeRow = await repo.paymentRecords.requireOne(t, id, { lock: true });
    const before = await answer(t, beforeRow);
    if (before.deletedAt !== null) throw fail(AccountingErrors.paymentDeleted, `Payment ${id} is deleted: restore it first.`);
    return { before, beforeRow };
  }

  async function update(t: Tenant, id: number, change: PaymentChangeT, queue?: ChargeQueue, index = 0): Promise<PaymentT> {
    const { before, beforeRow } = await changeable(t, id);
    const method = (change.paymentMethodType ?? before.paymentMethodType) as MethodType;
    checkNoCard(method, change.paymentMethod);
    const amount = change.amount ?? before.amount;
    checkAmount(amount);
    const customerId = change.customerId ?? before.customerId;
    if (customerId !== before.customerId) await customerRecords.requireOne(t, customerId);
    const currency = change.currency != null ? checkCurrency(change.currency) : before.currency;
    const isCard = method === PAYMENT_METHOD_TYPE.PaymentMethod;
    const wasCard = before.paymentMethodType === PAYMENT_METHOD_TYPE.PaymentMethod;
    if (wasCard && before.status === 'Pending') throw fail(AccountingErrors.paymentPending, `Payment ${id}'s card charge is waiting for the processor.`);
    const charged = wasCard && before.status === 'Settled';
    if (
      charged &&
      (!isCard ||
        amount !== before.amount ||
        currency !== before.currency ||
        customerId !== before.customerId ||
        (change.paymentMethod != null && change.paymentMethod !== before.paymentMethod))
    )
      throw fail(
        AccountingErrors.paymentCharged,
        `Payment ${id} was charged to card ${before.cardBrand} ${before.cardLast4}: its amount, currency, customer and card stay.`,
      );
    // Uncharged and a card payment now (a check made a card payment, a declined one sent again): charged.
    const card = isCard && !charged ? await cardFor(t, processor, customerId, change.paymentMethod ?? (wasCard ? before.paymentMethod : null)) : null;
    const depositAccountId =
      change.depositAccountId !== undefined || currency !== before.currency
        ? await depositAccountFor(t, change.depositAccountId === undefined ? before.depositAccountId : change.depositAccountId, currency)
        : before.depositAccountId;
    const asked = change.invoices ?? before.invoices.map((a) => ({ invoiceId: a.invoiceId, amount: a.amount }));
    const former = before.invoices.map((a) => a.invoiceId);
    const plan = await planAllocations(t, { id, customerId, currency, amount }, asked, former);
    await repo.updatePayment(t, id, {
      customer_id: customerId,
      amount,
      currency,
      payment_date: change.date ?? before.date,
      method_type: method,
      reference_number: change.referenceNumber !== undefined ? text(change.referenceNumber) : before.referenceNumber,
      memo: change.memo !== undefined ? text(change.memo) : before.memo,
      deposit_account_id: depositAccountId,
      unapplied_amount: plan.unapplied,
      ...(card
        ? pendingCharge(card)
        : isCard
          ? {}
          : {
              payment_method_id: null,
              processing_status: 'settled' as const,
              processor: null,
              processor_key: null,
              processor_payment_id: null,
              settled_at: beforeRow.settled_at ?? new Date(),
              reconcile_after: null,
            }),
    });
    await repo.replaceAllocations(t, id, plan.allocations);
    await repo.recountInvoices(t, [...former, ...plan.allocations.map((a) => a.invoiceId)]);
    if (card) await queueCharge(t, queue, index, id);
    const after = await read(t, id);
    const what = described({ id, amount, currency, method, reference: after.referenceNumber });
    const kept = new Map(plan.allocations.map((a) => [a.invoiceId, a.amount]));
    await logApplied(
      t,
      id,
      before.invoices.filter((a) => !kept.has(a.invoiceId)),
      what,
      'payment.removed',
      'taken off',
    );
    await logApplied(
      t,
      id,
      plan.allocations.filter((a) => before.invoices.find((b) => b.invoiceId === a.invoiceId)?.amount !== a.amount || amount !== before.amount),
      what,
      'payment.applied',
      'applied',
    );
    await audit(t, { action: paymentUpdated.name, entityType: 'payment', entityId: id, before, after });
    await t.announce(paymentUpdated, changeOf(after));
    return after;
  }

  /** Several changes, all or none; a refusal names the item. */
  async function updateMany(t: Tenant, changes: readonly PaymentChangeWithIdT[], queue?: ChargeQueue): Promise<PaymentT[]> {
    const ids = changes.map((c) => c.id);
    const twice = ids.find((id, k) => ids.indexOf(id) !== k);
    if (twice !== undefined) throw invalid('id', `Payment ${twice} is listed twice.`);
    // The payments, then every invoice they touch, locked first in id order (no circle of waits).
    await repo.lockPayments(
      t,
      [...ids].sort((a, b) => a - b),
    );
    await lockInvoicesOf(
      t,
      [...(await repo.invoiceIdsOfPayments(t, ids)), ...changes.flatMap((c) => (c.invoices ?? []).map((a) => a.invoiceId))].sort((a, b) => a - b),
    );
    const changed: PaymentT[] = [];
    for (const [k, change] of changes.entries()) changed.push(await forItem(k, () => update(t, change.id, change, queue, k)));
    return changed;
  }

  /** Marks the payment deleted: its invoices no longer count it (their balances grow back). `row`
   *  read locked (lockedPaymentRecords). */
  async function remove(t: Tenant, row: repo.PaymentRow): Promise<void> {
    const id = row.id;
    const before = await answer(t, row);
    if (before.deletedAt !== null) return;
    if (before.status === 'Pending') throw fail(AccountingErrors.paymentPending, `Payment ${id}'s card charge is waiting for the processor.`);
    const invoiceIds = before.invoices.map((a) => a.invoiceId);
    await lockInvoicesOf(t, invoiceIds);
    await repo.updatePayment(t, id, { deleted_at: new Date(), deleted_by: t.userId });
    await repo.recountInvoices(t, invoiceIds);
    await logApplied(
      t,
      id,
      before.invoices,
      described({ ...before, method: before.paymentMethodType as MethodType, reference: before.referenceNumber }),
      'payment.deleted',
      'deleted',
    );
    const after = await read(t, id);
    await audit(t, { action: paymentDeleted.name, entityType: 'payment', entityId: id, before, after });
    await t.announce(paymentDeleted, changeOf(after));
  }

  /** Puts a deleted payment back on its invoices, if they still take it. A live one is answered as
   *  is. `row` read locked (lockedPaymentRecords). */
  async function restore(t: Tenant, row: repo.PaymentRow): Promise<PaymentT> {
    const id = row.id;
    const before = await answer(t, row);
    if (before.deletedAt === null) return before;
    const asked = before.invoices.map((a) => ({ invoiceId: a.invoiceId, amount: a.amount }));
    await planAllocations(t, { id, customerId: before.customerId, currency: before.currency, amount: before.amount }, asked);
    await repo.updatePayment(t, id, { deleted_at: null, deleted_by: null });
    await repo.recountInvoices(
      t,
      asked.map((a) => a.invoiceId),
    );
    await logApplied(
      t,
      id,
      before.invoices,
      described({ ...before, method: before.paymentMethodType as MethodType, reference: before.referenceNumber }),
      'payment.restored',
      'restored',
    );
    const after = await read(t, id);
    await audit(t, { action: paymentRestored.name, entityType: 'payment', entityId: id, before, after });
    await t.announce(paymentRestored, changeOf(after));
    return after;
  }

  /** Deletes the payment for good, live or marked; its invoices no longer count it. `row` read
   *  locked (lockedPaymentRecords). */
  async function purge(t: Tenant, row: repo.PaymentRow): Promise<void> {
    const id = row.id;
    const before = await answer(t, row);
    if (before.status === 'Pending') throw fail(AccountingErrors.paymentPending, `Payment ${id}'s card charge is waiting for the processor.`);
    const invoiceIds = before.invoices.map((a) => a.invoiceId);
    await lockInvoicesOf(t, invoiceIds);
    await repo.deletePayment(t, id);
    await repo.recountInvoices(t, invoiceIds);
    await logApplied(
      t,
      id,
      before.invoices,
      described({ ...before, method: before.paymentMethodType as MethodType, reference: before.referenceNumber }),
      'payment.purged',
      'deleted for good',
    );
    await audit(t, { action: paymentPurged.name, entityType: 'payment', entityId: id, before });
    await t.announce(paymentPurged, changeOf(before));
  }

  /**
   * A pending card charge settled by the processor's answer (step 3 of card-charges.ts, or the
   * reconciler): Settled counts on its invoices as paid, Failed on none. A payment no longer
   * pending (settled by the other of the two) is left as it is; an unknown answer leaves it pending.
   */
  async function settle(t: Tenant, id: number, outcome: ChargeOutcome, by: string): Promise<void> {
    if (outcome.kind === 'unknown') return;
    const row = await repo.paymentRecords.find(t, id, { lock: true });
    if (row?.processing_status !== 'pending') return;
    const before = await read(t, id);
    const invoiceIds = before.invoices.map((a) => a.invoiceId);
    await lockInvoicesOf(t, invoiceIds);
    if (outcome.kind === 'succeeded')
      await repo.updatePayment(t, id, { processing_status: 'settled', processor_payment_id: outcome.chargeId, settled_at: new Date(), reconcile_after: null });
    else
      await repo.updatePayment(t, id, {
        processing_status: 'failed',
        failure_code: outcome.code,
        failure_message: outcome.message.slice(0, 500),
        reconcile_after: null,
      });
    await repo.recountInvoices(t, invoiceIds);
    const what = described({ ...before, method: before.paymentMethodType as MethodType, reference: before.referenceNumber });
    await logApplied(
      t,
      id,
      before.invoices,
      `${what} on ${before.cardBrand} ${before.cardLast4}`,
      outcome.kind === 'succeeded' ? 'payment.applied' : 'payment.failed',
      outcome.kind === 'succeeded' ? `charged and applied (${by})` : `declined (${outcome.code}), nothing paid`,
    );
    const after = await read(t, id);
    const event = outcome.kind === 'succeeded' ? paymentSettled : paymentFailed;
    await audit(t, { action: event.name, entityType: 'payment', entityId: id, before, after });
    await t.announce(event, changeOf(after));
  }

  /** The invoice's live payments, newest first. */
  async function ofInvoice(t: Tenant, invoice: InvoiceRow): Promise<PaymentT[]> {
    const ids = await repo.paymentIdsOfInvoice(t, invoice.id);
    return paymentAnswers(t, await repo.paymentRecords.findAll(t, ids));
  }

  return { answer, read, create, createMany, bulk, update, updateMany, remove, restore, purge, ofInvoice, settle };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
