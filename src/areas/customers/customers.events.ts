// What the customers area announces about its records (platform/events.ts): other areas keep rows
// pointing at customers and contacts (support tickets), and move them themselves when told, in the
// same transaction. Imports go one way: they import these from index.ts, this area imports none of them.
import { companyEvent } from '../../platform/events.js';

/** Customers were merged into another: whatever pointed at `fromIds` belongs to `intoId` now. */
export const customersMerged = companyEvent<{ fromIds: number[]; intoId: number }>('customers.merged');

/** The uses of these contacts (a contact deleted or merged away) move to another contact of the
 *  same customer, before they are removed. */
export const contactUsesMoved = companyEvent<{ fromContactIds: number[]; toContactId: number }>('customer_contacts.uses_moved');
