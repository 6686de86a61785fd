// Accounting (part 2, "Accounting"): invoices by hand, numbered without gaps, approved and frozen,
// copied, marked deleted; listed. Payments by check and cash applied to invoices, deposit accounts.
// Card charges, the order rows that invoice, the
// statistics and the external ledger come in the next steps (issue 17). Charge types are their own
// area (charge-types).
import { type Area, perApp } from '../../platform/area.js';
import { on } from '../../platform/events.js';
import { customerServices } from '../customers/index.js';
import { orderPurging, orderServices } from '../orders/index.js';
import { AccountingErrors } from './accounting.errors.js';
import { guardOrderPurge } from './accounting.subscriptions.js';
import { accountingCustomersRoutes } from './customers.routes.js';
import { CustomerListDto } from './customers-list.js';
import { depositAccountRecords } from './deposit-accounts.repository.js';
import { invoiceActivityRecords } from './history.repository.js';
import { historyRoutes } from './history.routes.js';
import { ActivityNoteDto, InvoiceActivityDto } from './history.schemas.js';
import { invoiceRecords } from './invoices.repository.js';
import { invoicesRoutes } from './invoices.routes.js';
import { Invoice, InvoiceChange, InvoiceCreatedDto, InvoiceInput, InvoiceLine } from './invoices.schemas.js';
import { invoicesService } from './invoices.service.js';
import { paymentRecords } from './payments.repository.js';
import { paymentsRoutes } from './payments.routes.js';
import { DepositAccount, DepositAccountInput, Payment, PaymentAllocation, PaymentChange, PaymentInput } from './payments.schemas.js';
import { paymentsService } from './payments.service.js';
import { transactionsRoutes } from './transactions.routes.js';
import { SearchCriteria, Transaction } from './transactions.schemas.js';

const services = perApp((deps) => ({ invoices: invoicesService(orderServices(deps).orders), payments: paymentsService() }));

export const accountingArea: Area = {
  name: 'Accounting',
  errors: AccountingErrors,
  resources: [invoiceRecords, invoiceActivityRecords, paymentRecords, depositAccountRecords],
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
    SearchCriteria,
    Transaction,
  ],
  subscriptions: [on(orderPurging, 'accounting', guardOrderPurge)],
  routes: (deps) => {
    const { invoices, payments } = services(deps);
    const { customers } = customerServices(deps);
    return [
      ...invoicesRoutes(invoices),
      ...paymentsRoutes(payments),
      ...transactionsRoutes(),
      ...historyRoutes(customers),
      ...accountingCustomersRoutes(customers),
    ];
  },
};

export { invoiceRecords } from './invoices.repository.js';
