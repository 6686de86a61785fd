// The rating engine, rule by rule and in combination, from tables of cases with exact amounts:
// linehaul (zone, international, distance by bands in both modes, minimums), shipment types,
// accessorials, currency conversion, rounding, unit conversion, and the input it refuses.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  type ChargeRule,
  type FxRate,
  type MileageBand,
  type Quote,
  RatingError,
  type RatingModel,
  rate,
  type Shipment,
} from '../../src/pricing/rating/index.js';

const ASOF = '2024-03-01';

/** 0-100 mi at 2.00, 100-500 at 1.50, 500+ at 1.00. */
const BANDS: MileageBand[] = [
  { fromDistance: 0, toDistance: 100, ratePerUnit: 2 },
  { fromDistance: 100, toDistance: 500, ratePerUnit: 1.5 },
  { fromDistance: 500, toDistance: null, ratePerUnit: 1 },
];

function model(over: Partial<RatingModel> = {}): RatingModel {
  return {
    currency: 'USD',
    distanceUnit: 'mi',
    baseCharge: 0,
    mileageMode: 'tiered',
    mileageBands: BANDS,
    minimumLinehaul: null,
    zoneRates: [],
    intlRates: [],
    shipmentTypes: [],
    charges: [],
    ...over,
  };
}

function shipment(over: Partial<Shipment> = {}): Shipment {
  return {
    distance: 0,
    distanceUnit: 'mi',
    fromCountry: 'US',
    toCountry: 'US',
    stops: 2,
    items: 0,
    pallets: 0,
    weight: 0,
    weightUnit: 'lb',
    chargeIds: [],
    ...over,
  };
}

/** Bands with the one band at `index` given a minimum. */
const withMinimum = (index: number, minimumCharge: number): MileageBand[] => BANDS.map((b, i) => (i === index ? { ...b, minimumCharge } : b));
const charge = (over: Partial<ChargeRule> & Pick<ChargeRule, 'kind' | 'rate'>): ChargeRule => ({ id: 1, name: 'Charge', ...over });
const oneCharge = (over: Partial<ChargeRule> & Pick<ChargeRule, 'kind' | 'rate'>): Partial<RatingModel> => ({ charges: [charge(over)] });

interface Case {
  name: string;
  model?: Partial<RatingModel>;
  shipment?: Partial<Shipment>;
  fx?: FxRate[];
  asOf?: string;
  /** [code, amount] of every line, in order. */
  lines: Array<[string, number]>;
  total: number;
  linehaul?: number;
  currency?: string;
  warnings?: string[];
}

function priced(c: Case): Quote {
  return rate(model(c.model), shipment(c.shipment), c.fx ?? [], c.asOf ?? ASOF);
}

function check(c: Case): Quote {
  const quote = priced(c);
  assert.deepEqual(
    quote.lines.map((l) => [l.code, l.amount]),
    c.lines,
  );
  assert.equal(quote.total, c.total);
  if (c.linehaul !== undefined) assert.equal(quote.linehaul, c.linehaul);
  assert.equal(quote.currency, c.currency ?? 'USD');
  assert.deepEqual(quote.warnings, c.warnings ?? []);
  // Every amount has at most two decimals, every line is in the quote currency, the total is their sum.
  for (const line of [...quote.lines.map((l) => l.amount), quote.total, quote.linehaul]) assert.match(String(line), /^-?\d+(\.\d{1,2})?$/);
  for (const line of quote.lines) assert.equal(line.currency, quote.currency);
  assert.equal(
    Math.round(quote.total * 100),
    quote.lines.reduce((sum, l) => sum + Math.round(l.amount * 100), 0),
  );
  return quote;
}

function table(title: string, cases: Case[]): void {
  describe(title, () => {
    for (const c of cases)
      it(c.name, () => {
        check(c);
      });
  });
}

table('linehaul by distance, tiered bands', [
  { name: 'inside the first band', shipment: { distance: 50 }, lines: [['MILEAGE', 100]], total: 100, linehaul: 100 },
  { name: 'exactly at a boundary: the next band is reached but has nothing to price', shipment: { distance: 100 }, lines: [['MILEAGE', 200]], total: 200 },
  {
    name: 'just past a boundary: 0.01 mi at 1.50 is 0.015, half-up 0.02',
    shipment: { distance: 100.01 },
    lines: [
      ['MILEAGE', 200],
      ['MILEAGE', 0.02],
    ],
    total: 200.02,
  },
  {
    name: 'across two bands, each its own part',
    shipment: { distance: 250 },
    lines: [
      ['MILEAGE', 200],
      ['MILEAGE', 225],
    ],
    total: 425,
  },
  {
    name: 'into the open-ended last band',
    shipment: { distance: 600 },
    lines: [
      ['MILEAGE', 200],
      ['MILEAGE', 600],
      ['MILEAGE', 100],
    ],
    total: 900,
  },
  {
    name: 'exactly at the start of the last band',
    shipment: { distance: 500 },
    lines: [
      ['MILEAGE', 200],
      ['MILEAGE', 600],
    ],
    total: 800,
  },
  { name: 'distance 0 prices nothing', shipment: { distance: 0 }, lines: [], total: 0, linehaul: 0 },
  {
    name: 'base charge added once',
    model: { baseCharge: 50 },
    shipment: { distance: 50 },
    lines: [
      ['BASE', 50],
      ['MILEAGE', 100],
    ],
    total: 150,
    linehaul: 150,
  },
  { name: 'base charge alone at distance 0', model: { baseCharge: 50 }, lines: [['BASE', 50]], total: 50 },
]);

table('linehaul by distance, whole distance at one band', [
  { name: 'inside the first band', model: { mileageMode: 'whole' }, shipment: { distance: 50 }, lines: [['MILEAGE', 100]], total: 100 },
  { name: 'just below a boundary', model: { mileageMode: 'whole' }, shipment: { distance: 99.99 }, lines: [['MILEAGE', 199.98]], total: 199.98 },
  {
    name: 'exactly at a boundary: the band that starts there',
    model: { mileageMode: 'whole' },
    shipment: { distance: 100 },
    lines: [['MILEAGE', 150]],
    total: 150,
  },
  { name: 'exactly at the start of the open-ended band', model: { mileageMode: 'whole' }, shipment: { distance: 500 }, lines: [['MILEAGE', 500]], total: 500 },
  { name: 'far into the open-ended band', model: { mileageMode: 'whole' }, shipment: { distance: 1234.5 }, lines: [['MILEAGE', 1234.5]], total: 1234.5 },
  {
    name: 'with the base charge',
    model: { mileageMode: 'whole', baseCharge: 35 },
    shipment: { distance: 250 },
    lines: [
      ['BASE', 35],
      ['MILEAGE', 375],
    ],
    total: 410,
  },
  { name: 'distance 0 prices nothing', model: { mileageMode: 'whole' }, lines: [], total: 0 },
]);

