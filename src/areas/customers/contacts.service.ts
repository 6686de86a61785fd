// Rules of customer contacts: one primary per customer that has contacts; a contact in use is not
// deleted unless its uses move to the primary; normalization of emails and phones (E.164) with
// exact duplicates merged.
import type { Tenant } from '../../db/tenant.js';
import { writeXlsx, XLSX_TYPE, type Column } from '../../integrations/files/spreadsheet.js';
import type { FileResult } from '../../platform/route.js';
import { audit } from '../../platform/audit.js';
import { badRequest, invalid, notFound } from '../../platform/errors.js';
import * as repo from './contacts.repository.js';
import {
  CONTACT_EXPORT_FIELDS, toContact, type ContactInputT, type ExportContactsRequestModelT, type ContactRow, type ContactUsageDtoT, type CustomerContactT, type NormalizePlan, type ValidateEmailOrPhoneT,
} from './contacts.schemas.js';
import * as customers from './customers.repository.js';
import { checkPhone, isEmail, normalizeEmail, phoneDigitForms } from './keys.js';

const clean = (v: string | null | undefined) => (v === null || v === undefined ? null : v.trim() || null);

/** Customers processed together by a company-wide normalization. */
const NORMALIZE_BATCH = 200;

async function requireContact(t: Tenant, id: number): Promise<ContactRow> {
  const row = await repo.findContact(t, id);
  if (!row) throw notFound('Contact', id);
  return row;
}

async function requireCustomer(t: Tenant, customerId: number) {
  const customer = await customers.findCustomer(t, customerId);
  if (!customer) throw notFound('Customer', customerId);
  return customer;
}

/** A customer with contacts and no primary gets its oldest contact as primary. */
export async function ensurePrimary(t: Tenant, customerId: number): Promise<number | null> {
  const primary = await repo.primaryOf(t, customerId);
  if (primary !== null) return primary;
  const oldest = await repo.oldestContactId(t, customerId, null);
  if (oldest !== null) await repo.makePrimary(t, customerId, oldest);
  return oldest;
}

function values(input: ContactInputT) {
  return {
    customer_id: input.customerId,
    name: input.name.trim(),
    email: clean(input.email),
    phone: clean(input.phone),
    phone_extension: clean(input.phoneExtension),
    title: clean(input.title),
    notes: clean(input.notes),
  };
}

const usageDto = (contactId: number, u: { sentEmails: number; supportTickets: number }): ContactUsageDtoT =>
  ({ contactId, sentEmails: u.sentEmails, supportTickets: u.supportTickets, total: u.sentEmails + u.supportTickets });

/** The plan for a set of customers: email and phone changes, merges of identical contacts. */
function planFor(rows: ContactRow[], countries: Map<number, string>): NormalizePlan & { finals: Map<number, { email: string | null; phone: string | null }> } {
  const plan: NormalizePlan = { changes: [], merges: [], invalidPhones: [] };
  const finals = new Map<number, { email: string | null; phone: string | null }>();
  for (const row of rows) {
    const email = normalizeEmail(row.email);
    let phone = row.phone;
    if (row.phone) {
      const check = checkPhone(row.phone, countries.get(row.customer_id) ?? 'US');
      if (check.valid) phone = check.e164;
      else plan.invalidPhones.push({ contactId: row.id, phone: row.phone });
    }
    if (email !== row.email && row.email !== null) plan.changes.push({ contactId: row.id, customerId: row.customer_id, field: 'email', from: row.email, to: email ?? '' });
    if (phone !== row.phone && row.phone !== null) plan.changes.push({ contactId: row.id, customerId: row.customer_id, field: 'phone', from: row.phone, to: phone ?? '' });
    finals.set(row.id, { email, phone });
  }
  // Identical after normalization: same customer, name (any case), email and phone.
  const groups = new Map<string, ContactRow[]>();
  for (const row of rows) {
    const f = finals.get(row.id)!;
    const key = [row.customer_id, row.name.trim().toLowerCase(), f.email ?? '', f.phone ?? ''].join('\u0000');
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const keep = group.find((r) => r.is_primary) ?? group.reduce((a, b) => (a.id < b.id ? a : b));
    plan.merges.push({ keepContactId: keep.id, mergedContactIds: group.filter((r) => r !== keep).map((r) => r.id).sort((a, b) => a - b) });
  }
  return { ...plan, finals };
}

