// Customers' saved cards: a payment method the processor holds, saved by its reference with the
// brand and last four digits the processor gives (never a card number). Saving asks the processor
// first, outside any transaction (an outside call never holds a company's connection), then writes.
import type { CompanyWork, Tenant, TenantMode } from '../../db/tenant.js';
import { MethodRefused, type PaymentProcessor } from '../../integrations/payments/index.js';
import { audit } from '../../platform/audit.js';
import { fail, notFound } from '../../platform/errors.js';
import { type CustomerRow, customerRecords } from '../customers/index.js';
import { AccountingErrors } from './accounting.errors.js';
import * as repo from './payment-methods.repository.js';
import type { CustomerPaymentMethodT, PaymentMethodInputT } from './payments.schemas.js';

type InCompany = <T>(mode: TenantMode, work: CompanyWork<T>) => Promise<T>;

const toMethod = (r: repo.MethodRow): CustomerPaymentMethodT => ({
  id: r.id,
  customerId: r.customer_id,
  processor: r.processor,
  paymentMethodRef: r.processor_method_ref,
  brand: r.brand,
  last4: r.last4,
  expMonth: r.exp_month,
  expYear: r.exp_year,
  isDefault: r.is_default,
  createdAt: r.created_at,
});

// The routes run outside the company's transaction (transaction: false: saving a card asks the
// processor first); the id gate read their customer and card in a read transaction of its own.
export function paymentMethodsService(processor: PaymentProcessor) {
  async function list(inCompany: InCompany, customer: CustomerRow): Promise<CustomerPaymentMethodT[]> {
    return inCompany('read', async (t) => (await repo.methodsOf(t, customer.id)).map(toMethod));
  }

  async function save(inCompany: InCompany, customer: CustomerRow, input: PaymentMethodInputT): Promise<CustomerPaymentMethodT> {
    const customerId = customer.id;
    const name = customer.name;
    const customerRef = await inCompany('read', (t) => repo.processorCustomerRef(t, customerId, processor.name));
    let saved: Awaited<ReturnType<PaymentProcessor['saveMethod']>>;
    try {
      saved = await processor.saveMethod({ companyId: 0, methodRef: input.paymentMethodRef.trim(), customerRef, customerName: name });
    } catch (err) {
      if (err instanceof MethodRefused) throw fail(AccountingErrors.methodRefused, err.message);
      throw err;
    }
    return inCompany('write', async (t) => {
      // Read again in the write's transaction: the customer may have been deleted while the processor answered.
      await customerRecords.requireOne(t, customerId);
      const existing = await repo.methodsOf(t, customerId);
      const isDefault = input.isDefault ?? existing.every((m) => !m.is_default);
      if (isDefault) await repo.clearDefaultMethod(t, customerId);
      const id = await repo.upsertMethod(t, {
        customer_id: customerId,
        processor: processor.name,
        processor_customer_ref: saved.customerRef,
        processor_method_ref: saved.methodRef,
        brand: saved.brand,
        last4: saved.last4,
        exp_month: saved.expMonth,
        exp_year: saved.expYear,
        is_default: isDefault,
      });
      const after = toMethod(await repo.paymentMethodRecords.reread(t, id));
      await audit(t, { action: 'payment_method.saved', entityType: 'customer_payment_method', entityId: id, after });
      return after;
    });
  }

  /** `method`: a live card of the company, read by the id gate in this transaction; another customer's is missing. */
  async function remove(t: Tenant, customer: CustomerRow, method: repo.MethodRow): Promise<void> {
    const id = method.id;
    if (method.customer_id !== customer.id) throw notFound('Payment method', id);
    await repo.markMethodDeleted(t, id);
    await audit(t, { action: 'payment_method.deleted', entityType: 'customer_payment_method', entityId: id, before: toMethod(method) });
  }

  return { list, save, remove };
}

export type PaymentMethodsService = ReturnType<typeof paymentMethodsService>;
