// The charge types area's part of the conventions walk (test/helpers/walk.ts says what each
// holds): the company's charge types (customers' lists are reached through them).
import { randomUUID } from 'node:crypto';
import { call } from '../app.js';
import { createCustomer } from '../factories.js';
import type { AreaWalk, Factory } from '../walk.js';

const chargeType: Factory = async (t, s) => {
  const res = await call(t, 'POST', '/api/v1/Accounting/chargeTypes', { token: s.token, body: { name: `Charge ${randomUUID().slice(0, 8)}`, rate: 25 } });
  if (res.status !== 200) throw new Error(`charge type not made: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
};

export const chargeTypesWalk: AreaWalk = {
  factories: { charge_type: chargeType },
  cases: {
    // The body is the list of ids (not walked for another company's: it is no object).
    'DELETE /Accounting/chargeTypes': async ({ make }) => ({ body: [await make('charge_type')] }),
    // A customer whose list (seeded on first read) holds a copy of a company type, removed by the
    // company type's id.
    'DELETE /Customers/:customerId/chargeTypes': async ({ t, admin, make }) => {
      const typeId = await make('charge_type');
      const customer = await createCustomer(t, admin);
      const seeded = await call(t, 'GET', `/api/v1/Customers/${customer.id}/chargeTypes`, { token: admin.token });
      if (seeded.status !== 200) throw new Error(`customer's charge types not seeded: ${seeded.status} ${JSON.stringify(seeded.body)}`);
      return { params: { customerId: customer.id }, body: [typeId] };
    },
  },
};
