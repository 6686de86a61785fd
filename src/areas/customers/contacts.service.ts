// Rules of customer contacts: one primary per customer that has contacts; a contact in use is not
// deleted unless its uses move to the primary; normalization of emails and phones (E.164) with
// exact duplicates merged.
import type { Tenant } from '../../db/tenant.js';
import { type Column, writeXlsx, XLSX_TYPE } from '../../integrations/files/spreadsheet.js';
import { audit } from '../../platform/audit.js';
import { fail, invalid } from '../../platform/errors.js';
import type { FileResult } from '../../platform/route.js';
import { contactBook, type NormalizeMode } from './contact-book.js';
import * as repo from './contacts.repository.js';
import {
  CONTACT_EXPORT_FIELDS,
  type ContactInputT,
  type ContactRow,
  type ContactUsageDtoT,
  type CustomerContactT,
  type ExportContactsRequestModelT,
  type NormalizePlan,
  toContact,
  type ValidateEmailOrPhoneT,
} from './contacts.schemas.js';
import { CustomersErrors } from './customers.errors.js';
import { contactUsesMoved } from './customers.events.js';
import * as customers from './customers.repository.js';
import type { CustomerRow } from './customers.schemas.js';
import { checkPhone, isEmail, normalizeEmail, phoneDigitForms } from './keys.js';

const clean = (v: string | null | undefined) => (v === null || v === undefined ? null : v.trim() || null);

/** Moves every use of the contacts to another contact: the mails here; support tickets are the
 *  support area's, moved by it when told (contactUsesMoved). */
async function reassignUses(t: Tenant, fromIds: number[], toId: number): Promise<void> {
  if (fromIds.length === 0) return;
  await repo.reassignSentEmails(t, fromIds, toId);
  await t.announce(contactUsesMoved, { fromContactIds: fromIds, toContactId: toId });
}

const book = contactBook(
  { ...repo.contactList, ownerOf: (row: ContactRow) => row.customer_id, countriesOf: repo.countriesOf, reassignUses },
  { entity: 'contact', ownerEntity: 'customer', ownerKey: 'customerId', toAnswer: toContact },
);

/** A customer with contacts and no primary gets its oldest contact as primary. */
export const ensurePrimary = book.ensurePrimary;

async function values(t: Tenant, input: ContactInputT) {
  return {
    customer_id: input.customerId,
    name: input.name.trim(),
    email: clean(input.email),
    phone: await book.phoneOf(t, input.customerId, clean(input.phone)),
    phone_extension: clean(input.phoneExtension),
    title: clean(input.title),
    notes: clean(input.notes),
  };
}

const usageDto = (contactId: number, u: { sentEmails: number; supportTickets: number }): ContactUsageDtoT => ({
  contactId,
  sentEmails: u.sentEmails,
  supportTickets: u.supportTickets,
  total: u.sentEmails + u.supportTickets,
});

