// Session tokens and the request's principal (part 1, "Authentication").
// A token is a JWT, HS256 only (algorithm pinned), valid 30 days, sent in `Authorization: Bearer`
// and nowhere else. It carries the user, the company and the user's security stamp; every request
// re-reads the stamp, membership and roles, so a password change, a disable or a delete ends every
// session at once.
import { createSigner, createVerifier } from 'fast-jwt';
import { sql } from 'kysely';
import type { RateLimit } from '../config.js';
import type { Db } from '../db/database.js';
import type { Actor } from '../db/tenant.js';
import { COMPANY_ADMIN, type Grants } from './access.js';
import { isApiToken, loadTokenPrincipal } from './api-tokens.js';
import { TooManyRequests, Unauthorized } from './errors.js';
import type { PrincipalCache } from './principal-cache.js';
import { WindowCounter } from './rate-limit.js';

/** API tokens' allowances (config.ts `apiTokens`). */
export interface ApiTokenLimits {
  perToken: RateLimit;
  perUser: RateLimit;
}

export const TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const ISSUER = 'fds';

export interface Principal extends Actor, Grants {
  readonly email: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly companyName: string;
  readonly isCompanyAdmin: boolean;
  readonly phone: string | null;
  readonly memberSince: Date;
  readonly lastLoginAt: Date | null;
  readonly invitedAt: Date | null;
  /** The API token the request signed in with (platform/api-tokens.ts); absent for a session. */
  readonly apiTokenId?: string;
}

export interface TokenClaims {
  sub: string;
  cid: number;
  sst: string;
  /** Expiry, seconds since the epoch (set when a token is verified). */
  exp?: number;
}

export interface Tokens {
  issue(claims: Omit<TokenClaims, 'exp'>): string;
  /** The claims of a valid token, or null (bad signature or algorithm, expired, malformed...). */
  verify(token: string): TokenClaims | null;
}

export function createTokens(secret: string): Tokens {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: TOKEN_LIFETIME_MS, iss: ISSUER });
  const check = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
    requiredClaims: ['exp', 'iat', 'iss', 'sub', 'cid', 'sst'],
    // Verified payloads are cached by token (until their expiry): the signature is checked once.
    cache: 10_000,
  });
  return {
    issue: (claims) => sign({ ...claims }),
    verify(token) {
      try {
        const payload = check(token) as Partial<TokenClaims>;
        if (typeof payload.sub !== 'string' || !Number.isInteger(payload.cid) || typeof payload.sst !== 'string') return null;
        return { sub: payload.sub, cid: payload.cid as number, sst: payload.sst, exp: payload.exp };
      } catch {
        return null;
      }
    },
  };
}

export interface PrincipalRow {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  security_stamp: string;
  phone: string | null;
  company_name: string;
  member_since: Date;
  last_login_at: Date | null;
  invited_at: Date | null;
  roles: string[];
  permissions: string[];
}

/** Reads the user's live state in the token's company. Cross-company by nature (the company comes
 *  from the token, not a tenant transaction), so it uses the privileged executor, filtered by the
 *  verified user and company. */
export async function loadPrincipal(db: Db, claims: TokenClaims): Promise<Principal | null> {
  const { rows } = await sql<PrincipalRow>`
    select u.id, u.email, u.first_name, u.last_name, u.security_stamp, u.phone, c.name as company_name,
      cu.created_at as member_since, cu.last_login_at, cu.invited_at,
      array(select r.name from user_roles ur join roles r on r.company_id = ur.company_id and r.id = ur.role_id
            where ur.company_id = ${claims.cid} and ur.user_id = cu.user_id order by r.name) as roles,
      array(select distinct rp.permission from user_roles ur
              join role_permissions rp on rp.company_id = ur.company_id and rp.role_id = ur.role_id
            where ur.company_id = ${claims.cid} and ur.user_id = cu.user_id) as permissions
    from company_users cu
      join users u on u.id = cu.user_id
      join companies c on c.id = cu.company_id
    where cu.company_id = ${claims.cid} and cu.user_id = ${claims.sub}
      and cu.deleted_at is null and not cu.is_disabled and c.is_active`.execute(db);
  const row = rows[0];
  if (!row || row.security_stamp !== claims.sst) return null;
  return principalOf(claims.cid, row);
}

