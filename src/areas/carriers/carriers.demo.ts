// Demo records of the carriers section (`fds demo`): the company's list of truck types (the fleet
// demo's trucks name them, so this runs first) and three Texas carriers a regional shipper hands
// overflow to, with their contacts, how they are paid and the trucks they run. Made through the
// services, so they pass the same rules as API changes and leave the same audit rows.
import type { DemoSeeder } from '../../platform/demo-seeder.js';
import { carrierContactsService } from './carrier-contacts.service.js';
import { carrierFinancesService } from './carrier-finances.service.js';
import { carrierTruckTypesService } from './carrier-truck-types.service.js';
import { carriersService } from './carriers.service.js';
import { typeOfTrucksService } from './type-of-trucks.service.js';

const TYPES = [
  {
    name: 'Box truck 26 ft',
    description: 'Straight truck with liftgate: city and residential deliveries.',
    capacityWeight: 10000,
    capacityPallets: 12,
    capacityVolume: 1700,
  },
  {
    name: 'Dry van 53 ft',
    description: 'Tractor with a 53 ft dry van trailer: full truckloads.',
    capacityWeight: 45000,
    capacityPallets: 26,
    capacityVolume: 3800,
  },
  {
    name: 'Reefer 53 ft',
    description: 'Refrigerated 53 ft trailer: produce, dairy, frozen.',
    capacityWeight: 43000,
    capacityPallets: 26,
    capacityVolume: 3500,
    isRefrigerated: true,
  },
  { name: 'Flatbed 48 ft', description: 'Open deck for steel, lumber and machinery; tarps and straps.', capacityWeight: 48000, capacityPallets: 24 },
  { name: 'Sprinter van', description: 'Cargo van for hot shots and small parcels.', capacityWeight: 3500, capacityPallets: 3, capacityVolume: 530 },
];

const inOneYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
const inThreeWeeks = () => new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10);

interface DemoCarrier {
  carrier: Record<string, unknown> & { name: string };
  contacts: Array<{ name: string; title: string; email: string; phone: string; isPrimary?: boolean; billing?: boolean }>;
  finance: Record<string, unknown>;
  trucks: Array<{ type: string; truckCount: number } & Record<string, unknown>>;
}

