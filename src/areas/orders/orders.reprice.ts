// After a change that affects the price or the places (a stop added, stops swapped), the order is
// priced again from its stops and items, and its search text remade — in the change's transaction.
// A price set by hand stays; a distance the client gave stays, one measured is measured again.
import type { Tenant } from '../../db/tenant.js';
import { type AddressRow, placesByIds } from '../customers/index.js';
import { today } from './order-state.js';
import { priceOrder } from './orders.pricing.js';
import { itemsOf, orderRecords, stopsOf, updateOrder } from './orders.repository.js';

/** What the order's search finds it by: its number, its customer's name, its stops' places. */
export function searchTextOf(orderNumber: string, customerName: string, places: readonly AddressRow[]): string {
  const parts = [orderNumber, customerName];
  for (const p of places) parts.push(p.name ?? '', p.street, p.street2 ?? '', p.city, p.state ?? '', p.postal_code ?? '', p.country);
  return parts.filter(Boolean).join(' ').toLowerCase();
}

/** Prices an order this request read already (and changed), again. */
export async function reprice(t: Tenant, orderId: number): Promise<void> {
  const row = await orderRecords.reread(t, orderId, { includeDeleted: true });
  const [stops, items] = await Promise.all([stopsOf(t, [orderId]), itemsOf(t, [orderId])]);
  const byId = new Map((await placesByIds(t, [...new Set(stops.map((s) => s.address_id))])).map((p) => [p.id, p]));
  const places = stops.map((s) => byId.get(s.address_id)!);
  const price = await priceOrder(
    t,
    {
      customerId: row.customer_id,
      currency: row.currency,
      distance: row.is_distance_given ? row.distance : null,
      distanceUnit: row.distance_unit,
      weightUnit: row.weight_unit,
      shipmentTypeId: row.shipment_type_id,
      chargeTypeIds: row.charge_type_ids,
      customTotal: row.is_custom_price ? row.total_price : null,
    },
    stops.map((s, k) => ({ type: s.type, place: places[k]!, items: items.filter((i) => i.stop_id === s.id) })),
    today(),
  );
  await updateOrder(t, [row], {
    currency: price.currency,
    total_price: price.total,
    price_lines: JSON.stringify(price.lines),
    price_warnings: JSON.stringify(price.warnings),
    distance: price.distance,
    search_text: searchTextOf(row.order_number, row.customer_name, places),
  });
}
