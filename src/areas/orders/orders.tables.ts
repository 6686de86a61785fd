// Kysely types of the orders' tables (migrations 0015, 0016), kept with the area that owns them and
// merged into `DB` (src/db/types.ts says why). numeric columns read as numbers (db/database.ts).
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Day, Json, Timestamp, Updated } from '../../db/columns.js';

export type OrderStatus = 'Dreft' | 'Quote' | 'Order' | 'Closed' | 'Deleted';
export type StopType = 'Pickup' | 'Delivery' | 'Transfer';
export type StopPriority = 'Low' | 'Regular' | 'High';
export type AppointmentStatus = 'Nothing' | 'Request' | 'Requested' | 'Approve' | 'Accepted' | 'Review' | 'NewAppointment';
export type RouteItemStatus = 'ToDo' | 'Done' | 'Pending';

/** A line of the rating engine's breakdown, as kept with the order. */
export interface PriceLineJson {
  code: string;
  description: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  currency: string;
  chargeTypeId: number | null;
}

export interface OrdersTable {
  company_id: number;
  id: Generated<number>;
  order_number: string;
  /** lower(order_number), kept by PostgreSQL (a stored generated column, 0016): what lookups
   *  and the number's uniqueness read. */
  number_key: ColumnType<string, never, never>;
  status: Generated<OrderStatus>;
  status_before_delete: Exclude<OrderStatus, 'Deleted'> | null;
  customer_id: number;
  contact_id: number | null;
  shipment_type_id: number | null;
  reference_number: string | null;
  notes: string | null;
  currency: Generated<string>;
  total_price: Generated<number>;
  buying_price: number | null;
  price_lines: Json<PriceLineJson[]>;
  price_warnings: Json<string[]>;
  is_custom_price: Generated<boolean>;
  distance: number | null;
  is_distance_given: Generated<boolean>;
  distance_unit: Generated<'mi' | 'km'>;
  weight_unit: Generated<'lb' | 'kg'>;
  charge_type_ids: Generated<number[]>;
  recurrence: Json<Record<string, unknown> | null>;
  route_behavior: Generated<'Default' | 'SameRoute' | 'SeparateRoutes'>;
  search_text: Generated<string>;
  created_by: string | null;
  approved_at: Timestamp | null;
  approved_by: string | null;
  closed_at: Timestamp | null;
  closed_by: string | null;
  deleted_at: Timestamp | null;
  deleted_by: string | null;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface OrderStopsTable {
  company_id: number;
  id: Generated<number>;
  order_id: number;
  type: StopType;
  sequence: number;
  address_id: number;
  date: Day | null;
  time_window_start: Timestamp | null;
  time_window_end: Timestamp | null;
  priority: Generated<StopPriority>;
  appointment_status: Generated<AppointmentStatus>;
  appointment_code: string | null;
  appointment_email: string | null;
  call_outcome: number | null;
  driver_instructions: string | null;
  notes: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  is_on_hold: Generated<boolean>;
  route_id: number | null;
  route_sequence: number | null;
  route_status: Generated<RouteItemStatus>;
  done_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface OrderItemsTable {
  company_id: number;
  id: Generated<number>;
  order_id: number;
  stop_id: number;
  description: string;
  quantity: Generated<number>;
  weight: number | null;
  pallets: number | null;
  barcode: string | null;
  created_at: CreatedAt;
}

export interface OrderItemEventsTable {
  company_id: number;
  id: Generated<number>;
  order_id: number;
  item_id: number;
  stop_id: number | null;
  type: string;
  note: string | null;
  user_id: string | null;
  created_at: CreatedAt;
}

export interface OrderHoldsTable {
  company_id: number;
  id: Generated<number>;
  order_id: number;
  stop_id: number;
  reason: string;
  held_by: string;
  held_at: CreatedAt;
  released_by: string | null;
  released_at: Timestamp | null;
  release_note: string | null;
}

export interface OrderActivitiesTable {
  company_id: number;
  id: Generated<number>;
  order_id: number;
  stop_id: number | null;
  type: string;
  description: string;
  user_id: string | null;
  note: string | null;
  note_by: string | null;
  note_at: Timestamp | null;
  created_at: CreatedAt;
}

/** How many of the company's orders are in each status (migration 0016), kept by this area's writes. */
export interface OrderStatusCountsTable {
  company_id: number;
  status: OrderStatus;
  n: ColumnType<number, number, number>;
}

declare module '../../db/types.js' {
  interface DB {
    orders: OrdersTable;
    order_stops: OrderStopsTable;
    order_items: OrderItemsTable;
    order_item_events: OrderItemEventsTable;
    order_holds: OrderHoldsTable;
    order_activities: OrderActivitiesTable;
    order_status_counts: OrderStatusCountsTable;
  }
}
