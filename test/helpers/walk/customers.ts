// The customers section's part of the conventions walk (test/helpers/walk.ts says what each holds):
// customers, their addresses and contacts.
import { randomUUID } from 'node:crypto';
import { call } from '../app.js';
import { createAddress, createContact, createCustomer } from '../factories.js';
import type { AreaWalk, Factory, WalkContext } from '../walk.js';

const ok = async <T = any>(res: Promise<{ status: number; body: any }>, what: string): Promise<T> => {
  const answer = await res;
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data as T;
};

/** An active customer with one (main) address and an email. */
const customer: Factory = async (t, s) => (await createCustomer(t, s)).id;
/** A second address of a new customer: not its main one. */
const address: Factory = async (t, s) => (await createAddress(t, s, (await createCustomer(t, s)).id)).id;
/** The (primary) contact of a new customer, with an email. */
const customerContact: Factory = async (t, s) => (await createContact(t, s, (await createCustomer(t, s)).id)).id;

/** A customer and its contact, with an email: mails to it are sent. */
async function customerWithContact({ t, admin }: WalkContext) {
  const c = await createCustomer(t, admin);
  const k = await createContact(t, admin, c.id);
  return { customerId: c.id as number, contactId: k.id as number, addressId: c.addresses[0].id as number };
}

/** A one-row .csv to import: a new customer. */
const csv = () => Buffer.from(`name,email,city,street,country\r\nWalk Import ${randomUUID().slice(0, 8)},walk-import@test.example,Austin,1 Walk St,US\r\n`);

export const customersWalk: AreaWalk = {
  factories: { customer, address, customer_contact: customerContact },
  cases: {
    // An address listed by id must be the customer's own.
    'PUT /Customers/:id': async (ctx) => {
      const { customerId, addressId } = await customerWithContact(ctx);
      return {
        params: { id: customerId },
        body: {
          name: `Walk ${randomUUID().slice(0, 8)}`,
          parentCustomerId: await ctx.make('customer'),
          addresses: [{ id: addressId, street: '2 Walk St', city: 'Austin', country: 'US' }],
        },
      };
    },
    // Restoring changes something only for a deleted customer.
    'PUT /Customers/:id/Restore': async ({ t, admin }) => {
      const c = await createCustomer(t, admin);
      await ok(call(t, 'DELETE', `/api/v1/Customers?ids=${c.id}`, { token: admin.token }), 'customer not deleted');
      return { params: { id: c.id } };
    },
    // The contacts written to are the customer's.
    'POST /Customers/:id/SentEmails': async (ctx) => {
      const { customerId, contactId } = await customerWithContact(ctx);
      return { params: { id: customerId }, body: { emailType: 'General', contactIds: [contactId], subject: 'Walk', body: 'A walk mail.' } };
    },
    'POST /Customers/import': async () => ({
      multipart: { files: [{ field: 'file', name: 'customers.csv', type: 'text/csv', content: csv() }] },
    }),
    // A contact stays with its customer.
    'PUT /CustomerContacts/:id': async (ctx) => {
      const { customerId, contactId } = await customerWithContact(ctx);
      return { params: { id: contactId }, body: { customerId, name: 'Walk Contact', email: 'walk.contact@test.example' } };
    },
    // Something to check: an email (its filter and exception ids are the walk's).
    'POST /CustomerContacts/ValidateContact': async () => ({ body: { email: 'walk.validate@test.example' } }),
    // Making the primary contact primary changes nothing: a second contact.
    'PUT /CustomerContacts/:id/SetPrimary': async (ctx) => {
      const { customerId } = await customerWithContact(ctx);
      const second = await createContact(ctx.t, ctx.admin, customerId);
      return { params: { id: second.id } };
    },
  },
};
