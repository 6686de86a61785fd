// Table types for Kysely, written by hand next to the migrations that create the tables. This file
// holds the platform's tables (companies, users and their roles, audit log, outbox, demo seeds);
// each area declares its own in `<area>.tables.ts`, adding them to `DB` (an interface, so the
// declarations merge) — one way for every table. Column kinds come from columns.ts.
import type { Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp, Updated } from './columns.js';

export type { CreatedAt, Timestamp } from './columns.js';

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  is_active: Generated<boolean>;
  is_demo: Generated<boolean>;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  password_hash: string | null;
  security_stamp: string;
  created_at: CreatedAt;
  updated_at: Updated;
}

export interface CompanyUsersTable {
  company_id: number;
  user_id: string;
  is_disabled: Generated<boolean>;
  invited_at: Timestamp | null;
  invitation_token_hash: string | null;
  invitation_expires_at: Timestamp | null;
  last_login_at: Timestamp | null;
  last_worked_at: Timestamp | null;
  created_at: CreatedAt;
  deleted_at: Timestamp | null;
  /** The member's profile as the company sees it: a copy of the user's, kept by the users area
   *  (provisioning, sign-in), so request code never reads the global users table (migration 0013). */
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
}

export interface RolesTable {
  company_id: number;
  id: Generated<number>;
  name: string;
  description: string | null;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
}

export interface RolePermissionsTable {
  company_id: number;
  role_id: number;
  permission: string;
}

export interface UserRolesTable {
  company_id: number;
  user_id: string;
  role_id: number;
}

export interface AuditLogTable {
  company_id: number;
  id: Generated<number>;
  user_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: Json;
  after: Json;
  request_id: string | null;
  created_at: CreatedAt;
}

export interface OutboxTable {
  company_id: number;
  id: Generated<number>;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Generated<Timestamp>;
  created_by: string | null;
  created_at: CreatedAt;
  sent_at: Timestamp | null;
}

/** The company's files in the file store and how many records name each (platform/stored-files.ts). */
export interface StoredFilesTable {
  company_id: number;
  key: string;
  size: number;
  content_type: string;
  refs: number;
  created_at: CreatedAt;
}

/** Files a mail in the outbox carries: stored files the outbox holds a reference on. */
export interface OutboxAttachmentsTable {
  company_id: number;
  outbox_id: number;
  position: number;
  file_name: string;
  content_type: string;
  file_key: string;
}

/** Per-company sequences (platform/counters.ts); bigint, read as a number (database.ts). */
export interface CompanyCountersTable {
  company_id: number;
  name: string;
  value: number;
}

/** The company event log (platform/event-log.ts). */
export interface CompanyEventsTable {
  company_id: number;
  position: number;
  type: string;
  entity_type: string;
  entity_id: string | null;
  payload: Json<Record<string, unknown>>;
  user_id: string | null;
  request_id: string | null;
  created_at: CreatedAt;
}

export interface DemoSeedsTable {
  company_id: number;
  area: string;
  seeded_at: CreatedAt;
}

/** Personal API tokens (migration 0031): written by the api-tokens area, read by sign-in (platform/api-tokens.ts). */
export interface ApiTokensTable {
  company_id: number;
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  secret_hash: string;
  role_ids: number[];
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
  last_used_at: Timestamp | null;
  last_used_ip: string | null;
  created_at: CreatedAt;
}

export interface DB {
  companies: CompaniesTable;
  users: UsersTable;
  company_users: CompanyUsersTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  user_roles: UserRolesTable;
  audit_log: AuditLogTable;
  outbox: OutboxTable;
  outbox_attachments: OutboxAttachmentsTable;
  stored_files: StoredFilesTable;
  demo_seeds: DemoSeedsTable;
  company_counters: CompanyCountersTable;
  company_events: CompanyEventsTable;
  api_tokens: ApiTokensTable;
}
