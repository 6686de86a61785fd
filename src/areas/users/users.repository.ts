// SQL of the users-and-roles area, always in the company's transaction.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { COMPANY_ADMIN } from '../../platform/access.js';
import { likePattern, type SortSpec } from '../../platform/paging.js';
import type { MemberRow } from './users.schemas.js';

export type MemberSort = 'email' | 'first_name' | 'last_name' | 'created_at';
export type RoleSort = 'name' | 'id' | 'created_at';

export interface MemberFilter {
  disabled: boolean;
  search: string | null;
  roles: string[] | null;
  sort: SortSpec<MemberSort>;
  limit: number;
  offset: number;
}

function members(t: Tenant) {
  return t.db
    .selectFrom('company_users as cu')
    .innerJoin('users as u', 'u.id', 'cu.user_id')
    .where('cu.company_id', '=', t.companyId)
    .where('cu.deleted_at', 'is', null)
    .select([
      'cu.user_id', 'u.email', 'u.first_name', 'u.last_name', 'u.phone', 'cu.is_disabled', 'cu.company_id',
      'cu.created_at', 'cu.last_login_at', 'cu.invited_at',
      // One array per row from the same statement: no query per user.
      sql<string[]>`array(select r.name from user_roles ur join roles r on r.company_id = ur.company_id and r.id = ur.role_id
        where ur.company_id = cu.company_id and ur.user_id = cu.user_id order by r.name)`.as('roles'),
    ]);
}

export async function listMembers(t: Tenant, f: MemberFilter): Promise<MemberRow[]> {
  let q = members(t).where('cu.is_disabled', '=', f.disabled);
  if (f.search) {
    const p = likePattern(f.search);
    q = q.where((eb) => eb.or([eb('u.email', 'ilike', p), eb('u.first_name', 'ilike', p), eb('u.last_name', 'ilike', p),
      eb(sql`coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')`, 'ilike', p)]));
  }
  if (f.roles && f.roles.length > 0) {
    const names = f.roles.map((r) => r.toLowerCase());
    q = q.where(({ exists, selectFrom }) =>
      exists(selectFrom('user_roles as ur').innerJoin('roles as r', (j) => j.onRef('r.company_id', '=', 'ur.company_id').onRef('r.id', '=', 'ur.role_id'))
        .select(sql`1`.as('one'))
        .whereRef('ur.company_id', '=', 'cu.company_id').whereRef('ur.user_id', '=', 'cu.user_id')
        .where(sql<string>`lower(r.name)`, 'in', names) as unknown as Expression<SqlBool>));
  }
  const column = f.sort.by === 'email' ? 'u.email' : f.sort.by === 'created_at' ? 'cu.created_at' : `u.${f.sort.by}` as const;
  return q
    .orderBy(column, f.sort.descending ? 'desc' : 'asc')
    .orderBy('cu.user_id')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
}

export function findMember(t: Tenant, userId: string): Promise<MemberRow | undefined> {
  return members(t).where('cu.user_id', '=', userId).executeTakeFirst();
}

/** Serializes changes that could leave the company without an enabled Company Admin. */
export async function lockAdminRole(t: Tenant): Promise<void> {
  await t.db.selectFrom('roles').select('id').where('company_id', '=', t.companyId)
    .where(sql<string>`lower(name)`, '=', COMPANY_ADMIN.toLowerCase()).forUpdate().execute();
}

/** Enabled members holding Company Admin, other than the given user. */
export async function countOtherActiveAdmins(t: Tenant, exceptUserId: string): Promise<number> {
  const row = await t.db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', (j) => j.onRef('r.company_id', '=', 'ur.company_id').onRef('r.id', '=', 'ur.role_id'))
    .innerJoin('company_users as cu', (j) => j.onRef('cu.company_id', '=', 'ur.company_id').onRef('cu.user_id', '=', 'ur.user_id'))
    .where('ur.company_id', '=', t.companyId)
    .where(sql<string>`lower(r.name)`, '=', COMPANY_ADMIN.toLowerCase())
    .where('cu.deleted_at', 'is', null)
    .where('cu.is_disabled', '=', false)
    .where('ur.user_id', '<>', exceptUserId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setDisabled(t: Tenant, userId: string, disabled: boolean): Promise<void> {
  await t.db.updateTable('company_users').set({ is_disabled: disabled })
    .where('company_id', '=', t.companyId).where('user_id', '=', userId).where('deleted_at', 'is', null).execute();
}

/** Removes the membership (kept as deleted so history still names the user) and its roles. */
export async function removeMember(t: Tenant, userId: string): Promise<void> {
  await t.db.deleteFrom('user_roles').where('company_id', '=', t.companyId).where('user_id', '=', userId).execute();
  await t.db.updateTable('company_users')
    .set({ deleted_at: new Date(), invitation_token_hash: null, invitation_expires_at: null })
    .where('company_id', '=', t.companyId).where('user_id', '=', userId).execute();
}

export async function setInvitation(t: Tenant, userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await t.db.updateTable('company_users')
    .set({ invitation_token_hash: tokenHash, invitation_expires_at: expiresAt, invited_at: new Date() })
    .where('company_id', '=', t.companyId).where('user_id', '=', userId).execute();
}

export interface RoleRow {
  id: number;
  name: string;
  description: string | null;
  is_default: boolean;
  created_at: Date;
  permissions: string[];
  users_count: number;
}

export interface RoleFilter {
  search: string | null;
  sort: SortSpec<RoleSort>;
  limit: number;
  offset: number;
}

function rolesWhere(t: Tenant, search: string | null) {
  let q = t.db.selectFrom('roles as r').where('r.company_id', '=', t.companyId);
  if (search) q = q.where('r.name', 'ilike', likePattern(search));
  return q;
}

export function listRoles(t: Tenant, f: RoleFilter): Promise<RoleRow[]> {
  return rolesWhere(t, f.search)
    .select([
      'r.id', 'r.name', 'r.description', 'r.is_default', 'r.created_at',
      sql<string[]>`array(select rp.permission from role_permissions rp where rp.company_id = r.company_id and rp.role_id = r.id order by rp.permission)`.as('permissions'),
      sql<number>`(select count(*) from user_roles ur join company_users cu on cu.company_id = ur.company_id and cu.user_id = ur.user_id
        where ur.company_id = r.company_id and ur.role_id = r.id and cu.deleted_at is null)::int`.as('users_count'),
    ])
    .orderBy(`r.${f.sort.by}`, f.sort.descending ? 'desc' : 'asc')
    .orderBy('r.id')
    .limit(f.limit)
    .offset(f.offset)
    .execute();
}

export async function countRoles(t: Tenant, search: string | null): Promise<number> {
  const row = await rolesWhere(t, search).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Each (role, permission) pair of the company, or of one user's roles. */
export function rolePermissions(t: Tenant, userId?: string): Promise<Array<{ role: string; permission: string }>> {
  let q = t.db
    .selectFrom('role_permissions as rp')
    .innerJoin('roles as r', (j) => j.onRef('r.company_id', '=', 'rp.company_id').onRef('r.id', '=', 'rp.role_id'))
    .where('rp.company_id', '=', t.companyId)
    .select(['r.name as role', 'rp.permission']);
  if (userId) {
    q = q.where(({ exists, selectFrom }) =>
      exists(selectFrom('user_roles as ur').select(sql`1`.as('one'))
        .whereRef('ur.company_id', '=', 'rp.company_id').whereRef('ur.role_id', '=', 'rp.role_id')
        .where('ur.user_id', '=', userId) as unknown as Expression<SqlBool>));
  }
  return q.orderBy('r.name').execute();
}
