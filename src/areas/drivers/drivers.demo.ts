// Demo records of the drivers section (`fds demo`): the company's license types, ten drivers — its
// own, paid each a different way, and drivers of the demo carriers — with their default trucks,
// and a few recent truck inspections, one of which sent a truck to the shop. They name the demo
// carriers and trucks, so this runs after the carriers and fleet demos. Made through the services,
// so they pass the same rules as API changes and leave the same audit rows.
import type { DemoSeeder } from '../../platform/demo-seeder.js';
import { listCarriers } from '../carriers/index.js';
import { trucksService } from '../fleet/index.js';
import { driverInvitations } from './driver-invitations.js';
import type { DriverPayoutInputT } from './driver-payout.js';
import type { DriverInputT } from './drivers.schemas.js';
import { driversService } from './drivers.service.js';
import { licenseTypesService } from './license-types.service.js';
import type { DriverStatusCheckInputT } from './status-checks.schemas.js';
import { statusChecksService } from './status-checks.service.js';

const LICENSE_TYPES = [
  { name: 'CDL Class A', description: 'Combination vehicles over 26,001 lb GVWR: tractor-trailers.', isCommercial: true },
  { name: 'CDL Class B', description: 'Single vehicles over 26,001 lb GVWR: straight trucks, dump trucks.', isCommercial: true },
  { name: 'Class C', description: 'CDL for vehicles under 26,001 lb carrying placarded hazmat or 16 or more passengers.', isCommercial: true },
  { name: 'Non-CDL', description: 'Regular license: cargo vans and box trucks under 26,001 lb GVWR.', isCommercial: false },
];

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

interface DemoDriver {
  driver: Omit<DriverInputT, 'licenseTypeId' | 'outsourceCompanyId' | 'defaultTruckId' | 'payout'>;
  license: string;
  carrier?: string;
  truck?: string;
  payout?: DriverPayoutInputT;
}

const DRIVERS = (): DemoDriver[] => [
  {
    driver: {
      firstName: 'Marcus',
      lastName: 'Johnson',
      phone: '+1 512 555 0181',
      email: 'marcus.johnson@demofreight.example',
      hazmatEndorsement: true,
      dateOfBirth: '1979-08-22',
      hireDate: '2019-03-11',
      notes: 'Linehaul Austin - Dallas, nights.',
    },
    license: 'CDL Class A',
    truck: 'Unit 101',
    payout: { type: 'Distance', ratePerDistance: 0.62 },
  },
  {
    driver: {
      firstName: 'Tanya',
      lastName: 'Brooks',
      phone: '+1 512 555 0182',
      email: 'tanya.brooks@demofreight.example',
      twicExpiresOn: day(700),
      dateOfBirth: '1986-01-30',
      hireDate: '2020-09-14',
    },
    license: 'CDL Class A',
    truck: 'Unit 102',
    payout: { type: 'FixDistance', fixedCostPerRoute: 50, ratePerDistance: 0.55 },
  },
  {
    driver: {
      firstName: 'Luis',
      lastName: 'Ortega',
      phone: '+1 512 555 0183',
      email: 'luis.ortega@demofreight.example',
      dateOfBirth: '1990-11-05',
      hireDate: '2022-02-01',
      notes: 'Flatbed: steel and lumber.',
    },
    license: 'CDL Class A',
    truck: 'Unit 103',
    payout: { type: 'FixedCost', fixedCostPerRoute: 425 },
  },
  {
    driver: {
      firstName: 'Keisha',
      lastName: 'Williams',
      phone: '+1 512 555 0184',
      email: 'keisha.williams@demofreight.example',
      dateOfBirth: '1993-06-17',
      hireDate: '2021-04-19',
    },
    license: 'Non-CDL',
    truck: 'Unit 201',
    payout: { type: 'Hourly', hourlyRate: 24.5 },
  },
  {
    driver: {
      firstName: 'Dmitri',
      lastName: 'Volkov',
      phone: '+1 512 555 0185',
      email: 'dmitri.volkov@demofreight.example',
      status: 'Inactive',
      dateOfBirth: '1984-02-09',
      hireDate: '2018-07-23',
      notes: 'On leave until the end of the month.',
    },
    license: 'CDL Class B',
    truck: 'Unit 202',
    payout: { type: 'FixHourly', fixedCostPerRoute: 35, hourlyRate: 21 },
  },
  {
    driver: {
      firstName: 'Priya',
      lastName: 'Patel',
      phone: '+1 512 555 0186',
      email: 'priya.patel@demofreight.example',
      status: 'New',
      approvalStatus: 'New',
      dateOfBirth: '1998-12-01',
      hireDate: day(-7),
    },
    license: 'Non-CDL',
    truck: 'Van 301',
    payout: { type: 'Pallets', ratePerPallet: 9.5 },
  },
  {
    driver: {
      firstName: 'Greg',
      lastName: 'Hanson',
      phone: '+1 512 555 0187',
      email: 'greg.hanson@demofreight.example',
      dateOfBirth: '1971-03-28',
      hireDate: '2015-01-05',
      notes: 'Yard and shuttle runs at the Austin terminal.',
    },
    license: 'Non-CDL',
    payout: { type: 'FixedSalary', salaryAmount: 1150, salaryPeriod: 'Weekly' },
  },
  {
    driver: {
      firstName: 'Sofia',
      lastName: 'Ramirez',
      phone: '+1 512 555 0188',
      email: 'sofia@capcitycouriers.example',
      type: 'Mixed',
      dateOfBirth: '1988-10-14',
      hireDate: '2023-05-08',
      notes: 'Owner-operator leased to Capital City Couriers; takes our overflow too.',
    },
    license: 'Non-CDL',
    carrier: 'Capital City Couriers',
    payout: { type: 'Percent', revenuePercent: 25 },
  },
  {
    driver: {
      firstName: 'Travis',
      lastName: 'Boone',
      phone: '+1 214 555 0140',
      email: 'travis.boone@redriverfreight.example',
      type: 'Outsource',
      dateOfBirth: '1982-07-07',
    },
    license: 'CDL Class A',
    carrier: 'Red River Freight Lines',
  },
  {
    driver: {
      firstName: 'Ray',
      lastName: 'Delgado',
      phone: '+1 830 555 0179',
      email: 'ray@hccoldchain.example',
      type: 'Outsource',
      approvalStatus: 'New',
      dateOfBirth: '1991-09-19',
    },
    license: 'CDL Class A',
    carrier: 'Hill Country Cold Chain',
  },
];

