// The invoice's lines as printed add up: each line's printed quantity × printed rate is its printed
// amount to the cent (half up, as accounting makes it), or, for a percentage charge, the printed
// base × the printed percent; zone rates name their zones. Read back from the PDF's text.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Decimal } from 'decimal.js';
import { sql } from 'kysely';
import { type RatingModel, rate } from '../../src/pricing/rating/index.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { createCustomer, type Session, signIn, signInAdmin, startDemoApp, type TestCompany } from '../helpers/factories.js';
import { pdfPages, pdfText } from '../helpers/pdf.js';

interface PrintedLine {
  description: string;
  quantity: string;
  rate: string;
  amount: string;
}

/** The rows of the invoice's line table: between its header and the subtotal, split on runs of spaces. */
function printedLines(text: string): PrintedLine[] {
  const rows = text.split('\n');
  const head = rows.findIndex((r) => /^\s*Description\s+Quantity.*Rate\s+Amount\s*$/.test(r));
  const end = rows.findIndex((r, i) => i > head && /^\s+Subtotal\s/.test(r));
  assert.ok(head >= 0 && end > head, text);
  return rows
    .slice(head + 1, end)
    .filter((r) => r.trim() !== '')
    .map((r) => {
      const cells = r.trim().split(/\s{2,}/);
      assert.equal(cells.length, 4, `a line of four cells: ${r}`);
      const [description, quantity, rate, amount] = cells as [string, string, string, string];
      return { description, quantity, rate, amount };
    });
}

const number = (printed: string) => new Decimal(printed.replace(/[$,\s%]/g, ''));
const cents = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** Asserts the line adds up as printed; answers whether it was laid out as a percentage of a base. */
function expectAddsUp(line: PrintedLine): boolean {
  const amount = number(line.amount);
  if (line.rate.endsWith('%')) {
    assert.match(line.quantity, /^-?\$[\d,]+\.\d\d$/, `the base of a percentage is money: ${JSON.stringify(line)}`);
    assert.ok(cents(number(line.quantity).times(number(line.rate)).dividedBy(100)).equals(amount), `base × percent: ${JSON.stringify(line)}`);
    return true;
  }
  assert.doesNotMatch(line.quantity, /\$/, `a quantity is no money: ${JSON.stringify(line)}`);
  assert.ok(cents(number(line.quantity).times(number(line.rate))).equals(amount), `quantity × rate: ${JSON.stringify(line)}`);
  return false;
}

describe("a zone rate's line", () => {
  const model = (zoneRates: RatingModel['zoneRates']): RatingModel => ({
    currency: 'USD',
    distanceUnit: 'mi',
    baseCharge: 0,
    mileageMode: 'tiered',
    mileageBands: [{ fromDistance: 0, toDistance: null, ratePerUnit: 2 }],
    zoneRates,
    intlRates: [],
    shipmentTypes: [],
    charges: [],
  });
  const described = (zoneRates: RatingModel['zoneRates'], fromZoneId: number, toZoneId: number) =>
    rate(
      model(zoneRates),
      {
        distance: 10,
        distanceUnit: 'mi',
        fromZoneId,
        toZoneId,
        fromCountry: 'US',
        toCountry: 'US',
        stops: 2,
        items: 0,
        pallets: 0,
        weight: 0,
        weightUnit: 'lb',
        chargeIds: [],
      },
      [],
      '2024-03-01',
    ).lines[0]!.description;

  it('names its zones the way the shipment goes, and reads their ids without names', () => {
    const named = [{ fromZoneId: 3, toZoneId: 1, amount: 465, bothDirections: true, fromZoneName: 'Dallas metro', toZoneName: 'Austin metro' }];
    assert.equal(described(named, 3, 1), 'Zone rate, Dallas metro to Austin metro');
    assert.equal(described(named, 1, 3), 'Zone rate, Austin metro to Dallas metro');
    assert.equal(described([{ fromZoneId: 3, toZoneId: 1, amount: 465 }], 3, 1), 'Zone rate, zone 3 to zone 1');
  });
});

