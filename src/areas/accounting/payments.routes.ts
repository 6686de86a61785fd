// Payments (part 2, "Accounting"): recorded and applied to invoices, changed, deleted, restored and
// deleted for good (the Company Admin role); an invoice's payments, the payments of a date range;
// the 'Deposit to' accounts.

import type { Tenant } from '../../db/tenant.js';
import type { PaymentProcessor } from '../../integrations/payments/index.js';
import { companyAdmin } from '../../platform/access.js';
import { None } from '../../platform/envelope.js';
import { heldKey } from '../../platform/idempotency.js';
import { located } from '../../platform/located.js';
import { type AnyRoute, type Context, defineRoute } from '../../platform/route.js';
import { Many, Type } from '../../platform/schemas.js';
import { customerRecords } from '../customers/index.js';
import { PAY, VIEW } from './accounting.access.js';
import { type ChargeQueue, withCharges } from './card-charges.js';
import { depositAccountRecords } from './deposit-accounts.repository.js';
import { listDepositAccounts, saveDepositAccount } from './deposit-accounts.service.js';
import { invoiceRecords } from './invoices.repository.js';
import { lockedPaymentRecords, paymentRecords } from './payments.repository.js';
import {
  DepositAccountInput,
  InvoicePaymentsParams,
  PaymentChange,
  PaymentIdParams,
  PaymentInput,
  type PaymentInputT,
  PaymentsChange,
  PaymentsInput,
  PaymentsQuery,
} from './payments.schemas.js';
import type { PaymentsService } from './payments.service.js';
import { listPayments } from './payments-list.js';

// The routes that may charge a card run outside the company's transaction (transaction: false): the
// gate reads their ids in a read transaction of its own, before any card is charged, and the
// service reads them again in the write's transaction (locked, or refusing one gone since).
const BODY_IDS = {
  id: 'not-an-id',
  customerId: customerRecords,
  depositAccountId: { field: depositAccountRecords },
  'invoices[].invoiceId': invoiceRecords,
} as const;

/** A change: the customer sent may be the payment's own, deleted since (the service refuses a new
 *  one that is not active). */
const CHANGE_IDS = { ...BODY_IDS, customerId: customerRecords.with({ statuses: [0, 1] }) } as const;

/** POST /Accounting/Payments: each item's ids, as POST /Accounting/Payment's. */
const BATCH_IDS = {
  // Ignored by POST (a client may send its own reference there): not a record of the company.
  '[].id': 'not-an-id',
  '[].customerId': customerRecords,
  '[].depositAccountId': { field: depositAccountRecords },
  '[].invoices[].invoiceId': invoiceRecords,
} as const;

/** PUT /Accounting/Payments: each item's payment, and its ids as PUT /Accounting/Payment/{id}'s. */
const CHANGES_IDS = {
  '[].id': paymentRecords,
  '[].customerId': CHANGE_IDS.customerId,
  '[].depositAccountId': CHANGE_IDS.depositAccountId,
  '[].invoices[].invoiceId': CHANGE_IDS['invoices[].invoiceId'],
} as const;

const RULES =
  "paymentMethodType 0 (check) or 1 (cash) is recorded, moving no money; 2 (a saved card) charges the card named in paymentMethod, else the customer's default card, at once through the payment processor " +
  '(accounting.no_saved_card, accounting.payment_method_refused; a declined card is accounting.card_declined and nothing is paid; a charge not answered in time stays Pending, ' +
  "as otherMessages says). The invoices are the customer's approved ones in the payment's currency: " +
  "each part at most the invoice's open balance and all of them at most the amount (accounting.over_allocation); a part without an amount takes what is left, in the order listed; what is not applied stays unapplied. " +
  'The invoices’ balances and statuses follow in the same transaction.';

