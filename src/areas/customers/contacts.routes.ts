// Customer contacts (part 1, "Customer contacts").

import { XLSX_TYPE } from '../../integrations/files/spreadsheet.js';
import { permission, signedIn } from '../../platform/access.js';
import { type AnyRoute, defineRoute, FileResponse } from '../../platform/route.js';
import { contactRecords } from './contacts.repository.js';
import {
  ContactIdParams,
  ContactInput,
  ContactUsageDto,
  CustomerContact,
  DeleteContactQuery,
  DeleteContactResultDto,
  ExportContactsRequestModel,
  NormalizeContactsPreviewDto,
  NormalizeContactsResultDto,
  NormalizeQuery,
  ValidateCustomerContactDto,
  ValidateEmailOrPhone,
} from './contacts.schemas.js';
import { CUSTOMERS_EDIT as EDIT } from './customers.access.js';
import { customerRecords } from './customers.repository.js';
import type { CustomerServices } from './index.js';

export function contactsRoutes({ contacts }: CustomerServices): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/CustomerContacts',
      access: EDIT,
      ids: { body: { customerId: customerRecords } },
      summary: 'Add a contact to a customer',
      description: "A customer's first contact, or one sent with isPrimary=true, is its primary contact.",
      body: ContactInput,
      response: CustomerContact,
      handler: ({ tenant, body }) => contacts.create(tenant, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/CustomerContacts/:id',
      access: EDIT,
      // customerId must be the contact's customer: one the company does not have (active) is a
      // validation problem on it, another of its customers contacts.customer_change.
      ids: { params: { id: contactRecords }, body: { customerId: { field: customerRecords } } },
      summary: 'Update a contact',
      description:
        'customerId must stay the same (merge customers to move contacts). isPrimary=false on the primary passes the role to the oldest other contact.',
      params: ContactIdParams,
      body: ContactInput,
      response: CustomerContact,
      handler: ({ tenant, found, body }) => contacts.update(tenant, found.one(contactRecords), body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/CustomerContacts/:id',
      access: EDIT,
      ids: { params: { id: contactRecords } },
      summary: 'Delete a contact',
      description:
        'A contact that is used (mails, support tickets) is refused (contacts.in_use) unless reassignToPrimary=true moves its uses to the primary contact — or, when it is the primary, to the contact that becomes primary.',
      params: ContactIdParams,
      querystring: DeleteContactQuery,
      response: DeleteContactResultDto,
      handler: ({ tenant, found, query }) => contacts.remove(tenant, found.one(contactRecords), query.reassignToPrimary ?? false),
    }),
    defineRoute({
      method: 'PUT',
      url: '/CustomerContacts/:id/SetPrimary',
      access: EDIT,
      ids: { params: { id: contactRecords } },
      summary: "Make a contact its customer's primary contact",
      params: ContactIdParams,
      response: CustomerContact,
      handler: ({ tenant, found }) => contacts.setPrimary(tenant, found.one(contactRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/CustomerContacts/:id/Usage',
      access: signedIn,
      ids: { params: { id: contactRecords } },
      summary: 'Where a contact is used',
      params: ContactIdParams,
      response: ContactUsageDto,
      handler: ({ tenant, found }) => contacts.usage(tenant, found.one(contactRecords)),
    }),
    defineRoute({
      method: 'POST',
      url: '/CustomerContacts/Export',
      access: permission('Export/Import'),
      ids: { body: { customerIds: { filter: customerRecords }, contactIds: { filter: contactRecords } } },
      readOnly: true,
      summary: 'Export contacts (.xlsx)',
      description: 'The contacts of the given customers, or the given contacts, or every contact of an active customer; `fields` picks the columns.',
      body: ExportContactsRequestModel,
      response: FileResponse,
      fileType: XLSX_TYPE,
      handler: ({ tenant, body }) => contacts.export(tenant, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/CustomerContacts/Normalize',
      access: EDIT,
      ids: { query: { customerId: customerRecords } },
      summary: "Normalize contacts' emails and phones, merging identical contacts",
      description:
        "Emails trimmed and lower-cased; phones written in E.164, read in the country of the customer's main address when they have no + (invalid ones are reported, not changed); contacts of one customer identical afterwards (name, email, phone) are merged into the primary or the oldest, their uses moved. For one customer, or all when customerId is absent.",
      querystring: NormalizeQuery,
      response: NormalizeContactsResultDto,
      handler: ({ tenant, query }) => contacts.normalize(tenant, query.customerId),
    }),
    defineRoute({
      method: 'GET',
      url: '/CustomerContacts/NormalizePreview',
      access: signedIn,
      ids: { query: { customerId: customerRecords } },
      summary: 'What Normalize would change, without changing it',
      querystring: NormalizeQuery,
      response: NormalizeContactsPreviewDto,
      handler: ({ tenant, query }) => contacts.preview(tenant, query.customerId),
    }),
    defineRoute({
      method: 'POST',
      url: '/CustomerContacts/ValidateContact',
      access: signedIn,
      ids: { body: { customerId: { filter: customerRecords }, contactId: { except: contactRecords } } },
      readOnly: true,
      summary: 'Check an email and/or phone, and find contacts already using them',
      body: ValidateEmailOrPhone,
      response: ValidateCustomerContactDto,
      handler: ({ tenant, body }) => contacts.validate(tenant, body),
    }),
  ];
}
