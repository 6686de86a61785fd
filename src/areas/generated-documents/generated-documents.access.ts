// The permissions of the generated documents, as the spec's Access column names them. Rows the
// spec leaves blank take the permission of what they print: a bill of lading and labels "Send and
// download BOL" (the spec's own name for them), an invoice "View Invoices and Payments" (as
// reading the invoice does).
import { permission } from '../../platform/access.js';

export const BOL = permission('Send and download BOL');
export const ORDER_SHEET = permission('View Order Sheet');
export const QUOTES = permission('Email Quotes');
export const VIEW_INVOICES = permission('View Invoices and Payments');
export const EMAIL_INVOICES = permission('Email Invoice/Payment');
