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
import { requireCarrier } from './carrier-lookup.js';
import { CarriersErrors } from './carriers.errors.js';

const book = contactBook(
  {
    ...repo.contactList,
    ownerOf: (row: OutsourceCompanyContactRow) => row.outsource_company_id,
    countriesOf: repo.countriesOf,
    reassignUses: repo.reassignUses,
  },
  { entity: 'outsource_contact', ownerEntity: 'outsource_company', ownerKey: 'outsourceCompanyId', toAnswer: toOutsourceCompanyContact },
);

/** A contact of a live carrier of the company, or 404 "Contact 5 was not found.". */
const requireContact = (t: Tenant, id: number): Promise<OutsourceCompanyContactRow> => repo.contactRecords.requireOne(t, id);

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

export function carrierContactsService() {
  async function read(t: Tenant, id: number): Promise<OutsourceCompanyContactT> {
    return toOutsourceCompanyContact(await requireContact(t, id));
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
    const created = await read(t, id);
    await audit(t, { action: 'outsource_contact.create', entityType: 'outsource_contact', entityId: id, after: created });
    return created;
  }

  async function normalize(t: Tenant, outsourceCompanyId: number | null | undefined, mode: 'preview' | 'apply') {
    if (outsourceCompanyId !== null && outsourceCompanyId !== undefined) await requireCarrier(t, outsourceCompanyId);
    return book.normalize(t, outsourceCompanyId ?? null, mode);
  }

  return {
    add,

    async ofCarrier(t: Tenant, outsourceCompanyId: number) {
      const carrier = await requireCarrier(t, outsourceCompanyId);
      const list = (await repo.contactList.contactsOf(t, [outsourceCompanyId])).map(toOutsourceCompanyContact);
      return { outsourceCompanyId, outsourceCompanyName: carrier.name, primaryContact: list.find((c) => c.isPrimary) ?? null, contacts: list };
    },

    async primaryOf(t: Tenant, outsourceCompanyId: number): Promise<OutsourceCompanyContactT | null> {
      const row = await repo.primaryContactOf(t, outsourceCompanyId);
      return row ? toOutsourceCompanyContact(row) : null;
    },

    async create(t: Tenant, input: OutsourceCompanyContactInputT): Promise<OutsourceCompanyContactT> {
      await requireCarrier(t, input.outsourceCompanyId);
      return add(t, input.outsourceCompanyId, input);
    },

    async update(t: Tenant, id: number, input: OutsourceCompanyContactInputT): Promise<OutsourceCompanyContactT> {
      const before = await requireContact(t, id);
      if (input.outsourceCompanyId !== before.outsource_company_id) {
        throw fail(CarriersErrors.contactCarrierChange, 'A contact stays with its carrier; add it to the other carrier instead.');
      }
      if (!input.name.trim()) throw invalid('name', 'The name field is required.');
      await repo.contactList.update(t, id, await values(t, before.outsource_company_id, input));
      await book.settlePrimary(t, before.outsource_company_id, id, before.is_primary, input.isPrimary);
      const after = await read(t, id);
      await audit(t, { action: 'outsource_contact.update', entityType: 'outsource_contact', entityId: id, before: toOutsourceCompanyContact(before), after });
      return after;
    },

    /** Refused while the contact is used, unless its uses move to the primary contact. */
    async remove(t: Tenant, id: number, reassignToPrimary: boolean) {
      const contact = await requireContact(t, id);
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

    async setPrimary(t: Tenant, id: number): Promise<OutsourceCompanyContactT> {
      await book.setPrimary(t, await requireContact(t, id));
      return read(t, id);
    },

    async usage(t: Tenant, id: number): Promise<OutsourceCompanyContactUsageDtoT> {
      await requireContact(t, id);
      return usageDto(id, (await repo.usage(t, [id])).get(id)!);
    },

    preview: (t: Tenant, outsourceCompanyId: number | null | undefined): Promise<NormalizeOutsourceCompanyContactsPreviewDtoT> =>
      normalize(t, outsourceCompanyId, 'preview').then(({ changes, merges, invalidPhones }) => ({ changes, merges, invalidPhones })),

    normalize: (t: Tenant, outsourceCompanyId: number | null | undefined) => normalize(t, outsourceCompanyId, 'apply'),
  };
}

export type CarrierContactsService = ReturnType<typeof carrierContactsService>;
