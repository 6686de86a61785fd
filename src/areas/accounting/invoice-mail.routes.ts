// An invoice's mail rows (part 2, "Accounting"): whom it may be sent to, and what was sent about it.
// Sending an invoice by mail (with its PDF) comes with the generated documents (issue 18); until
// then "about the invoice" is a mail to its customer naming its number in the subject or body.
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Id, Many, Type } from '../../platform/schemas.js';
import { CustomerContactDetailsResponse, type CustomerServices, SentEmail } from '../customers/index.js';
import { EMAIL, VIEW } from './accounting.access.js';
import { invoiceRecords } from './invoices.repository.js';

const Params = Type.Object({ InvoiceId: Id });
const regexpText = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function invoiceMailRoutes({ contacts, emails }: Pick<CustomerServices, 'contacts' | 'emails'>): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/Accounting/:InvoiceId/contacts',
      access: EMAIL,
      ids: { params: { InvoiceId: invoiceRecords } },
      summary: "Whom an invoice may be mailed to: its customer's contacts",
      description: "The invoice's customer's contact details (the primary contact, then the others), as a list of one.",
      params: Params,
      response: Many(CustomerContactDetailsResponse),
      handler: async ({ tenant, found }) => {
        const invoice = found.one(invoiceRecords);
        return [await contacts.ofCustomer(tenant, invoice.customer_id)];
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/Accounting/:InvoiceId/SentEmails',
      access: VIEW,
      ids: { params: { InvoiceId: invoiceRecords } },
      summary: 'Mails sent about an invoice',
      description:
        "Mails to the invoice's customer that name its number (subject or body), newest first, with their delivery state. suggestCustomerPastSentEmails=true: every mail sent to the customer (its latest 1,000), to pick addresses from.",
      params: Params,
      querystring: Type.Object({ suggestCustomerPastSentEmails: Type.Optional(Type.Boolean({ default: false })) }),
      response: Many(SentEmail),
      handler: async ({ tenant, found, query }) => {
        const invoice = found.one(invoiceRecords);
        const sent = await emails.list(tenant, invoice.customer_id);
        if (query.suggestCustomerPastSentEmails) return sent;
        const names = new RegExp(`(^|[^\\p{L}\\p{N}])${regexpText(invoice.invoice_number)}($|[^\\p{L}\\p{N}])`, 'iu');
        return sent.filter((m) => names.test(m.subject) || names.test(m.body));
      },
    }),
  ];
}
