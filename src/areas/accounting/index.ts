// Accounting (part 2, "Accounting"): invoices by hand, numbered without gaps, approved and frozen,
// copied, marked deleted; listed. Payments by check and cash applied to invoices, deposit accounts.
// Card charges, the order rows that invoice, the
// statistics and the external ledger come in the next steps (issue 17). Charge types are their own
// area (charge-types).

import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { paymentProcessor } from '../../integrations/payments/index.js';
import { type Area, perApp } from '../../platform/area.js';
import type { Hooks } from '../../platform/events.js';
import { on } from '../../platform/events.js';
import { customerServices, customersMerged } from '../customers/index.js';
import { orderPurging, orderServices, ordersService, quoteStepSaved } from '../orders/index.js';
import { AccountingErrors } from './accounting.errors.js';
import { guardOrderPurge, moveCustomersBilling } from './accounting.subscriptions.js';
import { startReconciler } from './card-reconciler.js';
import { accountingCustomersRoutes } from './customers.routes.js';
import { CustomerListDto } from './customers-list.js';
import { depositAccountRecords } from './deposit-accounts.repository.js';
import { invoiceActivityRecords } from './history.repository.js';
import { historyRoutes } from './history.routes.js';
import { ActivityNoteDto, InvoiceActivityDto } from './history.schemas.js';
import { invoiceMailRoutes } from './invoice-mail.routes.js';
import { GenerateFromInvoicesRequest } from './invoiced-rates.js';
import { invoicedRatesRoutes } from './invoiced-rates.routes.js';
import { invoiceRecords } from './invoices.repository.js';
import { invoicesRoutes } from './invoices.routes.js';
import { Invoice, InvoiceChange, InvoiceCreatedDto, InvoiceInput, InvoiceLine } from './invoices.schemas.js';
import { invoicesService } from './invoices.service.js';
import { ledgerRoutes } from './ledger.routes.js';
import { ExtInvoiceSendBatchResult, LedgerFile } from './ledger.schemas.js';
import { ledgerService } from './ledger.service.js';
import { orderInvoicesRoutes } from './order-invoices.routes.js';
import { orderInvoicesService } from './order-invoices.service.js';
import { paymentMethodRecords } from './payment-methods.repository.js';
import { paymentMethodsRoutes } from './payment-methods.routes.js';
import { paymentMethodsService } from './payment-methods.service.js';
import { paymentRecords } from './payments.repository.js';
import { paymentsRoutes } from './payments.routes.js';
import {
  CustomerPaymentMethod,
  DepositAccount,
  DepositAccountInput,
  Payment,
  PaymentAllocation,
  PaymentChange,
  PaymentInput,
  PaymentMethodInput,
} from './payments.schemas.js';
import { paymentsService } from './payments.service.js';
import { statsRoutes } from './stats.routes.js';
import { CustomerBalanceStats, InvoiceStats } from './stats.schemas.js';
import { transactionsRoutes } from './transactions.routes.js';
import { SearchCriteria, Transaction } from './transactions.schemas.js';

/** One processor per app; the sandbox keeps its book through the privileged executor. */
const processorOf = perApp((deps) => paymentProcessor(deps.config.payments, deps.privileged!));

const services = perApp((deps) => ({
  invoices: invoicesService(orderServices(deps).orders),
  orderInvoices: orderInvoicesService(invoicesService(orderServices(deps).orders), orderServices(deps).orders),
  payments: paymentsService(processorOf(deps), deps.config.payments.timeoutMs),
  methods: paymentMethodsService(processorOf(deps)),
}));

/** What the subscriptions use (they run in the announcing transaction, with no app deps). */
const forEvents = orderInvoicesService(invoicesService(ordersService()), ordersService());

export const accountingArea: Area = {
  name: 'Accounting',
  errors: AccountingErrors,
  resources: [invoiceRecords, invoiceActivityRecords, paymentRecords, depositAccountRecords, paymentMethodRecords],
  // The sandbox processor keeps its book outside the request's transaction, as an outside processor would.
  privileged: 'payments',
  schemas: [
    InvoiceLine,
    Invoice,
    InvoiceInput,
    InvoiceChange,
    InvoiceCreatedDto,
    InvoiceActivityDto,
    ActivityNoteDto,
    CustomerListDto,
    PaymentAllocation,
    Payment,
    PaymentInput,
    PaymentChange,
    DepositAccount,
    DepositAccountInput,
    CustomerPaymentMethod,
    PaymentMethodInput,
    SearchCriteria,
    Transaction,
    InvoiceStats,
    CustomerBalanceStats,
    LedgerFile,
    ExtInvoiceSendBatchResult,
    GenerateFromInvoicesRequest,
  ],
  subscriptions: [
    on(orderPurging, 'accounting', guardOrderPurge),
    on(customersMerged, 'accounting', moveCustomersBilling),
    // A step of an order (approved: a quote is not invoiced) saved with createInvoice (default true):
    // its invoice made, or made again from its price while a Draft.
    on(quoteStepSaved, 'accounting', async (t, p) => {
      if (p.createInvoice && (p.status === 'Order' || p.status === 'Closed')) await forEvents.invoiceOrderById(t, p.orderId, false);
    }),
  ],
  routes: (deps) => {
    const { invoices, payments, methods, orderInvoices } = services(deps);
    const { customers } = customerServices(deps);
    return [
      ...invoicesRoutes(invoices),
      ...paymentsRoutes(payments, processorOf(deps)),
      ...paymentMethodsRoutes(methods),
      ...orderInvoicesRoutes(orderInvoices),
      ...transactionsRoutes(),
      ...statsRoutes(),
      ...invoicedRatesRoutes(),
      ...invoiceMailRoutes(customerServices(deps)),
      ...ledgerRoutes(ledgerService(deps.config)),
      ...historyRoutes(customers),
      ...accountingCustomersRoutes(customers),
    ];
  },
};

export { paymentPurged } from './accounting.events.js';
export { invoiceAnswers } from './invoice-answers.js';
export { invoiceRecords } from './invoices.repository.js';
export type { InvoiceT } from './invoices.schemas.js';
export { markInvoicesOut } from './ledger.repository.js';
export { paymentMethodRecords } from './payment-methods.repository.js';
export { paymentRecords } from './payments.repository.js';

/** The card reconciler (card-reconciler.ts) with the server's processor: main.ts starts it. */
export function startCardReconciler(options: { db: Db; config: Config; hooks: Hooks; log: Pick<Logger, 'info' | 'warn' | 'error'>; autoStart?: boolean }) {
  const processor = paymentProcessor(options.config.payments, options.db);
  return startReconciler({ ...options, processor, payments: paymentsService(processor, options.config.payments.timeoutMs) });
}