describe('the invoice lines as printed', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp();
  });
  after(() => t.close());

  const get = (s: Session, url: string) => call(t, 'GET', `/api/v1${url}`, { token: s.token });

  it('add up on every kind of line: flat, per mile, per unit, percentage, minimum and discounts', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin, { name: 'Lines & Co' });
    const { rows } = await sql<{ id: number }>`select id from charge_types where company_id = ${admin.companyId} and code = 'FUEL'`.execute(t.database.db);
    const fuel = rows[0]!.id;
    // The fuel surcharge is a percentage of the linehaul, kept as linehaul × rate (0.185 is 18.5 %).
    assert.equal((await call(t, 'PUT', `/api/v1/Accounting/chargeTypes/${fuel}`, { token: admin.token, body: { rate: 18.5 } })).status, 200);
    const lines = [
      { description: 'Liftgate', quantity: 1, rate: 75 },
      { description: 'International rate MX to US, per mi', quantity: 967.55, rate: 2.9 },
      { description: 'Pallet handling', quantity: 7, rate: 8.5 },
      { description: 'Overweight, per lb', quantity: 2640, rate: 0.015 },
      { description: 'Detention', quantity: 3, rate: 33.335 },
      { chargeTypeId: fuel, description: 'Fuel surcharge', quantity: 2805.9, rate: 0.185 },
      { chargeTypeId: fuel, description: 'Fuel surcharge (minimum)', quantity: 1, rate: 25 },
      { description: 'Minimum linehaul', quantity: 1, rate: 40 },
      { description: 'Loyalty discount', quantity: 1, rate: -25 },
      { description: 'Volume discount', quantity: 10, rate: -1.2345 },
      { description: 'Weight, per kg', quantity: 12.345, rate: 0.5 },
    ];
    const res = await call(t, 'POST', '/api/v1/Accounting/invoice', { token: admin.token, body: { customerId: customer.id, lines } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const invoice = res.body.data.invoice;
    const pdf = (await get(admin, `/Documents/Invoice/${invoice.id}/0`)).raw;
    await pdfPages(pdf, 'invoice-lines');
    const printed = printedLines(await pdfText(pdf));
    assert.deepEqual(
      printed.map((l) => l.description),
      lines.map((l) => l.description),
    );
    const percentages = printed.filter(expectAddsUp).map((l) => [l.description, l.quantity, l.rate, l.amount]);
    // The fuel surcharge reads as 18.5 % of its base; its minimum (a flat amount) as 1 × the amount.
    assert.deepEqual(percentages, [['Fuel surcharge', '$2,805.90', '18.5 %', '$519.09']]);
    const detention = printed.find((l) => l.description === 'Detention')!;
    assert.deepEqual([detention.quantity, detention.rate, detention.amount], ['3', '$33.335', '$100.01']);
    const discount = printed.find((l) => l.description === 'Volume discount')!;
    assert.deepEqual([discount.quantity, discount.rate, discount.amount], ['10', '-$1.2345', '-$12.35']);
  });
});

describe('the demo invoices as printed', () => {
  let t: TestApp;
  let company: TestCompany;
  before(async () => {
    ({ t, company } = await startDemoApp());
  });
  after(() => t.close());

  it('add up line by line, and name the zones of zone rates', async () => {
    const admin = await signInAdmin(t, company);
    const { rows: invoices } = await sql<{ id: number }>`select id from invoices where company_id = ${company.companyId} order by id`.execute(t.database.db);
    const { rows: zones } = await sql<{ name: string }>`select name from zones where company_id = ${company.companyId}`.execute(t.database.db);
    let percentages = 0;
    const zoneLines: string[] = [];
    for (const { id } of invoices) {
      const res = await call(t, 'GET', `/api/v1/Documents/Invoice/${id}/0`, { token: admin.token });
      assert.equal(res.status, 200);
      const text = await pdfText(res.raw);
      // One of each kind as a picture (PDF_PNG_DIR keeps it to be looked at).
      if (zoneLines.length === 0 && text.includes('Zone rate')) await pdfPages(res.raw, 'demo-invoice-zone');
      if (percentages === 0 && text.includes(' %')) await pdfPages(res.raw, 'demo-invoice-percent');
      for (const line of printedLines(text)) {
        if (expectAddsUp(line)) percentages++;
        // The fuel surcharge (a percentage of the linehaul, the company's rate or a customer's own)
        // reads as one unless its minimum set it (then 1 × the amount).
        if (line.description === 'Fuel surcharge' && line.quantity !== '1') assert.match(line.rate, /%$/, JSON.stringify(line));
        assert.doesNotMatch(line.description, /\bzone \d+\b/i, line.description);
        if (line.description.startsWith('Zone rate')) zoneLines.push(line.description);
      }
    }
    assert.ok(percentages > 0, 'the demo bills fuel surcharges');
    assert.ok(zoneLines.length > 0, 'the demo bills zone rates');
    const names = zones.map((z) => z.name);
    for (const line of zoneLines) {
      const [, from, to] = /^Zone rate, (.+) to (.+)$/.exec(line) ?? [];
      assert.ok(from && to && names.includes(from) && names.includes(to), `${line}: the zones by name (${names.join(', ')})`);
    }
  });
});
