// SQL of the users-and-roles area, through the company door. Users are global rows (their ids are
// strings); a company knows a user by its membership (company_users): a user who is no member of
// the company answers as one that exists nowhere.
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { COMPANY_ADMIN } from '../../platform/access.js';
import { arrayList, pagedList } from '../../platform/list.js';
import { likePattern } from '../../platform/paging.js';
import { companyRecords } from '../../platform/records.js';
import { type MemberRow, type RoleDtoT, RolesQuery, toCompanyUser, UsersQuery } from './users.schemas.js';

/** Live memberships of the company, with the company's copy of each member's profile (the request
 *  role never reads the global users table). */
const memberships = (t: Tenant) => t.select('company_users as cu').where('cu.deleted_at', 'is', null);

const memberColumns = (t: Tenant) =>
  [
    'cu.user_id',
    'cu.email',
    'cu.first_name',
    'cu.last_name',
    'cu.phone',
    'cu.is_disabled',
    'cu.company_id',
    'cu.created_at',
    'cu.last_login_at',
    'cu.invited_at',
    // One array per row from the same statement: no query per user.
    sql<string[]>`array(select r.name from user_roles ur join roles r on r.company_id = ur.company_id and r.id = ur.role_id
    where ${t.owns('ur')} and ur.user_id = cu.user_id order by r.name)`.as('roles'),
  ] as const;

/** The company's members (users with a live membership), by user id. */
export const userRecords = companyRecords<MemberRow, string>({
  name: 'user',
  what: 'User',
  read: (t, ids) => memberships(t).select(memberColumns(t)).where('cu.user_id', 'in', ids).execute(),
  keyOf: (row) => row.user_id,
});

/** Ties in user id order, whatever the direction asked. */
const BY_USER = { term: 'cu.user_id', direction: 'asc' } as const;

/** The members, an array (not a PagedList: the spec answers the users as a plain list, paged only
 *  when asked), enabled or disabled ones; sorted by the field asked, then by user id. */
export const listMembers = arrayList({
  query: UsersQuery,
  from: (t: Tenant, q) => memberships(t).where('cu.is_disabled', '=', q.disabledUsers ?? false),
  filters: {
    SearchTerm: (q, term) => {
      const p = likePattern(term);
      return q.where((eb) =>
        eb.or([
          eb('cu.email', 'ilike', p),
          eb('cu.first_name', 'ilike', p),
          eb('cu.last_name', 'ilike', p),
          eb(sql`coalesce(cu.first_name, '') || ' ' || coalesce(cu.last_name, '')`, 'ilike', p),
        ]),
      );
    },
    Roles: (q, roles, _query, t) =>
      q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('user_roles as ur')
            .innerJoin('roles as r', (j) => j.onRef('r.company_id', '=', 'ur.company_id').onRef('r.id', '=', 'ur.role_id'))
            .select(sql`1`.as('one'))
            .where(t.owns('ur'))
            .whereRef('ur.user_id', '=', 'cu.user_id')
            .where(
              sql<string>`lower(r.name)`,
              'in',
              roles.map((r) => r.toLowerCase()),
            ) as unknown as Expression<SqlBool>,
        ),
      ),
  },
  sortable: { email: ['cu.email', BY_USER], firstName: ['cu.first_name', BY_USER], lastName: ['cu.last_name', BY_USER], createdAt: ['cu.created_at', BY_USER] },
  select: (q, t) => q.select(memberColumns(t)),
  map: (rows: MemberRow[]) => rows.map(toCompanyUser),
});

/** Serializes changes that could leave the company without an enabled Company Admin. */
export async function lockAdminRole(t: Tenant): Promise<void> {
  await t.select('roles').select('id').where(sql<string>`lower(name)`, '=', COMPANY_ADMIN.toLowerCase()).forUpdate().execute();
}

