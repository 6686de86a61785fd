// The company settings' part of the conventions walk: warehouses, zones, non-working days, terms.
import { randomUUID } from 'node:crypto';
import { call } from '../app.js';
import type { AreaWalk, Factory } from '../walk.js';

const made = async (res: Promise<{ status: number; body: any }>, what: string): Promise<number> => {
  const answer = await res;
  if (answer.status !== 200) throw new Error(`${what} not made: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data.id;
};

let day = 0;
/** A date no other test of the run takes: non-working days are one per date. */
const freshDate = () => {
  const d = new Date(Date.UTC(2100, 0, 1) + (++day * 7 + Math.floor(Math.random() * 5)) * 86_400_000);
  return d.toISOString().slice(0, 10);
};

const warehouse: Factory = (t, s) =>
  made(
    call(t, 'POST', '/api/v1/Warehouses', {
      token: s.token,
      body: { name: `Yard ${randomUUID().slice(0, 6)}`, address: { street: '1 Dock Rd', city: 'Dallas', state: 'TX', postalCode: '75201', country: 'US' } },
    }),
    'warehouse',
  );
const zone: Factory = (t, s) => made(call(t, 'POST', '/api/v1/Zones', { token: s.token, body: { name: `Zone ${randomUUID().slice(0, 8)}` } }), 'zone');
const nonWorkingDay: Factory = (t, s) =>
  made(call(t, 'POST', '/api/v1/NonWorkingDays', { token: s.token, body: { date: freshDate(), name: 'Closed' } }), 'non-working day');
const terms: Factory = (t, s) =>
  made(call(t, 'POST', '/api/v1/TermsAndConditions', { token: s.token, body: { title: 'Carriage', content: 'Terms of carriage.' } }), 'terms');

export const settingsWalk: AreaWalk = {
  factories: { warehouse, zone, non_working_day: nonWorkingDay, terms },
  cases: {
    'POST /NonWorkingDays': async () => ({ body: { date: freshDate(), name: 'Walk day' } }),
    'PUT /NonWorkingDays': async () => ({ body: { date: freshDate(), name: 'Walk day, moved' } }),
    'POST /Warehouses': async () => ({
      body: { name: `Walk yard ${randomUUID().slice(0, 6)}`, address: { street: '2 Dock Rd', city: 'Dallas', country: 'US' } },
    }),
    'PUT /Warehouses/:id': async () => ({
      body: { name: `Walk yard ${randomUUID().slice(0, 6)}`, address: { street: '3 Dock Rd', city: 'Dallas', country: 'US' } },
    }),
  },
};
