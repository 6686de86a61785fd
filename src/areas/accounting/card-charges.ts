// A card payment's charge, in three steps so that a crash anywhere never charges twice nor loses
// a charge:
//  1. the request's transaction writes the payment `pending` with its processor key (a new one per
//     attempt) and commits: the invoices hold its amount as pending, not paid;
//  2. the processor is called with that key, outside any transaction (it makes one charge per key);
//  3. a second transaction settles the payment (Settled or Failed) by the processor's answer.
// A crash after 1 or 2 leaves a pending row the reconciler (card-reconciler.ts) settles by asking
// the processor by the same key; a timeout leaves it pending and the request says so.
import { randomUUID } from 'node:crypto';
import type { CompanyWork, Tenant, TenantMode } from '../../db/tenant.js';
import type { ChargeOutcome, PaymentProcessor } from '../../integrations/payments/index.js';
import { WithNotices } from '../../platform/envelope.js';
import { fail } from '../../platform/errors.js';
import { AccountingErrors } from './accounting.errors.js';

/** A charge written pending in step 1, for step 2. */
export interface PendingCharge {
  /** The payment's place in the request (batches). */
  index: number;
  paymentId: number;
  key: string;
  amount: number;
  currency: string;
  methodRef: string;
  customerRef: string | null;
}

/** What a request collects in step 1: the charges to make, and its Idempotency-Key, if any. */
export class ChargeQueue {
  readonly pending: PendingCharge[] = [];
  constructor(readonly requestKey: string | null) {}

  /** The request key of the payment at `index`: the client's key and the place (a retry finds it). */
  keyOf(index: number): string | null {
    return this.requestKey === null ? null : `${this.requestKey}#${index}`;
  }
}

/** A new processor key (one per charge attempt). */
export const newProcessorKey = () => `fds_${randomUUID().replace(/-/g, '')}`;

/** Seconds a pending charge is left to its request before the reconciler may ask about it. */
export const reconcileDelaySeconds = (timeoutMs: number) => Math.ceil((2 * timeoutMs) / 1000) + 60;

/** How long step 2 keeps calling the processor (well under the reconciler's "never reached" age). */
const CHARGE_DEADLINE_MS = 5 * 60_000;

/** The processor's answer; a processor that throws (its connection, a bug) is an unknown outcome,
 *  never a 500 after money may have moved. */
async function chargeOnce(processor: PaymentProcessor, request: Parameters<PaymentProcessor['charge']>[0]): Promise<ChargeOutcome> {
  try {
    return await processor.charge(request);
  } catch (err) {
    return { kind: 'unknown', message: `The processor's call failed: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** Test hook: runs after the processor answers, before step 3 (a test throws here as a crash). */
export const chargeHooks: { afterCharge: ((charge: PendingCharge) => void | Promise<void>) | null } = { afterCharge: null };

type InCompany = <T>(mode: TenantMode, work: CompanyWork<T>) => Promise<T>;
export type Settle = (t: Tenant, paymentId: number, outcome: ChargeOutcome, by: string) => Promise<void>;

/**
 * Runs a payment write that may charge cards: `work` in the company's transaction (step 1), the
 * charges it queued (step 2), then their settlement and `answer` in a second transaction (step 3).
 * A declined card is a 400 naming the payment; a charge without an answer leaves the payment
 * Pending, said in otherMessages.
 */
export async function withCharges<T, A>(
  inCompany: InCompany,
  processor: PaymentProcessor,
  settle: Settle,
  requestKey: string | null,
  work: (t: Tenant, queue: ChargeQueue) => Promise<T>,
  answer: (t: Tenant, written: T) => Promise<A>,
): Promise<A | WithNotices<A>> {
  const queue = new ChargeQueue(requestKey);
  let companyId = 0;
  const written = await inCompany('write', (t) => {
    companyId = t.companyId;
    return work(t, queue);
  });
  if (queue.pending.length === 0) return inCompany('read', (t) => answer(t, written));
  const outcomes: ChargeOutcome[] = [];
  const started = Date.now();
  for (const charge of queue.pending) {
    // Past the deadline the rest stay pending, uncalled: the reconciler, which judges a charge the
    // processor never saw by its age, must never meet one still about to be made.
    if (Date.now() - started > CHARGE_DEADLINE_MS) {
      outcomes.push({ kind: 'unknown', message: 'Not sent to the processor in time: the request took too long.' });
      continue;
    }
    const outcome = await chargeOnce(processor, {
      companyId,
      key: charge.key,
      amount: charge.amount,
      currency: charge.currency,
      methodRef: charge.methodRef,
      customerRef: charge.customerRef,
      paymentId: charge.paymentId,
      description: `Payment ${charge.paymentId}`,
    });
    await chargeHooks.afterCharge?.(charge);
    outcomes.push(outcome);
  }
  const result = await inCompany('write', async (t) => {
    // Settled in id order: two requests settling the same invoices never wait on each other in a circle.
    const order = queue.pending.map((c, k) => [c, outcomes[k]!] as const).sort((a, b) => a[0].paymentId - b[0].paymentId);
    for (const [charge, outcome] of order) await settle(t, charge.paymentId, outcome, 'request');
    return answer(t, written);
  });
  const declined = queue.pending.findIndex((_, k) => outcomes[k]!.kind === 'declined');
  if (declined >= 0) {
    const charge = queue.pending[declined]!;
    const outcome = outcomes[declined] as Extract<ChargeOutcome, { kind: 'declined' }>;
    const where = queue.pending.length > 1 || charge.index > 0 ? `[${charge.index}] ` : '';
    throw fail(
      AccountingErrors.cardDeclined,
      `${where}Payment ${charge.paymentId}: the card was declined (${outcome.code}): ${outcome.message} Nothing was paid.`,
    );
  }
  const waiting = queue.pending.filter((_, k) => outcomes[k]!.kind === 'unknown');
  if (waiting.length === 0) return result;
  return new WithNotices(
    result,
    waiting.map((c) => ({
      type: 'Warning',
      message: `Payment ${c.paymentId}: the processor did not answer in time. The charge is Pending: it is settled by asking the processor (never charged twice); check the payment before charging again.`,
    })),
  );
}
