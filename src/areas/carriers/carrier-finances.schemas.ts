// Models of carriers' finance records (part 2, "Carriers": OutsourceCompanyFinance…Dto; fields not
// shown there): how and where a carrier is paid — payment terms, quick pay, factoring, remit-to
// address, bank details. The account number and the tax id (EIN) are write-only: every answer,
// single or list, carries their last four characters only.
import type { Selectable } from 'kysely';
import { DateTime, Id, NameEnum, Nullable, Opt, type Static, Text, Type } from '../../platform/schemas.js';
import type { OutsourceCompanyFinancesTable } from './carriers.tables.js';

export const PAYMENT_METHODS = ['ACH', 'Wire', 'Check', 'Other'] as const;
export const ACCOUNT_TYPES = ['Checking', 'Savings'] as const;

const d = {
  label: 'What the record is for ("Main remittance", "Factoring - RTS").',
  isDefault: 'The record payouts use unless told otherwise; at most one per carrier (the first record is the default unless sent false).',
  paymentTermsDays: "Days from the carrier's invoice to payment (net terms), 0 to 365. Default 30.",
  paymentMethod: 'How the carrier is paid. Default ACH.',
  currency: 'ISO 4217 currency of payments. Default USD.',
  quickPayFeePercent: 'Fee the carrier accepts for quick pay, in percent of the invoice (2.5 = 2.5 %).',
  factoringCompany: 'Factoring company the carrier sold its receivables to: payments go there.',
  bankName: 'Bank of the account.',
  routingNumber: 'ABA routing number, 9 digits with a valid check digit (US banks).',
  swiftBic: 'SWIFT/BIC code of a bank outside the US (8 or 11 characters).',
  accountType: 'Checking or Savings.',
  contactId: "The carrier's contact for invoices and payments (a contact of the same carrier).",
  notes: 'Free notes.',
};

export const RemitTo = Type.Object(
  {
    name: Nullable(Type.String({ description: 'Payee name on checks and remittances.' })),
    street: Nullable(Type.String()),
    street2: Nullable(Type.String()),
    city: Nullable(Type.String()),
    state: Nullable(Type.String()),
    postalCode: Nullable(Type.String()),
    country: Nullable(Type.String({ description: 'ISO 3166-1 alpha-2.' })),
    email: Nullable(Type.String({ description: 'Where remittance advice is sent.' })),
  },
  { description: 'Where payments and remittance advice go.' },
);

