// What an order answers about itself: its items' barcodes (a label each; an item without one gets
// `<orderNumber>-<itemId>` the first time they are asked for), the people to call, the job sites'
// email addresses and the warnings on its stops (no time window, a non-working day, an address
// without coordinates, more than the company's largest type of truck carries).
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { KG_PER_LB } from '../../pricing/rating/index.js';
import { largestCapacity } from '../carriers/index.js';
import { contactsOfCustomers, placesByIds, toContact } from '../customers/index.js';
import { daysOffAmong } from '../settings/index.js';
import * as repo from './details.repository.js';
import type { OrderBarcodeT, StopWarningsT } from './details.schemas.js';
import { barcodesTaken, itemsOf, type OrderRow, stopsOf } from './orders.repository.js';
import { addItemEvents } from './stops.repository.js';

/** A weight in `to` units. */
const weightIn = (value: number, from: string, to: string) => (from === to ? value : from === 'kg' ? value / KG_PER_LB : value * KG_PER_LB);

// Each order is read already, deleted ones too: by the route's id gate (`anyOrderRecords`), or by
// the generated documents that print it.
export function detailsService() {
  return {
    async barcodes(t: Tenant, order: Pick<OrderRow, 'id' | 'order_number' | 'status'>): Promise<OrderBarcodeT[]> {
      const orderId = order.id;
      const items = await itemsOf(t, [orderId]);
      const wanted = items.filter((i) => i.barcode === null).map((i) => ({ itemId: i.id, barcode: `${order.order_number}-${i.id}` }));
      // A code a client gave another item by hand is not given twice.
      const taken = new Set(
        await barcodesTaken(
          t,
          wanted.map((w) => w.barcode),
        ),
      );
      const given = wanted.map((w) => (taken.has(w.barcode) ? { ...w, barcode: `${w.barcode}-${w.itemId}` } : w));
      // A closed or deleted order is not changed: its items' codes are answered, not kept.
      const keep = order.status !== 'Closed' && order.status !== 'Deleted';
      if (keep && given.length > 0) {
        await repo.setBarcodes(t, given);
        const stopOf = new Map(items.map((i) => [i.id, i.stop_id]));
        await addItemEvents(
          t,
          given.map((g) => ({ order_id: orderId, item_id: g.itemId, stop_id: stopOf.get(g.itemId) ?? null, type: 'BarcodeAssigned', note: g.barcode })),
        );
        await audit(t, { action: 'order.barcodes_assigned', entityType: 'order', entityId: orderId, after: given });
      }
      const byItem = new Map(given.map((g) => [g.itemId, g.barcode]));
      return items.map((i) => ({ itemId: i.id, stopId: i.stop_id, description: i.description, quantity: i.quantity, barcode: i.barcode ?? byItem.get(i.id)! }));
    },

    async contacts(t: Tenant, order: OrderRow) {
      const orderId = order.id;
      const [[customer], contacts, stops] = await Promise.all([
        repo.customersByIds(t, [order.customer_id]),
        contactsOfCustomers(t, [order.customer_id]),
        stopsOf(t, [orderId]),
      ]);
      const places = new Map(
        (
          await placesByIds(
            t,
            stops.map((s) => s.address_id),
          )
        ).map((p) => [p.id, p]),
      );
      const answers = contacts.map(toContact);
      return {
        orderId,
        customerId: order.customer_id,
        customerName: order.customer_name,
        customerEmail: customer?.email ?? null,
        customerPhone: customer?.phone ?? null,
        orderContact: answers.find((c) => c.id === order.contact_id) ?? null,
        contacts: answers,
        stopContacts: stops.map((s) => ({
          stopId: s.id,
          type: s.type,
          sequence: s.sequence,
          contactName: s.contact_name ?? places.get(s.address_id)?.contact_name ?? null,
          contactPhone: s.contact_phone ?? places.get(s.address_id)?.contact_phone ?? null,
        })),
      };
    },

    /** Where to write about the job sites: the stops' appointment emails, then the emails of the
     *  customers whose places the stops are at (their contacts', primary first), each once. */
    async jobSiteEmails(t: Tenant, order: OrderRow): Promise<string[]> {
      const stops = await stopsOf(t, [order.id]);
      const places = await placesByIds(
        t,
        stops.map((s) => s.address_id),
      );
      const owners = [...new Set(places.flatMap((p) => (p.customer_id === null ? [] : [p.customer_id])))];
      const [customers, contacts] = await Promise.all([repo.customersByIds(t, owners), contactsOfCustomers(t, owners)]);
      const emails = [
        ...stops.map((s) => s.appointment_email),
        ...owners.flatMap((id) => [customers.find((c) => c.id === id)?.email ?? null, ...contacts.filter((k) => k.customer_id === id).map((k) => k.email)]),
      ];
      const seen = new Set<string>();
      const out: string[] = [];
      for (const e of emails) {
        const key = e?.trim().toLowerCase();
        if (key && !seen.has(key)) {
          seen.add(key);
          out.push(e!.trim());
        }
      }
      return out;
    },

    async stopWarnings(t: Tenant, order: OrderRow): Promise<StopWarningsT[]> {
      const orderId = order.id;
      const [stops, items, capacity] = await Promise.all([stopsOf(t, [orderId]), itemsOf(t, [orderId]), largestCapacity(t)]);
      const places = new Map(
        (
          await placesByIds(
            t,
            stops.map((s) => s.address_id),
          )
        ).map((p) => [p.id, p]),
      );
      const days = [...new Set(stops.flatMap((s) => (s.date ? [s.date] : [])))];
      const daysOff = await daysOffAmong(t, days);
      const offOn = (day: string) => daysOff.find((d) => d.day === day || (d.is_recurring && d.day <= day && d.day.slice(5) === day.slice(5)));
      return stops.map((s) => {
        const warnings: StopWarningsT['warnings'] = [];
        if (!s.time_window_start && !s.time_window_end) warnings.push({ code: 'no_time_window', message: 'The stop has no time window.' });
        const off = s.date ? offOn(s.date) : undefined;
        if (off) warnings.push({ code: 'non_working_day', message: `${s.date} is a non-working day of the company${off.name ? ` (${off.name})` : ''}.` });
        const place = places.get(s.address_id);
        if (place && (place.latitude === null || place.longitude === null))
          warnings.push({ code: 'no_coordinates', message: 'The address has no coordinates: distance and routes cannot use it.' });
        const mine = items.filter((i) => i.stop_id === s.id);
        const weight = mine.reduce((n, i) => n + (i.weight ?? 0), 0);
        const pallets = mine.reduce((n, i) => n + (i.pallets ?? 0), 0);
        if (capacity.weight !== null && weight > 0 && weightIn(weight, order.weight_unit, capacity.weightUnit ?? 'lb') > capacity.weight)
          warnings.push({
            code: 'over_truck_weight',
            message: `The items weigh ${weight} ${order.weight_unit}, more than the company's largest type of truck carries (${capacity.weight} ${capacity.weightUnit}).`,
          });
        if (capacity.pallets !== null && pallets > capacity.pallets)
          warnings.push({
            code: 'over_truck_pallets',
            message: `${pallets} pallets: more than the company's largest type of truck carries (${capacity.pallets}).`,
          });
        return { stopId: s.id, type: s.type, sequence: s.sequence, warnings };
      });
    },
  };
}

export type DetailsService = ReturnType<typeof detailsService>;
