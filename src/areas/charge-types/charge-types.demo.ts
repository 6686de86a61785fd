// Demo charge types (`fds demo`): the accessorials a regional LTL and delivery carrier bills, the
// fuel surcharge set on the system type every company has, and one customer's negotiated rates.
// Made through the services, so they carry the same rules and audit rows as API-made ones.
import type { DemoSeeder } from '../../platform/demo-seeder.js';
import { customerRecords } from '../customers/index.js';
import { listTypes } from './charge-types.repository.js';
import type { ChargeTypeUpdateT } from './charge-types.schemas.js';
import { chargeTypesService } from './charge-types.service.js';
import { namedTypeRecords } from './customer-charge-types.repository.js';
import { customerChargeTypesService } from './customer-charge-types.service.js';

const ACCESSORIALS: Array<ChargeTypeUpdateT & { name: string }> = [
  { name: 'Liftgate', code: 'LIFTGATE', kind: 'Flat', rate: 75, appliesPerStop: true, description: 'Liftgate truck at a stop without a dock.' },
  {
    name: 'Residential delivery',
    code: 'RESI',
    kind: 'Flat',
    rate: 45,
    appliesPerStop: true,
    description: 'Delivery or pickup at a home or a limited-access site.',
  },
  { name: 'Inside delivery', code: 'INSIDE', kind: 'Flat', rate: 95, appliesPerStop: true, description: 'Freight brought past the threshold, ground floor.' },
  {
    name: 'Detention',
    code: 'DETENTION',
    kind: 'PerStop',
    rate: 65,
    freeUnits: 0,
    description: 'Waiting past the free time at a stop; charged per stop that went over.',
  },
  { name: 'Pallet jack', code: 'PALLETJACK', kind: 'Flat', rate: 30, appliesPerStop: true, description: 'Pallet jack supplied by the driver.' },
  { name: 'Pallet handling', code: 'PALLETS', kind: 'PerPallet', rate: 8.5, freeUnits: 2, description: 'Per pallet after the first two.' },
  {
    name: 'Overweight',
    code: 'OVERWEIGHT',
    kind: 'PerWeight',
    weightUnit: 'lb',
    rate: 0.015,
    freeUnits: 10000,
    minimumCharge: 40,
    description: 'Per lb above 10,000 lb.',
  },
];

/** The customer with negotiated rates, and its changes to the company's list. */
const NEGOTIATED = {
  customer: 'Gulf Coast Building Materials',
  rates: [
    ['LIFTGATE', 60],
    ['FUEL', 15],
  ] as Array<[string, number]>,
};

export const chargeTypesDemo: DemoSeeder = {
  area: 'charge-types',
  async seed(ctx) {
    const types = chargeTypesService();
    const customers = customerChargeTypesService();
    await ctx.inCompany(async (t) => {
      for (const accessorial of ACCESSORIALS) await types.create(t, accessorial);
      const fuel = (await listTypes(t, { excludeSystem: false, includeDeleted: false })).find((c) => c.is_system && c.code === 'FUEL');
      if (fuel) await types.update(t, fuel, { rate: 18.5, minimumCharge: 25 });

      const byName = await t.select('customers').select('id').where('name', '=', NEGOTIATED.customer).executeTakeFirst();
      const customer = byName && (await customerRecords.find(t, byName.id));
      if (!customer) return;
      const list = await customers.list(t, customer, true, true);
      const named = namedTypeRecords(customer.id);
      for (const [code, rate] of NEGOTIATED.rates) {
        const row = list.find((c) => c.code === code);
        if (row) await customers.put(t, customer, await named.reread(t, row.id), { rate });
      }
    });
  },
};