export function paymentsRoutes(payments: PaymentsService, processor: PaymentProcessor): AnyRoute[] {
  /** A write that may charge cards (card-charges.ts): the Idempotency-Key's request key, steps 1–3. */
  const charging = <T, A>(
    ctx: Pick<Context<unknown, unknown, unknown>, 'inCompany' | 'principal' | 'request'>,
    work: (t: Tenant, queue: ChargeQueue) => Promise<T>,
    answer: (t: Tenant, written: T) => Promise<A>,
  ) => {
    // A key is its user's own: the request key names the user too.
    const key = heldKey(ctx.request);
    return withCharges(ctx.inCompany, processor, payments.settle, key === null ? null : `${ctx.principal.userId}/${key}`, work, answer);
  };
  const none = async () => null;
  /** The new payment's GET in the Location header (data stays null, as the spec answers). */
  const at = async (_t: Tenant, made: { id: number }) => located(`/Accounting/Payment/${made.id}`);
  const LOCATION = 'data is null; the Location header is the new payment (GET /Accounting/Payment/{id}).';
  return [
    defineRoute({
      method: 'POST',
      url: '/Accounting/Payment',
      access: PAY,
      ids: { body: BODY_IDS },
      summary: 'Record a payment and apply it to invoices',
      description: `customerId, amount and paymentMethodType are required; currency defaults to the first invoice's (else USD), date to today, depositAccountId to the default account. ${RULES} ${LOCATION}`,
      body: PaymentInput,
      response: None,
      transaction: false,
      idempotent: true,
      handler: (ctx) => charging(ctx, (t, queue) => payments.create(t, ctx.body, queue), at),
    }),
    defineRoute({
      method: 'POST',
      url: '/Accounting/Payments',
      access: PAY,
      ids: { body: BATCH_IDS },
      summary: 'Record several payments',
      description: `Each as POST /Accounting/Payment; all are recorded or none (a refusal names the item: "[2] …", "[2].amount"; an unknown or other company's customer or invoice is a 404 naming every one missing). At most 100. ${RULES}`,
      body: PaymentsInput,
      response: None,
      transaction: false,
      idempotent: true,
      handler: (ctx) => charging(ctx, (t, queue) => payments.createMany(t, ctx.body as PaymentInputT[], queue), none),
    }),
    defineRoute({
      method: 'POST',
      url: '/Accounting/BulkPayment',
      access: PAY,
      ids: { body: BODY_IDS },
      summary: 'Record one payment split across invoices',
      description: `As POST /Accounting/Payment, with at least one invoice: a customer's check paying several invoices. ${RULES} ${LOCATION}`,
      body: PaymentInput,
      response: None,
      transaction: false,
      idempotent: true,
      handler: (ctx) => charging(ctx, (t, queue) => payments.bulk(t, ctx.body, queue), at),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Accounting/Payment/:id',
      access: PAY,
      ids: { params: { id: paymentRecords }, body: CHANGE_IDS },
      summary: 'Change a payment',
      description: `The fields sent change; invoices, when sent, replace its allocations (else they are kept and checked against a new amount). A deleted payment is restored first (accounting.payment_deleted). ${RULES}`,
      params: PaymentIdParams,
      body: PaymentChange,
      response: Type.Ref('Payment'),
      transaction: false,
      idempotent: true,
      handler: (ctx) =>
        charging(
          ctx,
          (t, queue) => payments.update(t, ctx.params.id, ctx.body, queue),
          (t) => payments.read(t, ctx.params.id),
        ),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Accounting/Payments',
      access: PAY,
      ids: { body: CHANGES_IDS },
      summary: 'Change several payments',
      description:
        'Not shown by the spec; designed: a list of changes, each with the id of the payment it changes (each at most once, at most 100), applied as PUT /Accounting/Payment/{id} one after the other; all change or none (a refusal names the item). Answers the payments as changed, in the order sent. An unknown or other company’s id is a 404 naming it.',
      body: PaymentsChange,
      response: Many(Type.Ref('Payment')),
      transaction: false,
      idempotent: true,
      handler: (ctx) =>
        charging(
          ctx,
          (t, queue) => payments.updateMany(t, ctx.body, queue),
          (t, changed) => Promise.all(changed.map((p) => payments.read(t, p.id))),
        ),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Accounting/Payment/:id',
      access: companyAdmin,
      ids: { params: { id: lockedPaymentRecords } },
      summary: 'Mark a payment deleted',
      description:
        "A mark: its invoices no longer count it (their balances grow back) and it is listed with includeDeleted=true; PUT /Accounting/Payment/Restore/{id} puts it back. Deleting it again changes nothing. A card payment's money is not refunded by deleting it.",
      params: PaymentIdParams,
      response: None,
      handler: ({ tenant, found }) => payments.remove(tenant, found.one(paymentRecords)),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Accounting/Payment/Permanent/:id',
      access: companyAdmin,
      ids: { params: { id: lockedPaymentRecords } },
      summary: 'Delete a payment for good',
      description:
        'Live or marked deleted: the payment and its allocations are gone; its invoices no longer count it. Its invoices’ activity keeps what happened.',
      params: PaymentIdParams,
      response: None,
      handler: ({ tenant, found }) => payments.purge(tenant, found.one(paymentRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Accounting/Payment/Restore/:id',
      access: companyAdmin,
      ids: { params: { id: lockedPaymentRecords } },
      summary: 'Restore a deleted payment',
      description:
        'Back on the invoices it paid, if they still take it: live, approved and with the room (else accounting.invoice_deleted, accounting.invoice_not_approved, accounting.over_allocation). A live payment is answered as it is.',
      params: PaymentIdParams,
      response: Type.Ref('Payment'),
      handler: ({ tenant, found }) => payments.restore(tenant, found.one(paymentRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Accounting/Payment/:id',
      access: VIEW,
      ids: { params: { id: paymentRecords } },
      summary: 'Read a payment',
      description:
        'Not shown by the spec; designed: the payment with its allocations, deleted or not (the Location a new payment is answered with). Another company’s id is a 404.',
      params: PaymentIdParams,
      response: Type.Ref('Payment'),
      handler: ({ tenant, found }) => payments.answer(tenant, found.one(paymentRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Accounting/Payments',
      access: VIEW,
      ids: { query: { customerId: { filter: customerRecords } } },
      summary: "The company's payments, newest first",
      description:
        'By payment date, then id, newest first; from and to are days, both inclusive (a date-time is read as its UTC day). includeDeleted=true lists deleted payments too. More than 5,000 matches is a 400 (accounting.too_many_payments): narrow the dates or name the customer.',
      querystring: PaymentsQuery,
      response: Many(Type.Ref('Payment')),
      handler: ({ tenant, query }) => listPayments(tenant, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/Accounting/InvoicePayments/:InvoiceId',
      access: VIEW,
      ids: { params: { InvoiceId: invoiceRecords } },
      summary: "An invoice's payments",
      description: 'The live payments applied to the invoice, newest first, each with all its allocations.',
      params: InvoicePaymentsParams,
      response: Many(Type.Ref('Payment')),
      handler: ({ tenant, found }) => payments.ofInvoice(tenant, found.one(invoiceRecords)),
    }),
    defineRoute({
      method: 'POST',
      url: '/Accounting/DepositAccount',
      access: PAY,
      ids: { body: { id: depositAccountRecords } },
      summary: "Make or change a 'Deposit to' account",
      description:
        'Without id: a new account; with the id of one of the company’s accounts: that one changes (another id is a 404). Names are unique in any case (accounting.duplicate_deposit_account). isDefault=true makes it the default (the former default no longer is). An account holding payments keeps its currency.',
      body: DepositAccountInput,
      response: Type.Ref('DepositAccount'),
      handler: ({ tenant, found, body }) => saveDepositAccount(tenant, found.maybe(depositAccountRecords), body),
    }),
    defineRoute({
      method: 'GET',
      url: '/Accounting/DepositAccounts',
      access: VIEW,
      summary: "'Deposit to' accounts with running totals",
      description: 'By name. depositedTotal sums each account’s live settled payments; balance = openingBalance + depositedTotal.',
      response: Many(Type.Ref('DepositAccount')),
      handler: ({ tenant }) => listDepositAccounts(tenant),
    }),
  ];
}
