// The customers section: customers, customer contacts and addresses (part 1, "Customers"), one
// area folder since they share their tables' rules. Other areas use Address and the customer
// lookups from here, and hear of merged customers and moved contact uses (customers.events.ts).
import { perApp, type Area, type AreaDeps } from '../../platform/area.js';
import { addressRecords } from './addresses.repository.js';
import { addressesRoutes } from './addresses.routes.js';
import { Address } from './addresses.schemas.js';
import { addressesService } from './addresses.service.js';
import { contactRecords } from './contacts.repository.js';
import { contactsRoutes } from './contacts.routes.js';
import { CustomerContact } from './contacts.schemas.js';
import { contactsService } from './contacts.service.js';
import { customerRecords } from './customers.repository.js';
import { customersRoutes } from './customers.routes.js';
import { Customer, FullAddressInfo, NormalizedAddressWithCustomers } from './customers.schemas.js';
import { customersService } from './customers.service.js';
import { emailsService } from './emails.service.js';
import { placesService } from './places.service.js';
import { transferService } from './transfer.service.js';
import { CustomersErrors } from './customers.errors.js';

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

export { Address, AddressInput, type AddressT } from './addresses.schemas.js';
export { addressKey, formatAddress } from './address-key.js';
export { addSiteAddress, changeSiteAddress, removeSiteAddress, type SiteValues } from './company-sites.js';
export { requireCustomer } from './customers.service.js';
export { customerRecords, type CustomerReadOptions } from './customers.repository.js';
export { type CustomerRow } from './customers.schemas.js';
export { findContact, contactRecords } from './contacts.repository.js';
export { addressRecords } from './addresses.repository.js';
export { customersMerged, contactUsesMoved } from './customers.events.js';
// Contact lists of other owners (carriers) follow the same rules and answer the same shapes.
export { contactBook, contactFields, type ContactBook, type ContactPlan, type ContactStore } from './contact-book.js';
export { contactTable, type ContactColumns, type ContactTable } from './contact-book.repository.js';
export { ContactChange, ContactInput, CustomerContact, DeleteContactQuery, DeleteContactResultDto, NormalizeContactsPreviewDto } from './contacts.schemas.js';
export { checkPhone, isEmail, nameKey, normalizeEmail } from './keys.js';
