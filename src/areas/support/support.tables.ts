// Kysely types of the support tickets table (migration 0003). Kept with the area, merged into
// `DB` (src/db/types.ts says why).
import type { Generated } from 'kysely';
import type { CreatedAt, Updated } from '../../db/columns.js';

export interface SupportTicketsTable {
  company_id: number;
  id: Generated<number>;
  customer_id: number;
  contact_id: number | null;
  subject: string;
  description: string;
  status: Generated<'Open' | 'In Progress' | 'Resolved' | 'Closed'>;
  priority: Generated<'Low' | 'Normal' | 'High' | 'Urgent'>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: Updated;
}

declare module '../../db/types.js' {
  interface DB {
    support_tickets: SupportTicketsTable;
  }
}
