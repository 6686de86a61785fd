// Customers (part 1, "Customers"). Served elsewhere: CustomerBalanceStats and MonthlyStatistic
// (accounting), CustomerStats (orders); the chargeTypes rows by src/areas/charge-types/.

import { XLSX_TYPE } from '../../integrations/files/spreadsheet.js';
import { companyAdmin, permission, signedIn } from '../../platform/access.js';
import { None, PagedList } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute, FileResponse } from '../../platform/route.js';
import { Id, SharedListQuery, Type } from '../../platform/schemas.js';
import { addressRecords } from './addresses.repository.js';
import { Address } from './addresses.schemas.js';
import { contactRecords } from './contacts.repository.js';
import { CustomerContactDetailsResponse } from './contacts.schemas.js';
import { CUSTOMERS_CREATE, CUSTOMERS_EDIT } from './customers.access.js';
import { customerRecords } from './customers.repository.js';
import {
  Customer,
  CustomerIdParams,
  CustomerInput,
  CustomersQuery,
  CustomerToValidate,
  FullAddressInfo,
  IdsQuery,
  LocationsQuery,
  MergeCustomers,
  NewCustomerInput,
  NormalizedAddressWithCustomers,
  PipelineParams,
  StatusQuery,
  ValidateCustomerDto,
} from './customers.schemas.js';
import { EmailSendRequest, EmailTypeInfo, SendResult, SentEmail } from './emails.schemas.js';
import type { CustomerServices } from './index.js';
import { FIELD_KEYS } from './transfer.columns.js';
import { MAX_IMPORT_ROWS } from './transfer.service.js';

const CREATE = CUSTOMERS_CREATE;
const EDIT = CUSTOMERS_EDIT;
const DELETE = permission('Delete Customers');
const EXPORT_IMPORT = permission('Export/Import');
const Deleted = Type.Object({ deleted: Type.Integer() });

/** Read to change them together: locked until the change commits. */
const lockedCustomers = customerRecords.with({ lock: true });
/** Customers active or deleted, locked (deleting one again changes nothing and is no 404). */
const anyLockedCustomers = customerRecords.with({ statuses: [0, 1], lock: true });
/** Customers active or deleted (restoring an active one changes nothing and is no 404). */
const anyCustomers = customerRecords.with({ statuses: [0, 1] });
type Request = { params: unknown; query: unknown; body: unknown };
/** An active customer; a deleted one with status=1. */
const customerOfStatus = {
  chosen: ({ query }: Request) => customerRecords.with({ statuses: [(query as { status?: number }).status ?? 0] }),
  walk: customerRecords,
};
/** Addresses of the customer {id}: another's (of the company too) is missing. */
const addressesOfPath = { chosen: ({ params }: Request) => addressRecords.with({ customerId: (params as { id: number }).id }), walk: addressRecords };
/** Contacts of the customer {id}: another's (of the company too) is missing. */
const contactsOfPath = { chosen: ({ params }: Request) => contactRecords.with({ customerId: (params as { id: number }).id }), walk: contactRecords };