/** The member's live state read for a session or an API token (api-tokens.ts), as a principal. */
export function principalOf(companyId: number, row: Omit<PrincipalRow, 'security_stamp'>): Principal {
  return {
    companyId,
    userId: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    companyName: row.company_name,
    roles: row.roles,
    permissions: new Set(row.permissions),
    isCompanyAdmin: row.roles.includes(COMPANY_ADMIN),
    phone: row.phone,
    memberSince: row.member_since,
    lastLoginAt: row.last_login_at,
    invitedAt: row.invited_at,
  };
}

/** The bearer token of the Authorization header; never from the query string or a cookie. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer +([A-Za-z0-9_\-.]+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/** Token → principal on every request: the signature (verified once per token), then the user's
 *  live state — from the principal cache while change notifications flow, else from the database.
 *  Either way a token whose stamp, membership or company is no longer current is refused.
 *  A cached principal is answered at once (no promise): most requests never wait on anything here. */
export function authenticator(db: Db, tokens: Tokens, cache: PrincipalCache | null = null, limits: ApiTokenLimits | null = null) {
  const perToken = limits ? new WindowCounter(limits.perToken) : null;
  const perUser = limits ? new WindowCounter(limits.perUser) : null;
  /** `address`: the client's, kept as an API token's last use. */
  return function authenticate(authorization: string | undefined, address: string | null = null): Principal | Promise<Principal> {
    const token = bearerToken(authorization);
    if (!token) throw new Unauthorized();
    // Keyed by the token itself: a hit skips even the signature check, which cached it.
    const cached = cache?.get(token);
    if (!cached) return load(token, address).then(counted);
    if (cache!.refreshDue(token)) refresh(token, address);
    return counted(cached);
  };

  /** An API token's request counted against its token's and its user's allowance: past either, 429. */
  function counted(principal: Principal): Principal {
    const id = principal.apiTokenId;
    if (id === undefined || !perToken || !perUser) return principal;
    const user = `${principal.companyId} ${principal.userId}`;
    // Both allowances looked at before either is counted: a refused request counts against neither.
    if (perToken.exceeded(id)) throw new TooManyRequests(perToken.retryAfterSeconds(id));
    if (perUser.exceeded(user)) throw new TooManyRequests(perUser.retryAfterSeconds(user));
    perToken.hit(id);
    perUser.hit(user);
    return principal;
  }

  /** Read again before the entry expires; a session found ended is dropped at once. A fill refused
   *  (a change came in meanwhile) leaves the entry to the next request's read; a failed read leaves
   *  it to expire, after which requests read on their own path. */
  function refresh(token: string, address: string | null): void {
    read(token, address).then(
      ({ kept }) => {
        if (!kept) cache?.rearm(token);
      },
      (err: unknown) => {
        if (err instanceof Unauthorized) cache?.drop(token);
      },
    );
  }

  async function load(token: string, address: string | null): Promise<Principal> {
    return (await read(token, address)).principal;
  }

  /** The principal read, and whether the cache kept it. */
  async function read(token: string, address: string | null): Promise<{ principal: Principal; kept: boolean }> {
    if (isApiToken(token)) {
      const mark = cache?.mark() ?? 0;
      const found = await loadTokenPrincipal(db, token, address);
      if (!found) throw new Unauthorized();
      const until = found.expiresAt ? found.expiresAt.getTime() : Number.MAX_SAFE_INTEGER;
      return { principal: found.principal, kept: cache?.set(token, found.principal, mark, Date.now(), until) ?? false };
    }
    const claims = tokens.verify(token);
    if (!claims) throw new Unauthorized();
    const mark = cache?.mark() ?? 0;
    const principal = await loadPrincipal(db, claims);
    if (!principal) throw new Unauthorized();
    return { principal, kept: cache?.set(token, principal, mark, Date.now(), (claims.exp ?? 0) * 1000) ?? false };
  }
}
