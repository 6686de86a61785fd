// Demo records of the company settings section (`fds demo`): a Texas carrier's terminals, the zones
// its rates use (pricing seeds zone-to-zone rates between the first three, so this runs before it),
// next year's US federal holidays (observed dates) and its standard terms of carriage. Made through
// the services, so they pass the same rules as API changes and leave the same audit rows.
import type { DemoSeeder } from '../../platform/demo-seeder.js';
import { nonWorkingDaysService } from './non-working-days.service.js';
import { termsService } from './terms.service.js';
import { warehousesService } from './warehouses.service.js';
import { zonesService } from './zones.service.js';

const WAREHOUSES = [
  {
    name: 'Austin terminal',
    code: 'AUS1',
    contactName: 'Priya Shah',
    phone: '+1 512 555 0110',
    email: 'austin.terminal@fds.example',
    openingHours: 'Mon-Fri 05:00-20:00, Sat 06:00-12:00',
    notes: 'Gate 2 for trucks; check in at the dispatch window.',
    address: { street: '2101 E St Elmo Rd', city: 'Austin', state: 'TX', postalCode: '78744', country: 'US', latitude: 30.2115, longitude: -97.753 },
  },
  {
    name: 'Dallas cross-dock',
    code: 'DAL1',
    contactName: 'Marcus Bell',
    phone: '+1 214 555 0120',
    openingHours: 'Mon-Fri 06:00-18:00',
    notes: '24 dock doors; doors 1-6 for LTL.',
    address: { street: '2500 Irving Blvd', city: 'Dallas', state: 'TX', postalCode: '75207', country: 'US', latitude: 32.799, longitude: -96.842 },
  },
  {
    name: 'Houston yard',
    code: 'HOU1',
    contactName: 'Ana Torres',
    phone: '+1 713 555 0130',
    openingHours: 'Mon-Sat 06:00-16:00',
    notes: 'Drop-trailer yard near the ship channel.',
    address: { street: '8700 Clinton Dr', city: 'Houston', state: 'TX', postalCode: '77029', country: 'US', latitude: 29.738, longitude: -95.245 },
  },
  {
    name: 'San Antonio depot',
    code: 'SAT1',
    isActive: false,
    openingHours: 'Closed',
    notes: 'Closed for renovation; use the Austin terminal.',
    address: { street: '5100 Rittiman Rd', city: 'San Antonio', state: 'TX', postalCode: '78218', country: 'US', latitude: 29.4905, longitude: -98.408 },
  },
];

const AUSTIN_ZIPS = [
  '78701',
  '78702',
  '78703',
  '78704',
  '78705',
  '78721',
  '78722',
  '78723',
  '78741',
  '78744',
  '78745',
  '78746',
  '78751',
  '78752',
  '78753',
  '78754',
  '78756',
  '78757',
  '78758',
  '78759',
];

const ZONES = [
  { name: 'Austin metro', color: '#1F77B4', description: 'Austin ZIP codes served from the Austin terminal.', postalCodes: AUSTIN_ZIPS },
  {
    name: 'Dallas - Fort Worth',
    color: '#FF7F0E',
    description: 'ZIP3 areas 750-753 (Dallas) and 760-761 (Fort Worth, Arlington).',
    postalCodes: ['750', '751', '752', '753', '760', '761'],
  },
  {
    name: 'Greater Houston',
    color: '#2CA02C',
    description: 'ZIP3 areas 770-775: Houston, Conroe, Richmond, Baytown and Galveston.',
    postalCodes: ['770', '771', '772', '773', '774', '775'],
  },
];

const iso = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);

/** The nth weekday (0 Sunday) of a month; n = -1 for the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return iso(year, month, 1 + ((weekday - first + 7) % 7) + 7 * (n - 1));
  }
  const lastDay = new Date(Date.UTC(year, month, 0));
  return iso(year, month, lastDay.getUTCDate() - ((lastDay.getUTCDay() - weekday + 7) % 7));
}

/** A fixed-date holiday on a Saturday is observed the Friday before, on a Sunday the Monday after. */
function observed(year: number, month: number, day: number, name: string): { date: string; name: string } {
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  if (weekday === 6) return { date: iso(year, month, day - 1), name: `${name} (observed)` };
  if (weekday === 0) return { date: iso(year, month, day + 1), name: `${name} (observed)` };
  return { date: iso(year, month, day), name };
}

/** The eleven US federal holidays of a year (5 U.S.C. 6103), on the days they are observed. */
export function federalHolidays(year: number): Array<{ date: string; name: string }> {
  return [
    observed(year, 1, 1, "New Year's Day"),
    { date: nthWeekday(year, 1, 1, 3), name: 'Birthday of Martin Luther King, Jr.' },
    { date: nthWeekday(year, 2, 1, 3), name: "Washington's Birthday" },
    { date: nthWeekday(year, 5, 1, -1), name: 'Memorial Day' },
    observed(year, 6, 19, 'Juneteenth National Independence Day'),
    observed(year, 7, 4, 'Independence Day'),
    { date: nthWeekday(year, 9, 1, 1), name: 'Labor Day' },
    { date: nthWeekday(year, 10, 1, 2), name: 'Columbus Day' },
    observed(year, 11, 11, 'Veterans Day'),
    { date: nthWeekday(year, 11, 4, 4), name: 'Thanksgiving Day' },
    observed(year, 12, 25, 'Christmas Day'),
  ];
}

const TERMS = `1. Carriage. Demo Freight Co carries goods under these terms and the bill of lading. Rates are those of the accepted quote.
2. Liability. Liability for loss or damage is limited to $0.50 per pound per package unless a higher value is declared and paid for before pickup.
3. Claims. Claims must be filed in writing within 9 months of delivery; concealed damage must be reported within 5 days of delivery.
4. Detention. Two hours of free time at each stop; detention is charged at $75 per hour after that.
5. Payment. Invoices are due 30 days from the invoice date; late balances bear 1.5% interest per month.`;

export const settingsDemo: DemoSeeder = {
  area: 'settings',
  async seed(ctx) {
    await ctx.inCompany(async (t) => {
      const warehouses = warehousesService();
      for (const w of WAREHOUSES) await warehouses.create(t, w);
      const zones = zonesService();
      for (const z of ZONES) await zones.create(t, { ...z, country: 'US' });
      const days = nonWorkingDaysService();
      for (const h of federalHolidays(new Date().getUTCFullYear() + 1)) await days.create(t, h);
      await termsService().create(t, { title: 'Standard terms of carriage', content: TERMS, isDefault: true });
    });
  },
};