export function customersRoutes({ customers, contacts, places, emails, transfer }: CustomerServices): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/Customers',
      access: signedIn,
      summary: 'Search customers',
      description:
        'Active customers by default; `activeCustomers=false` adds the deleted ones, `status` picks one status. SearchTerm matches name, email, phone and every address (name only with searchOnlyByCustomerName=true). Cities, States, Zip, Countries: customers with an address there. orderDateRangeStart/End: customers whose latest order falls in the range (send both). SortBy: name (default), createdAt.',
      querystring: CustomersQuery,
      response: PagedList(Customer),
      cache: customers.listAnswers,
      handler: ({ tenant, query }) => customers.list(tenant, query),
    }),
    defineRoute({
      method: 'POST',
      url: '/Customers',
      access: CREATE,
      ids: { body: { parentCustomerId: customerRecords } },
      summary: 'Create a customer',
      description: 'With its addresses; the first address (or the one marked isMain) is the main address.',
      body: NewCustomerInput,
      response: Customer,
      handler: ({ tenant, found, body }) => customers.create(tenant, body, found.maybe(customerRecords)),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Customers',
      access: DELETE,
      ids: { query: { ids: anyLockedCustomers } },
      summary: 'Delete customers',
      description:
        "Marks them deleted: hidden from lists (unless asked with status=1) and kept with everything they own; PUT /Customers/{id}/Restore brings one back. Unknown ids (another company's too): 404 naming each, nothing changed.",
      querystring: IdsQuery,
      response: None,
      handler: ({ tenant, found }) => customers.remove(tenant, found.all(customerRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Customers/:customerId/:pipeline',
      access: EDIT,
      ids: { params: { customerId: customerRecords, pipeline: 'not-an-id' } },
      summary: 'Move a customer in the pipeline',
      params: PipelineParams,
      response: None,
      handler: ({ tenant, found, params }) => customers.setPipeline(tenant, found.one(customerRecords), params.pipeline),
    }),
    defineRoute({
      method: 'GET',
      url: '/Customers/:id',
      access: signedIn,
      ids: { params: { id: customerOfStatus } },
      summary: 'Read a customer',
      description: 'An active customer; a deleted one with status=1.',
      params: CustomerIdParams,
      querystring: StatusQuery,
      response: Customer,
      handler: ({ tenant, found }) => customers.readRow(tenant, found.one(customerRecords)),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Customers/:id',
      access: EDIT,
      ids: { params: { id: customerRecords }, body: { parentCustomerId: customerRecords, 'addresses[].id': addressesOfPath } },
      summary: 'Update a customer',
      description:
        "Replaces the customer's fields. Addresses listed are updated (with their id) or added (without); addresses not listed are kept — remove one with DELETE /Addresses/{id}.",
      params: CustomerIdParams,
      body: CustomerInput,
      response: None,
      handler: ({ tenant, found, body }) => customers.update(tenant, found.one(customerRecords, 'id'), body, found.maybe(customerRecords, 'parentCustomerId')),
    }),
    defineRoute({
      method: 'GET',
      url: '/Customers/:id/contacts',
      access: signedIn,
      ids: { params: { id: customerRecords } },
      summary: "The customer's contacts, primary first",
      params: CustomerIdParams,
      response: CustomerContactDetailsResponse,
      handler: ({ tenant, found }) => contacts.ofCustomerRow(tenant, found.one(customerRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Customers/:id/Locations',
      access: signedIn,
      ids: { params: { id: customerRecords } },
      summary: 'Addresses of the customer and of its child accounts',
      params: CustomerIdParams,
      querystring: LocationsQuery,
      response: Type.Array(Address),
      handler: ({ tenant, found, query }) => places.locations(tenant, found.one(customerRecords), query.customerName),
    }),
    defineRoute({
      method: 'GET',
      url: '/Customers/:id/lookup_address',
      access: signedIn,
      ids: { params: { id: customerRecords } },
      summary: "Look up the customer's addresses",
      description:
        'SearchTerm matches the whole address; Cities, States, Zip, Countries filter; SortBy: name (default), city, createdAt; the main address first.',
      params: CustomerIdParams,
      querystring: SharedListQuery,
      response: PagedList(FullAddressInfo),
      handler: ({ tenant, found, query }) => places.lookupAddress(tenant, found.one(customerRecords), query),
    }),
    defineRoute({
      method: 'GET',
      url: '/Customers/:id/lookup_grouped_addresses',
      access: signedIn,
      ids: { params: { id: customerRecords } },
      summary: "The customer's distinct places, with the customers sharing each",
      description:
        "Addresses identical after normalization (case, punctuation, street abbreviations) form one place; each lists the customer's addresses there and every active customer of the company with an address at the same place.",
      params: CustomerIdParams,
      querystring: SharedListQuery,
      response: PagedList(NormalizedAddressWithCustomers),
      handler: ({ tenant, found, query }) => places.groupedAddresses(tenant, found.one(customerRecords), query),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Customers/:id/Restore',
      access: DELETE,
      ids: { params: { id: anyCustomers } },
      summary: 'Restore a deleted customer',
      params: CustomerIdParams,
      response: None,
      handler: ({ tenant, found }) => customers.restore(tenant, found.one(customerRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Customers/:id/SentEmails',
      access: signedIn,
      ids: { params: { id: customerRecords } },
      summary: 'Mails sent to the customer, newest first (at most 1000)',
      params: CustomerIdParams,
      response: Type.Array(SentEmail),
      handler: ({ tenant, found }) => emails.sentTo(tenant, found.one(customerRecords)),
    }),
    defineRoute({
      method: 'POST',
      url: '/Customers/:id/SentEmails',
      access: CREATE,
      ids: { params: { id: customerRecords }, body: { contactIds: contactsOfPath } },
      summary: 'Send mail to the customer',
      description:
        "One mail per recipient (`to`, the emails of `contactIds`, or else the customer's own email), written to the outbox — sent over SMTP when SMTP_URL is set — and recorded. A Static type fills its template where subject or body are not sent.",
      params: CustomerIdParams,
      body: EmailSendRequest,
      response: SendResult,
      handler: ({ tenant, principal, found, body }) => emails.send(tenant, principal, found.one(customerRecords), body, found.all(contactRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Customers/CustomExport',
      access: EXPORT_IMPORT,
      ids: { query: { ids: { filter: customerRecords } } },
      summary: 'Export chosen fields of customers (.xlsx)',
      description: `fields and ids are comma-separated. Fields: ${FIELD_KEYS.join(', ')}; the id column is always written. No ids: every active customer.`,
      querystring: Type.Object({ fields: Type.Optional(Type.String({ maxLength: 1000 })), ids: Type.Optional(Type.String({ maxLength: 20000 })) }),
      response: FileResponse,
      fileType: XLSX_TYPE,
      handler: ({ tenant, query }) => transfer.customExport(tenant, query.fields, query.ids),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Customers/DeleteDuplicates/Addresses',
      access: companyAdmin,
      summary: 'Remove repeated addresses of every customer',
      description: 'Addresses of one customer identical after normalization: the main one (else the oldest) stays. Answers how many were removed.',
      response: Deleted,
      handler: ({ tenant }) => places.deleteDuplicateAddresses(tenant),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Customers/DeleteDuplicates/Contacts',
      access: companyAdmin,
      summary: 'Merge repeated contacts of every customer',
      description:
        "Contacts of one customer with the same name, email and phone after normalization: the primary (else the oldest) stays and takes over the others' uses. Answers how many were removed.",
      response: Deleted,
      handler: ({ tenant }) => contacts.deleteDuplicates(tenant),
    }),
    defineRoute({
      method: 'GET',
      url: '/Customers/EmailTypes',
      access: signedIn,
      summary: 'Types of mail to customers',
      response: Type.Array(EmailTypeInfo),
      handler: () => emails.types(),
    }),
    defineRoute({
      method: 'GET',
      url: '/Customers/export',
      access: EXPORT_IMPORT,
      ids: { query: { ids: { filter: customerRecords } } },
      summary: 'Export customers (.xlsx)',
      description:
        'Every field, the main address included; the given ids, or every active customer. sample=true: a template with the header row and one example.',
      querystring: Type.Object({ ids: Type.Optional(Type.Array(Id, { maxItems: 10000 })), sample: Type.Optional(Type.Boolean({ default: false })) }),
      response: FileResponse,
      fileType: XLSX_TYPE,
      handler: ({ tenant, query }) => transfer.export(tenant, query.ids, query.sample ?? false),
    }),
    defineRoute({
      method: 'POST',
      url: '/Customers/import',
      access: EXPORT_IMPORT,
      summary: 'Import customers from .xlsx or .csv',
      description: `One file part (the first is read; its field name is not checked): ${XLSX_TYPE}, application/vnd.ms-excel, application/octet-stream (read as Excel) or text/csv; other types are refused (customers.unsupported_file_type). The first row names the columns as export writes them (any case). Every row is checked first: any problem and nothing is written, the answer lists each row and why (customers.import_invalid_row). A row with the id of a customer updates the columns the file has; a row without id creates a customer. At most ${MAX_IMPORT_ROWS} rows, 10 MB.`,
      upload: { maxFiles: 5, maxFileBytes: 10 * 1024 * 1024 },
      response: Type.Object({ created: Type.Integer(), updated: Type.Integer() }),
      handler: ({ tenant, uploads }) => transfer.import(tenant, uploads.files),
    }),
    defineRoute({
      method: 'PUT',
      url: '/Customers/MergeCustomers',
      access: companyAdmin,
      ids: { body: { parentCustomerId: lockedCustomers, customerIds: lockedCustomers } },
      summary: 'Merge customers into one parent',
      description:
        "In one transaction the children's addresses, contacts, mails and support tickets move to the parent (which keeps its main address and primary contact); the children end deleted with mergedIntoId set. An audit row records it.",
      body: MergeCustomers,
      response: Type.Object({ parentCustomerId: Id, mergedCustomerIds: Type.Array(Id), moved: Type.Record(Type.String(), Type.Integer()) }),
      handler: ({ tenant, found, body }) =>
        customers.merge(tenant, body, found.one(customerRecords, 'parentCustomerId'), found.all(customerRecords, 'customerIds')),
    }),
    defineRoute({
      method: 'POST',
      url: '/Customers/ValidateCustomer',
      access: signedIn,
      ids: { body: { id: { except: customerRecords }, parentCustomerId: { except: customerRecords }, 'addresses[].id': { except: addressRecords } } },
      readOnly: true,
      summary: 'Check a customer before saving it',
      description:
        'Reports problems in the fields and active customers that are likely the same: the same name after normalization (case, punctuation, legal suffixes such as Inc or LLC), email or phone (E.164). Writes nothing.',
      body: CustomerToValidate,
      response: ValidateCustomerDto,
      handler: ({ tenant, body }) => customers.validate(tenant, body),
    }),
  ];
}