/** Enabled members holding Company Admin, other than the given user. */
export async function countOtherActiveAdmins(t: Tenant, exceptUserId: string): Promise<number> {
  const row = await t
    .select('user_roles as ur')
    .innerJoin('roles as r', (j) => j.onRef('r.company_id', '=', 'ur.company_id').onRef('r.id', '=', 'ur.role_id'))
    .innerJoin('company_users as cu', (j) => j.onRef('cu.company_id', '=', 'ur.company_id').onRef('cu.user_id', '=', 'ur.user_id'))
    .where(sql<string>`lower(r.name)`, '=', COMPANY_ADMIN.toLowerCase())
    .where('cu.deleted_at', 'is', null)
    .where('cu.is_disabled', '=', false)
    .where('ur.user_id', '<>', exceptUserId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setDisabled(t: Tenant, userId: string, disabled: boolean): Promise<void> {
  await t.update('company_users').set({ is_disabled: disabled }).where('user_id', '=', userId).where('deleted_at', 'is', null).execute();
}

/** Removes the membership (kept as deleted so history still names the user) and its roles. */
export async function removeMember(t: Tenant, userId: string): Promise<void> {
  await t.delete('user_roles').where('user_id', '=', userId).execute();
  await t
    .update('company_users')
    .set({ deleted_at: new Date(), invitation_token_hash: null, invitation_expires_at: null })
    .where('user_id', '=', userId)
    .execute();
}

export async function setInvitation(t: Tenant, userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
  await t
    .update('company_users')
    .set({ invitation_token_hash: tokenHash, invitation_expires_at: expiresAt, invited_at: new Date() })
    .where('user_id', '=', userId)
    .execute();
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

const ROLE_COLUMNS = ['r.id', 'r.name', 'r.description', 'r.is_default', 'r.created_at'] as const;

const roles = (t: Tenant) => t.select('roles as r');

/** The company's roles (none of the routes takes a role's id yet; the walk makes them). */
export const roleRecords = companyRecords<Pick<RoleRow, 'id' | 'name' | 'description' | 'is_default' | 'created_at'>>({
  name: 'role',
  what: 'Role',
  read: (t, ids) => roles(t).select(ROLE_COLUMNS).where('r.id', 'in', ids).execute(),
});

/** Ties in id order whatever the direction asked, as it always was. */
const BY_ID = { term: 'r.id', direction: 'asc' } as const;

/** The roles list sorted by `SortBy` in the direction asked, ties by id ascending. */
export const listRoles = pagedList({
  query: RolesQuery,
  from: roles,
  filters: { SearchTerm: (q, term) => q.where('r.name', 'ilike', likePattern(term)) },
  sortable: { name: ['r.name', BY_ID], id: ['r.id'], createdAt: ['r.created_at', BY_ID] },
  defaultSort: { by: 'id', descending: false },
  select: (q, t) =>
    q.select([
      ...ROLE_COLUMNS,
      sql<string[]>`array(select rp.permission from role_permissions rp where ${t.owns('rp')} and rp.role_id = r.id order by rp.permission)`.as('permissions'),
      sql<number>`(select count(*) from user_roles ur join company_users cu on cu.company_id = ur.company_id and cu.user_id = ur.user_id
      where ${t.owns('ur')} and ur.role_id = r.id and cu.deleted_at is null)::int`.as('users_count'),
    ]),
  map: (rows: RoleRow[]): RoleDtoT[] =>
    rows.map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      isDefault: r.is_default,
      permissions: r.permissions,
      usersCount: r.users_count,
      createdAt: r.created_at,
    })),
});

/** Each (role, permission) pair of the company, or of one user's roles. */
export function rolePermissions(t: Tenant, userId?: string): Promise<Array<{ role: string; permission: string }>> {
  let q = t
    .select('role_permissions as rp')
    .innerJoin('roles as r', (j) => j.onRef('r.company_id', '=', 'rp.company_id').onRef('r.id', '=', 'rp.role_id'))
    .select(['r.name as role', 'rp.permission']);
  if (userId) {
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('user_roles as ur')
          .select(sql`1`.as('one'))
          .where(t.owns('ur'))
          .whereRef('ur.role_id', '=', 'rp.role_id')
          .where('ur.user_id', '=', userId) as unknown as Expression<SqlBool>,
      ),
    );
  }
  return q.orderBy('r.name').execute();
}
