// Rows → Order answers: orders with their stops (each with its address and items), read for any
// number of orders in a fixed number of statements (orders.repository.ts), never one per order.
import type { Tenant } from '../../db/tenant.js';
import { type AddressRow, type AddressT, placesByIds, toAddress } from '../customers/index.js';
import { type ItemRow, itemsOf, type OrderRow, type StopRow, stopsOf } from './orders.repository.js';
import type { OrderItemT, OrderStopT, OrderT } from './orders.schemas.js';

export function toItem(row: ItemRow): OrderItemT {
  return {
    id: row.id,
    stopId: row.stop_id,
    description: row.description,
    quantity: row.quantity,
    weight: row.weight,
    pallets: row.pallets,
    barcode: row.barcode,
  };
}

export function toStop(row: StopRow, address: AddressT, items: OrderItemT[]): OrderStopT {
  return {
    id: row.id,
    orderId: row.order_id,
    type: row.type,
    sequence: row.sequence,
    address,
    date: row.date,
    timeWindowStart: row.time_window_start,
    timeWindowEnd: row.time_window_end,
    priority: row.priority,
    appointmentStatus: row.appointment_status,
    appointmentCode: row.appointment_code,
    appointmentEmail: row.appointment_email,
    callOutcome: row.call_outcome as OrderStopT['callOutcome'],
    driverInstructions: row.driver_instructions,
    notes: row.notes,
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    isOnHold: row.is_on_hold,
    routeId: row.route_id,
    routeSequence: row.route_sequence,
    routeStatus: row.route_status,
    items,
  };
}

export function toOrder(row: OrderRow, stops: OrderStopT[]): OrderT {
  return {
    id: row.id,
    orderNumber: row.order_number,
    status: row.status,
    customerId: row.customer_id,
    customerName: row.customer_name,
    contactId: row.contact_id,
    shipmentTypeId: row.shipment_type_id,
    referenceNumber: row.reference_number,
    notes: row.notes,
    currency: row.currency,
    totalPrice: row.total_price,
    buyingPrice: row.buying_price,
    isCustomPrice: row.is_custom_price,
    priceLines: row.price_lines,
    priceWarnings: row.price_warnings,
    distance: row.distance,
    distanceUnit: row.distance_unit,
    weightUnit: row.weight_unit,
    chargeTypeIds: row.charge_type_ids,
    recurrence: row.recurrence,
    routeBehavior: row.route_behavior,
    isOnHold: stops.some((s) => s.isOnHold),
    stops,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    approvedAt: row.approved_at,
    closedAt: row.closed_at,
    deletedAt: row.deleted_at,
  };
}

/** An order from its rows: its stops in sequence, its items by stop and id, the stops' places. */
export function orderFromRows(row: OrderRow, stops: readonly StopRow[], items: readonly ItemRow[], places: readonly AddressRow[]): OrderT {
  return group([row], stops, items, new Map(places.map((p) => [p.id, toAddress(p)])))[0]!;
}

/** The orders of these rows, whole, in the rows' order. */
export async function ordersOf(t: Tenant, rows: readonly OrderRow[]): Promise<OrderT[]> {
  const ids = rows.map((r) => r.id);
  const [stops, items] = await Promise.all([stopsOf(t, ids), itemsOf(t, ids)]);
  const places = new Map((await placesByIds(t, [...new Set(stops.map((s) => s.address_id))])).map((p) => [p.id, toAddress(p)]));
  return group(rows, stops, items, places);
}

/** Orders from their rows and their stops', items' and places' rows (read for all of them at once). */
export function group(rows: readonly OrderRow[], stops: readonly StopRow[], items: readonly ItemRow[], places: Map<number, AddressT>): OrderT[] {
  const itemsByStop = new Map<number, OrderItemT[]>();
  for (const item of items) {
    const list = itemsByStop.get(item.stop_id) ?? [];
    list.push(toItem(item));
    itemsByStop.set(item.stop_id, list);
  }
  const stopsByOrder = new Map<number, OrderStopT[]>();
  for (const stop of stops) {
    const list = stopsByOrder.get(stop.order_id) ?? [];
    list.push(toStop(stop, places.get(stop.address_id)!, itemsByStop.get(stop.id) ?? []));
    stopsByOrder.set(stop.order_id, list);
  }
  return rows.map((row) => toOrder(row, stopsByOrder.get(row.id) ?? []));
}
