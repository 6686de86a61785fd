// The permissions of accounting, as the spec's Access column names them. Writing an invoice takes
// "Create/Edit Custom Quote" (the spec's name for it); rows the spec leaves blank read with "View
// Invoices and Payments".
import { permission } from '../../platform/access.js';

export const VIEW = permission('View Invoices and Payments');
export const EDIT_INVOICE = permission('Create/Edit Custom Quote');
export const PAY = permission('Add/Edit payment');
export const DOWNLOAD = permission('Download data');
export const EMAIL = permission('Email Invoice/Payment');
export const LEDGER = permission('Send to external ledger');
