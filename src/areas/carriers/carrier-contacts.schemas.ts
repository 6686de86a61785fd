// Models of carriers' contacts. The spec answers them as CustomerContact: the same fields, with
// the carrier (outsourceCompanyId) in place of the customer; usage, deletion and normalization
// answers likewise follow the customer contacts' shapes.
import { ContactInput, ContactMerge, contactFields, CustomerContact, InvalidPhone, type ContactColumns } from '../customers/index.js';
import { Id, NameEnum, Nullable, Type, type Static } from '../../platform/schemas.js';

const { customerId: _customer, id: _id, ...contactProperties } = CustomerContact.properties;
const { customerId: _inputCustomer, ...inputProperties } = ContactInput.properties;

export const OutsourceCompanyContact = Type.Object({
  id: Id,
  outsourceCompanyId: Type.Integer({ format: 'int32', description: 'The carrier.' }),
  ...contactProperties,
}, { $id: 'OutsourceCompanyContact', description: 'A person at a carrier (dispatch, accounts, safety). One contact per carrier is primary.' });
export type OutsourceCompanyContactT = Static<typeof OutsourceCompanyContact>;

/** A contact's fields without its carrier (contacts sent with a new carrier). */
export const OutsourceCompanyContactInputFields = inputProperties;

export const OutsourceCompanyContactInput = Type.Object({
  outsourceCompanyId: Type.Integer({ format: 'int32', description: 'The carrier; a contact stays with it.' }),
  ...inputProperties,
});
export type OutsourceCompanyContactInputT = Static<typeof OutsourceCompanyContactInput>;

export const OutsourceCompanyContactDetailsResponse = Type.Object({
  outsourceCompanyId: Id,
  outsourceCompanyName: Type.String(),
  primaryContact: Nullable(Type.Ref('OutsourceCompanyContact')),
  contacts: Type.Array(Type.Ref('OutsourceCompanyContact'), { description: 'Primary first, then oldest first.' }),
});

export const OutsourceCompanyContactUsageDto = Type.Object({
  contactId: Id,
  finances: Type.Integer({ description: 'Finance records of the carrier naming the contact as their billing contact.' }),
  total: Type.Integer({ description: 'Every use; routes and payouts will add theirs when they exist.' }),
});
export type OutsourceCompanyContactUsageDtoT = Static<typeof OutsourceCompanyContactUsageDto>;

export const DeleteOutsourceCompanyContactResultDto = Type.Object({
  contactId: Id,
  reassignedToContactId: Nullable(Id),
  reassigned: OutsourceCompanyContactUsageDto,
  newPrimaryContactId: Nullable(Id),
});

export const OutsourceCompanyContactChange = Type.Object({
  contactId: Id,
  outsourceCompanyId: Id,
  field: NameEnum(['email', 'phone']),
  from: Type.String(),
  to: Type.String(),
});

export const NormalizeOutsourceCompanyContactsPreviewDto = Type.Object({
  changes: Type.Array(OutsourceCompanyContactChange),
  merges: Type.Array(ContactMerge, { description: 'Contacts identical after normalization (name in any case, email, phone), merged into the primary or the oldest.' }),
  invalidPhones: Type.Array(InvalidPhone, { description: 'Phones that are not valid numbers; left as they are.' }),
});
export type NormalizeOutsourceCompanyContactsPreviewDtoT = Static<typeof NormalizeOutsourceCompanyContactsPreviewDto>;

export const NormalizeOutsourceCompanyContactsResultDto = Type.Object({
  updated: Type.Integer({ description: 'Contacts whose email or phone changed.' }),
  merged: Type.Integer({ description: 'Contacts removed by merging into an identical one.' }),
  ...NormalizeOutsourceCompanyContactsPreviewDto.properties,
});

export const NormalizeQuery = Type.Object({
  outsourceCompanyId: Type.Optional(Type.Integer({ format: 'int32', description: 'One carrier; every carrier of the company when absent.' })),
});

export interface OutsourceCompanyContactRow extends ContactColumns {
  outsource_company_id: number;
}

export function toOutsourceCompanyContact(row: OutsourceCompanyContactRow): OutsourceCompanyContactT {
  return { ...contactFields(row), outsourceCompanyId: row.outsource_company_id };
}