table('minimums of bands and of the linehaul', [
  {
    name: 'tiered: a band reached at its very start charges its minimum',
    model: { mileageBands: withMinimum(1, 30) },
    shipment: { distance: 100 },
    lines: [
      ['MILEAGE', 200],
      ['MILEAGE', 30],
    ],
    total: 230,
  },
  {
    name: 'tiered: a band part below its minimum',
    model: { mileageBands: withMinimum(1, 30) },
    shipment: { distance: 110 },
    lines: [
      ['MILEAGE', 200],
      ['MILEAGE', 30],
    ],
    total: 230,
  },
  {
    name: 'tiered: a band part above its minimum',
    model: { mileageBands: withMinimum(1, 30) },
    shipment: { distance: 150 },
    lines: [
      ['MILEAGE', 200],
      ['MILEAGE', 75],
    ],
    total: 275,
  },
  {
    name: 'tiered: a band not reached does not charge its minimum',
    model: { mileageBands: withMinimum(2, 90) },
    shipment: { distance: 499.99 },
    lines: [
      ['MILEAGE', 200],
      ['MILEAGE', 599.99],
    ],
    total: 799.99,
  },
  { name: 'tiered: the first band minimum', model: { mileageBands: withMinimum(0, 75) }, shipment: { distance: 10 }, lines: [['MILEAGE', 75]], total: 75 },
  { name: 'tiered: the first band minimum at distance 0', model: { mileageBands: withMinimum(0, 75) }, lines: [['MILEAGE', 75]], total: 75 },
  {
    name: 'whole: the minimum of the band the distance falls in',
    model: { mileageMode: 'whole', mileageBands: withMinimum(0, 75) },
    shipment: { distance: 10 },
    lines: [['MILEAGE', 75]],
    total: 75,
  },
  {
    name: 'whole: above the minimum',
    model: { mileageMode: 'whole', mileageBands: withMinimum(0, 75) },
    shipment: { distance: 50 },
    lines: [['MILEAGE', 100]],
    total: 100,
  },
  {
    name: "whole: another band's minimum does not count",
    model: { mileageMode: 'whole', mileageBands: withMinimum(0, 500) },
    shipment: { distance: 100 },
    lines: [['MILEAGE', 150]],
    total: 150,
  },
  {
    name: 'minimum linehaul: an adjustment line tops base + mileage up',
    model: { baseCharge: 50, minimumLinehaul: 250 },
    shipment: { distance: 50 },
    lines: [
      ['BASE', 50],
      ['MILEAGE', 100],
      ['MINIMUM_LINEHAUL', 100],
    ],
    total: 250,
    linehaul: 250,
  },
  {
    name: 'minimum linehaul: reached exactly, no adjustment',
    model: { minimumLinehaul: 100 },
    shipment: { distance: 50 },
    lines: [['MILEAGE', 100]],
    total: 100,
  },
  {
    name: 'minimum linehaul: exceeded, no adjustment',
    model: { minimumLinehaul: 250 },
    shipment: { distance: 250 },
    lines: [
      ['MILEAGE', 200],
      ['MILEAGE', 225],
    ],
    total: 425,
  },
  { name: 'minimum linehaul at distance 0', model: { minimumLinehaul: 250 }, lines: [['MINIMUM_LINEHAUL', 250]], total: 250 },
  {
    name: 'minimum linehaul after band minimums',
    model: { mileageBands: withMinimum(0, 75), minimumLinehaul: 80 },
    shipment: { distance: 10 },
    lines: [
      ['MILEAGE', 75],
      ['MINIMUM_LINEHAUL', 5],
    ],
    total: 80,
  },
  {
    name: 'minimum linehaul does not apply to a zone rate',
    model: { minimumLinehaul: 250, zoneRates: [{ fromZoneId: 1, toZoneId: 2, amount: 100 }] },
    shipment: { fromZoneId: 1, toZoneId: 2 },
    lines: [['ZONE', 100]],
    total: 100,
  },
]);

const ZONES = [
  { fromZoneId: 1, toZoneId: 2, amount: 300, bothDirections: true },
  { fromZoneId: 3, toZoneId: 4, amount: 410 },
];

table('linehaul by zone rate', [
  {
    name: "the pair's flat rate, whatever the distance",
    model: { zoneRates: ZONES },
    shipment: { fromZoneId: 1, toZoneId: 2, distance: 250 },
    lines: [['ZONE', 300]],
    total: 300,
    linehaul: 300,
  },
  {
    name: 'the reverse direction of a both-directions rate',
    model: { zoneRates: ZONES },
    shipment: { fromZoneId: 2, toZoneId: 1, distance: 250 },
    lines: [['ZONE', 300]],
    total: 300,
  },
  {
    name: 'a one-direction rate does not price the way back: distance instead',
    model: { zoneRates: ZONES },
    shipment: { fromZoneId: 4, toZoneId: 3, distance: 50 },
    lines: [['MILEAGE', 100]],
    total: 100,
  },
  {
    name: 'a rate of the exact direction beats the reverse of a both-directions one',
    model: { zoneRates: [...ZONES, { fromZoneId: 2, toZoneId: 1, amount: 280 }] },
    shipment: { fromZoneId: 2, toZoneId: 1 },
    lines: [['ZONE', 280]],
    total: 280,
  },
  {
    name: 'one zone unknown: distance',
    model: { zoneRates: ZONES },
    shipment: { fromZoneId: 1, toZoneId: null, distance: 50 },
    lines: [['MILEAGE', 100]],
    total: 100,
  },
  {
    name: 'a zone rate within one zone',
    model: { zoneRates: [{ fromZoneId: 5, toZoneId: 5, amount: 45 }] },
    shipment: { fromZoneId: 5, toZoneId: 5, distance: 12 },
    lines: [['ZONE', 45]],
    total: 45,
  },
  {
    name: 'a zone rate beats an international rate and the base charge',
    model: { zoneRates: ZONES, baseCharge: 50, intlRates: [{ fromCountry: 'US', toCountry: 'CA', flatAmount: 900 }] },
    shipment: { fromZoneId: 1, toZoneId: 2, toCountry: 'CA', distance: 80 },
    lines: [['ZONE', 300]],
    total: 300,
  },
]);

table('linehaul by international rate', [
  {
    name: 'flat amount of the pair',
    model: { intlRates: [{ fromCountry: 'US', toCountry: 'MX', flatAmount: 900 }] },
    shipment: { toCountry: 'MX', distance: 300 },
    lines: [['INTL', 900]],
    total: 900,
    linehaul: 900,
  },
  {
    name: 'rate per unit × distance',
    model: { intlRates: [{ fromCountry: 'US', toCountry: 'MX', ratePerUnit: 2.5 }] },
    shipment: { toCountry: 'MX', distance: 300 },
    lines: [['INTL', 750]],
    total: 750,
  },
  {
    name: "rate per unit raised to the pair's minimum",
    model: { intlRates: [{ fromCountry: 'US', toCountry: 'MX', ratePerUnit: 2.5, minimumCharge: 1000 }] },
    shipment: { toCountry: 'MX', distance: 300 },
    lines: [['INTL', 1000]],
    total: 1000,
  },
  {
    name: 'the flat amount wins over a rate per unit',
    model: { intlRates: [{ fromCountry: 'US', toCountry: 'MX', flatAmount: 900, ratePerUnit: 2.5 }] },
    shipment: { toCountry: 'MX', distance: 1000 },
    lines: [['INTL', 900]],
    total: 900,
  },
  {
    name: 'no base charge or mileage bands with a pair rate',
    model: { baseCharge: 50, minimumLinehaul: 5000, intlRates: [{ fromCountry: 'US', toCountry: 'CA', flatAmount: 900 }] },
    shipment: { toCountry: 'CA', distance: 40 },
    lines: [['INTL', 900]],
    total: 900,
  },
  {
    name: 'pair rates are one-way: the way back is priced by distance, with a warning',
    model: { intlRates: [{ fromCountry: 'US', toCountry: 'MX', flatAmount: 900 }] },
    shipment: { fromCountry: 'MX', toCountry: 'US', distance: 50 },
    lines: [['MILEAGE', 100]],
    total: 100,
    warnings: ['No international rate from MX to US: the linehaul is priced by distance.'],
  },
  {
    name: 'same country: never the international rate',
    model: { intlRates: [{ fromCountry: 'US', toCountry: 'MX', flatAmount: 900 }] },
    shipment: { distance: 50 },
    lines: [['MILEAGE', 100]],
    total: 100,
  },
  {
    name: 'country codes in any case',
    model: { intlRates: [{ fromCountry: 'us', toCountry: 'mx', flatAmount: 900 }] },
    shipment: { fromCountry: 'Us', toCountry: 'mX' },
    lines: [['INTL', 900]],
    total: 900,
  },
  {
    name: 'per unit on a distance given in km (160.9344 km = 100 mi)',
    model: { intlRates: [{ fromCountry: 'US', toCountry: 'CA', ratePerUnit: 2.5 }] },
    shipment: { toCountry: 'CA', distance: 160.9344, distanceUnit: 'km' },
    lines: [['INTL', 250]],
    total: 250,
  },
]);

