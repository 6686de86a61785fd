// SQL of the account area: reads. Sign-in and the list of a user's companies span companies by
// nature and use the privileged executor, always filtered by the user; the company's own row is read
// in the tenant transaction. What sign-in writes (users, company_users) the users area writes.
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Tenant } from '../../db/tenant.js';
import { pagedList } from '../../platform/list.js';
import { likePattern } from '../../platform/paging.js';
import { PageQuery } from '../../platform/schemas.js';
import type { CompanyT } from './account.schemas.js';

export interface Membership {
  company_id: number;
  is_disabled: boolean;
  company_active: boolean;
  last_worked_at: Date | null;
  created_at: Date;
}

export interface SignInUser {
  id: string;
  password_hash: string | null;
  security_stamp: string;
}

export async function findSignInUser(db: Db, email: string): Promise<{ user: SignInUser; memberships: Membership[] } | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash', 'security_stamp'])
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!user) return null;
  const memberships = await db
    .selectFrom('company_users as cu')
    .innerJoin('companies as c', 'c.id', 'cu.company_id')
    .select(['cu.company_id', 'cu.is_disabled', 'c.is_active as company_active', 'cu.last_worked_at', 'cu.created_at'])
    .where('cu.user_id', '=', user.id)
    .where('cu.deleted_at', 'is', null)
    .execute();
  return { user, memberships };
}

export interface InvitationRow {
  company_id: number;
  user_id: string;
  company_active: boolean;
}

export function findInvitation(db: Db, tokenHash: string): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('company_users as cu')
    .innerJoin('companies as c', 'c.id', 'cu.company_id')
    .select(['cu.company_id', 'cu.user_id', 'c.is_active as company_active'])
    .where('cu.invitation_token_hash', '=', tokenHash)
    .where('cu.invitation_expires_at', '>', new Date())
    .where('cu.deleted_at', 'is', null)
    .where('cu.is_disabled', '=', false)
    .executeTakeFirst();
}

/** The session's company. `companies` is keyed by its id (no company_id column), so the door's
 *  helpers do not apply: the statement names the company itself, and row security holds it to it. */
export function companyInfo(t: Tenant) {
  return t.db.selectFrom('companies').select(['id', 'name', 'is_active', 'created_at']).where('id', '=', t.companyId).executeTakeFirst();
}

/** Who the companies are listed for: the user, read with the privileged executor (sign-in). */
export interface UserScope {
  db: Db;
  userId: string;
  /** The session's company, marked isCurrent. */
  currentCompanyId: number;
}

/** Ties in company id order, whatever the direction asked. */
const BY_ID = { term: 'c.id', direction: 'asc' } as const;

/** The companies where the user's membership is enabled: a list across companies by nature. */
export const listUserCompanies = pagedList({
  query: PageQuery,
  from: (u: UserScope) =>
    u.db
      .selectFrom('company_users as cu')
      .innerJoin('companies as c', 'c.id', 'cu.company_id')
      .where('cu.user_id', '=', u.userId)
      .where('cu.deleted_at', 'is', null)
      .where('cu.is_disabled', '=', false),
  filters: { SearchTerm: (q, term) => q.where('c.name', 'ilike', likePattern(term)) },
  sortable: { name: ['c.name', BY_ID], id: ['c.id'], createdAt: ['c.created_at', BY_ID] },
  select: (q) => q.select(['c.id', 'c.name', 'c.is_active', 'c.created_at']),
  map: (rows, u): CompanyT[] =>
    rows.map((r) => ({ id: r.id, name: r.name, isActive: r.is_active, isCurrent: r.id === u.currentCompanyId, createdAt: r.created_at })),
});