const CARRIERS = (): DemoCarrier[] => [
  {
    carrier: {
      name: 'Red River Freight Lines',
      legalName: 'Red River Freight Lines LLC',
      email: 'dispatch@redriverfreight.example',
      phone: '+1 214 555 0134',
      typesOfWork: 3,
      mcNumber: 'MC-812345',
      dotNumber: '2871234',
      scac: 'RRFL',
      website: 'https://redriverfreight.example',
      address: { street: '4500 Irving Blvd', city: 'Dallas', state: 'TX', postalCode: '75247', country: 'US' },
      insuranceProvider: 'Great West Casualty',
      insurancePolicyNumber: 'GWC-4410982',
      insuranceExpiresOn: inOneYear(),
      cargoInsuranceAmount: 100000,
      liabilityInsuranceAmount: 1000000,
      notes: 'Dallas - Houston - San Antonio triangle; team drivers available.',
    },
    contacts: [
      { name: 'Jolene Parker', title: 'Dispatcher', email: 'jolene@redriverfreight.example', phone: '+1 214 555 0135', isPrimary: true },
      { name: 'Ray Castillo', title: 'Accounts receivable', email: 'ar@redriverfreight.example', phone: '+1 214 555 0139', billing: true },
    ],
    finance: {
      label: 'Main remittance',
      paymentTermsDays: 30,
      paymentMethod: 'ACH',
      quickPayFeePercent: 2.5,
      bankName: 'Texas Capital Bank',
      routingNumber: '111000025',
      accountNumber: '4471002218',
      accountType: 'Checking',
      taxId: '75-2841193',
      remitTo: {
        name: 'Red River Freight Lines LLC',
        street: 'PO Box 225901',
        city: 'Dallas',
        state: 'TX',
        postalCode: '75222',
        country: 'US',
        email: 'ar@redriverfreight.example',
      },
    },
    trucks: [
      { type: 'Dry van 53 ft', truckCount: 18, ratePerDistance: 2.45 },
      { type: 'Flatbed 48 ft', truckCount: 4, ratePerDistance: 2.9, fixedRate: 850 },
    ],
  },
  {
    carrier: {
      name: 'Hill Country Cold Chain',
      email: 'loads@hccoldchain.example',
      phone: '+1 830 555 0177',
      typesOfWork: 2,
      mcNumber: '934512',
      dotNumber: '3310457',
      address: { street: '210 Industrial Loop', city: 'New Braunfels', state: 'TX', postalCode: '78130', country: 'US' },
      insuranceProvider: 'Progressive Commercial',
      insurancePolicyNumber: 'PCA-90233117',
      insuranceExpiresOn: inThreeWeeks(),
      cargoInsuranceAmount: 150000,
      liabilityInsuranceAmount: 1000000,
      notes: 'Reefers pre-cooled on request; temperature logs sent with every POD.',
    },
    contacts: [{ name: 'Martina Flores', title: 'Owner', email: 'martina@hccoldchain.example', phone: '+1 830 555 0178', billing: true }],
    finance: {
      label: 'Factored invoices',
      paymentTermsDays: 30,
      paymentMethod: 'ACH',
      factoringCompany: 'RTS Financial',
      bankName: 'Frost Bank',
      routingNumber: '114000093',
      accountNumber: '8800412739',
      accountType: 'Checking',
      remitTo: {
        name: 'RTS Financial Service',
        street: 'PO Box 840267',
        city: 'Dallas',
        state: 'TX',
        postalCode: '75284',
        country: 'US',
        email: 'remit@rtsfinancial.example',
      },
    },
    trucks: [{ type: 'Reefer 53 ft', truckCount: 7, ratePerDistance: 3.1 }],
  },
  {
    carrier: {
      name: 'Capital City Couriers',
      email: 'ops@capcitycouriers.example',
      phone: '+1 512 555 0160',
      typesOfWork: 13,
      dotNumber: '3798802',
      address: { street: '8200 Cameron Rd', city: 'Austin', state: 'TX', postalCode: '78754', country: 'US' },
      insuranceProvider: 'Hiscox',
      insurancePolicyNumber: 'HX-22-7781',
      insuranceExpiresOn: inOneYear(),
      cargoInsuranceAmount: 25000,
      liabilityInsuranceAmount: 750000,
      notes: 'Same-day Austin metro; liftgate and inside delivery.',
    },
    contacts: [
      { name: 'Devon Brooks', title: 'Operations manager', email: 'devon@capcitycouriers.example', phone: '+1 512 555 0161' },
      { name: 'Priya Raman', title: 'Billing', email: 'billing@capcitycouriers.example', phone: '+1 512 555 0165', billing: true },
    ],
    finance: {
      label: 'Check payments',
      paymentTermsDays: 15,
      paymentMethod: 'Check',
      remitTo: { name: 'Capital City Couriers', street: '8200 Cameron Rd', city: 'Austin', state: 'TX', postalCode: '78754', country: 'US' },
    },
    trucks: [
      { type: 'Box truck 26 ft', truckCount: 5, ratePerHour: 95, fixedRate: 275 },
      { type: 'Sprinter van', truckCount: 9, ratePerHour: 65, ratePerPallet: 40 },
    ],
  },
];

export const carriersDemo: DemoSeeder = {
  area: 'carriers',
  async seed(ctx) {
    await ctx.inCompany(async (t) => {
      const types = typeOfTrucksService();
      const typesByName = new Map<string, { id: number; name: string }>();
      for (const type of TYPES) typesByName.set(type.name, await types.create(t, type));
      const contacts = carrierContactsService();
      const carriers = carriersService(contacts);
      const finances = carrierFinancesService();
      const truckTypes = carrierTruckTypesService();
      for (const demo of CARRIERS()) {
        const carrier = await carriers.create(t, { ...demo.carrier, contacts: demo.contacts.map(({ billing: _billing, ...person }) => person) });
        const people = (await contacts.ofCarrier(t, carrier)).contacts;
        const billing = people.find((p) => p.name === demo.contacts.find((c) => c.billing)?.name);
        await finances.create(t, { outsourceCompanyId: carrier.id, ...demo.finance, contactId: billing?.id ?? null });
        for (const { type, ...row } of demo.trucks) {
          const made = typesByName.get(type)!;
          await truckTypes.create(t, { outsourceCompanyId: carrier.id, typeOfTruckId: made.id, ...row }, made);
        }
      }
    });
  },
};
