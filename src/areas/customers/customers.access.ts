// The permissions of the customers section (part 1, "Customers"). The spec's table names
// "Create customers" for a new customer and "Delete Customers" for removing; its rows for editing a
// customer, its contacts and addresses name none: fds asks "Create customers" there too, the
// section's edit permission, so the read-only Viewer changes nothing (issue 37).
import { editOf, permission } from '../../platform/access.js';

export const CUSTOMERS_CREATE = permission('Create customers');
export const CUSTOMERS_EDIT = editOf('Create customers');
