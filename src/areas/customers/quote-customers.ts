// A customer made from a quote (PUT /Quotes/{id}/{quoteUpdateType}?createCustomerFromQuote=true):
// the orders area sends the new customer's name, email and phone; the customer is made here, by
// this area's own rules (audit row included), in the quote's transaction.
import type { Tenant } from '../../db/tenant.js';
import { customersService } from './customers.service.js';

/** No answer cache: the service is used for this one write. */
const customers = customersService(0);

export async function customerFromQuote(
  t: Tenant,
  input: { name: string; email?: string | null; phone?: string | null },
): Promise<{ id: number; name: string }> {
  const made = await customers.create(t, { name: input.name, email: input.email ?? null, phone: input.phone ?? null });
  return { id: made.id, name: made.name };
}
