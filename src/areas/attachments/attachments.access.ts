// Who may read and change attachments. The spec names no permission: an attachment is read and
// changed with the permissions of the record it is attached to, as that record's own area asks for
// them (entity-types.ts gives each entity type its family). A route whose record is fixed declares
// the family's read access (the Driver, Invoice and Order lists); the routes taking an attachment's
// id or an entity type in the path are open to signed-in users and the service checks the family's
// access once it knows the record (403 meta.missing_permission naming what is missing).
import { type Access, anyPermissionOf, companyAdmin, editOf, missingFor, permission, refusal, signedIn } from '../../platform/access.js';
import type { Principal } from '../../platform/auth.js';

export interface Family {
  /** As docs/attachments.md's table says it: "quotes, orders, items, stops, transfer stops". */
  name: string;
  read: Access;
  write: Access;
}

const ORDER_SHEET = permission('View Order Sheet');
const INVOICES_VIEW = permission('View Invoices and Payments');
const PAY = permission('Add/Edit payment');

export const FAMILIES = {
  // The customers area lets any signed-in user read customers and their contacts; changing them
  // takes its edit permission.
  customers: { name: 'customers and their contacts', read: signedIn, write: editOf('Create customers') },
  orders: { name: 'quotes and orders, their items, stops and transfer stops', read: ORDER_SHEET, write: permission('Edit Orders') },
  payments: { name: 'invoices, payments and saved cards', read: INVOICES_VIEW, write: PAY },
  warehouses: {
    name: 'warehouses',
    read: permission('Locations tab - View locations'),
    write: permission('Locations tab - Create/Edit/delete locations'),
  },
  drivers: { name: 'drivers', read: signedIn, write: permission('Create/Edit Drivers') },
  // Only the Company Admin lists inspections (GET /Drivers/StatusCheck).
  inspections: { name: 'driver status checks', read: companyAdmin, write: companyAdmin },
  routes: { name: 'routes', read: ORDER_SHEET, write: permission('Edit/Delete/Create Route') },
  trucks: { name: 'trucks', read: signedIn, write: permission('Fleet tab - Create/Edit/delete fleet') },
  carriers: { name: 'outsource companies and their contacts', read: permission('View Outsources'), write: permission('Add/Edit outsource') },
  // As the documents library asks (docs/documents.md): dispatch's or accounting's permission.
  documents: {
    name: 'library documents',
    read: anyPermissionOf('View Order Sheet', 'View Invoices and Payments'),
    write: anyPermissionOf('Edit Orders', 'Add/Edit payment'),
  },
  // Images of POST /Images/upload belong to no record: the company's signed-in users share them;
  // a user whose work writes rich text (orders' notes, customers' and invoices' mails, quotes,
  // terms) may add or delete one, the read-only Viewer not.
  images: {
    name: 'images',
    read: signedIn,
    write: editOf('Edit Orders', 'Create customers', 'Add/Edit payment', 'Email Quotes', 'Email Invoice/Payment', 'Terms & Conditions'),
  },
} as const satisfies Record<string, Family>;

export type FamilyName = keyof typeof FAMILIES;

/** The route-level accesses of the lists, the same as the family's read. */
export const VIEW_DRIVERS = FAMILIES.drivers.read;
export const VIEW_INVOICES = FAMILIES.payments.read;
export const VIEW_ORDERS = FAMILIES.orders.read;

/** 403 meta.missing_permission, worded as the platform's refusal of a route (route.ts). */
export function requireAccess(principal: Principal, access: Access): void {
  const missing = missingFor(access, principal);
  if (missing !== null) throw refusal(access, missing);
}