const KM_BANDS: MileageBand[] = [{ fromDistance: 0, toDistance: null, ratePerUnit: 1.25 }];
const ONE_RATE: MileageBand[] = [{ fromDistance: 0, toDistance: null, ratePerUnit: 1 }];

table('unit conversions', [
  {
    name: 'km shipment on a mile model lands exactly on a tiered boundary',
    shipment: { distance: 160.9344, distanceUnit: 'km' },
    lines: [['MILEAGE', 200]],
    total: 200,
  },
  {
    name: 'km shipment on a mile model lands exactly on a whole boundary',
    model: { mileageMode: 'whole' },
    shipment: { distance: 160.9344, distanceUnit: 'km' },
    lines: [['MILEAGE', 150]],
    total: 150,
  },
  {
    name: '100 km at 1.00/mi is 62.137119... mi: 62.14',
    model: { mileageBands: ONE_RATE },
    shipment: { distance: 100, distanceUnit: 'km' },
    lines: [['MILEAGE', 62.14]],
    total: 62.14,
  },
  {
    name: '100 mi at 1.25/km is 160.9344 km: 201.168, half-up 201.17',
    model: { distanceUnit: 'km', mileageBands: KM_BANDS },
    shipment: { distance: 100 },
    lines: [['MILEAGE', 201.17]],
    total: 201.17,
  },
  {
    name: 'per kg on a weight in lb: 1000 lb = 453.59237 kg at 0.10',
    model: oneCharge({ kind: 'PerWeight', rate: 0.1, weightUnit: 'kg' }),
    shipment: { weight: 1000, chargeIds: [1] },
    lines: [['ACCESSORIAL', 45.36]],
    total: 45.36,
  },
  {
    name: 'per lb on a weight in kg: 100 kg = 220.462262... lb at 0.10',
    model: oneCharge({ kind: 'PerWeight', rate: 0.1, weightUnit: 'lb' }),
    shipment: { weight: 100, weightUnit: 'kg', chargeIds: [1] },
    lines: [['ACCESSORIAL', 22.05]],
    total: 22.05,
  },
  {
    name: 'a per-weight rule without a unit is per lb on a mile model',
    model: oneCharge({ kind: 'PerWeight', rate: 0.05 }),
    shipment: { weight: 1000, chargeIds: [1] },
    lines: [['ACCESSORIAL', 50]],
    total: 50,
  },
  {
    name: 'a per-weight rule without a unit is per kg on a km model: 453.59237 kg at 0.05',
    model: { distanceUnit: 'km', mileageBands: KM_BANDS, ...oneCharge({ kind: 'PerWeight', rate: 0.05 }) },
    shipment: { weight: 1000, chargeIds: [1] },
    lines: [['ACCESSORIAL', 22.68]],
    total: 22.68,
  },
  {
    name: "free units are in the rule's unit: 100 kg free of 500 lb (226.796185 kg) at 1.00/kg",
    model: oneCharge({ kind: 'PerWeight', rate: 1, weightUnit: 'kg', freeUnits: 100 }),
    shipment: { weight: 500, chargeIds: [1] },
    lines: [['ACCESSORIAL', 126.8]],
    total: 126.8,
  },
]);

const REEFER = { id: 7, name: 'Reefer', multiplier: 1.1 };

table('shipment types', [
  {
    name: "its base charge replaces the model's",
    model: { baseCharge: 50, shipmentTypes: [{ id: 7, name: 'Hazmat', baseCharge: 80 }] },
    shipment: { distance: 50, shipmentTypeId: 7 },
    lines: [
      ['BASE', 80],
      ['MILEAGE', 100],
    ],
    total: 180,
  },
  {
    name: "a base charge of 0 replaces the model's too",
    model: { baseCharge: 50, shipmentTypes: [{ id: 7, name: 'Light', baseCharge: 0 }] },
    shipment: { distance: 50, shipmentTypeId: 7 },
    lines: [['MILEAGE', 100]],
    total: 100,
  },
  {
    name: 'its rate per unit prices the whole distance instead of the bands (and their minimums)',
    model: { mileageBands: withMinimum(1, 500), shipmentTypes: [{ id: 7, name: 'Flatbed', ratePerUnit: 3 }] },
    shipment: { distance: 250, shipmentTypeId: 7 },
    lines: [['MILEAGE', 750]],
    total: 750,
  },
  {
    name: 'the minimum linehaul still applies to its rate',
    model: { minimumLinehaul: 200, shipmentTypes: [{ id: 7, name: 'Flatbed', ratePerUnit: 3 }] },
    shipment: { distance: 50, shipmentTypeId: 7 },
    lines: [
      ['MILEAGE', 150],
      ['MINIMUM_LINEHAUL', 50],
    ],
    total: 200,
  },
  {
    name: 'its multiplier on a line of its own',
    model: { shipmentTypes: [REEFER] },
    shipment: { distance: 250, shipmentTypeId: 7 },
    lines: [
      ['MILEAGE', 200],
      ['MILEAGE', 225],
      ['SHIPMENT_TYPE', 42.5],
    ],
    total: 467.5,
    linehaul: 467.5,
  },
  {
    name: 'a multiplier below 1 is a discount',
    model: { shipmentTypes: [{ id: 7, name: 'Backhaul', multiplier: 0.9 }] },
    shipment: { distance: 250, shipmentTypeId: 7 },
    lines: [
      ['MILEAGE', 200],
      ['MILEAGE', 225],
      ['SHIPMENT_TYPE', -42.5],
    ],
    total: 382.5,
    linehaul: 382.5,
  },
  {
    name: 'the multiplied linehaul is rounded half-up: 0.10 × 1.05 = 0.105 → 0.11',
    model: { zoneRates: [{ fromZoneId: 1, toZoneId: 2, amount: 0.1 }], shipmentTypes: [{ id: 7, name: 'Rush', multiplier: 1.05 }] },
    shipment: { fromZoneId: 1, toZoneId: 2, shipmentTypeId: 7 },
    lines: [
      ['ZONE', 0.1],
      ['SHIPMENT_TYPE', 0.01],
    ],
    total: 0.11,
  },
  {
    name: 'a discount rounds the discounted linehaul half-up: 10.01 × 0.5 = 5.005 → 5.01',
    model: { zoneRates: [{ fromZoneId: 1, toZoneId: 2, amount: 10.01 }], shipmentTypes: [{ id: 7, name: 'Half', multiplier: 0.5 }] },
    shipment: { fromZoneId: 1, toZoneId: 2, shipmentTypeId: 7 },
    lines: [
      ['ZONE', 10.01],
      ['SHIPMENT_TYPE', -5],
    ],
    total: 5.01,
  },
  {
    name: 'the multiplier scales the minimum linehaul',
    model: { baseCharge: 50, minimumLinehaul: 250, shipmentTypes: [{ id: 7, name: 'Hazmat', multiplier: 1.2 }] },
    shipment: { distance: 50, shipmentTypeId: 7 },
    lines: [
      ['BASE', 50],
      ['MILEAGE', 100],
      ['MINIMUM_LINEHAUL', 100],
      ['SHIPMENT_TYPE', 50],
    ],
    total: 300,
    linehaul: 300,
  },
  {
    name: 'the multiplier scales a zone rate',
    model: { zoneRates: ZONES, shipmentTypes: [{ id: 7, name: 'Oversize', multiplier: 1.5 }] },
    shipment: { fromZoneId: 1, toZoneId: 2, shipmentTypeId: 7 },
    lines: [
      ['ZONE', 300],
      ['SHIPMENT_TYPE', 150],
    ],
    total: 450,
  },
  {
    name: 'a multiplier of 1 adds no line',
    model: { shipmentTypes: [{ id: 7, name: 'Dry van', multiplier: 1 }] },
    shipment: { distance: 50, shipmentTypeId: 7 },
    lines: [['MILEAGE', 100]],
    total: 100,
  },
  {
    name: 'its base charge and rate do not touch a zone rate: a warning says so',
    model: { zoneRates: ZONES, shipmentTypes: [{ id: 7, name: 'Hazmat', baseCharge: 80, ratePerUnit: 3 }] },
    shipment: { fromZoneId: 1, toZoneId: 2, distance: 100, shipmentTypeId: 7 },
    lines: [['ZONE', 300]],
    total: 300,
    warnings: ['Shipment type Hazmat: its base charge and rate per unit apply to distance pricing only; this linehaul is a zone rate.'],
  },
]);

