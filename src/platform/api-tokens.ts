// Personal API tokens as credentials (issue 39; the api-tokens area makes and revokes them):
// `fds_<company>_<32 random bytes, base64url>`, sent as `Authorization: Bearer` like a session
// token. The company in the token finds its row on one shard (Citus) by the SHA-256 of the whole
// token; the principal is the user's live state in that company, with the permissions of the roles
// the token is bound to. A token revoked or expired, a user disabled or removed, or a bound role the
// user no longer holds: refused (401), on every instance at once through the principal cache's
// change notifications (the area announces a revoke; users' changes announce themselves).
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { type Principal, type PrincipalRow, principalOf } from './auth.js';

export const API_TOKEN_PREFIX = 'fds_';
const SHAPE = /^fds_([1-9]\d{0,9})_([A-Za-z0-9_-]{43})$/;

export const isApiToken = (token: string): boolean => token.startsWith(API_TOKEN_PREFIX);

export const hashOf = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new token of the company: the secret (shown once), its hash, and the prefix shown in lists. */
export function newApiToken(companyId: number): { secret: string; hash: string; prefix: string } {
  const secret = `${API_TOKEN_PREFIX}${companyId}_${randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashOf(secret), prefix: secret.slice(0, secret.indexOf('_', API_TOKEN_PREFIX.length) + 7) };
}

interface TokenPrincipalRow extends Omit<PrincipalRow, 'security_stamp'> {
  token_id: string;
  expires_at: Date | null;
  bound: number;
  held: number;
}

/**
 * The principal of an API token, or null (malformed, unknown, revoked, expired, its user disabled or
 * removed, a bound role no longer held). Cross-company by nature, like a session's: the privileged
 * executor, filtered by the token's company and hash. Marks the token used when its principal is
 * read (about once a minute while it is used: the principal cache holds it meanwhile) or its
 * client's address changes.
 */
export async function loadTokenPrincipal(db: Db, token: string, address: string | null): Promise<{ principal: Principal; expiresAt: Date | null } | null> {
  const shape = SHAPE.exec(token);
  const companyId = Number(shape?.[1]);
  // No company has an id past int32's: a made-up number is unknown, not a database error.
  if (!shape || companyId > 2_147_483_647) return null;
  const { rows } = await sql<TokenPrincipalRow>`
    select t.id as token_id, t.expires_at, u.id, u.email, u.first_name, u.last_name, u.phone, c.name as company_name,
      cu.created_at as member_since, cu.last_login_at, cu.invited_at,
      cardinality(t.role_ids) as bound,
      (select count(*)::int from user_roles ur where ur.company_id = ${companyId} and ur.user_id = t.user_id and ur.role_id = any(t.role_ids)) as held,
      array(select r.name from roles r where r.company_id = ${companyId} and r.id = any(t.role_ids) order by r.name) as roles,
      array(select distinct rp.permission from role_permissions rp where rp.company_id = ${companyId} and rp.role_id = any(t.role_ids)) as permissions
    from api_tokens t
      join company_users cu on cu.company_id = t.company_id and cu.user_id = t.user_id
      join users u on u.id = t.user_id
      join companies c on c.id = t.company_id
    where t.company_id = ${companyId} and t.secret_hash = ${hashOf(token)}
      and t.revoked_at is null and (t.expires_at is null or t.expires_at > now())
      and cu.deleted_at is null and not cu.is_disabled and c.is_active`.execute(db);
  const row = rows[0];
  if (!row || row.held !== row.bound) return null;
  // Kept beside the request, not before it: a mark that fails or waits on a lock (a revoke in
  // flight) does not fail the request.
  sql`update api_tokens set last_used_at = now(), last_used_ip = ${address}
    where company_id = ${companyId} and id = ${row.token_id}
      and (last_used_at is null or last_used_at < now() - interval '1 minute' or last_used_ip is distinct from ${address})`
    .execute(db)
    .catch(() => undefined);
  const principal: Principal = { ...principalOf(companyId, row), apiTokenId: row.token_id };
  return { principal, expiresAt: row.expires_at };
}
