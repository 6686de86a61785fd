// The configured card processor (PAYMENTS_PROVIDER): the sandbox by default, Stripe with its key.
import type { PaymentsSettings } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { PaymentProcessor } from './processor.js';
import { sandboxProcessor } from './sandbox.js';
import { stripeProcessor } from './stripe.js';

export * from './processor.js';
export { TEST_CARDS } from './sandbox.js';

export function paymentProcessor(settings: PaymentsSettings, db: Db): PaymentProcessor {
  if (settings.provider === 'stripe')
    return stripeProcessor({ apiKey: settings.stripeApiKey!, baseUrl: settings.stripeBaseUrl, timeoutMs: settings.timeoutMs });
  return sandboxProcessor({ db, timeoutMs: settings.timeoutMs });
}
