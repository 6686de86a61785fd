// Rules of carriers' finance records: a valid ABA routing number (check digit), account numbers and
// EINs kept as given and answered by their last four characters, at most one default record per
// carrier, a billing contact that is the same carrier's contact. Records are deleted for good:
// they describe how to pay, not what was paid (payouts keep their own copy when they exist). Audit
// rows hold answers, so they never hold the secrets either.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { fail, invalid } from '../../platform/errors.js';
import { columnsOf, text, type Writers } from '../../platform/writes.js';
import { countryOf } from '../settings/index.js';
import * as repo from './carrier-finances.repository.js';
import {
  type FinanceRow,
  type OutsourceCompanyFinanceCreateDtoT,
  type OutsourceCompanyFinanceDtoT,
  type OutsourceCompanyFinanceUpdateDtoT,
  toFinance,
} from './carrier-finances.schemas.js';
import { CarriersErrors } from './carriers.errors.js';
import type { OutsourceCompanyRow } from './carriers.schemas.js';

/** ABA routing number check: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. */
export function isRoutingNumber(digits: string): boolean {
  if (!/^[0-9]{9}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

function routingNumber(v: string | null | undefined): string | null {
  const digits = text(v);
  if (digits && !isRoutingNumber(digits)) throw invalid('routingNumber', `${digits} is not an ABA routing number: its check digit is wrong.`);
  return digits;
}

function accountNumber(v: string | null | undefined): string | null {
  const cleaned = text(v)?.replace(/[\s-]/g, '').toUpperCase() ?? null;
  if (cleaned !== null && !/^[A-Z0-9]{4,34}$/.test(cleaned)) throw invalid('accountNumber', 'An account number (or IBAN) has 4 to 34 letters and digits.');
  return cleaned;
}

const WRITERS: Writers<OutsourceCompanyFinanceUpdateDtoT, repo.FinanceValues> = {
  id: () => ({}),
  outsourceCompanyId: () => ({}),
  label: (v) => ({ label: text(v) }),
  isDefault: (v) => (v === undefined || v === null ? {} : { is_default: v }),
  paymentTermsDays: (v) => ({ payment_terms_days: v ?? 30 }),
  paymentMethod: (v) => ({ payment_method: v ?? 'ACH' }),
  currency: (v) => ({ currency: text(v)?.toUpperCase() ?? 'USD' }),
  quickPayFeePercent: (v) => ({ quick_pay_fee_percent: v ?? null }),
  factoringCompany: (v) => ({ factoring_company: text(v) }),
  remitTo: (r) => ({
    remit_to_name: text(r?.name),
    remit_to_street: text(r?.street),
    remit_to_street2: text(r?.street2),
    remit_to_city: text(r?.city),
    remit_to_state: text(r?.state)?.toUpperCase() ?? null,
    remit_to_postal_code: text(r?.postalCode)?.toUpperCase() ?? null,
    remit_to_country: text(r?.country) ? countryOf(r!.country!, 'remitTo.country') : null,
    remit_to_email: text(r?.email)?.toLowerCase() ?? null,
  }),
  bankName: (v) => ({ bank_name: text(v) }),
  routingNumber: (v) => ({ routing_number: routingNumber(v) }),
  swiftBic: (v) => ({ swift_bic: text(v)?.toUpperCase() ?? null }),
  accountNumber: (v) => ({ account_number: accountNumber(v) }),
  accountType: (v) => ({ account_type: v ?? null }),
  taxId: (v) => ({ tax_id: text(v)?.replace(/\D/g, '') ?? null }),
  contactId: (v) => ({ contact_id: v ?? null }),
  notes: (v) => ({ notes: text(v) }),
};

async function checkContact(t: Tenant, outsourceCompanyId: number, contactId: number | null | undefined): Promise<void> {
  if (contactId === null || contactId === undefined) return;
  if (!(await repo.isContactOf(t, outsourceCompanyId, contactId)))
    throw invalid('contactId', `Contact ${contactId} is not a contact of carrier ${outsourceCompanyId}.`);
}

/** The services take the records the request names as the id gate read them (routes' `ids`). */
export function carrierFinancesService() {
  /** A record this request wrote, read again. */
  const reread = async (t: Tenant, id: number): Promise<OutsourceCompanyFinanceDtoT> => toFinance(await repo.financeRecords.reread(t, id));

  /** isDefault=true takes the role from the carrier's other record. */
  async function settleDefault(t: Tenant, row: Pick<FinanceRow, 'id' | 'outsource_company_id'>, values: Partial<repo.FinanceValues>): Promise<void> {
    if (values.is_default === true) await repo.clearDefault(t, row.outsource_company_id, row.id);
  }

  return {
    async list(t: Tenant, carrier: OutsourceCompanyRow): Promise<OutsourceCompanyFinanceDtoT[]> {
      return (await repo.financesOf(t, carrier.id)).map(toFinance);
    },

    read: (record: FinanceRow): OutsourceCompanyFinanceDtoT => toFinance(record),

    /** For a live carrier (the route's gate read outsourceCompanyId). */
    async create(t: Tenant, input: OutsourceCompanyFinanceCreateDtoT): Promise<OutsourceCompanyFinanceDtoT> {
      const carrierId = input.outsourceCompanyId;
      const values = columnsOf(input, WRITERS, 'all');
      await checkContact(t, carrierId, values.contact_id);
      // The carrier's first record is its default unless told otherwise.
      if (values.is_default === undefined) values.is_default = !(await repo.hasDefault(t, carrierId));
      if (values.is_default) await repo.clearDefault(t, carrierId, null);
      const id = await repo.insertFinance(t, carrierId, values);
      const created = await reread(t, id);
      await audit(t, { action: 'outsource_finance.create', entityType: 'outsource_finance', entityId: id, after: created });
      return created;
    },

    /** Changes the fields sent and keeps the others. */
    async update(t: Tenant, current: FinanceRow, input: OutsourceCompanyFinanceUpdateDtoT): Promise<OutsourceCompanyFinanceDtoT> {
      const id = current.id;
      if (input.outsourceCompanyId !== undefined && input.outsourceCompanyId !== null && input.outsourceCompanyId !== current.outsource_company_id) {
        throw fail(CarriersErrors.financeCarrierChange, 'A finance record stays with its carrier; add one to the other carrier instead.');
      }
      const values = columnsOf(input, WRITERS, 'sent');
      await checkContact(t, current.outsource_company_id, values.contact_id);
      await settleDefault(t, current, values);
      await repo.updateFinance(t, id, values);
      const after = await reread(t, id);
      await audit(t, { action: 'outsource_finance.update', entityType: 'outsource_finance', entityId: id, before: toFinance(current), after: after });
      return after;
    },

    /** Deletes the records for good (all of them: the gate found every one). */
    async remove(t: Tenant, rows: FinanceRow[]): Promise<null> {
      await repo.deleteFinances(
        t,
        rows.map((r) => r.id),
      );
      for (const r of rows) await audit(t, { action: 'outsource_finance.delete', entityType: 'outsource_finance', entityId: r.id, before: toFinance(r) });
      return null;
    },
  };
}

export type CarrierFinancesService = ReturnType<typeof carrierFinancesService>;
