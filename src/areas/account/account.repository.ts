// SQL of the account area. Sign-in and the list of a user's companies span companies by nature and
// use the privileged executor, always filtered by the user; the rest runs in the tenant transaction.
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Tenant } from '../../db/tenant.js';
import { likePattern, type SortSpec } from '../../platform/paging.js';

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
  const user = await db.selectFrom('users').select(['id', 'password_hash', 'security_stamp'])
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase()).executeTakeFirst();
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

export async function markSignedIn(db: Db, companyId: number, userId: string): Promise<void> {
  const now = new Date();
  await db.updateTable('company_users').set({ last_login_at: now, last_worked_at: now })
    .where('company_id', '=', companyId).where('user_id', '=', userId).execute();
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

/** Sets the password, rotates the stamp and uses up the invitation, in one transaction. */
export async function acceptInvitation(
  db: Db,
  invitation: InvitationRow,
  change: { passwordHash: string; securityStamp: string; firstName: string | null; lastName: string | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users')
      .set((eb) => ({
        password_hash: change.passwordHash,
        security_stamp: change.securityStamp,
        first_name: change.firstName ?? eb.ref('first_name'),
        last_name: change.lastName ?? eb.ref('last_name'),
        updated_at: new Date(),
      }))
      .where('id', '=', invitation.user_id)
      .execute();
    await trx.updateTable('company_users').set({ invitation_token_hash: null, invitation_expires_at: null })
      .where('company_id', '=', invitation.company_id).where('user_id', '=', invitation.user_id).execute();
  });
}

export function companyInfo(t: Tenant) {
  return t.db.selectFrom('companies').select(['id', 'name', 'is_active', 'created_at'])
    .where('id', '=', t.companyId).executeTakeFirst();
}

export type CompanySort = 'name' | 'id' | 'created_at';

function userCompaniesWhere(db: Db, userId: string, search: string | null) {
  let q = db.selectFrom('company_users as cu').innerJoin('companies as c', 'c.id', 'cu.company_id')
    .where('cu.user_id', '=', userId).where('cu.deleted_at', 'is', null).where('cu.is_disabled', '=', false);
  if (search) q = q.where('c.name', 'ilike', likePattern(search));
  return q;
}

export function userCompanies(db: Db, userId: string, f: { search: string | null; sort: SortSpec<CompanySort>; limit: number; offset: number }) {
  return userCompaniesWhere(db, userId, f.search)
    .select(['c.id', 'c.name', 'c.is_active', 'c.created_at'])
    .orderBy(`c.${f.sort.by}`, f.sort.descending ? 'desc' : 'asc')
    .orderBy('c.id')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
}

export async function countUserCompanies(db: Db, userId: string, search: string | null): Promise<number> {
  const row = await userCompaniesWhere(db, userId, search).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
