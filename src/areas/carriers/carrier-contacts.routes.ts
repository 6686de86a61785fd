// Carriers' contacts (part 2, "Carriers": /OutsourceCompanyContacts). They behave as customers'
// contacts do; every row needs "Add/Edit outsource", as the spec lists.
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { DeleteContactQuery } from '../customers/index.js';
import { contactRecords } from './carrier-contacts.repository.js';
import {
  DeleteOutsourceCompanyContactResultDto,
  NormalizeOutsourceCompanyContactsPreviewDto,
  NormalizeOutsourceCompanyContactsResultDto,
  NormalizeQuery,
  OutsourceCompanyContact,
  OutsourceCompanyContactInput,
  OutsourceCompanyContactUsageDto,
} from './carrier-contacts.schemas.js';
import { ADD_EDIT } from './carriers.access.js';
import { carrierRecords } from './carriers.repository.js';
import { IdParams } from './carriers.schemas.js';
import type { CarrierServices } from './index.js';

export function carrierContactsRoutes({ contacts }: CarrierServices): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/OutsourceCompanyContacts',
      access: ADD_EDIT,
      ids: { body: { outsourceCompanyId: carrierRecords } },
      summary: 'Add a contact to a carrier',
      description:
        "The spec's CustomerContact with outsourceCompanyId in place of customerId. A carrier's first contact, or one sent with isPrimary=true, is its primary contact.",
      body: OutsourceCompanyContactInput,
      response: OutsourceCompanyContact,
      handler: ({ tenant, body }) => contacts.create(tenant, body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/OutsourceCompanyContacts/:id',
      access: ADD_EDIT,
      // outsourceCompanyId must be the contact's carrier: a carrier the company does not have is a
      // validation problem on it, another of its carriers outsource_contacts.carrier_change.
      ids: { params: { id: contactRecords }, body: { outsourceCompanyId: { field: carrierRecords } } },
      summary: "Update a carrier's contact",
      description:
        "Replaces the contact's fields. outsourceCompanyId must stay the same. isPrimary=false on the primary passes the role to the oldest other contact.",
      params: IdParams,
      body: OutsourceCompanyContactInput,
      response: OutsourceCompanyContact,
      handler: ({ tenant, found, body }) => contacts.update(tenant, found.one(contactRecords), body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/OutsourceCompanyContacts/:id',
      access: ADD_EDIT,
      ids: { params: { id: contactRecords } },
      summary: "Delete a carrier's contact",
      description:
        'A contact that is used (the billing contact of finance records) is refused (outsource_contacts.in_use) unless reassignToPrimary=true moves its uses to the primary ' +
        'contact — or, when it is the primary, to the contact that becomes primary.',
      params: IdParams,
      querystring: DeleteContactQuery,
      response: DeleteOutsourceCompanyContactResultDto,
      handler: ({ tenant, found, query }) => contacts.remove(tenant, found.one(contactRecords), query.reassignToPrimary ?? false),
    }),
    defineRoute({
      method: 'PUT',
      url: '/OutsourceCompanyContacts/:id/SetPrimary',
      access: ADD_EDIT,
      ids: { params: { id: contactRecords } },
      summary: "Make a contact its carrier's primary contact",
      params: IdParams,
      response: OutsourceCompanyContact,
      handler: ({ tenant, found }) => contacts.setPrimary(tenant, found.one(contactRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/OutsourceCompanyContacts/:id/Usage',
      access: ADD_EDIT,
      ids: { params: { id: contactRecords } },
      summary: "Where a carrier's contact is used",
      params: IdParams,
      response: OutsourceCompanyContactUsageDto,
      handler: ({ tenant, found }) => contacts.usage(tenant, found.one(contactRecords)),
    }),
    defineRoute({
      method: 'POST',
      url: '/OutsourceCompanyContacts/Normalize',
      access: ADD_EDIT,
      ids: { query: { outsourceCompanyId: carrierRecords } },
      summary: "Normalize carriers' contacts' emails and phones, merging identical contacts",
      description:
        "Emails trimmed and lower-cased; phones written in E.164 with libphonenumber-js, read in the carrier's country when they have no + (US when it has none; " +
        'invalid ones are reported, not changed); contacts of one carrier identical afterwards (name in any case, email, phone) are merged into the primary or the oldest, ' +
        'their uses moved. For one carrier, or every carrier when outsourceCompanyId is absent.',
      querystring: NormalizeQuery,
      response: NormalizeOutsourceCompanyContactsResultDto,
      handler: ({ tenant, query }) => contacts.normalize(tenant, query.outsourceCompanyId),
    }),
    defineRoute({
      method: 'GET',
      url: '/OutsourceCompanyContacts/NormalizePreview',
      access: ADD_EDIT,
      ids: { query: { outsourceCompanyId: carrierRecords } },
      summary: 'What Normalize would change, without changing it',
      querystring: NormalizeQuery,
      response: NormalizeOutsourceCompanyContactsPreviewDto,
      handler: ({ tenant, query }) => contacts.preview(tenant, query.outsourceCompanyId),
    }),
  ];
}
