// What fds asks of a card payment processor, whichever it is (PAYMENTS_PROVIDER): to describe and
// keep a payment method it holds (fds keeps a reference, the brand and the last four digits, never
// a card number), to charge one once per key however often it is asked, and to say what became of
// a charge by its key (the reconciler's question after a crash or a timeout).

export type ProcessorName = 'sandbox' | 'stripe';

export interface ChargeRequest {
  companyId: number;
  /** Unique per payment attempt: the processor makes one charge per key, and replays it after. */
  key: string;
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  methodRef: string;
  customerRef: string | null;
  paymentId: number;
  description: string;
}

export type ChargeOutcome =
  | { kind: 'succeeded'; chargeId: string }
  | { kind: 'declined'; code: string; message: string }
  /** No answer in time, or the processor could not say: the charge may have been made. */
  | { kind: 'unknown'; message: string };

export interface SavedMethod {
  methodRef: string;
  customerRef: string | null;
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
}

/** The processor refused to keep the payment method (unknown, another account's, not a card). */
export class MethodRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MethodRefused';
  }
}

export interface PaymentProcessor {
  readonly name: ProcessorName;
  saveMethod(input: { companyId: number; methodRef: string; customerRef: string | null; customerName: string }): Promise<SavedMethod>;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** What became of the charge with this key; null when the processor has none. */
  lookup(companyId: number, key: string): Promise<ChargeOutcome | null>;
}