table('accessorials', [
  { name: 'flat', model: oneCharge({ kind: 'Flat', rate: 25 }), shipment: { chargeIds: [1] }, lines: [['ACCESSORIAL', 25]], total: 25, linehaul: 0 },
  { name: 'not on the shipment: not charged', model: oneCharge({ kind: 'Flat', rate: 25 }), shipment: { distance: 50 }, lines: [['MILEAGE', 100]], total: 100 },
  { name: 'per stop', model: oneCharge({ kind: 'PerStop', rate: 15 }), shipment: { stops: 3, chargeIds: [1] }, lines: [['ACCESSORIAL', 45]], total: 45 },
  {
    name: 'per stop, pickup and delivery free',
    model: oneCharge({ kind: 'PerStop', rate: 15, freeUnits: 2 }),
    shipment: { stops: 3, chargeIds: [1] },
    lines: [['ACCESSORIAL', 15]],
    total: 15,
  },
  {
    name: 'per stop, fewer stops than free ones: 0',
    model: oneCharge({ kind: 'PerStop', rate: 15, freeUnits: 2 }),
    shipment: { stops: 1, chargeIds: [1] },
    lines: [['ACCESSORIAL', 0]],
    total: 0,
  },
  {
    name: 'per stop, the minimum applies even to nothing billable',
    model: oneCharge({ kind: 'PerStop', rate: 15, freeUnits: 2, minimumCharge: 10 }),
    shipment: { stops: 1, chargeIds: [1] },
    lines: [['ACCESSORIAL', 10]],
    total: 10,
  },
  { name: 'per item', model: oneCharge({ kind: 'PerItem', rate: 1.5 }), shipment: { items: 4, chargeIds: [1] }, lines: [['ACCESSORIAL', 6]], total: 6 },
  { name: 'per pallet', model: oneCharge({ kind: 'PerPallet', rate: 12 }), shipment: { pallets: 3, chargeIds: [1] }, lines: [['ACCESSORIAL', 36]], total: 36 },
  {
    name: 'per pallet raised to its minimum',
    model: oneCharge({ kind: 'PerPallet', rate: 12, minimumCharge: 50 }),
    shipment: { pallets: 3, chargeIds: [1] },
    lines: [['ACCESSORIAL', 50]],
    total: 50,
  },
  {
    name: 'per pallet above its minimum',
    model: oneCharge({ kind: 'PerPallet', rate: 12, minimumCharge: 50 }),
    shipment: { pallets: 5, chargeIds: [1] },
    lines: [['ACCESSORIAL', 60]],
    total: 60,
  },
  {
    name: 'per weight less free units',
    model: oneCharge({ kind: 'PerWeight', rate: 0.05, weightUnit: 'lb', freeUnits: 500 }),
    shipment: { weight: 1500, chargeIds: [1] },
    lines: [['ACCESSORIAL', 50]],
    total: 50,
  },
  {
    name: 'flat with a minimum above its rate',
    model: oneCharge({ kind: 'Flat', rate: 20, minimumCharge: 35 }),
    shipment: { chargeIds: [1] },
    lines: [['ACCESSORIAL', 35]],
    total: 35,
  },
  {
    name: 'percent of the linehaul',
    model: oneCharge({ kind: 'PercentOfLinehaul', rate: 20 }),
    shipment: { distance: 250, chargeIds: [1] },
    lines: [
      ['MILEAGE', 200],
      ['MILEAGE', 225],
      ['ACCESSORIAL', 85],
    ],
    total: 510,
    linehaul: 425,
  },
  {
    name: 'percent of a zone rate',
    model: { zoneRates: ZONES, ...oneCharge({ kind: 'PercentOfLinehaul', rate: 12.5 }) },
    shipment: { fromZoneId: 1, toZoneId: 2, chargeIds: [1] },
    lines: [
      ['ZONE', 300],
      ['ACCESSORIAL', 37.5],
    ],
    total: 337.5,
  },
  {
    name: 'percent raised to its minimum',
    model: oneCharge({ kind: 'PercentOfLinehaul', rate: 20, minimumCharge: 100 }),
    shipment: { distance: 50, chargeIds: [1] },
    lines: [
      ['MILEAGE', 100],
      ['ACCESSORIAL', 100],
    ],
    total: 200,
  },
  {
    name: 'percent of the linehaul after the shipment type multiplier',
    model: { shipmentTypes: [REEFER], ...oneCharge({ kind: 'PercentOfLinehaul', rate: 20 }) },
    shipment: { distance: 250, shipmentTypeId: 7, chargeIds: [1] },
    lines: [
      ['MILEAGE', 200],
      ['MILEAGE', 225],
      ['SHIPMENT_TYPE', 42.5],
      ['ACCESSORIAL', 93.5],
    ],
    total: 561,
    linehaul: 467.5,
  },
  {
    name: 'percent of the linehaul after its minimum',
    model: { minimumLinehaul: 300, ...oneCharge({ kind: 'PercentOfLinehaul', rate: 10 }) },
    shipment: { distance: 50, chargeIds: [1] },
    lines: [
      ['MILEAGE', 100],
      ['MINIMUM_LINEHAUL', 200],
      ['ACCESSORIAL', 30],
    ],
    total: 330,
    linehaul: 300,
  },
  {
    name: 'free units on a flat charge are ignored, with a warning',
    model: oneCharge({ kind: 'Flat', rate: 25, freeUnits: 1, name: 'Liftgate' }),
    shipment: { chargeIds: [1] },
    lines: [['ACCESSORIAL', 25]],
    total: 25,
    warnings: ['Charge Liftgate: free units do not apply to a Flat charge and were ignored.'],
  },
  {
    name: "several, in the shipment's order",
    model: {
      charges: [
        charge({ id: 1, kind: 'Flat', rate: 25 }),
        charge({ id: 2, kind: 'PerStop', rate: 15, freeUnits: 2 }),
        charge({ id: 3, kind: 'PerPallet', rate: 12 }),
      ],
    },
    shipment: { stops: 4, pallets: 2, chargeIds: [3, 1, 2] },
    lines: [
      ['ACCESSORIAL', 24],
      ['ACCESSORIAL', 25],
      ['ACCESSORIAL', 30],
    ],
    total: 79,
  },
]);

