// GET /Accounting/Payments: the company's payments in a date range, newest first. The spec answers a
// plain list (no pages): more than MAX_LISTED match → a 400 asking to narrow it, never a list cut
// short without saying so.
import type { Tenant } from '../../db/tenant.js';
import { fail, invalid } from '../../platform/errors.js';
import { dayOf } from '../../platform/paging.js';
import { AccountingErrors } from './accounting.errors.js';
import { paymentAnswers } from './payment-answers.js';
import { paymentsBetween } from './payments.repository.js';
import type { PaymentsQueryT, PaymentT } from './payments.schemas.js';

export const MAX_LISTED = 5000;

export async function listPayments(t: Tenant, query: PaymentsQueryT): Promise<PaymentT[]> {
  const from = query.from ? dayOf(query.from) : undefined;
  const to = query.to ? dayOf(query.to) : undefined;
  if (from && to && to < from) throw invalid('to', `to (${to}) is before from (${from}).`);
  const rows = await paymentsBetween(t, { customerId: query.customerId, from, to, includeDeleted: query.includeDeleted ?? false }, MAX_LISTED + 1);
  if (rows.length > MAX_LISTED)
    throw fail(AccountingErrors.tooManyPayments, `More than ${MAX_LISTED} payments match: narrow from and to, or name the customer.`);
  return paymentAnswers(t, rows);
}
