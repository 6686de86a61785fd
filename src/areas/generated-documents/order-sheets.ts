// The dispatch sheet (the order sheet: everything a dispatcher or driver needs about an order, stop
// by stop) and the quote (what the customer is offered: the route, the charges and the total), as
// document models.
import type { Block, PageDocument } from '../../integrations/documents/index.js';
import type { OrderStopT } from '../orders/index.js';
import { billTo, type OrderContext, stopPlaceLines, stopsTable, stopTitle, stopWindow, termsBlocks, totalsOf } from './bill-of-lading.js';
import { day, money, num } from './format.js';

/** A line of the order's price (Order.priceLines, a PriceLine each). */
interface PriceLine {
  description: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  currency: string;
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function stopBlocks(stop: OrderStopT, customerName: string, weightUnit: string): Block[] {
  const instructions = [stop.driverInstructions ? `Driver: ${stop.driverInstructions}` : '', stop.notes ? `Notes: ${stop.notes}` : ''].filter(Boolean);
  return [
    { kind: 'heading', text: `Stop ${stopTitle(stop)}` },
    {
      kind: 'parties',
      parties: [{ title: 'Place', lines: stopPlaceLines(stop, customerName, { name: stop.contactName, phone: stop.contactPhone }) }],
    },
    {
      kind: 'fields',
      fields: [
        ['Date', day(stop.date)],
        ['Time window', stopWindow(stop)],
        ['Priority', stop.priority],
        ['Appointment', stop.appointmentStatus === 'Nothing' ? '' : [stop.appointmentStatus, stop.appointmentCode].filter(Boolean).join(' ')],
        ['Route', stop.routeId === null ? 'Not routed' : `Route ${stop.routeId}, stop ${stop.routeSequence ?? '?'}`],
        ['Route status', stop.routeStatus],
        ['On hold', yesNo(stop.isOnHold)],
        ['Items', num(stop.items.length)],
      ],
    },
    ...(instructions.length > 0 ? [{ kind: 'text', text: instructions.join('\n') } as Block] : []),
    {
      kind: 'table',
      columns: [
        { title: 'Item', width: 3.6 },
        { title: 'Qty', width: 0.7, align: 'right' },
        { title: 'Weight', width: 1.1, align: 'right' },
        { title: 'Pallets', width: 0.8, align: 'right' },
        { title: 'Barcode', width: 1.6 },
      ],
      rows: stop.items.map((i) => ({
        cells: [i.description, num(i.quantity), i.weight === null ? '' : `${num(i.weight)} ${weightUnit}`, num(i.pallets), i.barcode ?? ''],
      })),
      empty: 'No items at this stop.',
    },
  ];
}

export function dispatchSheet({ order, customer, contact, letterhead }: OrderContext, today: string): PageDocument {
  const items = order.stops.flatMap((s) => s.items);
  return {
    kind: 'pages',
    title: 'Order sheet',
    letterhead,
    reference: [
      ['Order', order.orderNumber],
      ['Status', order.status],
      ['Created', day(order.createdAt)],
      ['Printed', today],
    ],
    blocks: [
      {
        kind: 'parties',
        parties: [
          { title: 'Customer', lines: billTo(customer) },
          { title: 'Order contact', lines: contact ? [contact.name, contact.phone ?? '', contact.email ?? ''].filter(Boolean) : [] },
        ],
      },
      {
        kind: 'fields',
        fields: [
          ['Customer reference', order.referenceNumber ?? ''],
          ['Stops', num(order.stops.length)],
          ['Distance', order.distance === null ? '' : `${num(order.distance)} ${order.distanceUnit}`],
          ['Routing', order.routeBehavior],
          ...totalsOf(items, order.weightUnit),
          ['On hold', yesNo(order.isOnHold)],
        ],
      },
      { kind: 'heading', text: 'Route of the order' },
      stopsTable(order.stops, customer.name),
      ...order.stops.flatMap((s) => stopBlocks(s, customer.name, order.weightUnit)),
      ...(order.notes ? [{ kind: 'text', title: 'Notes', text: order.notes } as Block] : []),
      ...termsBlocks(letterhead),
    ],
  };
}

export function quote({ order, customer, letterhead }: OrderContext, today: string): PageDocument {
  const items = order.stops.flatMap((s) => s.items);
  const pickup = order.stops.find((s) => s.type === 'Pickup');
  const delivery = order.stops.findLast((s) => s.type === 'Delivery');
  const place = (stop: OrderStopT | undefined) => (stop ? stopPlaceLines(stop, customer.name) : []);
  return {
    kind: 'pages',
    title: 'Quote',
    letterhead,
    reference: [
      ['Quote number', order.orderNumber],
      ['Quote date', day(order.createdAt)],
      ['Printed', today],
      ...(order.referenceNumber ? [['Your reference', order.referenceNumber] as [string, string]] : []),
    ],
    blocks: [
      {
        kind: 'parties',
        parties: [
          { title: 'Prepared for', lines: billTo(customer) },
          { title: 'Pickup', lines: place(pickup) },
          { title: 'Delivery', lines: place(delivery) },
        ],
      },
      {
        kind: 'fields',
        fields: [
          ['Pickup date', day(pickup?.date)],
          ['Delivery date', day(delivery?.date)],
          ['Distance', order.distance === null ? '' : `${num(order.distance)} ${order.distanceUnit}`],
          ['Stops', num(order.stops.length)],
          ...totalsOf(items, order.weightUnit),
        ],
      },
      { kind: 'heading', text: 'Route' },
      stopsTable(order.stops, customer.name),
      { kind: 'heading', text: 'Charges' },
      {
        kind: 'table',
        columns: [
          { title: 'Charge', width: 4 },
          { title: 'Quantity', width: 1, align: 'right' },
          { title: 'Unit price', width: 1.3, align: 'right' },
          { title: 'Amount', width: 1.3, align: 'right' },
        ],
        rows: (order.priceLines as PriceLine[]).map((line) => ({
          cells: [
            line.description,
            num(line.quantity),
            money(line.unitPrice, line.currency || order.currency),
            money(line.amount, line.currency || order.currency),
          ],
        })),
        empty: order.isCustomPrice ? 'A price agreed for the whole order.' : 'No charges.',
      },
      { kind: 'totals', lines: [{ label: `Total (${order.currency})`, value: money(order.totalPrice, order.currency), strong: true }] },
      ...(order.notes ? [{ kind: 'text', title: 'Notes', text: order.notes } as Block] : []),
      ...termsBlocks(letterhead),
    ],
  };
}