const CAD_USD: FxRate[] = [
  { from: 'CAD', to: 'USD', rate: 0.7, date: '2024-01-01' },
  { from: 'CAD', to: 'USD', rate: 0.75, date: '2024-02-01' },
  { from: 'CAD', to: 'USD', rate: 0.8, date: '2024-03-01' },
];
const flatIn = (currency: string, amount: number): Partial<RatingModel> => oneCharge({ kind: 'Flat', rate: amount, currency });
const ONE_CAD_CHARGE = { chargeIds: [1] };

table('currency conversion', [
  {
    name: 'direct pair: 10.00 CAD at 0.7325 is 7.325, half-up 7.33',
    model: flatIn('CAD', 10),
    shipment: ONE_CAD_CHARGE,
    fx: [{ from: 'CAD', to: 'USD', rate: 0.7325, date: '2024-02-20' }],
    lines: [['ACCESSORIAL', 7.33]],
    total: 7.33,
  },
  {
    name: 'inverse pair only: 10.00 CAD at USD→CAD 1.25 is 8.00',
    model: flatIn('CAD', 10),
    shipment: ONE_CAD_CHARGE,
    fx: [{ from: 'USD', to: 'CAD', rate: 1.25, date: '2024-02-20' }],
    lines: [['ACCESSORIAL', 8]],
    total: 8,
  },
  {
    name: 'inverse pair, divided exactly: 0.015 CAD / 3 = 0.005 → 0.01 (× 0.3333... would give 0.00)',
    model: flatIn('CAD', 0.015),
    shipment: ONE_CAD_CHARGE,
    fx: [{ from: 'USD', to: 'CAD', rate: 3, date: '2024-02-20' }],
    lines: [['ACCESSORIAL', 0.01]],
    total: 0.01,
  },
  {
    name: 'inverse pair, non-terminating: 10.00 CAD / 1.3 = 7.6923... → 7.69',
    model: flatIn('CAD', 10),
    shipment: ONE_CAD_CHARGE,
    fx: [{ from: 'USD', to: 'CAD', rate: 1.3, date: '2024-02-20' }],
    lines: [['ACCESSORIAL', 7.69]],
    total: 7.69,
  },
  {
    name: 'the direct pair is used whenever it has a rate, even an older one than the inverse pair',
    model: flatIn('CAD', 10),
    shipment: ONE_CAD_CHARGE,
    fx: [
      { from: 'CAD', to: 'USD', rate: 0.7, date: '2024-02-10' },
      { from: 'USD', to: 'CAD', rate: 1.25, date: '2024-02-20' },
    ],
    lines: [['ACCESSORIAL', 7]],
    total: 7,
  },
  {
    name: 'dated: the newest rate on or before the quote date',
    model: flatIn('CAD', 100),
    shipment: ONE_CAD_CHARGE,
    fx: CAD_USD,
    asOf: '2024-02-15',
    lines: [['ACCESSORIAL', 75]],
    total: 75,
  },
  {
    name: 'dated: a rate of the quote date itself',
    model: flatIn('CAD', 100),
    shipment: ONE_CAD_CHARGE,
    fx: CAD_USD,
    asOf: '2024-03-01',
    lines: [['ACCESSORIAL', 80]],
    total: 80,
  },
  {
    name: 'dated: a rate after the quote date is not used',
    model: flatIn('CAD', 100),
    shipment: ONE_CAD_CHARGE,
    fx: CAD_USD,
    asOf: '2024-02-29',
    lines: [['ACCESSORIAL', 75]],
    total: 75,
  },
  {
    name: 'dated: a rate 30 days old is used without a warning',
    model: flatIn('CAD', 100),
    shipment: ONE_CAD_CHARGE,
    fx: CAD_USD,
    asOf: '2024-01-31',
    lines: [['ACCESSORIAL', 70]],
    total: 70,
  },
  {
    name: 'dated: a rate more than 30 days old is used with a warning',
    model: flatIn('CAD', 100),
    shipment: ONE_CAD_CHARGE,
    fx: CAD_USD,
    asOf: '2024-04-05',
    lines: [['ACCESSORIAL', 80]],
    total: 80,
    warnings: ['The FX rate CAD to USD of 2024-03-01 is 35 days older than the quote date 2024-04-05.'],
  },
  {
    name: 'dated, unordered list',
    model: flatIn('CAD', 100),
    shipment: ONE_CAD_CHARGE,
    fx: [...CAD_USD].reverse(),
    asOf: '2024-02-15',
    lines: [['ACCESSORIAL', 75]],
    total: 75,
  },
  {
    name: 'the linehaul of a CAD model quoted in USD, minimum included',
    model: { currency: 'CAD', baseCharge: 50, minimumLinehaul: 250 },
    shipment: { distance: 50, currency: 'USD' },
    fx: CAD_USD,
    asOf: '2024-02-15',
    lines: [
      ['BASE', 37.5],
      ['MILEAGE', 75],
      ['MINIMUM_LINEHAUL', 75],
    ],
    total: 187.5,
    linehaul: 187.5,
  },
  {
    name: "quote currency other than the model's (any case), every line converted",
    model: { baseCharge: 10, ...flatIn('USD', 10) },
    shipment: { currency: 'cad', chargeIds: [1] },
    fx: [{ from: 'usd', to: 'cad', rate: 1.35, date: '2024-02-20' }],
    lines: [
      ['BASE', 13.5],
      ['ACCESSORIAL', 13.5],
    ],
    total: 27,
    currency: 'CAD',
  },
  {
    name: 'a rule without a currency is in the model currency: no FX needed',
    model: oneCharge({ kind: 'Flat', rate: 10 }),
    shipment: ONE_CAD_CHARGE,
    lines: [['ACCESSORIAL', 10]],
    total: 10,
  },
  {
    name: 'converted before the line is rounded: 3 × 0.125 EUR × 1.1 = 0.4125 → 0.41',
    model: oneCharge({ kind: 'PerItem', rate: 0.125, currency: 'EUR' }),
    shipment: { items: 3, chargeIds: [1] },
    fx: [{ from: 'EUR', to: 'USD', rate: 1.1, date: '2024-02-20' }],
    lines: [['ACCESSORIAL', 0.41]],
    total: 0.41,
  },
  {
    name: 'a percentage needs no FX rate for its currency',
    model: oneCharge({ kind: 'PercentOfLinehaul', rate: 10, currency: 'EUR' }),
    shipment: { distance: 50, chargeIds: [1] },
    lines: [
      ['MILEAGE', 100],
      ['ACCESSORIAL', 10],
    ],
    total: 110,
  },
  {
    name: "a percentage's minimum in its own currency is converted: 100 EUR = 110 USD",
    model: oneCharge({ kind: 'PercentOfLinehaul', rate: 20, currency: 'EUR', minimumCharge: 100 }),
    shipment: { distance: 50, chargeIds: [1] },
    fx: [{ from: 'EUR', to: 'USD', rate: 1.1, date: '2024-02-20' }],
    lines: [
      ['MILEAGE', 100],
      ['ACCESSORIAL', 110],
    ],
    total: 210,
  },
  { name: 'a pair no line needs may be missing', model: flatIn('CAD', 10), shipment: { distance: 50 }, lines: [['MILEAGE', 100]], total: 100 },
  {
    name: 'a zone rate in its own currency: 300 CAD at 0.80 is 240 USD',
    model: { zoneRates: [{ fromZoneId: 1, toZoneId: 2, amount: 300, currency: 'cad' }] },
    shipment: { fromZoneId: 1, toZoneId: 2 },
    fx: CAD_USD,
    lines: [['ZONE', 240]],
    total: 240,
    linehaul: 240,
  },
  {
    name: "a zone rate in the quote currency needs no rate for the model's",
    model: { currency: 'CAD', zoneRates: [{ fromZoneId: 1, toZoneId: 2, amount: 300, currency: 'USD' }] },
    shipment: { fromZoneId: 1, toZoneId: 2, currency: 'USD' },
    lines: [['ZONE', 300]],
    total: 300,
  },
  {
    name: "a shipment type's base charge and rate in its own currency: 100 + 50 mi × 2 USD at 1.25 is 250 CAD",
    model: { currency: 'CAD', baseCharge: 50, shipmentTypes: [{ id: 7, name: 'Hazmat', baseCharge: 100, ratePerUnit: 2, currency: 'USD' }] },
    shipment: { distance: 50, shipmentTypeId: 7 },
    fx: [{ from: 'USD', to: 'CAD', rate: 1.25, date: '2024-02-20' }],
    lines: [
      ['BASE', 125],
      ['MILEAGE', 125],
    ],
    total: 250,
    currency: 'CAD',
  },
  {
    name: "a shipment type's currency does not touch the model's amounts it leaves alone, nor its multiplier",
    model: { currency: 'CAD', baseCharge: 50, shipmentTypes: [{ id: 7, name: 'Reefer', multiplier: 1.1, currency: 'USD' }] },
    shipment: { distance: 50, shipmentTypeId: 7 },
    lines: [
      ['BASE', 50],
      ['MILEAGE', 100],
      ['SHIPMENT_TYPE', 15],
    ],
    total: 165,
    currency: 'CAD',
  },
]);

