// Models of customer contacts: CustomerContact, its input, usage, deletion, normalization and
// validation answers.

import { DateTime, Id, NameEnum, Nullable, Opt, type Static, Type } from '../../platform/schemas.js';
import { contactFields } from './contact-book.js';
import type { ContactColumns } from './contact-book.repository.js';

export const CustomerContact = Type.Object(
  {
    id: Id,
    customerId: Id,
    name: Type.String(),
    email: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    phoneExtension: Nullable(Type.String()),
    title: Nullable(Type.String({ description: 'Role at the customer, e.g. Shipping manager.' })),
    notes: Nullable(Type.String()),
    isPrimary: Type.Boolean({ description: 'One contact per customer is primary.' }),
    createdAt: DateTime,
    updatedAt: DateTime,
  },
  { $id: 'CustomerContact' },
);
export type CustomerContactT = Static<typeof CustomerContact>;

export const ContactInput = Type.Object({
  customerId: Id,
  name: Type.String({ minLength: 1, maxLength: 200 }),
  email: Opt(Type.String({ format: 'email', maxLength: 254 })),
  phone: Opt(
    Type.String({
      maxLength: 50,
      description: "Kept in E.164; a number without + is read in the owner's country (its main address's, US when none). Not a valid number: 400 naming phone.",
    }),
  ),
  phoneExtension: Opt(Type.String({ maxLength: 20 })),
  title: Opt(Type.String({ maxLength: 200 })),
  notes: Opt(Type.String({ maxLength: 4000 })),
  isPrimary: Opt(Type.Boolean()),
});
export type ContactInputT = Static<typeof ContactInput>;

export const CustomerContactDetailsResponse = Type.Object({
  customerId: Id,
  customerName: Type.String(),
  primaryContact: Nullable(Type.Ref('CustomerContact')),
  contacts: Type.Array(Type.Ref('CustomerContact')),
});

export const ContactUsageDto = Type.Object({
  contactId: Id,
  sentEmails: Type.Integer({ description: 'Mails sent to the contact.' }),
  supportTickets: Type.Integer({ description: 'Support tickets raised by the contact.' }),
  total: Type.Integer(),
});
export type ContactUsageDtoT = Static<typeof ContactUsageDto>;

export const DeleteContactResultDto = Type.Object({
  contactId: Id,
  reassignedToContactId: Nullable(Id),
  reassigned: ContactUsageDto,
  newPrimaryContactId: Nullable(Id),
});

export const ContactChange = Type.Object({
  contactId: Id,
  customerId: Id,
  field: NameEnum(['email', 'phone']),
  from: Type.String(),
  to: Type.String(),
});
export const ContactMerge = Type.Object({ keepContactId: Id, mergedContactIds: Type.Array(Id) });
export const InvalidPhone = Type.Object({ contactId: Id, phone: Type.String() });

export const NormalizeContactsPreviewDto = Type.Object({
  changes: Type.Array(ContactChange),
  merges: Type.Array(ContactMerge, { description: 'Contacts identical after normalization, merged into the primary or the oldest.' }),
  invalidPhones: Type.Array(InvalidPhone, { description: 'Phones that are not valid numbers; left as they are.' }),
});
export type NormalizePlan = Static<typeof NormalizeContactsPreviewDto>;

export const NormalizeContactsResultDto = Type.Object({
  updated: Type.Integer({ description: 'Contacts whose email or phone changed.' }),
  merged: Type.Integer({ description: 'Contacts removed by merging into an identical one.' }),
  ...NormalizeContactsPreviewDto.properties,
});

export const NormalizeQuery = Type.Object({
  customerId: Type.Optional(Type.Integer({ format: 'int32', description: 'One customer; every customer of the company when absent.' })),
});

export const ValidateEmailOrPhone = Type.Object({
  email: Opt(Type.String({ maxLength: 254 })),
  phone: Opt(Type.String({ maxLength: 50 })),
  customerId: Opt(Id),
  contactId: Opt(Id),
  country: Opt(Type.String({ minLength: 2, maxLength: 2, description: "Country for a phone without +; default the customer's main address, else US." })),
});
export type ValidateEmailOrPhoneT = Static<typeof ValidateEmailOrPhone>;

export const ValidateCustomerContactDto = Type.Object({
  isEmailValid: Nullable(Type.Boolean()),
  normalizedEmail: Nullable(Type.String()),
  isPhoneValid: Nullable(Type.Boolean()),
  normalizedPhone: Nullable(Type.String({ description: 'E.164' })),
  duplicates: Type.Array(Type.Ref('CustomerContact'), {
    description: 'Contacts with the same email or phone (of the customer when customerId is sent, else of the company).',
  }),
});

export const CONTACT_EXPORT_FIELDS = [
  'id',
  'customerId',
  'customerName',
  'name',
  'email',
  'phone',
  'phoneExtension',
  'title',
  'isPrimary',
  'notes',
  'createdAt',
] as const;

export const ExportContactsRequestModel = Type.Object({
  customerIds: Opt(Type.Array(Id, { maxItems: 10000 })),
  contactIds: Opt(Type.Array(Id, { maxItems: 10000 })),
  fields: Opt(Type.Array(NameEnum(CONTACT_EXPORT_FIELDS), { description: 'Columns to write; all when absent.' })),
});
export type ExportContactsRequestModelT = Static<typeof ExportContactsRequestModel>;

export const ContactIdParams = Type.Object({ id: Id });
export const DeleteContactQuery = Type.Object({ reassignToPrimary: Type.Optional(Type.Boolean({ default: false })) });

export interface ContactRow extends ContactColumns {
  customer_id: number;
}

export function toContact(row: ContactRow): CustomerContactT {
  return { ...contactFields(row), customerId: row.customer_id };
}