export const OutsourceCompanyFinanceDto = Type.Object(
  {
    id: Id,
    outsourceCompanyId: Id,
    label: Nullable(Type.String({ description: d.label })),
    isDefault: Type.Boolean({ description: d.isDefault }),
    paymentTermsDays: Type.Integer({ description: d.paymentTermsDays }),
    paymentMethod: NameEnum(PAYMENT_METHODS, { description: d.paymentMethod }),
    currency: Type.String({ description: d.currency }),
    quickPayFeePercent: Nullable(Type.Number({ description: d.quickPayFeePercent })),
    factoringCompany: Nullable(Type.String({ description: d.factoringCompany })),
    remitTo: RemitTo,
    bankName: Nullable(Type.String({ description: d.bankName })),
    routingNumber: Nullable(Type.String({ description: d.routingNumber })),
    swiftBic: Nullable(Type.String({ description: d.swiftBic })),
    accountNumberLast4: Nullable(Type.String({ description: 'Last four characters of the account number (or IBAN); the full number is never answered.' })),
    accountType: Nullable(NameEnum(ACCOUNT_TYPES, { description: d.accountType })),
    taxIdLast4: Nullable(Type.String({ description: "Last four digits of the carrier's tax id (EIN); the full number is never answered." })),
    contactId: Nullable(Type.Integer({ format: 'int32', description: d.contactId })),
    notes: Nullable(Type.String({ description: d.notes })),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  {
    $id: 'OutsourceCompanyFinanceDto',
    description:
      'How and where a carrier is paid. The account number and the tax id are answered as their last four characters only, in single answers and lists alike.',
  },
);
export type OutsourceCompanyFinanceDtoT = Static<typeof OutsourceCompanyFinanceDto>;

const financeFields = {
  label: Opt(Text(100, d.label)),
  isDefault: Opt(Type.Boolean({ description: d.isDefault })),
  paymentTermsDays: Opt(Type.Integer({ minimum: 0, maximum: 365, description: d.paymentTermsDays })),
  paymentMethod: Opt(NameEnum(PAYMENT_METHODS, { description: d.paymentMethod })),
  currency: Opt(Type.String({ pattern: '^[A-Za-z]{3}$', description: d.currency })),
  quickPayFeePercent: Opt(Type.Number({ minimum: 0, maximum: 100, description: d.quickPayFeePercent })),
  factoringCompany: Opt(Text(200, d.factoringCompany)),
  remitTo: Opt(
    Type.Object({
      name: Opt(Text(200)),
      street: Opt(Text(200)),
      street2: Opt(Text(200)),
      city: Opt(Text(100)),
      state: Opt(Text(100)),
      postalCode: Opt(Text(20)),
      country: Opt(Type.String({ minLength: 2, maxLength: 2 })),
      email: Opt(Type.String({ format: 'email', maxLength: 254 })),
    }),
  ),
  bankName: Opt(Text(200, d.bankName)),
  routingNumber: Opt(Type.String({ pattern: '^\\s*[0-9]{9}\\s*$', description: d.routingNumber })),
  swiftBic: Opt(Type.String({ pattern: '^\\s*[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?\\s*$', description: d.swiftBic })),
  accountNumber: Opt(
    Type.String({
      maxLength: 40,
      description:
        'Account number or IBAN (4 to 34 letters and digits; spaces and dashes ignored). Write-only: answers carry accountNumberLast4. On PUT, absent keeps it and null removes it.',
    }),
  ),
  accountType: Opt(NameEnum(ACCOUNT_TYPES, { description: d.accountType })),
  taxId: Opt(
    Type.String({
      pattern: '^\\s*[0-9]{2}-?[0-9]{7}\\s*$',
      description: "The carrier's EIN (12-3456789). Write-only: answers carry taxIdLast4. On PUT, absent keeps it and null removes it.",
    }),
  ),
  contactId: Opt(Type.Integer({ format: 'int32', description: d.contactId })),
  notes: Opt(Text(4000, d.notes)),
};

export const OutsourceCompanyFinanceCreateDto = Type.Object(
  {
    outsourceCompanyId: Type.Integer({ format: 'int32', description: 'The carrier.' }),
    ...financeFields,
  },
  { $id: 'OutsourceCompanyFinanceCreateDto' },
);
export type OutsourceCompanyFinanceCreateDtoT = Static<typeof OutsourceCompanyFinanceCreateDto>;

export const OutsourceCompanyFinanceUpdateDto = Type.Object(
  {
    id: Opt(Type.Integer({ format: 'int32', description: 'Ignored: the path names the record.' })),
    outsourceCompanyId: Opt(Type.Integer({ format: 'int32', description: "When sent, must be the record's carrier (a record stays with its carrier)." })),
    ...financeFields,
  },
  { description: 'OutsourceCompanyFinanceDto as written: the fields to change; fields not sent are kept, null clears one.' },
);
export type OutsourceCompanyFinanceUpdateDtoT = Static<typeof OutsourceCompanyFinanceUpdateDto>;

export const FinanceReadQuery = Type.Object({
  outsourceCompanyFinanceId: Type.Optional(Type.Integer({ format: 'int32', description: 'With it, {id} is the carrier and this the record.' })),
});
export const FinanceDeleteQuery = Type.Object({
  ids: Type.Optional(Type.Array(Id, { maxItems: 1000, description: 'With them, {id} is the carrier and these its records to delete (repeat the parameter).' })),
});

export type FinanceRow = Omit<Selectable<OutsourceCompanyFinancesTable>, 'company_id'>;

const last4 = (v: string | null) => (v === null ? null : v.slice(-4));

/** The answer: secrets reduced to their last four characters, here and nowhere else. */
export function toFinance(r: FinanceRow): OutsourceCompanyFinanceDtoT {
  return {
    id: r.id,
    outsourceCompanyId: r.outsource_company_id,
    label: r.label,
    isDefault: r.is_default,
    paymentTermsDays: r.payment_terms_days,
    paymentMethod: r.payment_method as (typeof PAYMENT_METHODS)[number],
    currency: r.currency,
    quickPayFeePercent: r.quick_pay_fee_percent,
    factoringCompany: r.factoring_company,
    remitTo: {
      name: r.remit_to_name,
      street: r.remit_to_street,
      street2: r.remit_to_street2,
      city: r.remit_to_city,
      state: r.remit_to_state,
      postalCode: r.remit_to_postal_code,
      country: r.remit_to_country,
      email: r.remit_to_email,
    },
    bankName: r.bank_name,
    routingNumber: r.routing_number,
    swiftBic: r.swift_bic,
    accountNumberLast4: last4(r.account_number),
    accountType: r.account_type as (typeof ACCOUNT_TYPES)[number] | null,
    taxIdLast4: last4(r.tax_id),
    contactId: r.contact_id,
    notes: r.notes,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}