table('rounding: half-up to cents, once per line', [
  { name: '0.005 → 0.01', model: oneCharge({ kind: 'Flat', rate: 0.005 }), shipment: { chargeIds: [1] }, lines: [['ACCESSORIAL', 0.01]], total: 0.01 },
  { name: '0.004 → 0.00', model: oneCharge({ kind: 'Flat', rate: 0.004 }), shipment: { chargeIds: [1] }, lines: [['ACCESSORIAL', 0]], total: 0 },
  {
    name: '2.675 → 2.68 (binary 2.675 is 2.67499999...)',
    model: oneCharge({ kind: 'Flat', rate: 2.675 }),
    shipment: { chargeIds: [1] },
    lines: [['ACCESSORIAL', 2.68]],
    total: 2.68,
  },
  {
    name: '1.005 → 1.01 (binary 1.005 is 1.00499999...)',
    model: oneCharge({ kind: 'Flat', rate: 1.005 }),
    shipment: { chargeIds: [1] },
    lines: [['ACCESSORIAL', 1.01]],
    total: 1.01,
  },
  {
    name: 'quantity × unit price rounded once: 3 × 0.125 = 0.375 → 0.38 (0.13 × 3 would be 0.39)',
    model: oneCharge({ kind: 'PerItem', rate: 0.125 }),
    shipment: { items: 3, chargeIds: [1] },
    lines: [['ACCESSORIAL', 0.38]],
    total: 0.38,
  },
  {
    name: 'a four-decimal rate: 123.4 mi × 1.2345 = 152.3373 → 152.34',
    model: { mileageBands: [{ fromDistance: 0, toDistance: null, ratePerUnit: 1.2345 }] },
    shipment: { distance: 123.4 },
    lines: [['MILEAGE', 152.34]],
    total: 152.34,
  },
  {
    name: 'tiered: each band its own line, rounded on its own: 0.105 + 0.105 → 0.11 + 0.11',
    model: {
      mileageBands: [
        { fromDistance: 0, toDistance: 1, ratePerUnit: 0.105 },
        { fromDistance: 1, toDistance: null, ratePerUnit: 0.105 },
      ],
    },
    shipment: { distance: 2 },
    lines: [
      ['MILEAGE', 0.11],
      ['MILEAGE', 0.11],
    ],
    total: 0.22,
  },
  {
    name: 'whole: one line, one rounding: 2 × 0.105 = 0.21',
    model: {
      mileageMode: 'whole',
      mileageBands: [
        { fromDistance: 0, toDistance: 1, ratePerUnit: 0.105 },
        { fromDistance: 1, toDistance: null, ratePerUnit: 0.105 },
      ],
    },
    shipment: { distance: 2 },
    lines: [['MILEAGE', 0.21]],
    total: 0.21,
  },
  {
    name: 'totals are sums of cents: 0.10 + 0.20 = 0.30',
    model: { charges: [charge({ id: 1, kind: 'Flat', rate: 0.1 }), charge({ id: 2, kind: 'Flat', rate: 0.2 })] },
    shipment: { chargeIds: [1, 2] },
    lines: [
      ['ACCESSORIAL', 0.1],
      ['ACCESSORIAL', 0.2],
    ],
    total: 0.3,
  },
  {
    name: 'percent: 17.5% of 0.10 = 0.0175 → 0.02',
    model: { zoneRates: [{ fromZoneId: 1, toZoneId: 2, amount: 0.1 }], ...oneCharge({ kind: 'PercentOfLinehaul', rate: 17.5 }) },
    shipment: { fromZoneId: 1, toZoneId: 2, chargeIds: [1] },
    lines: [
      ['ZONE', 0.1],
      ['ACCESSORIAL', 0.02],
    ],
    total: 0.12,
  },
]);

describe('rounding cases that binary floating point gets wrong', () => {
  it('are wrong in binary floating point, so the tables above test something', () => {
    assert.equal((2.675).toFixed(2), '2.67');
    assert.equal(Math.round(1.005 * 100) / 100, 1);
    assert.equal(Math.round(0.015 * (1 / 3) * 100) / 100, 0);
    assert.notEqual(0.1 + 0.2, 0.3);
  });
});

