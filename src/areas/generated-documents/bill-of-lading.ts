// The bill of lading and the labels of an order, as document models. The bill of lading names the
// shipper (the first pickup), the consignee (the delivery asked for, else the last one), who is
// billed, the route's driver and truck, every stop (its window in its place's local time), every
// item with its barcode and the totals, with lines to sign and the company's terms. Labels: one per
// item line, with the item's Code 128 barcode (the one GET /Orders/{id}/Barcodes gives it).
import type { Block, LabelDocument, Letterhead, PageDocument, Row } from '../../integrations/documents/index.js';
import type { ContactRow, CustomerT } from '../customers/index.js';
import type { OrderItemT, OrderStopT, OrderT } from '../orders/index.js';
import { addressLines, day, num, placeLines, timeWindow, zoneOfPlace } from './format.js';

export interface BolOptions {
  /** Only this delivery (with the pickups): its consignee, its stops' items. */
  deliveryId?: number | undefined;
  highlightItems: boolean;
  splitOrderStopItems: boolean;
}

export interface OrderContext {
  order: OrderT;
  customer: CustomerT;
  contact: ContactRow | null;
  letterhead: Letterhead;
}

/** The company's terms at the end of a page document, when it has a default text. */
export const termsBlocks = (letterhead: Letterhead): Block[] =>
  letterhead.terms ? [{ kind: 'text', title: letterhead.terms.title, text: letterhead.terms.content }] : [];

/** Who is billed: the customer, at its main address, with its email and phone. */
export function billTo(customer: CustomerT): string[] {
  const main = customer.addresses.find((a) => a.isMain) ?? customer.addresses[0];
  return [customer.name, ...(main ? addressLines(main) : []), customer.email ?? '', customer.phone ?? ''].filter((line) => line !== '');
}

/** Who ships from a pickup: the customer owning its place (the order's customer for a place of
 *  none, a site of the company); other stops are named by their place alone. */
export const shipperName = (stop: OrderStopT, customerName: string) => (stop.type === 'Pickup' ? (stop.address.customerName ?? customerName) : null);

/** A stop's place as printed: a pickup under its shipper's name, the place's own label ("Main
 *  yard") after it; another stop under its label. */
export function stopPlaceLines(stop: OrderStopT, customerName: string, contact: { name: string | null; phone: string | null } | null = null): string[] {
  const shipper = shipperName(stop, customerName);
  const lines = placeLines(stop.address, shipper, contact);
  const label = stop.address.name?.trim();
  return shipper && label && label !== shipper ? [shipper, ...lines] : lines;
}

/** The window of a stop in its place's local time. */
export const stopWindow = (stop: OrderStopT) => timeWindow(stop.timeWindowStart, stop.timeWindowEnd, zoneOfPlace(stop.address));

export const stopTitle = (stop: OrderStopT) => `${stop.sequence}. ${stop.type}`;
const stopPlace = (stop: OrderStopT) => [stop.address.name, stop.address.city].filter(Boolean).join(', ');

/** The stops a document shows: all, or the pickups and one delivery. */
export function stopsShown(order: OrderT, deliveryId: number | undefined): OrderStopT[] {
  return deliveryId === undefined ? order.stops : order.stops.filter((s) => s.type !== 'Delivery' || s.id === deliveryId);
}

export function totalsOf(items: readonly OrderItemT[], weightUnit: string): Array<[string, string]> {
  const sum = (pick: (i: OrderItemT) => number | null) => items.reduce((s, i) => s + (pick(i) ?? 0), 0);
  const weight = sum((i) => i.weight);
  const pallets = sum((i) => i.pallets);
  return [
    ['Pieces', num(sum((i) => i.quantity))],
    ['Total weight', weight > 0 ? `${num(weight)} ${weightUnit}` : ''],
    ['Pallets', pallets > 0 ? num(pallets) : ''],
  ];
}

