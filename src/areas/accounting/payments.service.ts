// Payments: recorded (check 0, cash 1) and applied to the customer's approved invoices, changed,
// marked deleted, restored, deleted for good. Each write recounts its invoices' paid and pending
// sums under their row locks, writes the invoices' activity, the audit log and the company event
// in its transaction, so an invoice's balance and status follow its payments at once.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { fail, forItem, invalid } from '../../platform/errors.js';
import { dayOf } from '../../platform/paging.js';
import { isCurrencyCode } from '../../platform/validation.js';
import { text } from '../../platform/writes.js';
import { customerRecords } from '../customers/index.js';
import { AccountingErrors } from './accounting.errors.js';
import { type PaymentChange, paymentCreated, paymentDeleted, paymentPurged, paymentRestored, paymentUpdated } from './accounting.events.js';
import { PAYMENT_METHOD_TYPE } from './accounting.tables.js';
import { logInvoiceActivity } from './activity.js';
import { type Allocation, lockInvoicesOf, planAllocations } from './allocations.js';
import { defaultAccountId, depositAccountRecords } from './deposit-accounts.repository.js';
import { invoiceRecords } from './invoices.repository.js';
import { hasAtMostDecimals } from './money.js';
import { paymentAnswers } from './payment-answers.js';
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

/** The method as given: card payments come with the processor (the next step of issue 17). */
function checkMethod(type: MethodType, paymentMethod: number | null | undefined): void {
  if (type === PAYMENT_METHOD_TYPE.PaymentMethod)
    throw fail(AccountingErrors.cardNotAvailable, 'Card payments are not taken yet: record a check (0) or cash (1) payment.');
  if (paymentMethod != null) throw invalid('paymentMethod', 'Only a card payment (paymentMethodType 2) names a saved card.');
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

async function logApplied(t: Tenant, paymentId: number, allocations: readonly Allocation[], what: string, type: string, verb: string) {
  for (const a of allocations) await logInvoiceActivity(t, [a.invoiceId], type, `${what} ${verb}: ${a.amount.toFixed(2)} on this invoice.`, { paymentId });
}

export function paymentsService() {
  async function read(t: Tenant, id: number, options: { lock?: boolean } = {}): Promise<PaymentT> {
    const [answer] = await paymentAnswers(t, [await repo.paymentRecords.requireOne(t, id, options)]);
    return answer!;
  }

  async function create(t: Tenant, input: PaymentInputT): Promise<PaymentT> {
    checkMethod(input.paymentMethodType as MethodType, input.paymentMethod);
    checkAmount(input.amount);
    const customer = await customerRecords.requireOne(t, input.customerId);
    const currency = await currencyFor(t, input.currency, input.invoices);
    const depositAccountId = await depositAccountFor(t, input.depositAccountId, currency);
    const plan = await planAllocations(t, { id: null, customerId: customer.id, currency, amount: input.amount }, input.invoices ?? []);
    const id = await repo.insertPayment(t, {
      customer_id: customer.id,
      amount: input.amount,
      currency,
      payment_date: input.date ?? dayOf(),
      method_type: input.paymentMethodType as MethodType,
      payment_method_id: null,
      reference_number: text(input.referenceNumber),
      memo: text(input.memo),
      deposit_account_id: depositAccountId,
      unapplied_amount: plan.unapplied,
      processor: null,
      processor_key: null,
      processor_payment_id: null,
      request_key: null,
      failure_code: null,
      failure_message: null,
      charge_started_at: null,
      settled_at: new Date(),
      reconcile_after: null,
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
    await logApplied(t, id, plan.allocations, what, 'payment.applied', 'applied');
    const created = await read(t, id);
    await audit(t, { action: paymentCreated.name, entityType: 'payment', entityId: id, after: created });
    await t.announce(paymentCreated, changeOf(created));
    return created;
  }

  /** Several payments, all or none; a refusal names the item. */
  async function createMany(t: Tenant, inputs: readonly PaymentInputT[]): Promise<PaymentT[]> {
    const made: PaymentT[] = [];
    for (const [k, input] of inputs.entries()) made.push(await forItem(k, () => create(t, input)));
    return made;
  }

  /** One payment split across invoices: at least one invoice. */
  async function bulk(t: Tenant, input: PaymentInputT): Promise<PaymentT> {
    if (!input.invoices || input.invoices.length === 0) throw invalid('invoices', 'A bulk payment names the invoices it pays.');
    return create(t, input);
  }

  /** The payment, locked for a change; a deleted one is refused. */
  async function changeable(t: Tenant, id: number): Promise<PaymentT> {
    const before = await read(t, id, { lock: true });
    if (before.deletedAt !== null) throw fail(AccountingErrors.paymentDeleted, `Payment ${id} is deleted: restore it first.`);
    return before;
  }

  async function update(t: Tenant, id: number, change: PaymentChangeT): Promise<PaymentT> {
    const before = await changeable(t, id);
    const method = (change.paymentMethodType ?? before.paymentMethodType) as MethodType;
    checkMethod(method, change.paymentMethod);
    const amount = change.amount ?? before.amount;
    checkAmount(amount);
    const customerId = change.customerId ?? before.customerId;
    if (customerId !== before.customerId) await customerRecords.requireOne(t, customerId);
    const currency = change.currency != null ? checkCurrency(change.currency) : before.currency;
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
    });
    await repo.replaceAllocations(t, id, plan.allocations);
    await repo.recountInvoices(t, [...former, ...plan.allocations.map((a) => a.invoiceId)]);
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
  async function updateMany(t: Tenant, changes: readonly PaymentChangeWithIdT[]): Promise<PaymentT[]> {
    const ids = changes.map((c) => c.id);
    const twice = ids.find((id, k) => ids.indexOf(id) !== k);
    if (twice !== undefined) throw invalid('id', `Payment ${twice} is listed twice.`);
    await repo.paymentRecords.requireAll(t, ids);
    const changed: PaymentT[] = [];
    for (const [k, change] of changes.entries()) changed.push(await forItem(k, () => update(t, change.id, change)));
    return changed;
  }

  /** Marks the payment deleted: its invoices no longer count it (their balances grow back). */
  async function remove(t: Tenant, id: number): Promise<void> {
    const before = await read(t, id, { lock: true });
    if (before.deletedAt !== null) return;
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

  /** Puts a deleted payment back on its invoices, if they still take it. A live one is answered as is. */
  async function restore(t: Tenant, id: number): Promise<PaymentT> {
    const before = await read(t, id, { lock: true });
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

  /** Deletes the payment for good, live or marked; its invoices no longer count it. */
  async function purge(t: Tenant, id: number): Promise<void> {
    const before = await read(t, id, { lock: true });
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

  /** The invoice's live payments, newest first. */
  async function ofInvoice(t: Tenant, invoiceId: number): Promise<PaymentT[]> {
    await invoiceRecords.requireOne(t, invoiceId);
    const ids = await repo.paymentIdsOfInvoice(t, invoiceId);
    return paymentAnswers(t, await repo.paymentRecords.findAll(t, ids));
  }

  return { read, create, createMany, bulk, update, updateMany, remove, restore, purge, ofInvoice };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
