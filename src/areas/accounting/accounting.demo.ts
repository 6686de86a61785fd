// Demo books (`fds demo`): a deposit account and a cash drawer; invoices for the demo's closed
// orders in every status — drafts, approved, open (exported), overdue, partly and fully paid, one
// deleted — paid by check, by cash and by a saved sandbox card (charged through the sandbox, which
// never moves money). Made through the services, as an accountant would. Runs after the orders demo.
import type { Db } from '../../db/database.js';
import type { Tenant } from '../../db/tenant.js';
import { sandboxProcessor } from '../../integrations/payments/sandbox.js';
import type { DemoSeeder } from '../../platform/demo-seeder.js';
import { customerRecords } from '../customers/index.js';
import { ordersService } from '../orders/index.js';
import { withCharges } from './card-charges.js';
import { saveDepositAccount } from './deposit-accounts.service.js';
import { invoiceRecords, lockedInvoiceRecords } from './invoices.repository.js';
import { invoiceableOrderRecords, invoicesService } from './invoices.service.js';
import { ledgerService } from './ledger.service.js';
import { orderInvoicesService } from './order-invoices.service.js';
import { paymentMethodsService } from './payment-methods.service.js';
import { paymentsService } from './payments.service.js';

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
/** At most this many of the closed orders are invoiced. */
const INVOICED = 36;

export const accountingDemo = (db: Db): DemoSeeder => ({
  area: 'accounting',
  async seed(ctx) {
    const processor = sandboxProcessor({ db, timeoutMs: 15_000 });
    const orders = ordersService();
    const invoices = invoicesService(orders);
    const byOrder = orderInvoicesService(invoices, orders);
    const payments = paymentsService(processor, 15_000);
    const ledger = ledgerService({ dataDir: 'memory://' });
    const inCompany = <T>(_mode: 'read' | 'write', work: (t: Tenant) => Promise<T>) => ctx.inCompany(work);

    const { closed, bank } = await ctx.inCompany(async (t) => {
      const bank = await saveDepositAccount(t, undefined, {
        name: 'Operating account',
        accountType: 'Bank',
        ledgerAccount: 'Checking',
        isDefault: true,
        openingBalance: 25_000,
      });
      await saveDepositAccount(t, undefined, { name: 'Cash drawer', accountType: 'Cash' });
      const rows = await t
        .select('orders as o')
        .select(['o.id', 'o.customer_id'])
        .where('o.status', '=', 'Closed')
        .where('o.total_price', '>', 0)
        .orderBy('o.id')
        .limit(INVOICED)
        .execute();
      return { closed: rows, bank };
    });
    if (closed.length === 0) return;

    // A saved test card for the first customer with a closed order.
    const cardCustomer = closed[0]!.customer_id;
    const cardCustomerRow = await ctx.inCompany((t) => customerRecords.requireOne(t, cardCustomer));
    const card = await paymentMethodsService(processor).save(inCompany, cardCustomerRow, { paymentMethodRef: 'pm_card_visa' });
    // The rows the services take, read as the routes' id gate reads them.
    const lockedInvoice = (t: Tenant, id: number) => lockedInvoiceRecords.requireOne(t, id);

    for (const [k, order] of closed.entries()) {
      const fate = k % 7;
      const invoice = await ctx.inCompany(async (t) => {
        const made = await byOrder.invoiceOrder(t, await invoiceableOrderRecords.requireOne(t, order.id), false);
        if (fate === 0) return made; // Draft
        // Overdue: dated two months back, due a month back.
        if (fate === 3) await invoices.update(t, await lockedInvoice(t, made.id), { invoiceDate: daysAgo(60), dueDate: daysAgo(30) });
        await invoices.setStatus(t, await lockedInvoice(t, made.id), 2);
        return invoices.read(t, made.id);
      });
      if (fate === 2) await ctx.inCompany(async (t) => ledger.exportFile(t, [invoice.id], [await invoiceRecords.requireOne(t, invoice.id)], 'IIF')); // Open
      if (fate === 4)
        await ctx.inCompany((t) =>
          payments.create(t, {
            customerId: invoice.customerId,
            amount: invoice.total,
            paymentMethodType: 0,
            referenceNumber: `${4100 + k}`,
            depositAccountId: bank.id,
            invoices: [{ invoiceId: invoice.id }],
          }),
        );
      if (fate === 5)
        await ctx.inCompany((t) =>
          payments.create(t, {
            customerId: invoice.customerId,
            amount: Math.round(invoice.total * 40) / 100,
            paymentMethodType: 1,
            memo: 'Paid at the dock',
            invoices: [{ invoiceId: invoice.id }],
          }),
        );
      if (fate === 6 && invoice.customerId === cardCustomer)
        await withCharges(
          inCompany,
          processor,
          payments.settle,
          null,
          (t, queue) =>
            payments.create(
              t,
              { customerId: invoice.customerId, amount: invoice.total, paymentMethodType: 2, paymentMethod: card.id, invoices: [{ invoiceId: invoice.id }] },
              queue,
            ),
          async () => null,
        );
      if (fate === 6 && invoice.customerId !== cardCustomer)
        await ctx.inCompany(async (t) => {
          await invoices.setStatus(t, await lockedInvoice(t, invoice.id), 1);
          await invoices.remove(t, await lockedInvoice(t, invoice.id));
        }); // Deleted
    }
    // One card payment whatever the order of the customers: the card customer's first approved invoice.
    await withCharges(
      inCompany,
      processor,
      payments.settle,
      null,
      async (t, queue) => {
        const open = await t
          .select('invoices as i')
          .select(['i.id', 'i.balance'])
          .where('i.customer_id', '=', cardCustomer)
          .where('i.status', '=', 2)
          .where('i.deleted_at', 'is', null)
          .where('i.balance', '>', 0)
          .orderBy('i.id')
          .executeTakeFirst();
        if (open)
          await payments.create(
            t,
            { customerId: cardCustomer, amount: open.balance, paymentMethodType: 2, paymentMethod: card.id, invoices: [{ invoiceId: open.id }] },
            queue,
          );
      },
      async () => null,
    );
  },
});