describe('a whole quote', () => {
  it('prices a reefer load from Toronto with fuel, stops and a liftgate billed in CAD, quoted in USD', () => {
    const quote = rate(
      model({
        baseCharge: 50,
        shipmentTypes: [REEFER],
        charges: [
          { id: 9, name: 'Fuel surcharge', kind: 'PercentOfLinehaul', rate: 20 },
          { id: 3, name: 'Liftgate', kind: 'Flat', rate: 2.675, currency: 'CAD' },
          { id: 4, name: 'Extra stop', kind: 'PerStop', rate: 40, freeUnits: 2 },
        ],
      }),
      shipment({ distance: 250, shipmentTypeId: 7, stops: 3, chargeIds: [9, 3, 4] }),
      [
        { from: 'USD', to: 'CAD', rate: 1.25, date: '2024-02-20' },
        { from: 'USD', to: 'CAD', rate: 1.5, date: '2024-03-02' },
      ],
      ASOF,
    );
    assert.deepEqual(quote, {
      currency: 'USD',
      lines: [
        { code: 'BASE', description: 'Base charge', quantity: 1, unitPrice: 50, amount: 50, currency: 'USD' },
        { code: 'MILEAGE', description: 'Mileage 0-100 mi', quantity: 100, unitPrice: 2, amount: 200, currency: 'USD' },
        { code: 'MILEAGE', description: 'Mileage 100-500 mi', quantity: 150, unitPrice: 1.5, amount: 225, currency: 'USD' },
        { code: 'SHIPMENT_TYPE', description: 'Shipment type Reefer, linehaul x 1.1', quantity: 475, unitPrice: 0.1, amount: 47.5, currency: 'USD' },
        { code: 'ACCESSORIAL', description: 'Fuel surcharge', quantity: 522.5, unitPrice: 0.2, amount: 104.5, currency: 'USD', chargeId: 9 },
        {
          code: 'ACCESSORIAL',
          description: 'Liftgate',
          quantity: 1,
          unitPrice: 2.14,
          amount: 2.14,
          currency: 'USD',
          chargeId: 3,
          fx: { from: 'USD', to: 'CAD', rate: 1.25, date: '2024-02-20', inverse: true },
        },
        { code: 'ACCESSORIAL', description: 'Extra stop', quantity: 1, unitPrice: 40, amount: 40, currency: 'USD', chargeId: 4 },
      ],
      total: 669.14,
      linehaul: 522.5,
      warnings: [],
    });
  });

  it('marks a line its minimum priced, and shows the distance in the model unit', () => {
    const quote = rate(model({ mileageBands: withMinimum(0, 75) }), shipment({ distance: 16.09344, distanceUnit: 'km' }), [], ASOF);
    assert.deepEqual(quote.lines, [
      { code: 'MILEAGE', description: 'Mileage 0-100 mi', quantity: 10, unitPrice: 2, amount: 75, currency: 'USD', minimumApplied: true },
    ]);
  });

  it('is the same for the same input, and leaves its input untouched', () => {
    const m = model({ baseCharge: 50, mileageBands: [...BANDS].reverse(), ...oneCharge({ kind: 'Flat', rate: 10, currency: 'cad' }) });
    const s = shipment({ distance: 250, chargeIds: [1], fromCountry: 'us' });
    const fx = [{ from: 'CAD', to: 'USD', rate: 0.75, date: '2024-02-20' }];
    const copies = JSON.stringify([m, s, fx]);
    assert.deepEqual(rate(m, s, fx, ASOF), rate(m, s, fx, ASOF));
    assert.equal(rate(m, s, fx, ASOF).total, 50 + 200 + 225 + 7.5);
    assert.equal(JSON.stringify([m, s, fx]), copies);
  });
});

interface ErrorCase {
  name: string;
  model?: Partial<RatingModel>;
  shipment?: Partial<Shipment>;
  fx?: FxRate[];
  asOf?: string;
  field: string;
  message: RegExp;
}

