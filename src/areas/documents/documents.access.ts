// Who may use the documents library (the spec lists no permission for it; docs/documents.md
// says why these): the library holds papers of dispatch (rate confirmations, bills of
// lading) and of accounting (W-9s, fuel receipts), so either side's permission opens it.
//  - reading: "View Order Sheet" (Dispatcher, Viewer) or "View Invoices and Payments" (Accountant);
//  - changing: "Edit Orders" (Dispatcher) or "Add/Edit payment" (Accountant): a Viewer reads only.
// Company Admin holds every permission.
import { anyPermissionOf } from '../../platform/access.js';

export const LIBRARY_READ = anyPermissionOf('View Order Sheet', 'View Invoices and Payments');
export const LIBRARY_WRITE = anyPermissionOf('Edit Orders', 'Add/Edit payment');
