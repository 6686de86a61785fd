// The `stripe` processor: Stripe's public API. A charge is a PaymentIntent confirmed at once,
// off-session, on the customer's saved payment method, sent with the payment's key as Stripe's
// Idempotency-Key (Stripe makes one charge per key and replays its answer for 24 hours) and in the
// intent's metadata, where the reconciler finds it again (`/v1/payment_intents/search`).
import type { ChargeOutcome, ChargeRequest, PaymentProcessor, SavedMethod } from './processor.js';
import { MethodRefused } from './processor.js';

/** Stripe's API version these calls are written for. */
const API_VERSION = '2024-06-20';

/** Currencies Stripe counts in whole units, and those with three decimals (its docs' lists). */
const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/** The amount in the currency's smallest unit, as Stripe takes it (12.34 USD → 1234). */
export function minorUnits(amount: number, currency: string): number {
  const places = ZERO_DECIMAL.has(currency) ? 0 : THREE_DECIMAL.has(currency) ? 3 : 2;
  return Math.round(amount * 10 ** places);
}

interface StripeError {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
}

interface Intent {
  id: string;
  status: string;
  last_payment_error?: StripeError | null;
}

/** Stripe's answer: its status and JSON body; status 0 with the error when none came. */
interface Answer {
  status: number;
  body: Record<string, unknown>;
  error?: string;
}

export function stripeProcessor(options: { apiKey: string; baseUrl: string; timeoutMs: number }): PaymentProcessor {
  async function call(method: 'GET' | 'POST', path: string, form: Record<string, string> | null, idempotencyKey?: string): Promise<Answer> {
    try {
      const res = await fetch(`${options.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          'stripe-version': API_VERSION,
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        ...(form ? { body: new URLSearchParams(form).toString() } : {}),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const text = await res.text();
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        // Not JSON (a proxy's page): treated by status alone.
      }
      return { status: res.status, body };
    } catch (err) {
      return { status: 0, body: {}, error: err instanceof Error ? err.message : String(err) };
    }
  }

  /** An intent as an outcome: succeeded, declined (it needs the customer), or not settled yet. */
  function intentOutcome(intent: Intent): ChargeOutcome {
    if (intent.status === 'succeeded') return { kind: 'succeeded', chargeId: intent.id };
    if (intent.status === 'processing') return { kind: 'unknown', message: `Stripe is still processing ${intent.id}.` };
    if (intent.status === 'requires_action')
      return { kind: 'declined', code: 'authentication_required', message: 'The card needs the customer to authenticate the payment.' };
    const error = intent.last_payment_error;
    return { kind: 'declined', code: error?.decline_code ?? error?.code ?? 'card_declined', message: error?.message ?? `The payment is ${intent.status}.` };
  }

  function refusal(answer: Answer): string {
    if (answer.status === 0) return answer.error ?? 'no answer';
    const error = answer.body.error as StripeError | undefined;
    return error?.message ?? `Stripe answered ${answer.status}.`;
  }

  return {
    name: 'stripe',
    async saveMethod({ methodRef, customerRef, customerName }): Promise<SavedMethod> {
      const read = await call('GET', `/v1/payment_methods/${encodeURIComponent(methodRef)}`, null);
      if (read.status !== 200) throw new MethodRefused(`Stripe has no payment method ${methodRef}: ${refusal(read)}`);
      const method = read.body as {
        id: string;
        type: string;
        customer: string | null;
        card?: { brand: string; last4: string; exp_month: number; exp_year: number };
      };
      if (method.type !== 'card' || !method.card) throw new MethodRefused(`Payment method ${methodRef} is not a card.`);
      // Off-session charges need the method attached to a Stripe customer.
      let customer = method.customer ?? customerRef;
      if (!customer) {
        const made = await call('POST', '/v1/customers', { name: customerName, 'metadata[fds]': 'customer' }, `fds-customer-${methodRef}`);
        if (made.status !== 200) throw new MethodRefused(`Stripe did not make a customer: ${refusal(made)}`);
        customer = (made.body as { id: string }).id;
      }
      if (method.customer !== customer) {
        const attached = await call('POST', `/v1/payment_methods/${encodeURIComponent(methodRef)}/attach`, { customer }, `fds-attach-${methodRef}-${customer}`);
        if (attached.status !== 200) throw new MethodRefused(`Stripe did not attach ${methodRef}: ${refusal(attached)}`);
      }
      return {
        methodRef: method.id,
        customerRef: customer,
        brand: method.card.brand,
        last4: method.card.last4,
        expMonth: method.card.exp_month,
        expYear: method.card.exp_year,
      };
    },
    async charge(request: ChargeRequest): Promise<ChargeOutcome> {
      const form: Record<string, string> = {
        amount: String(minorUnits(request.amount, request.currency)),
        currency: request.currency.toLowerCase(),
        payment_method: request.methodRef,
        confirm: 'true',
        off_session: 'true',
        description: request.description,
        'metadata[fds_key]': request.key,
        'metadata[fds_payment_id]': String(request.paymentId),
        'metadata[fds_company_id]': String(request.companyId),
      };
      if (request.customerRef) form.customer = request.customerRef;
      const answer = await call('POST', '/v1/payment_intents', form, request.key);
      if (answer.status === 200) return intentOutcome(answer.body as unknown as Intent);
      if (answer.status === 0 || answer.status >= 500 || answer.status === 409 || answer.status === 429)
        return { kind: 'unknown', message: `Stripe did not settle the charge: ${refusal(answer)}` };
      // 402: declined; other 4xx: refused (a bad key, a detached card): nothing was charged.
      const error = (answer.body.error ?? {}) as StripeError & { payment_intent?: Intent };
      return {
        kind: 'declined',
        code: error.decline_code ?? error.code ?? `stripe_${answer.status}`,
        message: error.message ?? `Stripe answered ${answer.status}.`,
      };
    },
    async lookup(_companyId, key) {
      const query = `metadata['fds_key']:'${key.replace(/'/g, '')}'`;
      const answer = await call('GET', `/v1/payment_intents/search?query=${encodeURIComponent(query)}`, null);
      if (answer.status !== 200) return { kind: 'unknown', message: `Stripe did not answer the search: ${refusal(answer)}` };
      const [intent] = (answer.body.data ?? []) as Intent[];
      return intent ? intentOutcome(intent) : null;
    },
  };
}
