// SQL of customers' saved cards (references to the processor's payment methods).
import { type Selectable, sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { companyRecords } from '../../platform/records.js';
import type { CustomerPaymentMethodsTable } from './accounting.tables.js';

export type MethodRow = Omit<Selectable<CustomerPaymentMethodsTable>, 'company_id'>;

const COLUMNS = [
  'm.id',
  'm.customer_id',
  'm.processor',
  'm.processor_customer_ref',
  'm.processor_method_ref',
  'm.brand',
  'm.last4',
  'm.exp_month',
  'm.exp_year',
  'm.is_default',
  'm.deleted_at',
  'm.created_at',
] as const;

/** Saved cards of the company, live ones. */
export const paymentMethodRecords = companyRecords<MethodRow>({
  name: 'customer_payment_method',
  what: 'Payment method',
  read: (t, ids) => t.select('customer_payment_methods as m').select(COLUMNS).where('m.id', 'in', ids).where('m.deleted_at', 'is', null).execute(),
});

export function methodsOf(t: Tenant, customerId: number): Promise<MethodRow[]> {
  return t
    .select('customer_payment_methods as m')
    .select(COLUMNS)
    .where('m.customer_id', '=', customerId)
    .where('m.deleted_at', 'is', null)
    .orderBy('m.is_default', 'desc')
    .orderBy('m.id')
    .execute();
}

/** The customer's reference at the processor, from a card saved before. */
export async function processorCustomerRef(t: Tenant, customerId: number, processor: string): Promise<string | null> {
  const row = await t
    .select('customer_payment_methods as m')
    .select('m.processor_customer_ref')
    .where('m.customer_id', '=', customerId)
    .where('m.processor', '=', processor as 'sandbox' | 'stripe')
    .where('m.processor_customer_ref', 'is not', null)
    .orderBy('m.id', 'desc')
    .executeTakeFirst();
  return row?.processor_customer_ref ?? null;
}

/** Saves the card (again: a card deleted before comes back), answering its id. */
export async function upsertMethod(t: Tenant, values: Omit<MethodRow, 'id' | 'deleted_at' | 'created_at'>): Promise<number> {
  const row = await t
    .insert('customer_payment_methods', values)
    .onConflict((oc) =>
      oc.columns(['company_id', 'processor', 'processor_method_ref']).doUpdateSet({
        customer_id: values.customer_id,
        processor_customer_ref: values.processor_customer_ref,
        brand: values.brand,
        last4: values.last4,
        exp_month: values.exp_month,
        exp_year: values.exp_year,
        is_default: values.is_default,
        deleted_at: null,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function clearDefaultMethod(t: Tenant, customerId: number): Promise<void> {
  await t.update('customer_payment_methods').set({ is_default: false }).where('customer_id', '=', customerId).where('is_default', '=', true).execute();
}

export async function markMethodDeleted(t: Tenant, id: number): Promise<void> {
  await t.update('customer_payment_methods').set({ deleted_at: sql`now()`, is_default: false }).where('id', '=', id).execute();
}

/** A saved card by id, deleted ones too (a pending charge on a card deleted since still settles). */
export function methodById(t: Tenant, id: number): Promise<MethodRow> {
  return t.select('customer_payment_methods as m').select(COLUMNS).where('m.id', '=', id).executeTakeFirstOrThrow();
}
