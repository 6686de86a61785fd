// Customers' saved cards: a payment method the processor holds, saved by its reference with the
// brand and last four digits the processor gives (never a card number). Saving asks the processor
// first, outside any transaction (an outside call never holds a company's connection), then writes.
import type { CompanyWork, TenantMode } from '../../db/tenant.js';
import { MethodRefused, type PaymentProcessor } from '../../integrations/payments/index.js';
import { audit } from '../../platform/audit.js';
import { fail, notFound } from '../../platform/errors.js';
import { customerRecords } from '../customers/index.js';
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

export function paymentMethodsService(processor: PaymentProcessor) {
  async function list(inCompany: InCompany, customerId: number): Promise<CustomerPaymentMethodT[]> {
    return inCompany('read', async (t) => {
      await customerRecords.requireOne(t, customerId);
      return (await repo.methodsOf(t, customerId)).map(toMethod);
    });
  }

  async function save(inCompany: InCompany, customerId: number, input: PaymentMethodInputT): Promise<CustomerPaymentMethodT> {
    const { name, customerRef } = await inCompany('read', async (t) => {
      const customer = await customerRecords.requireOne(t, customerId);
      return { name: customer.name, customerRef: await repo.processorCustomerRef(t, customerId, processor.name) };
    });
    let saved: Awaited<ReturnType<PaymentProcessor['saveMethod']>>;
    try {
      saved = await processor.saveMethod({ companyId: 0, methodRef: input.paymentMethodRef.trim(), customerRef, customerName: name });
    } catch (err) {
      if (err instanceof MethodRefused) throw fail(AccountingErrors.methodRefused, err.message);
      throw err;
    }
    return inCompany('write', async (t) => {
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
      const after = toMethod(await repo.paymentMethodRecords.requireOne(t, id));
      await audit(t, { action: 'payment_method.saved', entityType: 'customer_payment_method', entityId: id, after });
      return after;
    });
  }

  async function remove(inCompany: InCompany, customerId: number, id: number): Promise<void> {
    await inCompany('write', async (t) => {
      await customerRecords.requireOne(t, customerId);
      const method = await repo.paymentMethodRecords.find(t, id);
      if (!method || method.customer_id !== customerId) throw notFound('Payment method', id);
      await repo.markMethodDeleted(t, id);
      await audit(t, { action: 'payment_method.deleted', entityType: 'customer_payment_method', entityId: id, before: toMethod(method) });
    });
  }

  return { list, save, remove };
}

export type PaymentMethodsService = ReturnType<typeof paymentMethodsService>;
