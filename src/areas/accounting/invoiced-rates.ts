// POST /PricingModel/generate-from-invoices: a customer's pricing model derived from what it was
// actually invoiced — per distance band, the invoiced amount (before tax) per mile or km of the
// orders its approved invoices bill, over the months asked. The model is saved through the pricing
// area (which owns models); accounting only reads its own invoices and the orders' distances.
import type { Tenant } from '../../db/tenant.js';
import { fail } from '../../platform/errors.js';
import { dayOf } from '../../platform/paging.js';
import { Opt, type Static, Type } from '../../platform/schemas.js';
import type { CustomerRow } from '../customers/index.js';
import { type PricingModelDtoT, pricingModelsService } from '../pricing/index.js';
import { AccountingErrors } from './accounting.errors.js';

const KM_PER_MI = 1.609344;
/** Band starts when none are sent, in the model's unit. */
const DEFAULT_EDGES = [0, 100, 250, 500, 1000];

export const GenerateFromInvoicesRequest = Type.Object(
  {
    customerId: Type.Integer({ format: 'int32', description: 'The customer whose model is derived from its invoices (required).' }),
    name: Opt(Type.String({ minLength: 1, maxLength: 200, description: 'Default "From invoices <first day>–<today>".' })),
    months: Type.Optional(Type.Integer({ minimum: 1, maximum: 60, default: 12, description: 'Invoices dated within this many months (default 12).' })),
    mileageCharges: Type.Optional(
      Type.Array(
        Type.Object({
          fromDistance: Type.Number({ minimum: 0, maximum: 100000 }),
          toDistance: Opt(Type.Number({ minimum: 0, maximum: 100000 })),
          ratePerUnit: Opt(Type.Number({ description: 'Ignored: derived from the invoices.' })),
        }),
        {
          minItems: 1,
          maxItems: 20,
          description: 'The bands to derive rates for (their starts are read; rates are derived). Default: 0, 100, 250, 500, 1000 and on.',
        },
      ),
    ),
    id: Opt(Type.Integer({ format: 'int32', description: 'Ignored.' })),
    currency: Opt(Type.String({ description: "Ignored: the customer's model keeps its currency." })),
    distanceUnit: Opt(Type.String({ description: "Ignored: the customer's model keeps its unit." })),
  },
  {
    $id: 'GenerateFromInvoicesRequest',
    description:
      "A PricingModelDto naming the customer; its bands' starts are used, their rates derived. The customer's model (its own, or one derived from the default) gets base charge 0, mode whole, the least amount invoiced as its minimum linehaul, and per band the invoiced amount per unit of distance.",
  },
);
export type GenerateFromInvoicesRequestT = Static<typeof GenerateFromInvoicesRequest>;

interface Sample {
  amount: number;
  distance: number;
  distance_unit: 'mi' | 'km';
}

/** `customer`: the one `input.customerId` names, read by the id gate. */
export async function generateFromInvoices(t: Tenant, customer: CustomerRow, input: GenerateFromInvoicesRequestT): Promise<PricingModelDtoT> {
  const models = pricingModelsService();
  const customerId = customer.id;
  const current = await models.read(t, customerId);
  const today = dayOf();
  const since = (() => {
    const d = new Date(`${today}T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() - (input.months ?? 12));
    return d.toISOString().slice(0, 10);
  })();
  const samples = (await t
    .select('invoices as i')
    .innerJoin('orders as o', (j) => j.onRef('o.company_id', '=', 'i.company_id').onRef('o.id', '=', 'i.order_id'))
    .select(['i.subtotal as amount', 'o.distance', 'o.distance_unit'])
    .where('i.customer_id', '=', customerId)
    .where('i.deleted_at', 'is', null)
    .where('i.status', '=', 2)
    .where('i.currency', '=', current.currency)
    .where('i.invoice_date', '>=', since)
    .where('o.distance', '>', 0)
    .where('i.subtotal', '>', 0)
    .execute()) as Sample[];
  if (samples.length === 0)
    throw fail(
      AccountingErrors.noInvoicedDistance,
      `Customer ${customerId} has no approved ${current.currency} invoice of an order with a distance since ${since}.`,
    );
  const unit = current.distanceUnit as 'mi' | 'km';
  const inUnit = (s: Sample) => (s.distance_unit === unit ? s.distance : unit === 'km' ? s.distance * KM_PER_MI : s.distance / KM_PER_MI);
  const edges = [...new Set((input.mileageCharges?.map((b) => b.fromDistance) ?? DEFAULT_EDGES).concat(0))].sort((a, b) => a - b);
  const rateOf = (list: Sample[]) => {
    const amount = list.reduce((n, s) => n + s.amount, 0);
    const distance = list.reduce((n, s) => n + inUnit(s), 0);
    return Math.round((amount / distance) * 10000) / 10000;
  };
  const overall = rateOf(samples);
  const bands = edges.map((from, k) => {
    const to = edges[k + 1] ?? null;
    const inBand = samples.filter((s) => inUnit(s) >= from && (to === null || inUnit(s) < to));
    return { fromDistance: from, toDistance: to, ratePerUnit: inBand.length > 0 ? rateOf(inBand) : overall, minimumCharge: null };
  });
  return models.save(t, {
    customerId,
    name: input.name ?? `From invoices ${since}–${today}`,
    baseCharge: 0,
    mileageMode: 'whole',
    minimumLinehaul: Math.min(...samples.map((s) => s.amount)),
    mileageCharges: bands,
  });
}
