// The error codes of accounting (docs/error-codes.md is generated from the lists), with the HTTP
// status each answers with. AppError takes only listed codes.
import { errorCodes } from '../../platform/errors.js';

export const AccountingErrors = errorCodes({
  invoiceApproved: [
    400,
    'accounting.invoice_approved',
    'The invoice is approved: its lines, customer, currency, date, tax and order are frozen (set it back to Draft first).',
  ],
  invoiceDeleted: [400, 'accounting.invoice_deleted', 'The invoice is deleted.'],
  duplicateNumber: [400, 'accounting.duplicate_invoice_number', 'Another invoice of the company has that number (in any case, deleted ones too).'],
  invoiceEmpty: [400, 'accounting.invoice_empty', 'An invoice with no lines, or a total of 0, is not approved.'],
  negativeTotal: [400, 'accounting.negative_total', "The lines' total (with tax) is below 0."],
  lineAmountMismatch: [400, 'accounting.line_amount_mismatch', "A line's amount is not its quantity × rate rounded to the cent."],
  invalidAmount: [400, 'accounting.invalid_amount', 'An amount, quantity or rate is out of range or has too many decimals.'],
  unknownCurrency: [400, 'accounting.unknown_currency', 'Not an ISO 4217 currency code.'],
  orderOfAnotherCustomer: [400, 'accounting.order_not_of_customer', "The order is another customer's."],
  orderNotInvoiceable: [400, 'accounting.order_not_invoiceable', 'The order is a draft, a quote or deleted: only orders are invoiced.'],
  orderAlreadyInvoiced: [400, 'accounting.order_already_invoiced', 'The order has a live invoice already: change that one, or delete it first.'],
  orderInvoiced: [400, 'accounting.order_invoiced', 'The order is invoiced: it is deleted (restorable), not purged.'],
  numberFixed: [400, 'accounting.number_fixed', "An approved invoice's number does not change."],
  invoiceHasPayments: [400, 'accounting.invoice_has_payments', 'Payments are applied to the invoice: remove them first.'],
  invoiceNotApproved: [400, 'accounting.invoice_not_approved', 'The invoice is a Draft: payments go on approved invoices.'],
  invoiceOfAnotherCustomer: [400, 'accounting.invoice_not_of_customer', "The invoice is another customer's than the payment's."],
  currencyMismatch: [400, 'accounting.currency_mismatch', "The invoice or deposit account is in another currency than the payment's."],
  overAllocation: [
    400,
    'accounting.over_allocation',
    "More is applied than the payment's amount, or than an invoice's open balance (its total less what is paid or pending).",
  ],
  paymentDeleted: [400, 'accounting.payment_deleted', 'The payment is deleted: restore it first.'],
  depositAccountNameTaken: [400, 'accounting.duplicate_deposit_account', 'Another deposit account of the company has that name (any case).'],
  methodRefused: [400, 'accounting.payment_method_refused', 'The processor does not hold that payment method (unknown, not a card, or another account’s).'],
  noSavedCard: [400, 'accounting.no_saved_card', "A card payment names one of the customer's saved cards (paymentMethod), or the customer has a default card."],
  cardDeclined: [400, 'accounting.card_declined', 'The processor declined the card: nothing was paid (the payment reads Failed, with the decline code).'],
  paymentPending: [400, 'accounting.payment_pending', 'The card charge is waiting for the processor: the payment changes once it is settled.'],
  paymentCharged: [
    400,
    'accounting.payment_charged',
    'A charged card payment keeps its amount, currency, customer and card (its allocations and details still change).',
  ],
  notDownloaded: [400, 'accounting.not_downloaded', 'The invoice was never exported: export it before marking it added to the ledger by hand.'],
  noInvoicedDistance: [
    400,
    'accounting.no_invoiced_distance',
    "The customer has no approved invoice of an order with a distance, in the model's currency, in the months asked: nothing to derive rates from.",
  ],
  tooManyPayments: [400, 'accounting.too_many_payments', 'More than 5,000 payments match: narrow the dates or name the customer.'],
});
