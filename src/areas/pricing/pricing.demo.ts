// Demo records of the pricing section (`fds demo`): a regional carrier's default rates (base charge,
// mileage bands, cross-border rates), flat rates between the demo zones, its shipment types and
// this week's FX rates. Made through the services, so they pass the same rules as API changes.
import type { DemoSeeder } from '../../platform/demo-seeder.js';
import { fxRatesService } from './fx-rates.service.js';
import { pricingModelsService } from './pricing-models.service.js';
import { pricingZonesService } from './pricing-zones.service.js';
import { shipmentTypesService } from './shipment-types.service.js';

const SHIPMENT_TYPES = [
  { name: 'Full truckload', description: 'Dedicated 53 ft dry van.', multiplier: 1 },
  { name: 'Less than truckload', description: 'Shared trailer, priced by the share of the linehaul.', multiplier: 0.6 },
  { name: 'Refrigerated', description: 'Reefer trailer, temperature logged.', multiplier: 1.25 },
  { name: 'Flatbed', description: 'Open deck for steel, lumber, machinery.', multiplier: 1.15 },
  { name: 'Hazmat', description: 'Placarded loads; hazmat-endorsed drivers only.', multiplier: 1.35, baseCharge: 225 },
];

export const pricingDemo: DemoSeeder = {
  area: 'pricing',
  async seed(ctx) {
    await ctx.inCompany(async (t) => {
      await pricingModelsService().save(t, {
        name: 'Standard road rates',
        currency: 'USD',
        distanceUnit: 'mi',
        baseCharge: 150,
        mileageMode: 'tiered',
        minimumLinehaul: 300,
        mileageCharges: [
          { fromDistance: 0, toDistance: 100, ratePerUnit: 3.25, minimumCharge: 250 },
          { fromDistance: 100, toDistance: 500, ratePerUnit: 2.4 },
          { fromDistance: 500, ratePerUnit: 1.95 },
        ],
        intlRates: [
          { fromCountry: 'US', toCountry: 'MX', ratePerUnit: 3.1, minimumCharge: 800 },
          { fromCountry: 'MX', toCountry: 'US', ratePerUnit: 2.9, minimumCharge: 750 },
          { fromCountry: 'US', toCountry: 'CA', ratePerUnit: 2.85, minimumCharge: 700 },
        ],
      });
      const types = shipmentTypesService();
      for (const type of SHIPMENT_TYPES) await types.create(t, type);
      const fx = fxRatesService();
      for (const [fromCurrency, toCurrency, rate] of [
        ['USD', 'CAD', 1.39],
        ['USD', 'MXN', 17.1],
        ['EUR', 'USD', 1.06],
      ] as const) {
        await fx.put(t, { fromCurrency, toCurrency, rate });
      }
      // Flat rates between the first demo zones (Company settings seeds them before pricing).
      const zones = await t.select('zones').select(['id', 'name']).orderBy('id').limit(3).execute();
      const rates = pricingZonesService();
      for (let i = 0; i < zones.length; i++) {
        for (let j = i; j < zones.length; j++) {
          await rates.create(
            t,
            { fromZoneId: zones[i]!.id, toZoneId: zones[j]!.id, amount: i === j ? 185 : 185 + 140 * (j - i), bothDirections: true },
            { from: zones[i]!, to: zones[j]! },
          );
        }
      }
    });
  },
};
