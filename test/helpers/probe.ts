// Test-only routes under /api/v1/__probe that exercise the platform with shapes no area has yet:
// nested bodies, every shared list parameter, a failure after a write, an unexpected error.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/db/database.js';
import { tenantRunner } from '../../src/db/tenant.js';
import { signedIn } from '../../src/platform/access.js';
import { audit } from '../../src/platform/audit.js';
import { authenticator, type Tokens } from '../../src/platform/auth.js';
import { errorCodes, fail } from '../../src/platform/errors.js';
import { NO_HOOKS } from '../../src/platform/events.js';
import { dateRangeOf } from '../../src/platform/paging.js';
import { defineRoute, registerRoutes } from '../../src/platform/route.js';
import { NameEnum, NumEnum, Opt, SharedListQuery, Type } from '../../src/platform/schemas.js';

/** Codes of the probe routes (test-only). */
export const ProbeErrors = errorCodes({ failed: [400, 'probe.failed', 'The probe failed on purpose after writing.'] });

const Address = Type.Object({ street: Type.String({ minLength: 1 }), city: Type.String(), postalCode: Opt(Type.String()) });
const Stop = Type.Object({
  type: NameEnum(['Pickup', 'Delivery', 'Transfer']),
  priority: Type.Optional(NameEnum(['Low', 'Regular', 'High'])),
  address: Address,
  items: Type.Optional(Type.Array(Type.Object({ description: Type.String(), quantity: Type.Optional(Type.Integer({ default: 1 })) }))),
});
export const ProbeBody = Type.Object({
  customerId: Type.Integer(),
  pipeline: Type.Optional(NumEnum({ Prospect: 0, Customer: 1, Lead: 2 })),
  note: Opt(Type.String()),
  stops: Type.Array(Stop),
});

export function addProbeRoutes(app: FastifyInstance, deps: { database: Database; tokens: Tokens }): void {
  registerRoutes(
    app,
    [
      defineRoute({
        method: 'POST',
        url: '/__probe/echo',
        access: signedIn,
        summary: 'echo the normalized body',
        body: ProbeBody,
        response: Type.Unknown(),
        handler: ({ body }) => body,
      }),
      defineRoute({
        method: 'GET',
        url: '/__probe/list',
        access: signedIn,
        summary: 'echo the parsed shared list parameters',
        querystring: SharedListQuery,
        response: Type.Unknown(),
        handler: ({ query }) => ({ query, range: dateRangeOf(query.DateRange) }),
      }),
      defineRoute({
        method: 'POST',
        url: '/__probe/write-then-fail',
        access: signedIn,
        summary: 'writes an audit row, then fails',
        response: Type.Unknown(),
        handler: async ({ tenant }) => {
          await audit(tenant, { action: 'probe.write', entityType: 'probe' });
          throw fail(ProbeErrors.failed, 'The probe failed after writing.');
        },
      }),
      defineRoute({
        method: 'GET',
        url: '/__probe/boom',
        access: signedIn,
        summary: 'an unexpected error',
        response: Type.Unknown(),
        handler: () => {
          throw new Error('secret internal detail at /srv/app/file.ts: SELECT password FROM users');
        },
      }),
    ],
    { db: deps.database.db, tenants: tenantRunner(deps.database, NO_HOOKS), authenticate: authenticator(deps.database.db, deps.tokens) },
    ['Probe'],
  );
}