export function contactsService() {
  async function read(t: Tenant, id: number): Promise<CustomerContactT> {
    return toContact(await requireContact(t, id));
  }

  /** Runs the normalization plan customer batch by customer batch: `preview` writes nothing,
   *  `apply` writes it all, `merge` only merges contacts identical after normalization. */
  async function normalize(t: Tenant, customerId: number | null | undefined, mode: 'preview' | 'apply' | 'merge') {
    const total: NormalizePlan = { changes: [], merges: [], invalidPhones: [] };
    let updated = 0;
    let merged = 0;
    const run = async (customerIds: number[]) => {
      const rows = await repo.contactsOfCustomers(t, customerIds);
      const plan = planFor(rows, await repo.countriesOf(t, customerIds));
      if (mode !== 'merge') {
        total.changes.push(...plan.changes);
        total.invalidPhones.push(...plan.invalidPhones);
      }
      total.merges.push(...plan.merges);
      if (mode === 'preview') return;
      if (mode === 'apply') {
        const changed = new Set(plan.changes.map((c) => c.contactId));
        for (const id of changed) await repo.updateContact(t, id, plan.finals.get(id)!);
        updated += changed.size;
      }
      for (const m of plan.merges) {
        await repo.reassignUses(t, m.mergedContactIds, m.keepContactId);
        await repo.deleteContacts(t, m.mergedContactIds);
        merged += m.mergedContactIds.length;
      }
    };
    if (customerId !== null && customerId !== undefined) {
      await requireCustomer(t, customerId);
      await run([customerId]);
    } else {
      for (let after = 0; ;) {
        const batch = await repo.customersWithContacts(t, after, NORMALIZE_BATCH);
        if (batch.length === 0) break;
        await run(batch);
        after = batch[batch.length - 1]!;
      }
    }
    return { ...total, updated, merged };
  }

  return {
    async ofCustomer(t: Tenant, customerId: number) {
      const customer = await requireCustomer(t, customerId);
      const list = (await repo.contactsOfCustomers(t, [customerId])).map(toContact);
      return { customerId, customerName: customer.name, primaryContact: list.find((c) => c.isPrimary) ?? null, contacts: list };
    },

    async create(t: Tenant, input: ContactInputT): Promise<CustomerContactT> {
      await requireCustomer(t, input.customerId);
      const id = await repo.insertContact(t, values(input));
      if (input.isPrimary) await repo.makePrimary(t, input.customerId, id);
      else await ensurePrimary(t, input.customerId);
      const created = await read(t, id);
      await audit(t, { action: 'contact.create', entityType: 'contact', entityId: id, after: created });
      return created;
    },

    async update(t: Tenant, id: number, input: ContactInputT): Promise<CustomerContactT> {
      const before = await requireContact(t, id);
      if (input.customerId !== before.customer_id) {
        throw badRequest('contacts.customer_change', 'A contact stays with its customer; merge the customers to move contacts.');
      }
      await repo.updateContact(t, id, values(input));
      if (input.isPrimary === true) await repo.makePrimary(t, before.customer_id, id);
      else if (input.isPrimary === false && before.is_primary) {
        const other = await repo.oldestContactId(t, before.customer_id, id);
        if (other !== null) await repo.makePrimary(t, before.customer_id, other);
      }
      const after = await read(t, id);
      await audit(t, { action: 'contact.update', entityType: 'contact', entityId: id, before: toContact(before), after });
      return after;
    },

    /** Refused while the contact is used, unless its uses move to the primary contact. */
    async remove(t: Tenant, id: number, reassignToPrimary: boolean) {
      const contact = await requireContact(t, id);
      const used = usageDto(id, (await repo.usage(t, [id])).get(id)!);
      const successor = contact.is_primary ? await repo.oldestContactId(t, contact.customer_id, id) : await repo.primaryOf(t, contact.customer_id);
      let reassignedTo: number | null = null;
      if (used.total > 0) {
        if (!reassignToPrimary) {
          throw badRequest('contacts.in_use', `Contact ${id} is used by ${used.sentEmails} sent email(s) and ${used.supportTickets} support ticket(s); send reassignToPrimary=true to move them to the primary contact.`);
        }
        if (successor === null) throw badRequest('contacts.no_primary', `Contact ${id} is the customer's only contact: there is no primary contact to move its uses to.`);
        await repo.reassignUses(t, [id], successor);
        reassignedTo = successor;
      }
      await repo.deleteContacts(t, [id]);
      const newPrimary = contact.is_primary ? await ensurePrimary(t, contact.customer_id) : null;
      await audit(t, { action: 'contact.delete', entityType: 'contact', entityId: id, before: toContact(contact), after: { reassignedTo } });
      return { contactId: id, reassignedToContactId: reassignedTo, reassigned: reassignedTo === null ? usageDto(id, { sentEmails: 0, supportTickets: 0 }) : used, newPrimaryContactId: newPrimary };
    },

    async setPrimary(t: Tenant, id: number): Promise<CustomerContactT> {
      const contact = await requireContact(t, id);
      if (!contact.is_primary) {
        await repo.makePrimary(t, contact.customer_id, id);
        await audit(t, { action: 'contact.set_primary', entityType: 'contact', entityId: id, after: { customerId: contact.customer_id } });
      }
      return read(t, id);
    },

    async usage(t: Tenant, id: number): Promise<ContactUsageDtoT> {
      await requireContact(t, id);
      return usageDto(id, (await repo.usage(t, [id])).get(id)!);
    },

    preview: (t: Tenant, customerId: number | null | undefined): Promise<NormalizePlan> =>
      normalize(t, customerId, 'preview').then(({ changes, merges, invalidPhones }) => ({ changes, merges, invalidPhones })),

    async normalize(t: Tenant, customerId: number | null | undefined) {
      const result = await normalize(t, customerId, 'apply');
      await audit(t, { action: 'contact.normalize', entityType: 'customer', entityId: customerId ?? null, after: { updated: result.updated, merged: result.merged } });
      return result;
    },

    /** Every customer's contacts that are identical after normalization are merged into one
     *  (the primary, else the oldest); their uses move to it. */
    async deleteDuplicates(t: Tenant): Promise<{ deleted: number }> {
      const result = await normalize(t, null, 'merge');
      await audit(t, { action: 'contact.delete_duplicates', entityType: 'contact', after: { deleted: result.merged } });
      return { deleted: result.merged };
    },

    /** A spreadsheet of the chosen contacts (all of active customers when no ids are given). */
    async export(t: Tenant, request: ExportContactsRequestModelT): Promise<FileResult> {
      const fields = request.fields?.length ? [...new Set(request.fields)] : [...CONTACT_EXPORT_FIELDS];
      const columns: Column<repo.ContactExportRow>[] = fields.map((field) => ({ header: field, width: EXPORT_WIDTHS[field], value: EXPORT_VALUES[field] }));
      const scope = { customerIds: request.customerIds?.length ? request.customerIds : null, contactIds: request.contactIds?.length ? request.contactIds : null };
      async function* batches() {
        for (let after = 0; ;) {
          const rows = await repo.exportBatch(t, scope, after, 1000);
          if (rows.length === 0) return;
          yield rows;
          after = rows[rows.length - 1]!.id;
        }
      }
      const body = await writeXlsx('Contacts', columns, batches());
      return { fileName: `contacts-${new Date().toISOString().slice(0, 10)}.xlsx`, contentType: XLSX_TYPE, body };
    },

    async validate(t: Tenant, input: ValidateEmailOrPhoneT) {
      const email = normalizeEmail(input.email);
      const phone = clean(input.phone);
      if (!email && !phone) throw invalid('email', 'Send an email, a phone, or both.');
      let country = input.country ?? null;
      if (!country && input.customerId) country = (await repo.countriesOf(t, [input.customerId])).get(input.customerId) ?? null;
      const phoneCheck = phone ? checkPhone(phone, country ?? 'US') : null;
      const duplicates = await repo.findByEmailOrPhone(
        t,
        email && isEmail(email) ? email : null,
        phone ? phoneDigitForms(phone, country ?? 'US') : [],
        input.customerId ?? null,
        input.contactId ?? null,
      );
      return {
        isEmailValid: email ? isEmail(email) : null,
        normalizedEmail: email && isEmail(email) ? email : null,
        isPhoneValid: phoneCheck ? phoneCheck.valid : null,
        normalizedPhone: phoneCheck?.e164 ?? null,
        duplicates: duplicates.map(toContact),
      };
    },
  };
}

type ExportField = (typeof CONTACT_EXPORT_FIELDS)[number];
const EXPORT_VALUES: Record<ExportField, (r: repo.ContactExportRow) => string | number | boolean | Date | null> = {
  id: (r) => r.id, customerId: (r) => r.customer_id, customerName: (r) => r.customer_name, name: (r) => r.name, email: (r) => r.email,
  phone: (r) => r.phone, phoneExtension: (r) => r.phone_extension, title: (r) => r.title, isPrimary: (r) => r.is_primary,
  notes: (r) => r.notes, createdAt: (r) => r.created_at,
};
const EXPORT_WIDTHS: Partial<Record<ExportField, number>> = { customerName: 30, name: 26, email: 28, phone: 18, notes: 40, createdAt: 24 };

export type ContactsService = ReturnType<typeof contactsService>;
