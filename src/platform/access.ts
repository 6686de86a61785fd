// Permission names (docs/architecture.md, "Default roles and permissions") and what a route may declare as its access. The platform
// enforces the declaration; an area never checks a permission by hand.
import { AppError, Codes } from './errors.js';

/** Every permission, in the contract's order; a permission's id is its position from 1. Append only. */
export const PERMISSIONS = [
  'Users tab - view/edit/add users',
  'Approve Quote',
  'Copy Order for Driver',
  'Assign/Unassign Orders',
  'Repeat Order',
  'Undo Order',
  'Edit Orders',
  'Update stop priority',
  'Edit/Delete/Create Route',
  'Close All',
  'Archive',
  'Create customers',
  'Delete Customers',
  'Export/Import',
  'Zones - view Zones',
  'Zones - create/edit/delete Zones',
  'Shipment types - view',
  'Shipment types - create/edit/delete',
  'Locations tab - View locations',
  'Locations tab - Create/Edit/delete locations',
  'Terms & Conditions',
  'View Invoices and Payments',
  'Download data',
  'Email Invoice/Payment',
  'Create/Edit Custom Quote',
  'Add/Edit payment',
  'Charge types - view charge types',
  'Charge types - create/edit/delete charge types',
  'Send to external ledger',
  'View Order Sheet',
  'Email Quotes',
  'Send and download BOL',
  'Expenses tab - view existing data',
  'Expenses tab - create/edit/delete data',
  'View Outsources',
  'Add/Edit outsource',
  'Delete Outsource',
  'Create/Edit Drivers',
  'Enable/Disable drivers',
  'Delete Drivers',
  'Drivers settings - edit/delete data',
  'Fleet tab - Create/Edit/delete fleet',
  'Fleet tab - View fleets data',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const COMPANY_ADMIN = 'Company Admin';

const DISPATCHER: Permission[] = [
  'Approve Quote',
  'Copy Order for Driver',
  'Assign/Unassign Orders',
  'Repeat Order',
  'Undo Order',
  'Edit Orders',
  'Update stop priority',
  'Edit/Delete/Create Route',
  'Close All',
  'Archive',
  'Create customers',
  'Zones - view Zones',
  'Shipment types - view',
  'Locations tab - View locations',
  'Charge types - view charge types',
  'View Order Sheet',
  'Email Quotes',
  'Send and download BOL',
  'View Outsources',
  'Fleet tab - View fleets data',
];

const ACCOUNTANT: Permission[] = [
  'Zones - view Zones',
  'Shipment types - view',
  'Locations tab - View locations',
  'View Invoices and Payments',
  'Download data',
  'Email Invoice/Payment',
  'Create/Edit Custom Quote',
  'Add/Edit payment',
  'Charge types - view charge types',
  'Charge types - create/edit/delete charge types',
  'Send to external ledger',
  'Expenses tab - view existing data',
  'Expenses tab - create/edit/delete data',
];

const VIEWER: Permission[] = [
  'Zones - view Zones',
  'Shipment types - view',
  'Locations tab - View locations',
  'Charge types - view charge types',
  'View Order Sheet',
  'View Outsources',
  'Fleet tab - View fleets data',
];

/** The roles every company starts with; names are exact (docs/architecture.md, "Default roles and permissions"). */
export const DEFAULT_ROLES: ReadonlyArray<{ name: string; description: string; permissions: readonly Permission[] }> = [
  { name: COMPANY_ADMIN, description: 'Every permission, and the actions reserved to the Company Admin role.', permissions: PERMISSIONS },
  { name: 'Dispatcher', description: 'Quotes, orders, routes and customers.', permissions: DISPATCHER },
  { name: 'Accountant', description: 'Invoices, payments, expenses and charge types.', permissions: ACCOUNTANT },
  { name: 'Viewer', description: 'Read-only access to shared settings, order sheets, outsources and fleet.', permissions: VIEWER },
];

/** What a route requires: no token at all, any signed-in user, a permission, one of several
 *  permissions (a record several roles work with: the documents library), or a role. */
export type Access =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'permission'; permission: Permission; silent?: true }
  | { kind: 'anyOf'; permissions: readonly Permission[]; silent?: true }
  | { kind: 'allOf'; permissions: readonly Permission[] }
  | { kind: 'role'; role: typeof COMPANY_ADMIN };

export const publicAccess: Access = { kind: 'public' };
export const signedIn: Access = { kind: 'signedIn' };
export const permission = (name: Permission): Access => ({ kind: 'permission', permission: name });
/** Any one of these permissions admits the user. */
export const anyPermissionOf = (...names: Permission[]): Access => ({ kind: 'anyOf', permissions: names });
/** Every one of these permissions is needed (a write the spec grants a view permission: fds asks the
 *  area's edit permission as well, so the read-only Viewer changes nothing). */
export const allPermissionsOf = (...names: Permission[]): Access => ({ kind: 'allOf', permissions: names });
/**
 * A write whose row in the spec's table names no permission: fds requires the area's edit
 * permission (or one of them), so a read-only role changes nothing (issue 37). The reference page
 * says so on the route.
 */
export const editOf = (...names: [Permission, ...Permission[]]): Access =>
  names.length === 1 ? { kind: 'permission', permission: names[0], silent: true } : { kind: 'anyOf', permissions: names, silent: true };
export const companyAdmin: Access = { kind: 'role', role: COMPANY_ADMIN };

export interface Grants {
  readonly roles: readonly string[];
  readonly permissions: ReadonlySet<string>;
}

/** The missing permission or role, or null when the grants allow the access. */
export function missingFor(access: Access, grants: Grants): string | null {
  switch (access.kind) {
    case 'public':
    case 'signedIn':
      return null;
    case 'permission':
      // Company Admin holds every permission, including any added after the role was created.
      return grants.roles.includes(COMPANY_ADMIN) || grants.permissions.has(access.permission) ? null : access.permission;
    case 'anyOf':
      // Named as the message quotes it: "A" or "B".
      return grants.roles.includes(COMPANY_ADMIN) || access.permissions.some((p) => grants.permissions.has(p)) ? null : access.permissions.join('" or "');
    case 'allOf':
      // The first one missing, named as a single permission is.
      if (grants.roles.includes(COMPANY_ADMIN)) return null;
      return access.permissions.find((p) => !grants.permissions.has(p)) ?? null;
    case 'role':
      return grants.roles.includes(access.role) ? null : access.role;
  }
}

/** 403 meta.missing_permission naming what is missing (from missingFor). */
export function refusal(access: Access, missing: string): AppError {
  const message =
    access.kind === 'role'
      ? `This action requires the role "${missing}".`
      : access.kind === 'anyOf'
        ? `You have none of the permissions "${missing}" that this action requires.`
        : `You do not have the permission "${missing}" that this action requires.`;
  return new AppError(Codes.missingPermission, message);
}

const SILENT_NOTE = " The spec's table names no permission for this write: fds requires the area's edit permission, so the read-only Viewer changes nothing.";

export function describeAccess(access: Access): string {
  const note = 'silent' in access && access.silent ? SILENT_NOTE : '';
  switch (access.kind) {
    case 'public':
      return 'No token needed.';
    case 'signedIn':
      return 'Any signed-in user.';
    case 'permission':
      return `Requires the permission "${access.permission}".${note}`;
    case 'anyOf':
      return `Requires one of the permissions ${access.permissions.map((p) => `"${p}"`).join(', ')}.${note}`;
    case 'allOf':
      return `Requires the permissions ${access.permissions.map((p) => `"${p}"`).join(' and ')}.`;
    case 'role':
      return `Requires the role "${access.role}".`;
  }
}
