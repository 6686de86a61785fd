// npm run bench:rating: how fast the rating engine prices (src/pricing/rating/), one core, no I/O.
// A demo-sized model (3 mileage bands, zone and country-pair rates, 5 shipment types, 6 charge
// types) and shipments that take each linehaul path, with accessorials and a currency conversion.
import { type FxRate, type RatingModel, rate, type Shipment } from '../src/pricing/rating/index.js';

const model: RatingModel = {
  currency: 'USD',
  distanceUnit: 'mi',
  baseCharge: 150,
  mileageMode: 'tiered',
  minimumLinehaul: 300,
  mileageBands: [
    { fromDistance: 0, toDistance: 100, ratePerUnit: 3.25, minimumCharge: 250 },
    { fromDistance: 100, toDistance: 500, ratePerUnit: 2.4 },
    { fromDistance: 500, toDistance: null, ratePerUnit: 1.95 },
  ],
  zoneRates: [{ fromZoneId: 1, toZoneId: 2, amount: 325, bothDirections: true }],
  intlRates: [{ fromCountry: 'US', toCountry: 'MX', ratePerUnit: 3.1, minimumCharge: 800 }],
  shipmentTypes: [1, 0.6, 1.25, 1.15, 1.35].map((multiplier, i) => ({ id: i + 1, name: `Type ${i + 1}`, multiplier })),
  charges: [
    { id: 1, name: 'Liftgate', kind: 'Flat', rate: 75 },
    { id: 2, name: 'Extra stop', kind: 'PerStop', rate: 45, freeUnits: 2 },
    { id: 3, name: 'Pallet jack', kind: 'PerPallet', rate: 12.5 },
    { id: 4, name: 'Overweight', kind: 'PerWeight', rate: 0.035, weightUnit: 'lb', freeUnits: 20000 },
    { id: 5, name: 'Fuel surcharge', kind: 'PercentOfLinehaul', rate: 18.5 },
    { id: 6, name: 'Customs broker', kind: 'Flat', rate: 60, currency: 'CAD' },
  ],
};
const fx: FxRate[] = [
  { from: 'USD', to: 'CAD', rate: 1.39, date: '2026-11-18' },
  { from: 'USD', to: 'MXN', rate: 17.1, date: '2026-11-18' },
  { from: 'CAD', to: 'MXN', rate: 12.3, date: '2026-11-18' },
];
const base = { distanceUnit: 'mi', fromCountry: 'US', toCountry: 'US', stops: 3, items: 12, pallets: 6, weight: 24000, weightUnit: 'lb' } as const;
const shipments: Shipment[] = [
  { ...base, distance: 742, shipmentTypeId: 3, chargeIds: [1, 2, 3, 4, 5] },
  { ...base, distance: 18, fromZoneId: 2, toZoneId: 1, chargeIds: [1, 5] },
  { ...base, distance: 1250, toCountry: 'MX', shipmentTypeId: 1, chargeIds: [5, 6], currency: 'MXN' },
  { ...base, distance: 64.5, distanceUnit: 'km', shipmentTypeId: 2, chargeIds: [2, 3], currency: 'CAD' },
];

const N = Number(process.env.BENCH_QUOTES ?? 100_000);
for (let i = 0; i < 5_000; i++) rate(model, shipments[i % shipments.length]!, fx, '2026-11-20'); // warm-up
const started = process.hrtime.bigint();
let lines = 0;
for (let i = 0; i < N; i++) lines += rate(model, shipments[i % shipments.length]!, fx, '2026-11-20').lines.length;
const ms = Number(process.hrtime.bigint() - started) / 1e6;
console.log(
  `rating engine: ${N} quotes (${(lines / N).toFixed(1)} lines each) in ${ms.toFixed(0)} ms: ${Math.round(N / (ms / 1000))} quotes/s, ${((ms * 1000) / N).toFixed(1)} µs per quote`,
);
for (const s of shipments) {
  const q = rate(model, s, fx, '2026-11-20');
  console.log(
    `  ${String(s.distance).padStart(6)} ${s.distanceUnit} ${s.fromCountry}→${s.toCountry} ${q.currency}: total ${q.total.toFixed(2)} (${q.lines.map((l) => l.code).join(', ')})`,
  );
}
