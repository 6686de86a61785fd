// Kysely types of the table of migration 0009, merged into the database type like the carriers'
// (src/areas/carriers/carriers.tables.ts).
import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp, Updated } from '../../db/columns.js';

export interface TrucksTable {
  company_id: number;
  id: Generated<number>;
  name: string;
  plate_number: string | null;
  plate_state: string | null;
  vin: string | null;
  make: string | null;
  model: string | null;
  year: number | null;
  type_of_truck_id: number | null;
  status: Generated<string>;
  capacity_weight: number | null;
  weight_unit: Generated<string>;
  capacity_pallets: number | null;
  capacity_volume: number | null;
  volume_unit: Generated<string>;
  telematics_vehicle_id: string | null;
  notes: string | null;
  created_at: CreatedAt;
  updated_at: Updated;
  deleted_at: Timestamp | null;
}

declare module '../../db/types.js' {
  interface DB {
    trucks: TrucksTable;
  }
}
