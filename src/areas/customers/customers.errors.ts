// The error codes of this area (docs/error-codes.md is generated from the lists), with the
// HTTP status each answers with. AppError takes only listed codes.
import { errorCodes } from '../../platform/errors.js';

export const CustomersErrors = errorCodes({
  addressNoCustomer: [400, 'addresses.no_customer', "Only a customer's address can be its main address."],
  contactWithoutEmail: [400, 'emails.contact_without_email', 'A contact the mail is addressed to has no valid email address.'],
  noRecipient: [400, 'emails.no_recipient', 'The mail names no recipient and the customer has no email address.'],
  contactCustomerChange: [400, 'contacts.customer_change', 'A contact stays with its customer; merging customers moves contacts.'],
  contactInUse: [400, 'contacts.in_use', 'The contact is used by sent mails or support tickets; reassignToPrimary=true moves them.'],
  contactNoPrimary: [400, 'contacts.no_primary', "The customer's only contact: there is no primary contact to move its uses to."],
  unsupportedFileType: [400, 'customers.unsupported_file_type', 'An import file that is neither .xlsx nor .csv.'],
  unreadableFile: [400, 'customers.unreadable_file', 'An import file that cannot be read as its type.'],
  importNoNameColumn: [400, 'customers.import_no_name_column', 'The import file\'s first row does not name a "name" column.'],
  importEmpty: [400, 'customers.import_empty', 'The import file has no customer rows.'],
  importInvalid: [
    400,
    'customers.import_invalid',
    "Rows of the import file break rules; nothing was imported. Each row's problem follows as customers.import_invalid_row.",
  ],
  importInvalidRow: [400, 'customers.import_invalid_row', "One row's problem in a refused import (a detail of customers.import_invalid)."],
});
