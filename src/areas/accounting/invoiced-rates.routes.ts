// POST /PricingModel/generate-from-invoices (part 1, "Pricing"), served by accounting: it reads the
// invoices; the model is written through the pricing area.
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Type } from '../../platform/schemas.js';
import { customerRecords } from '../customers/index.js';
import { EDIT_PRICING } from '../pricing/index.js';
import { GenerateFromInvoicesRequest, generateFromInvoices } from './invoiced-rates.js';

export function invoicedRatesRoutes(): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/PricingModel/generate-from-invoices',
      access: EDIT_PRICING,
      ids: { body: { customerId: customerRecords, id: 'not-an-id' } },
      summary: "Derive a customer's pricing model from what it was invoiced",
      description:
        "From the customer's approved live invoices of orders with a distance, in its model's currency, dated within `months` (default 12): per distance band (the bands' starts sent, else 0, 100, 250, 500, 1000 and on, in the model's unit; distances in the other unit converted), the invoiced amount before tax per mile or km (a band without invoices takes the rate of all of them); mode whole, base charge 0, the least amount invoiced as the minimum linehaul. Saved as the customer's own model (derived from the default on its first change) and answered. None to derive from: accounting.no_invoiced_distance.",
      body: GenerateFromInvoicesRequest,
      response: Type.Ref('PricingModelDto'),
      handler: ({ tenant, found, body }) => generateFromInvoices(tenant, found.one(customerRecords), body),
    }),
  ];
}