const errors: ErrorCase[] = [
  { name: 'negative distance', shipment: { distance: -1 }, field: 'shipment.distance', message: /shipment\.distance must be a number of 0 or more, got -1/ },
  {
    name: 'distance not a number',
    shipment: { distance: Number.NaN },
    field: 'shipment.distance',
    message: /shipment\.distance must be a number of 0 or more, got NaN/,
  },
  { name: 'negative stops', shipment: { stops: -1 }, field: 'shipment.stops', message: /whole number of 0 or more, got -1/ },
  { name: 'half a pallet', shipment: { pallets: 1.5 }, field: 'shipment.pallets', message: /whole number of 0 or more, got 1.5/ },
  { name: 'negative items', shipment: { items: -2 }, field: 'shipment.items', message: /whole number/ },
  { name: 'negative weight', shipment: { weight: -0.5 }, field: 'shipment.weight', message: /0 or more/ },
  { name: 'unknown distance unit', shipment: { distanceUnit: 'nm' as never }, field: 'shipment.distanceUnit', message: /one of mi, km, got "nm"/ },
  { name: 'unknown weight unit', shipment: { weightUnit: 'st' as never }, field: 'shipment.weightUnit', message: /one of lb, kg/ },
  { name: 'unknown shipment type', shipment: { shipmentTypeId: 7 }, field: 'shipment.shipmentTypeId', message: /The model has no shipment type 7/ },
  {
    name: 'unknown charge',
    model: oneCharge({ kind: 'Flat', rate: 1 }),
    shipment: { chargeIds: [1, 99] },
    field: 'shipment.chargeIds[1]',
    message: /The model has no charge 99/,
  },
  {
    name: 'a charge listed twice',
    model: oneCharge({ kind: 'Flat', rate: 1 }),
    shipment: { chargeIds: [1, 1] },
    field: 'shipment.chargeIds[1]',
    message: /Charge 1 is listed twice/,
  },
  { name: 'a country code of three letters', shipment: { fromCountry: 'USA' }, field: 'shipment.fromCountry', message: /two-letter ISO 3166-1 country code/ },
  {
    name: 'a quote currency of four letters',
    shipment: { currency: 'EURO' },
    field: 'shipment.currency',
    message: /three-letter ISO 4217 currency code .* got "EURO"/,
  },
  { name: 'a model currency with a symbol', model: { currency: 'US$' }, field: 'model.currency', message: /three-letter ISO 4217/ },
  {
    name: 'a zone rate currency of two letters',
    model: { zoneRates: [{ fromZoneId: 1, toZoneId: 2, amount: 1, currency: 'CA' }] },
    field: 'model.zoneRates[0].currency',
    message: /three-letter ISO 4217/,
  },
  {
    name: 'a shipment type currency with a symbol',
    model: { shipmentTypes: [{ id: 7, name: 'Hazmat', baseCharge: 1, currency: 'C$D' }] },
    field: 'model.shipmentTypes[0].currency',
    message: /three-letter ISO 4217/,
  },
  {
    name: 'a charge currency with a digit',
    model: oneCharge({ kind: 'Flat', rate: 1, currency: 'U5D' }),
    field: 'model.charges[0].currency',
    message: /three-letter ISO 4217/,
  },
  {
    name: 'an FX currency of two letters',
    fx: [{ from: 'US', to: 'CAD', rate: 1.3, date: '2024-01-01' }],
    field: 'fx[0].from',
    message: /three-letter ISO 4217/,
  },
  {
    name: 'a gap between bands',
    model: {
      mileageBands: [
        { fromDistance: 0, toDistance: 100, ratePerUnit: 2 },
        { fromDistance: 150, toDistance: null, ratePerUnit: 1 },
      ],
    },
    field: 'model.mileageBands[1]',
    message: /gap: nothing prices 100-150 mi/,
  },
  {
    name: 'overlapping bands',
    model: {
      mileageBands: [
        { fromDistance: 0, toDistance: 100, ratePerUnit: 2 },
        { fromDistance: 90, toDistance: null, ratePerUnit: 1 },
      ],
    },
    field: 'model.mileageBands[1]',
    message: /overlap: model\.mileageBands\[0\] \(0-100 mi\) and model\.mileageBands\[1\] \(90\+ mi\)/,
  },
  {
    name: 'two bands from the same start',
    model: {
      mileageBands: [
        { fromDistance: 0, toDistance: 100, ratePerUnit: 2 },
        { fromDistance: 0, toDistance: 50, ratePerUnit: 1 },
      ],
    },
    field: 'model.mileageBands[1]',
    message: /overlap/,
  },
  {
    name: 'a band after an open-ended one',
    model: {
      mileageBands: [
        { fromDistance: 0, toDistance: null, ratePerUnit: 2 },
        { fromDistance: 100, toDistance: null, ratePerUnit: 1 },
      ],
    },
    field: 'model.mileageBands[1]',
    message: /overlap/,
  },
  {
    name: 'bands not starting at 0',
    model: { mileageBands: [{ fromDistance: 10, toDistance: null, ratePerUnit: 2 }] },
    field: 'model.mileageBands[0]',
    message: /gap: nothing prices 0-10 mi/,
  },
  {
    name: 'a band ending where it starts',
    model: { mileageBands: [{ fromDistance: 0, toDistance: 0, ratePerUnit: 2 }] },
    field: 'model.mileageBands[0].toDistance',
    message: /ends \(0 mi\) where or before it starts/,
  },
  {
    name: 'a negative band rate',
    model: { mileageBands: [{ fromDistance: 0, toDistance: null, ratePerUnit: -2 }] },
    field: 'model.mileageBands[0].ratePerUnit',
    message: /0 or more/,
  },
  {
    name: 'a distance at the (exclusive) end of the last band',
    model: { mileageBands: [{ fromDistance: 0, toDistance: 100, ratePerUnit: 2 }] },
    shipment: { distance: 100 },
    field: 'shipment.distance',
    message: /The distance, 100 mi, is beyond the last mileage band, which ends at 100 mi/,
  },
  {
    name: 'a distance beyond the last band, whole mode',
    model: { mileageMode: 'whole', mileageBands: [{ fromDistance: 0, toDistance: 100, ratePerUnit: 2 }] },
    shipment: { distance: 250 },
    field: 'shipment.distance',
    message: /beyond the last mileage band/,
  },
  {
    name: 'a distance and no bands',
    model: { mileageBands: [] },
    shipment: { distance: 5 },
    field: 'model.mileageBands',
    message: /The model has no mileage bands to price 5 mi/,
  },
  { name: 'an unknown mileage mode', model: { mileageMode: 'flat' as never }, field: 'model.mileageMode', message: /one of tiered, whole/ },
  { name: 'a negative base charge', model: { baseCharge: -5 }, field: 'model.baseCharge', message: /0 or more/ },
  {
    name: 'an unknown charge kind',
    model: oneCharge({ kind: 'PerMile' as never, rate: 1 }),
    field: 'model.charges[0].kind',
    message: /one of Flat, PerStop, PerItem, PerPallet, PerWeight, PercentOfLinehaul/,
  },
  { name: 'a negative charge rate', model: oneCharge({ kind: 'Flat', rate: -1 }), field: 'model.charges[0].rate', message: /0 or more/ },
  {
    name: 'two charges with one id',
    model: { charges: [charge({ kind: 'Flat', rate: 1 }), charge({ kind: 'Flat', rate: 2 })] },
    field: 'model.charges[1].id',
    message: /Two charges have the id 1/,
  },
  {
    name: 'a multiplier of 0',
    model: { shipmentTypes: [{ id: 7, name: 'Free', multiplier: 0 }] },
    field: 'model.shipmentTypes[0].multiplier',
    message: /above 0/,
  },
  {
    name: 'an international rate with no price',
    model: { intlRates: [{ fromCountry: 'US', toCountry: 'MX' }] },
    field: 'model.intlRates[0]',
    message: /neither a flat amount nor a rate per unit/,
  },
  {
    name: 'two international rates for one pair',
    model: {
      intlRates: [
        { fromCountry: 'US', toCountry: 'MX', flatAmount: 1 },
        { fromCountry: 'us', toCountry: 'mx', flatAmount: 2 },
      ],
    },
    field: 'model.intlRates[1]',
    message: /Two international rates from US to MX/,
  },
  {
    name: 'two zone rates for one pair',
    model: {
      zoneRates: [
        { fromZoneId: 1, toZoneId: 2, amount: 1 },
        { fromZoneId: 1, toZoneId: 2, amount: 2 },
      ],
    },
    field: 'model.zoneRates[1]',
    message: /Two zone rates from zone 1 to zone 2/,
  },
  {
    name: 'a missing FX pair, named',
    model: flatIn('CAD', 10),
    shipment: ONE_CAD_CHARGE,
    fx: [{ from: 'EUR', to: 'USD', rate: 1.1, date: '2024-01-01' }],
    field: 'fx',
    message: /^No FX rate from CAD to USD \(or from USD to CAD\) dated on or before 2024-03-01\.$/,
  },
  {
    name: 'an FX pair dated only after the quote date',
    model: flatIn('CAD', 10),
    shipment: ONE_CAD_CHARGE,
    fx: CAD_USD,
    asOf: '2023-12-31',
    field: 'fx',
    message: /No FX rate from CAD to USD .* on or before 2023-12-31/,
  },
  {
    name: 'a missing FX pair for the linehaul',
    model: { currency: 'CAD' },
    shipment: { distance: 10, currency: 'MXN' },
    fx: CAD_USD,
    field: 'fx',
    message: /No FX rate from CAD to MXN/,
  },
  {
    name: 'two different rates of one pair on one day',
    model: flatIn('CAD', 10),
    shipment: ONE_CAD_CHARGE,
    fx: [...CAD_USD, { from: 'CAD', to: 'USD', rate: 0.81, date: '2024-03-01' }],
    field: 'fx',
    message: /Two different FX rates from CAD to USD are dated 2024-03-01 \(0.8 and 0.81\)/,
  },
  { name: 'an FX rate of 0', fx: [{ from: 'CAD', to: 'USD', rate: 0, date: '2024-01-01' }], field: 'fx[0].rate', message: /above 0/ },
  { name: 'an FX date that is no date', fx: [{ from: 'CAD', to: 'USD', rate: 0.7, date: '2024-02-30' }], field: 'fx[0].date', message: /YYYY-MM-DD/ },
  { name: 'a quote date that is no date', asOf: '01/03/2024', field: 'asOf', message: /asOf must be a date written YYYY-MM-DD, got "01\/03\/2024"/ },
];

describe('refused input', () => {
  for (const c of errors) {
    it(c.name, () => {
      assert.throws(
        () => rate(model(c.model), shipment(c.shipment), c.fx ?? [], c.asOf ?? ASOF),
        (err: unknown) => {
          assert.ok(err instanceof RatingError, String(err));
          assert.equal(err.name, 'RatingError');
          assert.equal(err.field, c.field, err.message);
          assert.match(err.message, c.message);
          return true;
        },
      );
    });
  }
});