const CHECKS: Array<{ driver: string; truck: string; check: Omit<DriverStatusCheckInputT, 'driverId' | 'truckId'> }> = [
  { driver: 'Marcus', truck: 'Unit 101', check: { checkType: 'PreTrip', status: 4, checkedAt: hoursAgo(30), odometer: 184_220, location: 'Austin terminal' } },
  {
    driver: 'Marcus',
    truck: 'Unit 101',
    check: { checkType: 'PostTrip', status: 4, checkedAt: hoursAgo(19), odometer: 184_611, location: 'Dallas cross-dock' },
  },
  { driver: 'Keisha', truck: 'Unit 201', check: { checkType: 'PostTrip', status: 4, checkedAt: hoursAgo(16), odometer: 96_480, notes: 'Liftgate checked.' } },
  {
    driver: 'Dmitri',
    truck: 'Unit 202',
    check: {
      checkType: 'PostTrip',
      status: 3,
      checkedAt: hoursAgo(70),
      odometer: 142_035,
      defects: ['Brake pads worn below 1/4 in, front axle'],
      notes: 'Sent to Rush Truck Center.',
    },
  },
  {
    driver: 'Tanya',
    truck: 'Unit 102',
    check: {
      checkType: 'PreTrip',
      status: 2,
      checkedAt: hoursAgo(5),
      odometer: 231_904,
      defects: ['Reefer unit alarm code 22 (low suction pressure)'],
      location: 'Austin terminal',
    },
  },
  { driver: 'Luis', truck: 'Unit 103', check: { checkType: 'PreTrip', status: 1, checkedAt: hoursAgo(1), odometer: 58_120 } },
];

export const driversDemo: DemoSeeder = {
  area: 'drivers',
  async seed(ctx) {
    await ctx.inCompany(async (t) => {
      const licenseTypes = licenseTypesService();
      const types = new Map<string, number>();
      for (const type of LICENSE_TYPES) types.set(type.name, (await licenseTypes.create(t, type)).id);
      const noFilter = { search: null, ids: null, typesOfWork: null, cities: null, states: null, countries: null, isActive: null, includeDeleted: false };
      const carriers = new Map((await listCarriers(t, noFilter, { by: 'name', descending: false }, 100, 0)).map((c) => [c.name, c.id]));
      const trucks = new Map((await trucksService().list(t, { ItemsPerPage: 100 })).list.map((k) => [k.name, k.id]));
      const statusChecks = statusChecksService();
      // The demo writes no invitation: its drivers' mailboxes do not exist.
      const drivers = driversService(statusChecks, driverInvitations(''));
      const ids = new Map<string, number>();
      for (const demo of DRIVERS()) {
        const made = await drivers.create(
          t,
          {
            ...demo.driver,
            licenseNumber: `TX ${40_000_000 + ids.size * 1_234_567}`,
            licenseState: 'TX',
            licenseExpiresOn: day(400 + ids.size * 90),
            licenseTypeId: types.get(demo.license) ?? null,
            medicalCardExpiresOn: LICENSE_TYPES.find((l) => l.name === demo.license)!.isCommercial ? day(250 + ids.size * 30) : null,
            approvalStatus: demo.driver.approvalStatus ?? 'Approved',
            outsourceCompanyId: demo.carrier ? (carriers.get(demo.carrier) ?? null) : null,
            defaultTruckId: demo.truck ? (trucks.get(demo.truck) ?? null) : null,
            payout: demo.payout ?? null,
            address: { city: demo.carrier ? null : 'Austin', state: 'TX', country: 'US' },
          },
          null,
        );
        ids.set(demo.driver.firstName, made.id);
      }
      for (const { driver, truck, check } of CHECKS) {
        const truckId = trucks.get(truck);
        if (truckId) await statusChecks.record(t, { ...check, driverId: ids.get(driver)!, truckId });
      }
    });
  },
};
