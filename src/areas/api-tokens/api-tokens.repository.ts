// SQL of API tokens, through the company door. The tokens' credentials side (the principal of a
// token) is the platform's (platform/api-tokens.ts); this area makes, lists and revokes them.
import { type Insertable, sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import type { ApiTokensTable } from '../../db/types.js';
import { companyRecords } from '../../platform/records.js';
import type { ApiTokenRow } from './api-tokens.schemas.js';

function tokens(t: Tenant) {
  return t
    .select('api_tokens as a')
    .innerJoin('company_users as cu', (j) => j.onRef('cu.company_id', '=', 'a.company_id').onRef('cu.user_id', '=', 'a.user_id'))
    .select([
      'a.id',
      'a.name',
      'a.prefix',
      'a.user_id',
      'cu.email as user_email',
      // The company as a constant, not a.company_id: Citus routes the subquery to the company's shard.
      sql<string[]>`array(select r.name from roles r where r.company_id = ${t.companyId} and r.id = any(a.role_ids) order by r.name)`.as('role_names'),
      'a.created_at',
      'a.expires_at',
      'a.revoked_at',
      'a.last_used_at',
      'a.last_used_ip',
    ]);
}

/** Tokens by id: `userId` reads one user's only (another's reads as missing). */
export const apiTokenRecords = companyRecords<ApiTokenRow, string, { userId?: string } | undefined>({
  name: 'api_token',
  what: 'API token',
  read: (t, ids, options) => {
    let q = tokens(t).where('a.id', 'in', ids);
    if (options?.userId) q = q.where('a.user_id', '=', options.userId);
    return q.execute();
  },
});

/** A user's tokens, or the company's (`userId` null): newest first. At most a few per user. */
export function listTokens(t: Tenant, userId: string | null): Promise<ApiTokenRow[]> {
  let q = tokens(t).orderBy('a.created_at', 'desc').orderBy('a.id');
  if (userId) q = q.where('a.user_id', '=', userId);
  return q.execute();
}

/** A user's tokens neither revoked nor expired. */
export async function liveTokenCount(t: Tenant, userId: string): Promise<number> {
  const { n } = await t
    .select('api_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The ids of the company's roles of these names (any case), among the user's own. */
export async function heldRoles(t: Tenant, userId: string, names: readonly string[]): Promise<Array<{ id: number; name: string }>> {
  return t
    .select('roles as r')
    .innerJoin('user_roles as ur', (j) => j.onRef('ur.company_id', '=', 'r.company_id').onRef('ur.role_id', '=', 'r.id'))
    .select(['r.id', 'r.name'])
    .where('ur.user_id', '=', userId)
    .where(
      sql<string>`lower(r.name)`,
      'in',
      names.map((n) => n.trim().toLowerCase()),
    )
    .execute();
}

/** A token's row as made (the company's added by the door; its times by the database). */
export type TokenValues = Omit<Insertable<ApiTokensTable>, 'company_id' | 'created_at' | 'revoked_at' | 'last_used_at' | 'last_used_ip'>;

export async function insertToken(t: Tenant, values: TokenValues): Promise<void> {
  await t.insert('api_tokens', values).execute();
}

/** Revoked now, unless it was already (then it keeps its time). */
export async function revokeToken(t: Tenant, id: string): Promise<void> {
  await t.update('api_tokens').set({ revoked_at: sql`now()` }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

/** Every live token of a user revoked (the user removed from the company). */
export async function revokeTokensOf(t: Tenant, userId: string): Promise<void> {
  await t.update('api_tokens').set({ revoked_at: sql`now()` }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}