export function stopsTable(stops: readonly OrderStopT[], customerName: string): Block {
  return {
    kind: 'table',
    columns: [
      { title: 'Stop', width: 1.1 },
      { title: 'Place', width: 3.2 },
      { title: 'Date and window', width: 1.6 },
      { title: 'Instructions', width: 2.4 },
    ],
    rows: stops.map((s) => ({
      cells: [
        stopTitle(s),
        stopPlaceLines(s, customerName, { name: s.contactName, phone: s.contactPhone }).join('\n'),
        [day(s.date), stopWindow(s)].filter(Boolean).join('\n'),
        [s.driverInstructions, s.notes].filter(Boolean).join('\n'),
      ],
    })),
    empty: 'No stops.',
  };
}

function itemRows(
  items: readonly OrderItemT[],
  stopOf: Map<number, OrderStopT>,
  codeOf: Map<number, string>,
  unit: string,
  highlight: boolean,
  withStop: boolean,
): Row[] {
  return items.map((i) => {
    const stop = stopOf.get(i.stopId);
    const cells = [i.description, num(i.quantity), i.weight === null ? '' : `${num(i.weight)} ${unit}`, num(i.pallets), codeOf.get(i.id) ?? i.barcode ?? ''];
    // The stop by its number and type: the stops table above says where it is.
    return { cells: withStop ? [stop ? stopTitle(stop) : '', ...cells] : cells, highlight };
  });
}

const ITEM_COLUMNS = [
  { title: 'Description', width: 3.4 },
  { title: 'Qty', width: 0.7, align: 'right' as const },
  { title: 'Weight', width: 1.1, align: 'right' as const },
  { title: 'Pallets', width: 0.8, align: 'right' as const },
  { title: 'Barcode', width: 1.6 },
];

/** A route the order's stops are on, with its driver and truck as printed (null: none yet). */
export interface RouteCrew {
  id: number;
  name: string;
  driver: string | null;
  truck: string | null;
}

/** What a bill of lading prints besides the order: its items' barcodes (the labels' codes) and
 *  the routes its stops are on. */
export interface Handling {
  codes: readonly ItemCode[];
  routes: readonly RouteCrew[];
}

/** Route, driver and truck fields: one value per route the shown stops are on, in stop order. */
function crewFields(stops: readonly OrderStopT[], routes: readonly RouteCrew[]): Array<[string, string]> {
  const ids = [...new Set(stops.map((s) => s.routeId).filter((id): id is number => id !== null))];
  const crews = ids.map((id) => routes.find((r) => r.id === id)).filter((r): r is RouteCrew => r !== undefined);
  if (crews.length === 0) return [];
  const list = (pick: (r: RouteCrew) => string | null) => crews.map((r) => pick(r) ?? 'not assigned').join('; ');
  return [
    ['Route', list((r) => r.name)],
    ['Driver', list((r) => r.driver)],
    ['Truck', list((r) => r.truck)],
  ];
}