/** The routes' services take the records the request names as the id gate read them (route ids). */
export function contactsService() {
  /** A contact this request wrote, read again. */
  async function reread(t: Tenant, id: number): Promise<CustomerContactT> {
    return toContact(await repo.contactRecords.reread(t, id));
  }

  /** One active customer's contacts (the gate read customerId), or every customer's. */
  async function normalize(t: Tenant, customerId: number | null | undefined, mode: NormalizeMode) {
    return book.normalize(t, customerId ?? null, mode);
  }

  /** The customer's contacts, primary first. */
  async function ofCustomerRow(t: Tenant, customer: Pick<CustomerRow, 'id' | 'name'>) {
    const list = (await repo.contactsOfCustomers(t, [customer.id])).map(toContact);
    return { customerId: customer.id, customerName: customer.name, primaryContact: list.find((c) => c.isPrimary) ?? null, contacts: list };
  }

  return {
    ofCustomerRow,

    /** An active customer's contacts, or 404 (other areas answer theirs so: accounting). */
    ofCustomer: async (t: Tenant, customerId: number) => ofCustomerRow(t, await customers.customerRecords.requireOne(t, customerId)),

    /** For an active customer (the route's gate read customerId). */
    async create(t: Tenant, input: ContactInputT): Promise<CustomerContactT> {
      const id = await repo.insertContact(t, await values(t, input));
      await book.settlePrimary(t, input.customerId, id, false, input.isPrimary);
      const created = await reread(t, id);
      await audit(t, { action: 'contact.create', entityType: 'contact', entityId: id, after: created });
      return created;
    },

    async update(t: Tenant, before: ContactRow, input: ContactInputT): Promise<CustomerContactT> {
      const id = before.id;
      if (input.customerId !== before.customer_id) {
        throw fail(CustomersErrors.contactCustomerChange, 'A contact stays with its customer; merge the customers to move contacts.');
      }
      await repo.contactList.update(t, id, await values(t, input));
      await book.settlePrimary(t, before.customer_id, id, before.is_primary, input.isPrimary);
      const after = await reread(t, id);
      await audit(t, { action: 'contact.update', entityType: 'contact', entityId: id, before: toContact(before), after });
      return after;
    },

    /** Refused while the contact is used, unless its uses move to the primary contact. */
    async remove(t: Tenant, contact: ContactRow, reassignToPrimary: boolean) {
      const id = contact.id;
      const used = usageDto(id, (await repo.usage(t, [id])).get(id)!);
      const { reassignedTo, newPrimary } = await book.remove(t, contact, used.total, reassignToPrimary, {
        inUse: () =>
          fail(
            CustomersErrors.contactInUse,
            `Contact ${id} is used by ${used.sentEmails} sent email(s) and ${used.supportTickets} support ticket(s); send reassignToPrimary=true to move them to the primary contact.`,
          ),
        noPrimary: () =>
          fail(CustomersErrors.contactNoPrimary, `Contact ${id} is the customer's only contact: there is no primary contact to move its uses to.`),
      });
      return {
        contactId: id,
        reassignedToContactId: reassignedTo,
        reassigned: reassignedTo === null ? usageDto(id, { sentEmails: 0, supportTickets: 0 }) : used,
        newPrimaryContactId: newPrimary,
      };
    },

    async setPrimary(t: Tenant, contact: ContactRow): Promise<CustomerContactT> {
      await book.setPrimary(t, contact);
      return reread(t, contact.id);
    },

    async usage(t: Tenant, contact: ContactRow): Promise<ContactUsageDtoT> {
      return usageDto(contact.id, (await repo.usage(t, [contact.id])).get(contact.id)!);
    },

    preview: (t: Tenant, customerId: number | null | undefined): Promise<NormalizePlan> =>
      normalize(t, customerId, 'preview').then(({ changes, merges, invalidPhones }) => ({ changes, merges, invalidPhones })),

    normalize: (t: Tenant, customerId: number | null | undefined) => normalize(t, customerId, 'apply'),

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
      const scope = {
        customerIds: request.customerIds?.length ? request.customerIds : null,
        contactIds: request.contactIds?.length ? request.contactIds : null,
      };
      async function* batches() {
        for (let after = 0; ; ) {
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
  id: (r) => r.id,
  customerId: (r) => r.customer_id,
  customerName: (r) => r.customer_name,
  name: (r) => r.name,
  email: (r) => r.email,
  phone: (r) => r.phone,
  phoneExtension: (r) => r.phone_extension,
  title: (r) => r.title,
  isPrimary: (r) => r.is_primary,
  notes: (r) => r.notes,
  createdAt: (r) => r.created_at,
};
const EXPORT_WIDTHS: Partial<Record<ExportField, number>> = { customerName: 30, name: 26, email: 28, phone: 18, notes: 40, createdAt: 24 };

export type ContactsService = ReturnType<typeof contactsService>;
