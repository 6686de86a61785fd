// Models of carriers' contacts. The spec answers them as CustomerContact: the same fields, with
// the carrier (outsourceCompanyId) in place of the customer; usage, deletion and normalization
// answers likewise follow the customer contacts' shapes.

import { Id, Nullable, type Static, Type } from '../../platform/schemas.js';
import {
  ContactChange,
  type ContactColumns,
  ContactInput,
  CustomerContact,
  contactFields,
  DeleteContactResultDto,
  NormalizeContactsPreviewDto,
} from '../customers/index.js';

const { customerId: _customer, id: _id, ...contactProperties } = CustomerContact.properties;
const { customerId: _inputCustomer, ...inputProperties } = ContactInput.properties;

export const OutsourceCompanyContact = Type.Object(
  {
    id: Id,
    outsourceCompanyId: Type.Integer({ format: 'int32', description: 'The carrier.' }),
    ...contactProperties,
  },
  { $id: 'OutsourceCompanyContact', description: 'A person at a carrier (dispatch, accounts, safety). One contact per carrier is primary.' },
);
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

export const DeleteOutsourceCompanyContactResultDto = Type.Object({ ...DeleteContactResultDto.properties, reassigned: OutsourceCompanyContactUsageDto });

const { customerId: _changeCustomer, ...changeProperties } = ContactChange.properties;
export const OutsourceCompanyContactChange = Type.Object({ ...changeProperties, outsourceCompanyId: Id });

export const NormalizeOutsourceCompanyContactsPreviewDto = Type.Object({
  ...NormalizeContactsPreviewDto.properties,
  changes: Type.Array(OutsourceCompanyContactChange),
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
