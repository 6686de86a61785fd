// The support area's part of the conventions walk (test/helpers/walk.ts says what each holds).
import { call } from '../app.js';
import { createCustomer } from '../factories.js';
import type { AreaWalk, Factory } from '../walk.js';

/** A ticket of a new customer. */
const supportTicket: Factory = async (t, s) => {
  const c = await createCustomer(t, s);
  const res = await call(t, 'POST', '/api/v1/SupportTickets', { token: s.token, body: { customerId: c.id, subject: 'Walk', description: 'A walk ticket.' } });
  if (res.status !== 200) throw new Error(`support ticket not made: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
};

export const supportWalk: AreaWalk = {
  factories: { support_ticket: supportTicket },
};
