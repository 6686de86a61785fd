// The carriers section's part of the conventions walk: carriers, their contacts, finance records and
// truck types, and the company's list of truck types.
import { call, type TestApp } from '../app.js';
import { createCarrier, createTypeOfTruck, type Session } from '../factories.js';
import type { AreaWalk, Factory } from '../walk.js';

const made = async (res: Promise<{ status: number; body: any }>, what: string): Promise<any> => {
  const answer = await res;
  if (answer.status !== 200) throw new Error(`${what} not made: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
};

const post = (t: TestApp, s: Session, url: string, body: unknown, what: string) => made(call(t, 'POST', `/api/v1${url}`, { token: s.token, body }), what);

const carrier: Factory = async (t, s) => (await createCarrier(t, s)).id;
const typeOfTruck: Factory = async (t, s) => (await createTypeOfTruck(t, s)).id;
const contactOf = async (t: TestApp, s: Session, outsourceCompanyId: number, name = 'Walk Contact') =>
  post(t, s, '/OutsourceCompanyContacts', { outsourceCompanyId, name }, 'carrier contact');
const financeOf = async (t: TestApp, s: Session, outsourceCompanyId: number) =>
  post(t, s, '/OutsourceCompanyFinances', { outsourceCompanyId, label: 'Walk remittance' }, 'finance record');
const truckTypeOf = async (t: TestApp, s: Session, outsourceCompanyId: number) =>
  post(t, s, '/OutsourceCompanyTypeOfTrucks', { outsourceCompanyId, typeOfTruckId: await typeOfTruck(t, s), truckCount: 2 }, 'carrier truck type');

const contact: Factory = async (t, s) => (await contactOf(t, s, (await createCarrier(t, s)).id)).id;
const finance: Factory = async (t, s) => (await financeOf(t, s, (await createCarrier(t, s)).id)).id;
const truckType: Factory = async (t, s) => (await truckTypeOf(t, s, (await createCarrier(t, s)).id)).id;

export const carriersWalk: AreaWalk = {
  factories: { carrier, carrier_contact: contact, carrier_finance: finance, carrier_truck_type: truckType, type_of_truck: typeOfTruck },
  cases: {
    // A deleted carrier, so that restoring it changes something.
    'PUT /OutsourceCompanies/:id/Restore': async ({ t, admin }) => {
      const id = await carrier(t, admin);
      await made(call(t, 'DELETE', `/api/v1/OutsourceCompanies?ids=${id}`, { token: admin.token }), 'carrier deletion');
      return { params: { id } };
    },
    // A contact stays with its carrier: the body names the contact's own.
    'PUT /OutsourceCompanyContacts/:id': async ({ t, admin }) => {
      const c = await createCarrier(t, admin);
      const k = await contactOf(t, admin, c.id);
      return { params: { id: k.id }, body: { outsourceCompanyId: c.id, name: 'Walk Contact, renamed' } };
    },
    // The carrier's second contact (its first is the primary already).
    'PUT /OutsourceCompanyContacts/:id/SetPrimary': async ({ t, admin }) => {
      const c = await createCarrier(t, admin);
      await contactOf(t, admin, c.id, 'First');
      return { params: { id: (await contactOf(t, admin, c.id, 'Second')).id } };
    },
    // {id} alone names the record (the walk's foreign one, the query's record id left out); with the
    // query's record id (the walk's foreign one), {id} is its carrier: a carrier of the company.
    'GET /OutsourceCompanyFinances/:id': async ({ t, admin }) => ({ params: { id: await carrier(t, admin) }, query: { outsourceCompanyFinanceId: null } }),
    'GET /OutsourceCompanyTypeOfTrucks/:id': async ({ t, admin }) => ({
      params: { id: await carrier(t, admin) },
      query: { outsourceCompanyTypeOfTruckId: null },
    }),
    // With ids, {id} is their carrier.
    'DELETE /OutsourceCompanyFinances/:id': async ({ t, admin }) => {
      const f = await financeOf(t, admin, (await createCarrier(t, admin)).id);
      return { params: { id: f.outsourceCompanyId }, query: { ids: [f.id] } };
    },
    'DELETE /OutsourceCompanyTypeOfTrucks/:id': async ({ t, admin }) => {
      const r = await truckTypeOf(t, admin, (await createCarrier(t, admin)).id);
      return { params: { id: r.outsourceCompanyId }, query: { ids: [r.id] } };
    },
  },
};
