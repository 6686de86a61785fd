// Demo records of the fleet section (`fds demo`): the demo company's own trucks — tractors for
// truckloads, box trucks and vans for city work — with Texas plates and VINs whose check digits are
// right. They name the truck types the carriers demo made, so this runs after it.
import type { DemoSeeder } from '../../platform/demo-seeder.js';
import { typeIdsByName, typeOfTruckRecords } from '../carriers/index.js';
import { trucksService } from './trucks.service.js';

const TRUCKS = [
  {
    name: 'Unit 101',
    type: 'Dry van 53 ft',
    make: 'Freightliner',
    model: 'Cascadia 126',
    year: 2021,
    vin: '3AKJHHDR3MSA12345',
    plateNumber: 'R84 2291',
    notes: 'Sleeper cab; linehaul Austin - Dallas.',
  },
  { name: 'Unit 102', type: 'Reefer 53 ft', make: 'International', model: 'LT625', year: 2021, vin: '3HSDZAPR0MN345678', plateNumber: 'R84 2292' },
  {
    name: 'Unit 103',
    type: 'Flatbed 48 ft',
    make: 'Kenworth',
    model: 'T680',
    year: 2024,
    vin: '1XKYD49XXRJ456789',
    plateNumber: 'R91 0457',
    notes: 'Tarps, chains and 4-inch straps on board.',
  },
  {
    name: 'Unit 201',
    type: 'Box truck 26 ft',
    make: 'Isuzu',
    model: 'NPR-HD',
    year: 2020,
    vin: 'JALC4W162L7012345',
    plateNumber: 'DK4 7730',
    notes: 'Liftgate 3,000 lb.',
  },
  {
    name: 'Unit 202',
    type: 'Box truck 26 ft',
    make: 'Hino',
    model: '268A',
    year: 2022,
    vin: '5PVNJ8JVXNS451234',
    plateNumber: 'DK4 7731',
    status: 'InShop' as const,
    notes: 'Brake job at Rush Truck Center; back Friday.',
  },
  { name: 'Van 301', type: 'Sprinter van', make: 'Mercedes-Benz', model: 'Sprinter 2500', year: 2022, vin: 'W1Y4EBHY2NT098765', plateNumber: 'PLM 4418' },
  {
    name: 'Van 302',
    type: 'Sprinter van',
    make: 'Ford',
    model: 'Transit 250',
    year: 2023,
    vin: '1FTBR2C8XPKA23456',
    plateNumber: 'PLM 4420',
    status: 'Inactive' as const,
    notes: 'Spare van.',
  },
];

export const fleetDemo: DemoSeeder = {
  area: 'fleet',
  async seed(ctx) {
    await ctx.inCompany(async (t) => {
      const types = await typeIdsByName(t, [...new Set(TRUCKS.map((truck) => truck.type))]);
      const trucks = trucksService();
      for (const { type, ...truck } of TRUCKS) {
        const typeId = types.get(type.toLowerCase()) ?? null;
        // The type's row, as a request's id gate would hand it over.
        const typeRow = typeId === null ? undefined : await typeOfTruckRecords.requireOne(t, typeId);
        await trucks.create(t, { ...truck, plateState: 'TX', typeOfTruckId: typeId }, typeRow);
      }
    });
  },
};