export function billOfLading(
  { order, customer, contact, letterhead }: OrderContext,
  options: BolOptions,
  today: string,
  handling: Handling = { codes: [], routes: [] },
): PageDocument {
  const stops = stopsShown(order, options.deliveryId);
  const pickups = stops.filter((s) => s.type === 'Pickup');
  const deliveries = stops.filter((s) => s.type === 'Delivery');
  const shipper = pickups[0] ?? stops[0];
  const consignee = deliveries.at(-1) ?? stops.at(-1);
  const items = stops.flatMap((s) => s.items);
  const stopOf = new Map(stops.map((s) => [s.id, s]));
  const codeOf = new Map(handling.codes.map((c) => [c.itemId, c.barcode]));
  const place = (stop: OrderStopT | undefined) => (stop ? stopPlaceLines(stop, customer.name, { name: stop.contactName, phone: stop.contactPhone }) : []);

  const itemBlocks: Block[] = options.splitOrderStopItems
    ? stops
        .filter((s) => s.items.length > 0)
        .flatMap((s): Block[] => [
          { kind: 'heading', text: `Items of stop ${stopTitle(s)} — ${stopPlace(s)}` },
          { kind: 'table', columns: ITEM_COLUMNS, rows: itemRows(s.items, stopOf, codeOf, order.weightUnit, options.highlightItems, false) },
        ])
    : [
        { kind: 'heading', text: 'Items' },
        {
          kind: 'table',
          columns: [{ title: 'Stop', width: 1.1 }, ...ITEM_COLUMNS],
          rows: itemRows(items, stopOf, codeOf, order.weightUnit, options.highlightItems, true),
          empty: 'No items.',
        },
      ];
  const notes = [order.notes, contact ? `Order contact: ${[contact.name, contact.phone, contact.email].filter(Boolean).join(', ')}` : null].filter(Boolean);

  return {
    kind: 'pages',
    title: 'Bill of lading',
    letterhead,
    reference: [
      ['BOL number', order.orderNumber],
      ['Date', today],
      ...(order.referenceNumber ? [['Customer reference', order.referenceNumber] as [string, string]] : []),
    ],
    blocks: [
      {
        kind: 'parties',
        parties: [
          { title: 'Shipper', lines: place(shipper) },
          { title: 'Consignee', lines: place(consignee) },
          { title: 'Bill to', lines: billTo(customer) },
        ],
      },
      {
        kind: 'fields',
        fields: [
          ['Carrier', letterhead.companyName],
          ...crewFields(stops, handling.routes),
          ['Pickup date', day(shipper?.date)],
          ['Delivery date', day(consignee?.date)],
          ['Distance', order.distance === null ? '' : `${num(order.distance)} ${order.distanceUnit}`],
          ...totalsOf(items, order.weightUnit),
          ['Order status', order.status],
        ],
      },
      { kind: 'heading', text: 'Stops' },
      stopsTable(stops, customer.name),
      ...itemBlocks,
      ...(notes.length > 0 ? [{ kind: 'text', title: 'Notes', text: notes.join('\n') } as Block] : []),
      { kind: 'signatures', boxes: ['Shipper signature and date', 'Carrier signature and pickup date', 'Consignee signature and delivery date'] },
      ...termsBlocks(letterhead),
    ],
  };
}

/** The barcode of each item line (GET /Orders/{id}/Barcodes). */
export interface ItemCode {
  itemId: number;
  barcode: string;
}

export function labels({ order, customer, letterhead }: OrderContext, codes: readonly ItemCode[]): LabelDocument {
  const codeOf = new Map(codes.map((c) => [c.itemId, c.barcode]));
  const pickups = order.stops.filter((s) => s.type === 'Pickup');
  const deliveries = order.stops.filter((s) => s.type === 'Delivery');
  const items = order.stops.flatMap((stop) => stop.items.map((item) => ({ stop, item })));
  const short = (stop: OrderStopT | undefined) => (stop ? stopPlaceLines(stop, customer.name) : []);
  return {
    kind: 'labels',
    title: 'Labels',
    letterhead,
    labels: items.map(({ stop, item }, n) => {
      // Where the item goes: its own stop when it is a delivery, else the order's last delivery.
      const to = stop.type === 'Delivery' ? stop : (deliveries.at(-1) ?? stop);
      const from = stop.type === 'Pickup' ? stop : (pickups[0] ?? stop);
      return {
        barcode: codeOf.get(item.id) ?? item.barcode ?? `${order.orderNumber}-${item.id}`,
        orderNumber: order.orderNumber,
        sequence: `${n + 1} of ${items.length}`,
        from: short(from),
        to: short(to),
        description: item.description,
        details: [
          `Qty ${num(item.quantity)}`,
          item.weight === null ? '' : `${num(item.weight)} ${order.weightUnit}`,
          item.pallets === null ? '' : `${num(item.pallets)} pallet${item.pallets === 1 ? '' : 's'}`,
        ].filter(Boolean),
        reference: order.referenceNumber,
      };
    }),
  };
}
