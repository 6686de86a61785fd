// The customers section: customers, customer contacts and addresses (part 1, "Customers"), one
// area folder since they share their tables' rules. Other areas use Address and the customer
// lookups from here, and hear of merged customers and moved contact uses (customers.events.ts).
import { type Area, type AreaDeps, perApp } from '../../platform/area.js';
import { addressRecords } from './addresses.repository.js';
import { addressesRoutes } from './addresses.routes.js';
import { Address } from './addresses.schemas.js';
import { addressesService } from './addresses.service.js';
import { contactRecords } from './contacts.repository.js';
import { contactsRoutes } from './contacts.routes.js';
import { CustomerContact } from './contacts.schemas.js';
import { contactsService } from './contacts.service.js';
import { CustomersErrors } from './customers.errors.js';
import { customerRecords } from './customers.repository.js';
import { customersRoutes } from './customers.routes.js';
import { Customer, FullAddressInfo, NormalizedAddressWithCustomers } from './customers.schemas.js';

export { CustomersQuery, type CustomersQueryT } from './customers.schemas.js';

import { customersService } from './customers.service.js';
import { emailsService } from './emails.service.js';
import { placesService } from './places.service.js';
import { transferService } from './transfer.service.js';

/** The section's services, built once per app: its three areas share them (one customers
 *  service, one kept-answers cache of GET /Customers). */
const services = perApp((deps: AreaDeps) => ({
  customers: customersService(deps.config.answerCacheBytes),
  contacts: contactsService(),
  addresses: addressesService(),
  places: placesService(),
  emails: emailsService(),
  transfer: transferService(),
}));
export type CustomerServices = ReturnType<typeof services>;
/** The customers' services of the app (other areas answer a Customer through them). */
export const customerServices = services;

export const customersArea: Area = {
  name: 'Customers',
  // The codes of the whole folder (the section's areas share them).
  errors: CustomersErrors,
  resources: [customerRecords],
  schemas: [Address, CustomerContact, Customer, FullAddressInfo, NormalizedAddressWithCustomers],
  routes: (deps) => customersRoutes(services(deps)),
};

export const contactsArea: Area = {
  name: 'Customer contacts',
  resources: [contactRecords],
  routes: (deps) => contactsRoutes(services(deps)),
};

export const addressesArea: Area = {
  name: 'Addresses',
  resources: [addressRecords],
  routes: (deps) => addressesRoutes(services(deps)),
};

export { addressKey, formatAddress } from './address-key.js';
export { addressRecords } from './addresses.repository.js';
export { Address, AddressInput, AddressInputFields, type AddressRow, type AddressT, toAddress } from './addresses.schemas.js';
export { addSiteAddress, changeSiteAddress, removeSiteAddress, type SiteValues } from './company-sites.js';
// Contact lists of other owners (carriers) follow the same rules and answer the same shapes.
export { type ContactBook, type ContactPlan, type ContactStore, contactBook, contactFields } from './contact-book.js';
export { type ContactColumns, type ContactTable, contactTable } from './contact-book.repository.js';
export { contactRecords, contactsOfCustomers } from './contacts.repository.js';
export type { ContactRow } from './contacts.schemas.js';
export {
  ContactChange,
  ContactInput,
  CustomerContact,
  CustomerContactDetailsResponse,
  DeleteContactQuery,
  DeleteContactResultDto,
  NormalizeContactsPreviewDto,
  toContact,
} from './contacts.schemas.js';
export { CUSTOMERS_EDIT } from './customers.access.js';
export { contactUsesMoved, customersMerged } from './customers.events.js';
export { type CustomerReadOptions, customerRecords } from './customers.repository.js';
export type { CustomerRow, CustomerT } from './customers.schemas.js';
export { requireCustomer } from './customers.service.js';
export { recordSentEmail } from './emails.repository.js';
export { EmailSendRequest, type EmailSendRequestT, SentEmail } from './emails.schemas.js';
export { checkPhone, isEmail, nameKey, normalizeEmail } from './keys.js';
export { customerFromQuote } from './quote-customers.js';
export { customerPlaces, keepPlaces, placeForStop, placesByIds } from './stop-places.js';
