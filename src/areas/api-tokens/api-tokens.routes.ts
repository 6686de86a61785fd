// Personal API tokens (issue 39; the spec lists them as planned, so the design is fds's own and
// written in each route's description and in docs/api-tokens.md).
import { signedIn } from '../../platform/access.js';
import { None } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Type } from '../../platform/schemas.js';
import { apiTokenRecords } from './api-tokens.repository.js';
import { ApiToken, ApiTokenInput, ApiTokenParams, ApiTokensQuery, NewApiToken } from './api-tokens.schemas.js';
import type { ApiTokensService } from './api-tokens.service.js';

const USE =
  'Send the secret as `Authorization: Bearer <secret>`, as a session token: the same permission checks, with the permissions of the roles the token is bound to. ' +
  'A revoked or expired token, a user disabled or removed, or a bound role the user no longer holds: 401 on the next request.';

export function apiTokensRoutes(tokens: ApiTokensService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/Settings/ApiTokens',
      access: signedIn,
      summary: 'List API tokens',
      description: `Designed (the spec lists API tokens as planned). The user's own tokens, newest first, revoked ones too; all=true: every token of the company (Company Admin, else 403). ${USE}`,
      querystring: ApiTokensQuery,
      response: Type.Array(ApiToken),
      statuses: [403],
      handler: ({ tenant, principal, query }) => tokens.list(tenant, principal, query.all ?? false),
    }),
    defineRoute({
      method: 'POST',
      url: '/Settings/ApiTokens',
      access: signedIn,
      summary: 'Create an API token',
      description: `Designed. A token of the signed-in user, bound to roles the user holds (400 naming any other), named, with an optional expiry in the future. The answer holds the secret, shown this once. ${USE}`,
      body: ApiTokenInput,
      response: NewApiToken,
      handler: ({ tenant, principal, body }) => tokens.create(tenant, principal, body),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Settings/ApiTokens/:id',
      access: signedIn,
      // The user's own; a Company Admin's reach is the company's (another user's token reads as missing to others).
      ids: {
        params: {
          id: {
            chosen: ({ principal }) => (principal.isCompanyAdmin ? apiTokenRecords : apiTokenRecords.with({ userId: principal.userId })),
            walk: apiTokenRecords,
          },
        },
      },
      summary: 'Revoke an API token',
      description:
        "Designed. Ends the token on every instance at once; it stays listed with its revokedAt. The user's own token, or any of the company's for a Company Admin (another user's reads as missing to others).",
      params: ApiTokenParams,
      response: None,
      handler: ({ tenant, found }) => tokens.revoke(tenant, found.one(apiTokenRecords)),
    }),
  ];
}
