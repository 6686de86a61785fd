// The error codes of the generated documents (docs/error-codes.md is generated from the lists),
// with the HTTP status each answers with.
import { errorCodes } from '../../platform/errors.js';

export const GeneratedDocumentsErrors = errorCodes({
  notADelivery: [400, 'documents.not_a_delivery', 'deliveryId names a stop that is not a delivery of the order.'],
  noItems: [400, 'documents.no_items', 'The order has no items, so there is no label to print.'],
  noRecipient: [400, 'documents.no_recipient', 'No address to mail the document to: send `to` or `contactIds`, or give the customer an email address.'],
  contactWithoutEmail: [400, 'documents.contact_without_email', 'A contact named in contactIds has no valid email address.'],
});
