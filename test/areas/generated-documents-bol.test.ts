// The bill of lading as the people who handle the freight read it: time windows in each stop's
// local time (the place's time zone, named), the shipper by its name (the place's label after it),
// every item's barcode, and the driver and truck of the route the stops are on. Read back from the
// PDF's text.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { createCustomer, createDriver, createQuote, createRoute, createTruck, type Session, signIn } from '../helpers/factories.js';
import { pdfPages, pdfText } from '../helpers/pdf.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (s: Session, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: s.token, ...(body !== undefined ? { body } : {}) });

const DAY = '2026-07-14';

/** An approved order of Ridge Tiles: picked up at its "Main yard" in Dallas, delivered in Houston
 *  (20:00–23:00 UTC) and in El Paso (16:00–18:30 UTC); one item with a barcode given, one without. */
async function order(admin: Session) {
  const customer = await createCustomer(t, admin, { name: 'Ridge Tiles' });
  const place = (street: string, city: string, postalCode: string, latitude: number, longitude: number, name?: string) => ({
    ...(name ? { name } : {}),
    street,
    city,
    state: 'TX',
    postalCode,
    country: 'US',
    latitude,
    longitude,
  });
  const q = await createQuote(t, admin, {
    customerId: customer.id,
    stops: [
      {
        type: 'Pickup',
        date: DAY,
        address: place('2500 Victory Ave', 'Dallas', '75219', 32.7905, -96.8104, 'Main yard'),
        timeWindowStart: `${DAY}T13:00:00Z`,
        timeWindowEnd: `${DAY}T15:00:00Z`,
        items: [
          { description: 'Pallets of tiles', quantity: 4, weight: 3200, pallets: 4 },
          { description: 'Grout buckets', quantity: 12, weight: 240, barcode: 'GROUT-12' },
        ],
      },
      {
        type: 'Delivery',
        date: DAY,
        address: place('1510 Polk St', 'Houston', '77002', 29.7523, -95.3582),
        timeWindowStart: `${DAY}T20:00:00Z`,
        timeWindowEnd: `${DAY}T23:00:00Z`,
      },
      {
        type: 'Delivery',
        date: DAY,
        address: place('500 W San Antonio Ave', 'El Paso', '79901', 31.7584, -106.4783),
        timeWindowStart: `${DAY}T16:00:00Z`,
        timeWindowEnd: `${DAY}T18:30:00Z`,
      },
    ],
  });
  const approved = await api(admin, 'PUT', `/Quotes/ApproveQuote?quoteId=${q.id}`);
  assert.equal(approved.status, 200, JSON.stringify(approved.body));
  return q;
}

async function bol(admin: Session, orderId: number, name: string): Promise<string> {
  const res = await api(admin, 'GET', `/Documents/BillOfLanding/${orderId}/0`);
  assert.equal(res.status, 200, res.raw.toString().slice(0, 300));
  await pdfPages(res.raw, name);
  return pdfText(res.raw);
}

/** A field of the grid of fields as pdftotext lays it out: its label, its value under it. */
function field(text: string, label: string): string | null {
  const lines = text.split('\n');
  for (const [i, line] of lines.entries()) {
    const at = line.search(new RegExp(`(^|\\s{2})${label}(\\s{2}|$)`));
    if (at < 0) continue;
    const col = line.indexOf(label, at);
    return (
      (lines[i + 1] ?? '')
        .slice(col)
        .trim()
        .split(/\s{2,}/)[0] ?? null
    );
  }
  return null;
}

describe('the bill of lading', () => {
  it("prints each stop's time window in the place's local time, naming the zone", async () => {
    const admin = await signIn(t);
    const q = await order(admin);
    const text = await bol(admin, q.id, 'bol-local-times');
    // Dallas and Houston keep Central time (CDT in July), El Paso Mountain time (MDT).
    assert.ok(text.includes('08:00–10:00 CDT'), text);
    assert.ok(text.includes('15:00–18:00 CDT'), text);
    assert.ok(text.includes('10:00–12:30 MDT'), text);
    assert.doesNotMatch(text, /UTC/);
  });

  it("names the shipper by the customer's name, the place's label after it", async () => {
    const admin = await signIn(t);
    const q = await order(admin);
    const text = await bol(admin, q.id, 'bol-shipper');
    const lines = text.split('\n');
    const head = lines.findIndex((l) => /^\s*SHIPPER\s+CONSIGNEE\s+BILL TO/.test(l));
    assert.ok(head >= 0, text);
    // The first column of the parties: the shipper's lines.
    const shipper = lines
      .slice(head + 1, head + 6)
      .map((l) => l.trim().split(/\s{2,}/)[0])
      .filter(Boolean);
    assert.deepEqual(shipper.slice(0, 3), ['Ridge Tiles', 'Main yard', '2500 Victory Ave']);
  });

  it("prints every item's barcode: its own, or the one its label carries", async () => {
    const admin = await signIn(t);
    const q = await order(admin);
    const tiles = q.stops[0].items.find((i: any) => i.description === 'Pallets of tiles');
    const text = await bol(admin, q.id, 'bol-barcodes');
    assert.match(text, /Pallets of tiles\s.*\s4\s.*3,200 lb\s+4\s+(\S+)/);
    const printed = /Pallets of tiles\s.*\s4\s.*3,200 lb\s+4\s+(\S+)/.exec(text)![1];
    assert.equal(printed, `${q.orderNumber}-${tiles.id}`);
    assert.match(text, /Grout buckets\s.*GROUT-12/);
    // The same code the labels carry, kept on the item.
    const codes = (await api(admin, 'GET', `/Orders/${q.id}/Barcodes`)).body.data;
    assert.equal(codes.find((c: any) => c.itemId === tiles.id).barcode, printed);
  });

  it('prints the driver and the truck of the route the stops are on', async () => {
    const admin = await signIn(t);
    const q = await order(admin);
    const unrouted = await bol(admin, q.id, 'bol-unrouted');
    assert.equal(field(unrouted, 'Driver'), null);
    const driver = await createDriver(t, admin, { firstName: 'Rosa', lastName: 'Delgado', phone: '+1 214 555 0142' });
    const truck = await createTruck(t, admin, { name: 'Unit 42', plateNumber: 'TX 7KD 301' });
    const route = await createRoute(t, admin, { name: 'Texas triangle', date: DAY, driverId: driver.id, truckId: truck.id });
    const stopIds = q.stops.map((s: any) => s.id);
    const assigned = await api(admin, 'POST', `/Routes/${route.id}/assign-unassigned-stop`, { orderStopIds: stopIds });
    assert.equal(assigned.status, 200, JSON.stringify(assigned.body));
    const text = await bol(admin, q.id, 'bol-routed');
    assert.equal(field(text, 'Route'), 'Texas triangle');
    assert.match(field(text, 'Driver') ?? '', /^Rosa Delgado/);
    assert.equal(field(text, 'Truck'), 'Unit 42, plate TX 7KD 301');
  });
});
