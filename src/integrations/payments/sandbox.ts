// The `sandbox` processor (the default): it behaves like a processor and never moves money. Its
// payment methods are the documented test cards below, named as Stripe's test mode names them, so
// a client written against the sandbox works against Stripe's test mode unchanged. It keeps its
// own book (sandbox_charges), written through its own connection and committed at once, as an
// outside processor's would be: a charge outlives a request that crashes after it, and a second
// charge with the same key replays the first.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ChargeOutcome, ChargeRequest, PaymentProcessor, SavedMethod } from './processor.js';
import { MethodRefused } from './processor.js';

interface TestCard {
  brand: string;
  last4: string;
  /** What a charge does: approve, decline with a code, or take the charge and answer too late. */
  behaviour: { kind: 'approve' } | { kind: 'decline'; code: string; message: string } | { kind: 'timeout' };
}

/** The documented test cards (docs/accounting.md, "Card payments"), by payment method reference. */
export const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  pm_card_visa: { brand: 'visa', last4: '4242', behaviour: { kind: 'approve' } },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', behaviour: { kind: 'approve' } },
  pm_card_amex: { brand: 'amex', last4: '0005', behaviour: { kind: 'approve' } },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', behaviour: { kind: 'decline', code: 'card_declined', message: 'Your card was declined.' } },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    behaviour: { kind: 'decline', code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  pm_card_chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069', behaviour: { kind: 'decline', code: 'expired_card', message: 'Your card has expired.' } },
  pm_card_sandboxTimeout: { brand: 'visa', last4: '0119', behaviour: { kind: 'timeout' } },
};

interface BookRow {
  charge_id: string;
  amount: number;
  currency: string;
  method_ref: string;
  outcome: 'succeeded' | 'declined';
  decline_code: string | null;
}

/** A saved sandbox card's reference: the test card's, made unique per save (`pm_card_visa__k3…`), as
 *  Stripe makes a new payment method each time a test card is used. */
const cardOf = (methodRef: string): TestCard | undefined => TEST_CARDS[methodRef.split('__')[0]!];

const outcomeOf = (row: BookRow): ChargeOutcome =>
  row.outcome === 'succeeded'
    ? { kind: 'succeeded', chargeId: row.charge_id }
    : { kind: 'declined', code: row.decline_code ?? 'card_declined', message: `The card was declined (${row.decline_code}).` };

export function sandboxProcessor(options: { db: Db; timeoutMs: number }): PaymentProcessor {
  const { db } = options;

  async function bookEntry(companyId: number, key: string): Promise<BookRow | undefined> {
    return db
      .selectFrom('sandbox_charges')
      .select(['charge_id', 'amount', 'currency', 'method_ref', 'outcome', 'decline_code'])
      .where('company_id', '=', companyId)
      .where('processor_key', '=', key)
      .executeTakeFirst();
  }

  return {
    name: 'sandbox',
    async saveMethod({ methodRef }): Promise<SavedMethod> {
      const card = TEST_CARDS[methodRef];
      if (!card) throw new MethodRefused(`The sandbox has no payment method ${methodRef}: use a test card (${Object.keys(TEST_CARDS).join(', ')}).`);
      return {
        methodRef: `${methodRef}__${randomUUID().replace(/-/g, '').slice(0, 16)}`,
        customerRef: null,
        brand: card.brand,
        last4: card.last4,
        expMonth: 12,
        expYear: new Date().getUTCFullYear() + 3,
      };
    },
    async charge(request: ChargeRequest): Promise<ChargeOutcome> {
      const card = cardOf(request.methodRef);
      if (!card) return { kind: 'declined', code: 'invalid_payment_method', message: `No such payment method: ${request.methodRef}.` };
      const declined = card.behaviour.kind === 'decline' ? card.behaviour : null;
      // One entry per key, committed at once; a second charge with the key finds the first.
      const made = await sql<BookRow>`
        insert into sandbox_charges (company_id, processor_key, charge_id, amount, currency, method_ref, outcome, decline_code)
        values (${request.companyId}, ${request.key}, ${`ch_sandbox_${request.key.slice(-24)}`}, ${request.amount}, ${request.currency},
          ${request.methodRef}, ${declined ? 'declined' : 'succeeded'}, ${declined?.code ?? null})
        on conflict (company_id, processor_key) do nothing
        returning charge_id, amount, currency, method_ref, outcome, decline_code`.execute(db);
      const entry = made.rows[0];
      if (!entry) {
        const first = (await bookEntry(request.companyId, request.key))!;
        // As Stripe does: a key sent again with other parameters is an error, not a new charge.
        if (Number(first.amount) !== request.amount || first.currency !== request.currency || first.method_ref !== request.methodRef)
          return { kind: 'declined', code: 'idempotency_key_in_use', message: 'The key was used for another charge.' };
        return outcomeOf(first);
      }
      if (declined) return { kind: 'declined', code: declined.code, message: declined.message };
      if (card.behaviour.kind === 'timeout') {
        // The charge is taken; the answer comes after the caller has stopped waiting.
        await new Promise((resolve) => setTimeout(resolve, options.timeoutMs).unref());
        return { kind: 'unknown', message: `The processor did not answer within ${options.timeoutMs} ms.` };
      }
      return outcomeOf(entry);
    },
    async lookup(companyId, key) {
      const entry = await bookEntry(companyId, key);
      return entry ? outcomeOf(entry) : null;
    },
  };
}
