// Rules of API tokens: a user makes tokens for itself, bound to roles it holds (never more than
// it may do), named, expiring or not; the secret is answered once; a Company Admin sees and revokes
// every token of the company. A revoke ends the token on every instance at once (principalsChanged,
// after the commit).
import { randomUUID } from 'node:crypto';
import type { Tenant } from '../../db/tenant.js';
import { companyAdmin, missingFor, refusal } from '../../platform/access.js';
import { newApiToken } from '../../platform/api-tokens.js';
import { audit } from '../../platform/audit.js';
import type { Principal } from '../../platform/auth.js';
import { fail, invalid } from '../../platform/errors.js';
import { principalsChanged } from '../../platform/principal-cache.js';
import { ApiTokensErrors } from './api-tokens.errors.js';
import * as repo from './api-tokens.repository.js';
import { type ApiTokenInputT, type ApiTokenRow, type ApiTokenT, type NewApiTokenT, toApiToken } from './api-tokens.schemas.js';

/** Tokens a user may hold at once (revoked ones not counted): a bound on what a leaked session can make. */
export const MAX_TOKENS_PER_USER = 50;

export function apiTokensService() {
  return {
    /** The user's own tokens, or with `all` the company's (a Company Admin's only: 403 otherwise). */
    async list(t: Tenant, principal: Principal, all: boolean): Promise<ApiTokenT[]> {
      if (all) {
        const missing = missingFor(companyAdmin, principal);
        if (missing) throw refusal(companyAdmin, missing);
      }
      return (await repo.listTokens(t, all ? null : principal.userId)).map(toApiToken);
    },

    async create(t: Tenant, principal: Principal, input: ApiTokenInputT): Promise<NewApiTokenT> {
      // A token never makes a token: bound to fewer roles, or expiring, it would make a stronger one.
      if (principal.apiTokenId !== undefined) {
        throw fail(ApiTokensErrors.tokenCannotMakeTokens, 'An API token cannot make API tokens: sign in as the user to make one.');
      }
      const name = input.name.trim();
      if (!name) throw invalid('name', 'The name field is required.');
      const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= Date.now()) throw invalid('expiresAt', 'The expiry is in the past: give a time to come, or none.');
      const wanted = [...new Set(input.roles.map((r) => r.trim().toLowerCase()))];
      const held = await repo.heldRoles(t, principal.userId, wanted);
      const missing = wanted.filter((w) => !held.some((h) => h.name.toLowerCase() === w));
      if (missing.length > 0) {
        throw invalid('roles', `A token is bound to roles its user holds; you do not hold ${missing.map((m) => `"${m}"`).join(', ')}.`);
      }
      if ((await repo.liveTokenCount(t, principal.userId)) >= MAX_TOKENS_PER_USER)
        throw invalid('name', `A user holds at most ${MAX_TOKENS_PER_USER} tokens: revoke one first.`);
      const id = randomUUID();
      const made = newApiToken(t.companyId);
      await repo.insertToken(t, {
        id,
        user_id: principal.userId,
        name,
        prefix: made.prefix,
        secret_hash: made.hash,
        role_ids: held.map((h) => h.id).sort((a, b) => a - b),
        expires_at: expiresAt,
      });
      const token = toApiToken(await repo.apiTokenRecords.reread(t, id));
      await audit(t, { action: 'api_token.create', entityType: 'api_token', entityId: id, after: token });
      return { token, secret: made.secret };
    },

    /** `row`: the gate's (a user's own, or any of the company's for a Company Admin). */
    async revoke(t: Tenant, row: ApiTokenRow): Promise<void> {
      await repo.revokeToken(t, row.id);
      await audit(t, { action: 'api_token.revoke', entityType: 'api_token', entityId: row.id, before: toApiToken(row) });
      // Its user's cached principals go everywhere (a token's is cached by the token).
      t.afterCommit(() => principalsChanged({ companyId: t.companyId, userId: row.user_id }));
    },
  };
}

export type ApiTokensService = ReturnType<typeof apiTokensService>;
