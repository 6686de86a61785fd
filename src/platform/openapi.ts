// The API reference: OpenAPI 3.1 generated from the route schemas (the same ones that validate
// requests and serialize answers) at /api/v1/openapi.json, and an interactive page at /docs.

import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const ref = (id: string) => ({ $ref: `${id}#` });

/** The answers besides a success, documented once here; each route lists those it can give
 *  (route-statuses.ts). */
const RESPONSES: Record<number, Record<string, unknown>> = {
  400: {
    description: 'Validation problem object (malformed JSON, a required field missing or of the wrong type), or the envelope with a business error.',
    anyOf: [ref('ValidationProblem'), ref('FailureEnvelope')],
  },
  401: { description: 'Missing, invalid, expired or revoked token. Empty body.', type: 'null' },
  403: { description: 'The user lacks the permission or role: `meta.missing_permission`, naming it.', ...ref('FailureEnvelope') },
  404: { description: 'The record does not exist in the company (`meta.not_found`).', ...ref('FailureEnvelope') },
  409: { description: 'A request with the same Idempotency-Key is still being answered (`meta.idempotency_key_in_flight`).', ...ref('FailureEnvelope') },
  413: { description: 'The request body or an uploaded file is larger than allowed (`meta.payload_too_large`).', ...ref('FailureEnvelope') },
  415: { description: 'The content type of the request is not supported (`meta.unsupported_media_type`).', ...ref('FailureEnvelope') },
  422: { description: 'The Idempotency-Key was sent before with another request (`meta.idempotency_key_reused`).', ...ref('FailureEnvelope') },
  429: { description: 'Too many sign-in attempts. Empty body.', type: 'null' },
  500: { description: '`services.error_occurred` with a reference that is also in the service log.', ...ref('FailureEnvelope') },
  502: {
    description: "The outside provider refused the request or answered what could not be read (the route's description names the codes).",
    ...ref('FailureEnvelope'),
  },
  503: {
    description:
      'The database is unreachable, the service is starting or overloaded: `meta.service_temporarily_unavailable` (or the outside provider did not answer, as the description says); retry after a wait.',
    ...ref('FailureEnvelope'),
  },
};

/** The documented answers of these statuses; the success (200) is the route's own schema. */
function responsesFor(statuses: readonly number[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const status of statuses) {
    if (status === 200) continue;
    const response = RESPONSES[status];
    if (!response) throw new Error(`no reference text for status ${status} (platform/openapi.ts)`);
    out[status] = response;
  }
  return out;
}

/** A route not declared through route.ts (none under /api/ today): the answers any may give. */
const FALLBACK = [400, 401, 403, 404, 500, 503];

export async function registerReference(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'fds — freight dispatch service API',
        version,
        description:
          'Every endpoint answers JSON in the envelope `{data, success, messages, errors, otherMessages}` unless marked as a file. Path segments and request property names are case-insensitive; empty strings in bodies read as null.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transform: ({ schema, url, route }) => {
      if (!schema || !url.startsWith('/api/')) return { schema, url };
      const config = route.config as { statuses?: number[]; upload?: boolean; fileType?: string } | undefined;
      const response = { ...(schema.response as Record<string, unknown> | undefined), ...responsesFor(config?.statuses ?? FALLBACK) };
      const extra: Record<string, unknown> = {};
      if (config?.fileType) {
        response[200] = { description: 'The file.', content: { [config.fileType]: { schema: { type: 'string', format: 'binary' } } } };
      }
      if (config?.upload) {
        extra.consumes = ['multipart/form-data'];
        extra.body = { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] };
      }
      return { schema: { ...schema, ...extra, response }, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
