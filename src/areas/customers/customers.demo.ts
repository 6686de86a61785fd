// Demo records of the customers section (`fds demo`): shippers and consignees a regional carrier
// would have, with their contacts and dock addresses, plus the company's own cross-dock hub. Made
// through the services, so they carry the same keys, search text and audit rows as API-made ones.
import type { DemoSeeder } from '../../platform/demo-seeder.js';
import { addressesService } from './addresses.service.js';
import { contactsService } from './contacts.service.js';
import { PIPELINES, SOURCES } from './customers.schemas.js';
import { customersService } from './customers.service.js';

interface DemoCustomer {
  name: string;
  email: string;
  phone: string;
  pipeline?: keyof typeof PIPELINES;
  source?: keyof typeof SOURCES;
  isEntrepreneur?: boolean;
  notes?: string;
  addresses: Array<{
    name?: string;
    street: string;
    city: string;
    state: string;
    postalCode: string;
    country: string;
    latitude: number;
    longitude: number;
    contactName?: string;
    contactPhone?: string;
    notes?: string;
  }>;
  contacts: Array<{ name: string; title: string; email: string; phone: string; phoneExtension?: string }>;
}

const CUSTOMERS: DemoCustomer[] = [
  {
    name: 'Lone Star Pallet Supply',
    email: 'orders@lonestarpallet.example',
    phone: '+1 512 555 0142',
    notes: 'Dock closes 16:00. Forklift on site.',
    addresses: [
      {
        name: 'Main yard',
        street: '4100 E Ben White Blvd',
        city: 'Austin',
        state: 'TX',
        postalCode: '78741',
        country: 'US',
        latitude: 30.2135,
        longitude: -97.7195,
        contactName: 'Marco Diaz',
        contactPhone: '+1 512 555 0143',
      },
      {
        name: 'Overflow lot',
        street: '9600 N Lamar Blvd',
        city: 'Austin',
        state: 'TX',
        postalCode: '78753',
        country: 'US',
        latitude: 30.3672,
        longitude: -97.693,
      },
    ],
    contacts: [
      { name: 'Marco Diaz', title: 'Shipping manager', email: 'marco.diaz@lonestarpallet.example', phone: '+1 512 555 0143' },
      { name: 'Kelly Nguyen', title: 'Accounts payable', email: 'ap@lonestarpallet.example', phone: '+1 512 555 0150', phoneExtension: '4' },
    ],
  },
  {
    name: 'Gulf Coast Building Materials',
    email: 'dispatch@gulfcoastbm.example',
    phone: '+1 713 555 0188',
    addresses: [
      {
        name: 'Distribution center',
        street: '8800 Wallisville Rd',
        city: 'Houston',
        state: 'TX',
        postalCode: '77029',
        country: 'US',
        latitude: 29.781,
        longitude: -95.264,
        notes: 'Check in at gate 3.',
      },
    ],
    contacts: [{ name: 'Renee Walker', title: 'Logistics coordinator', email: 'renee.walker@gulfcoastbm.example', phone: '+1 713 555 0189' }],
  },
  {
    name: 'Hill Country Produce',
    email: 'hello@hillcountryproduce.example',
    phone: '+1 830 555 0121',
    source: 'Web',
    notes: 'Reefer loads only; pre-cool to 34°F.',
    addresses: [
      {
        name: 'Packing shed',
        street: '1200 S Adams St',
        city: 'Fredericksburg',
        state: 'TX',
        postalCode: '78624',
        country: 'US',
        latitude: 30.2649,
        longitude: -98.872,
      },
    ],
    contacts: [{ name: 'Samuel Ortiz', title: 'Owner', email: 'sam@hillcountryproduce.example', phone: '+1 830 555 0122' }],
  },
  {
    name: 'Trinity Steel Fabricators',
    email: 'shipping@trinitysteel.example',
    phone: '+1 214 555 0177',
    addresses: [
      {
        name: 'Plant 1',
        street: '2500 Singleton Blvd',
        city: 'Dallas',
        state: 'TX',
        postalCode: '75212',
        country: 'US',
        latitude: 32.78,
        longitude: -96.859,
        contactName: 'Hank Moreno',
      },
      {
        name: 'Plant 2',
        street: '3100 W Pioneer Pkwy',
        city: 'Arlington',
        state: 'TX',
        postalCode: '76013',
        country: 'US',
        latitude: 32.705,
        longitude: -97.149,
      },
    ],
    contacts: [
      { name: 'Hank Moreno', title: 'Plant manager', email: 'hank.moreno@trinitysteel.example', phone: '+1 214 555 0178' },
      { name: 'Olivia Brooks', title: 'Purchasing', email: 'olivia.brooks@trinitysteel.example', phone: '+1 214 555 0179' },
    ],
  },
  {
    name: 'Alamo Office Furniture',
    email: 'info@alamooffice.example',
    phone: '+1 210 555 0133',
    pipeline: 'Lead',
    addresses: [
      {
        name: 'Showroom',
        street: "700 N St Mary's St",
        city: 'San Antonio',
        state: 'TX',
        postalCode: '78205',
        country: 'US',
        latitude: 29.429,
        longitude: -98.492,
      },
    ],
    contacts: [{ name: 'Grace Kim', title: 'Operations', email: 'grace.kim@alamooffice.example', phone: '+1 210 555 0134' }],
  },
  {
    name: 'Red River Feed & Seed',
    email: 'orders@redriverfeed.example',
    phone: '+1 940 555 0160',
    pipeline: 'Prospect',
    source: 'CustomerPortal',
    addresses: [
      { name: 'Store', street: '1500 Lamar St', city: 'Wichita Falls', state: 'TX', postalCode: '76301', country: 'US', latitude: 33.911, longitude: -98.493 },
    ],
    contacts: [{ name: 'Tom Fletcher', title: 'Manager', email: 'tom@redriverfeed.example', phone: '+1 940 555 0161' }],
  },
  {
    name: 'J. Alvarez Trucking (owner-operator)',
    email: 'jalvarez.trucking@mail.example',
    phone: '+1 956 555 0110',
    isEntrepreneur: true,
    addresses: [{ street: '220 E Jackson Ave', city: 'McAllen', state: 'TX', postalCode: '78501', country: 'US', latitude: 26.199, longitude: -98.233 }],
    contacts: [{ name: 'Javier Alvarez', title: 'Owner', email: 'jalvarez.trucking@mail.example', phone: '+1 956 555 0110' }],
  },
  {
    name: 'Ozark Paper & Packaging',
    email: 'traffic@ozarkpaper.example',
    phone: '+1 479 555 0190',
    addresses: [
      { name: 'Mill', street: '4800 S 6th St', city: 'Fort Smith', state: 'AR', postalCode: '72903', country: 'US', latitude: 35.346, longitude: -94.42 },
    ],
    contacts: [{ name: 'Dale Simmons', title: 'Traffic manager', email: 'dale.simmons@ozarkpaper.example', phone: '+1 479 555 0191' }],
  },
  {
    name: 'Monterrey Autopartes',
    email: 'logistica@mtyautopartes.example',
    phone: '+52 81 5555 0100',
    notes: 'Cross-border: customs broker at Laredo.',
    addresses: [
      {
        name: 'Planta Apodaca',
        street: 'Av. Miguel Alemán 1000',
        city: 'Apodaca',
        state: 'NL',
        postalCode: '66600',
        country: 'MX',
        latitude: 25.781,
        longitude: -100.188,
      },
    ],
    contacts: [{ name: 'Lucía Garza', title: 'Jefa de logística', email: 'lucia.garza@mtyautopartes.example', phone: '+52 81 5555 0101' }],
  },
];

export const customersDemo: DemoSeeder = {
  area: 'customers',
  async seed(ctx) {
    const customers = customersService();
    const contacts = contactsService();
    const addresses = addressesService();
    await ctx.inCompany(async (t) => {
      // The company's own cross-dock: no customer, marked as a hub for LookupForTransfer.
      await addresses.create(t, {
        name: 'Demo Freight cross-dock',
        street: '6500 Burleson Rd',
        city: 'Austin',
        state: 'TX',
        postalCode: '78744',
        country: 'US',
        latitude: 30.189,
        longitude: -97.712,
        isHub: true,
        notes: 'Transfers between linehaul and local routes.',
      });
      for (const c of CUSTOMERS) {
        const made = await customers.create(t, {
          name: c.name,
          email: c.email,
          phone: c.phone,
          pipeline: PIPELINES[c.pipeline ?? 'Customer'],
          source: SOURCES[c.source ?? 'Default'],
          isEntrepreneur: c.isEntrepreneur ?? false,
          notes: c.notes ?? null,
          addresses: c.addresses.map((a, i) => ({ ...a, isMain: i === 0 })),
        });
        for (const k of c.contacts) await contacts.create(t, { customerId: made.id, ...k });
      }
    });
  },
};
