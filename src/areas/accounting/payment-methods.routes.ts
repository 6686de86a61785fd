// Customers' saved cards (not in the spec, which names `paymentMethod` on a card payment but no
// way to save one; designed): listed, saved by the processor's reference, deleted.
import { None } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Many, Type } from '../../platform/schemas.js';
import { customerRecords } from '../customers/index.js';
import { PAY, VIEW } from './accounting.access.js';
import { paymentMethodRecords } from './payment-methods.repository.js';
import type { PaymentMethodsService } from './payment-methods.service.js';
import { CustomerMethodParams, CustomerParams, PaymentMethodInput } from './payments.schemas.js';

export function paymentMethodsRoutes(methods: PaymentMethodsService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/Accounting/Customers/:customerId/PaymentMethods',
      access: VIEW,
      ids: { params: { customerId: customerRecords } },
      summary: "A customer's saved cards",
      description: 'Designed (not in the spec): the cards a card payment (paymentMethodType 2) may charge, the default first. Brand and last four digits only.',
      params: CustomerParams,
      response: Many(Type.Ref('CustomerPaymentMethod')),
      transaction: false,
      handler: ({ inCompany, found }) => methods.list(inCompany, found.one(customerRecords)),
    }),
    defineRoute({
      method: 'POST',
      url: '/Accounting/Customers/:customerId/PaymentMethods',
      access: PAY,
      ids: { params: { customerId: customerRecords } },
      summary: 'Save a card for a customer',
      description:
        'Designed (not in the spec). paymentMethodRef is the processor\'s payment method — with Stripe a pm_… made from the card by Stripe.js (fds never sees the card\'s number), attached to a Stripe customer of its own; with the sandbox a test card (docs/accounting.md, "Card payments"). The processor gives the brand, last four digits and expiry. An unknown reference is refused (accounting.payment_method_refused). The first card saved, or one sent with isDefault=true, is the default.',
      params: CustomerParams,
      body: PaymentMethodInput,
      response: Type.Ref('CustomerPaymentMethod'),
      transaction: false,
      handler: ({ inCompany, found, body }) => methods.save(inCompany, found.one(customerRecords), body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Accounting/Customers/:customerId/PaymentMethods/:id',
      access: PAY,
      ids: { params: { customerId: customerRecords, id: paymentMethodRecords } },
      summary: "Delete a customer's saved card",
      description: 'Designed (not in the spec). A mark: the card is no longer charged; payments made with it keep showing it.',
      params: CustomerMethodParams,
      response: None,
      // No processor is asked: the card is marked in the request's transaction, where the gate read it.
      handler: ({ tenant, found }) => methods.remove(tenant, found.one(customerRecords), found.one(paymentMethodRecords)),
    }),
  ];
}
