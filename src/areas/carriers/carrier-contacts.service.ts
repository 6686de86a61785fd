// Rules of carriers' contacts — those of customers' contacts (the contact book): one primary per
// carrier that has contacts; a used contact (a finance record's billing contact) is deleted only by
// moving its uses to the primary; normalization writes E.164 phones (in the carrier's country) and
// lower-case emails and merges identical contacts.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { fail, invalid } from '../../platform/errors.js';
import { text } from '../../platform/writes.js';
import { contactBook } from '../customers/index.js';
import * as repo from './carrier-contacts.repository.js';
import {
  type NormalizeOutsourceCompanyContactsPreviewDtoT,
  type OutsourceCompanyContactInputT,
  type OutsourceCompanyContactRow,
  type OutsourceCompanyContactT,
  type OutsourceCompanyContactUsageDtoT,
  toOutsourceCompanyContact,
} from './carrier-contacts.schemas.js';
import { CarriersErrors } from './carriers.errors.js';
import type { OutsourceCompanyRow } from './carriers.schemas.js';

const book = contactBook(
  {
    ...repo.contactList,
    ownerOf: (row: OutsourceCompanyContactRow) => row.outsource_company_id,
    countriesOf: repo.countriesOf,
    reassignUses: repo.reassignUses,
  },
  { entity: 'outsource_contact', ownerEntity: 'outsource_company', ownerKey: 'outsourceCompanyId', toAnswer: toOutsourceCompanyContact },
);

async function values(t: Tenant, outsourceCompanyId: number, input: Omit<OutsourceCompanyContactInputT, 'outsourceCompanyId'>) {
  return {
    outsource_company_id: outsourceCompanyId,
    name: input.name.trim(),
    email: text(input.email)?.toLowerCase() ?? null,
    phone: await book.phoneOf(t, outsourceCompanyId, text(input.phone)),
    phone_extension: text(input.phoneExtension),
    title: text(input.title),
    notes: text(input.notes),
  };
}

const usageDto = (contactId: number, u: { finances: number }): OutsourceCompanyContactUsageDtoT => ({ contactId, finances: u.finances, total: u.finances });

/** The services take the records the request names as the id gate read them (routes' `ids`). */
export function carrierContactsService() {
  /** A contact this request wrote, read again. */
  async function reread(t: Tenant, id: number): Promise<OutsourceCompanyContactT> {
    return toOutsourceCompanyContact(await repo.contactRecords.reread(t, id));
  }

  /** Adds a contact to a carrier known to exist. */
  async function add(
    t: Tenant,
    outsourceCompanyId: number,
    input: Omit<OutsourceCompanyContactInputT, 'outsourceCompanyId'>,
  ): Promise<OutsourceCompanyContactT> {
    if (!input.name.trim()) throw invalid('name', 'The name field is required.');
    const id = await repo.insertContact(t, await values(t, outsourceCompanyId, input));
    await book.settlePrimary(t, outsourceCompanyId, id, false, input.isPrimary);
    const created = await reread(t, id);
    await audit(t, { action: 'outsource_contact.create', entityType: 'outsource_contact', entityId: id, after: created });
    return created;
  }

  /** One live carrier's contacts (the gate read outsourceCompanyId), or every carrier's. */
  async function normalize(t: Tenant, outsourceCompanyId: number | null | undefined, mode: 'preview' | 'apply') {
    return book.normalize(t, outsourceCompanyId ?? null, mode);
  }

  return {
    add,

    async ofCarrier(t: Tenant, carrier: Pick<OutsourceCompanyRow, 'id' | 'name'>) {
      const outsourceCompanyId = carrier.id;
      const list = (await repo.contactList.contactsOf(t, [outsourceCompanyId])).map(toOutsourceCompanyContact);
      return { outsourceCompanyId, outsourceCompanyName: carrier.name, primaryContact: list.find((c) => c.isPrimary) ?? null, contacts: list };
    },

    async primaryOf(t: Tenant, outsourceCompanyId: number): Promise<OutsourceCompanyContactT | null> {
      const row = await repo.primaryContactOf(t, outsourceCompanyId);
      return row ? toOutsourceCompanyContact(row) : null;
    },

    /** For a live carrier (the route's gate read outsourceCompanyId). */
    create: (t: Tenant, input: OutsourceCompanyContactInputT): Promise<OutsourceCompanyContactT> => add(t, input.outsourceCompanyId, input),

    async update(t: Tenant, before: OutsourceCompanyContactRow, input: OutsourceCompanyContactInputT): Promise<OutsourceCompanyContactT> {
      const id = before.id;
      if (input.outsourceCompanyId !== before.outsource_company_id) {
        throw fail(CarriersErrors.contactCarrierChange, 'A contact stays with its carrier; add it to the other carrier instead.');
      }
      if (!input.name.trim()) throw invalid('name', 'The name field is required.');
      await repo.contactList.update(t, id, await values(t, before.outsource_company_id, input));
      await book.settlePrimary(t, before.outsource_company_id, id, before.is_primary, input.isPrimary);
      const after = await reread(t, id);
      await audit(t, { action: 'outsource_contact.update', entityType: 'outsource_contact', entityId: id, before: toOutsourceCompanyContact(before), after });
      return after;
    },

    /** Refused while the contact is used, unless its uses move to the primary contact. */
    async remove(t: Tenant, contact: OutsourceCompanyContactRow, reassignToPrimary: boolean) {
      const id = contact.id;
      const used = usageDto(id, (await repo.usage(t, [id])).get(id)!);
      const { reassignedTo, newPrimary } = await book.remove(t, contact, used.total, reassignToPrimary, {
        inUse: () =>
          fail(
            CarriersErrors.contactInUse,
            `Contact ${id} is the billing contact of ${used.finances} finance record(s); send reassignToPrimary=true to move them to the primary contact.`,
          ),
        noPrimary: () => fail(CarriersErrors.contactNoPrimary, `Contact ${id} is the carrier's only contact: there is no primary contact to move its uses to.`),
      });
      return {
        contactId: id,
        reassignedToContactId: reassignedTo,
        reassigned: reassignedTo === null ? usageDto(id, { finances: 0 }) : used,
        newPrimaryContactId: newPrimary,
      };
    },

    async setPrimary(t: Tenant, contact: OutsourceCompanyContactRow): Promise<OutsourceCompanyContactT> {
      await book.setPrimary(t, contact);
      return reread(t, contact.id);
    },

    async usage(t: Tenant, contact: OutsourceCompanyContactRow): Promise<OutsourceCompanyContactUsageDtoT> {
      return usageDto(contact.id, (await repo.usage(t, [contact.id])).get(contact.id)!);
    },

    preview: (t: Tenant, outsourceCompanyId: number | null | undefined): Promise<NormalizeOutsourceCompanyContactsPreviewDtoT> =>
      normalize(t, outsourceCompanyId, 'preview').then(({ changes, merges, invalidPhones }) => ({ changes, merges, invalidPhones })),

    normalize: (t: Tenant, outsourceCompanyId: number | null | undefined) => normalize(t, outsourceCompanyId, 'apply'),
  };
}

export type CarrierContactsService = ReturnType<typeof carrierContactsService>;
