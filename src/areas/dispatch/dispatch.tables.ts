// Kysely types of the tables of migration 0018, merged into the database type like the other areas'.
import type { Generated } from 'kysely';
import type { CreatedAt, Day, Timestamp, Updated } from '../../db/columns.js';

export const ROUTE_STATES = ['Planned', 'Next', 'InProgress', 'Completed', 'Archived'] as const;
export type RouteState = (typeof ROUTE_STATES)[number];
/** The states a route holds its driver and truck for the day in. */
export const ACTIVE_STATES: readonly RouteState[] = ['Planned', 'Next', 'InProgress'];

export const LEG_KINDS = ['Pickup', 'DeliveryToTransfer', 'PickupFromTransfer', 'Delivery'] as const;
export type LegKind = (typeof LEG_KINDS)[number];
/** A loading leg takes freight on (a pickup, or from a hub); the others drop it off. */
export const isLoading = (kind: LegKind) => kind === 'Pickup' || kind === 'PickupFromTransfer';

/** Route item status: 0 ToDo, 1 Done, 2 Pending (kept as names, answered as the numbers). */
export const LEG_STATUSES = ['ToDo', 'Done', 'Pending'] as const;
export type LegStatus = (typeof LEG_STATUSES)[number];

export interface RoutesTable {
  company_id: number;
  id: Generated<number>;
  name: string;
  date: Day;
  driver_id: number | null;
  truck_id: number | null;
  status: Generated<RouteState>;
  status_before_archive: RouteState | null;
  start_address_id: number | null;
  end_address_id: number | null;
  start_time: Timestamp | null;
  end_time: Timestamp | null;
  avoid_tolls: Generated<boolean>;
  version: Generated<number>;
  distance_m: number | null;
  duration_s: number | null;
  notes: string | null;
  started_at: Timestamp | null;
  completed_at: Timestamp | null;
  archived_at: Timestamp | null;
  payout_status: Generated<string>;
  payout_amount: number | null;
  payout_currency: string | null;
  /** Latitude, longitude, … of its legs' places in sequence (0028_route_places): written with its measure. */
  places: Generated<number[]>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface RouteItemsTable {
  company_id: number;
  id: Generated<number>;
  order_id: number;
  stop_id: number;
  kind: LegKind;
  route_id: number | null;
  sequence: number | null;
  status: Generated<LegStatus>;
  done_at: Timestamp | null;
  done_by: string | null;
  assigned_at: Timestamp | null;
  assigned_by: string | null;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface RouteOptimizationsTable {
  company_id: number;
  id: Generated<number>;
  route_id: number;
  route_version: number;
  status: 'Running' | 'Done' | 'Failed' | 'Discarded';
  time_limit_ms: number;
  lease_until: Timestamp;
  started_at: CreatedAt;
  finished_at: Timestamp | null;
  requested_by: string | null;
  before_distance_m: number | null;
  after_distance_m: number | null;
  improved: boolean | null;
  /** Why not improved: already-shortest, or the reason of the stops it could not keep. */
  reason: string | null;
  error: string | null;
}

declare module '../../db/types.js' {
  interface DB {
    routes: RoutesTable;
    route_items: RouteItemsTable;
    route_optimizations: RouteOptimizationsTable;
  }
}
