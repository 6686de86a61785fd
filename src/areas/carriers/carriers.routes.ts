// Carriers (part 2, "Carriers": /OutsourceCompanies). `GET /OutsourceCompanies/{id}/DriverList`
// is served with the drivers. `PUT /OutsourceCompanies/{id}/Restore` is an fds extension.
import { None, PagedList } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { OutsourceCompanyContactDetailsResponse } from './carrier-contacts.schemas.js';
import { ADD_EDIT, DELETE, VIEW } from './carriers.access.js';
import { carrierRecords } from './carriers.repository.js';
import {
  IdParams,
  IdsQuery,
  OutsourceCompaniesQuery,
  OutsourceCompanyCreateDto,
  OutsourceCompanyDto,
  OutsourceCompanyListDto,
  OutsourceCompanyToValidate,
  OutsourceCompanyUpdateDto,
  ReadQuery,
  ValidateOutsourceCompanyDto,
} from './carriers.schemas.js';
import type { CarrierServices } from './index.js';

/** Carriers deleted or not (reads that find deleted ones too). */
const withDeleted = carrierRecords.with({ includeDeleted: true });

export function carriersRoutes({ carriers, contacts }: CarrierServices): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/OutsourceCompanies',
      access: VIEW,
      ids: { query: { OutsourceCompanyIds: { filter: carrierRecords } } },
      summary: 'List carriers',
      description:
        'Live carriers; includeDeleted=true adds the deleted ones. Shared list parameters that apply: SearchTerm (contained in the name, legal name, email, phone, ' +
        'MC, DOT, SCAC or city), OutsourceCompanyIds, OutsourceCompanyTypesOfWork (carriers offering every type of work of one of the values: 3 = Fixed and Distance), ' +
        'Cities, States, Countries, SortBy name (default) or createdAt, SortDirection, Page, ItemsPerPage; and isActive.',
      querystring: OutsourceCompaniesQuery,
      response: PagedList(OutsourceCompanyListDto),
      handler: ({ tenant, query }) => carriers.list(tenant, query),
    }),
    defineRoute({
      method: 'POST',
      url: '/OutsourceCompanies',
      access: ADD_EDIT,
      summary: 'Add a carrier',
      description:
        'name is required; contacts may come with it (the first, or the one with isPrimary, is primary). An MC or USDOT number another live carrier has is refused ' +
        '(outsource_companies.duplicate_mc_number, outsource_companies.duplicate_dot_number); same names are allowed — ValidateOutsourceCompany reports them before saving.',
      body: OutsourceCompanyCreateDto,
      response: OutsourceCompanyDto,
      handler: ({ tenant, body }) => carriers.create(tenant, body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/OutsourceCompanies',
      access: DELETE,
      // Deleted ones too: deleting one again changes nothing and is no 404.
      ids: { query: { ids: withDeleted } },
      summary: 'Delete carriers',
      description:
        'Marks them deleted (deletedAt): hidden from lists and reads, kept with their contacts, finances and truck types, and with every record that points at them ' +
        '(drivers, routes, expenses). PUT /OutsourceCompanies/{id}/Restore brings one back. All or nothing: an unknown id is a 404 and nothing changes.',
      querystring: IdsQuery,
      response: None,
      handler: ({ tenant, found }) => carriers.remove(tenant, found.all(carrierRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/OutsourceCompanies/:id',
      access: VIEW,
      // A deleted one with includeDeleted=true.
      ids: {
        params: {
          id: { chosen: ({ query }) => ((query as { includeDeleted?: boolean }).includeDeleted ? withDeleted : carrierRecords), walk: carrierRecords },
        },
      },
      summary: 'Read a carrier',
      description: 'With its primary contact. A deleted carrier with includeDeleted=true.',
      params: IdParams,
      querystring: ReadQuery,
      response: OutsourceCompanyDto,
      handler: ({ tenant, found }) => carriers.read(tenant, found.one(carrierRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/OutsourceCompanies/:id',
      access: ADD_EDIT,
      ids: { params: { id: carrierRecords } },
      summary: 'Update a carrier',
      description:
        'Changes the fields sent and keeps the others; null clears one (address: null clears the whole address). The MC and USDOT numbers stay unique.',
      params: IdParams,
      body: OutsourceCompanyUpdateDto,
      response: OutsourceCompanyDto,
      handler: ({ tenant, found, body }) => carriers.update(tenant, found.one(carrierRecords), body),
    }),
    defineRoute({
      method: 'PUT',
      url: '/OutsourceCompanies/:id/Restore',
      access: DELETE,
      ids: { params: { id: withDeleted } },
      summary: 'Restore a deleted carrier (fds extension)',
      description:
        'Brings back a carrier deleted by DELETE /OutsourceCompanies and answers it; a live one is answered unchanged. Refused when another live carrier took its MC or USDOT number since.',
      params: IdParams,
      response: OutsourceCompanyDto,
      handler: ({ tenant, found }) => carriers.restore(tenant, found.one(carrierRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/OutsourceCompanies/:id/Contacts',
      access: VIEW,
      ids: { params: { id: carrierRecords } },
      summary: "The carrier's contacts, primary first",
      params: IdParams,
      response: OutsourceCompanyContactDetailsResponse,
      handler: ({ tenant, found }) => contacts.ofCarrier(tenant, found.one(carrierRecords)),
    }),
    defineRoute({
      method: 'POST',
      url: '/OutsourceCompanies/ValidateOutsourceCompany',
      access: VIEW,
      ids: { body: { id: { except: carrierRecords } } },
      readOnly: true,
      summary: 'Check a carrier before saving it',
      description:
        'Reports what is missing (name, a phone or email, a USDOT or MC number, the types of work, the insurance expiry date), an invalid phone, an expired insurance, ' +
        'and the live carriers with the same name (case, punctuation and legal suffixes such as Inc or LLC ignored), MC number or USDOT number. Send id when editing one. ' +
        'Writes nothing. The spec lists no access for it; it names the company\'s carriers, so it needs "View Outsources".',
      body: OutsourceCompanyToValidate,
      response: ValidateOutsourceCompanyDto,
      handler: ({ tenant, body }) => carriers.validate(tenant, body),
    }),
  ];
}
