// The API reference: OpenAPI 3.1 generated from the route schemas (the same ones that validate
// requests and serialize answers) at /api/v1/openapi.json, and an interactive page at /docs.

import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

const ref = (id: string) => ({ $ref: `${id}#` });

/** Answers every endpoint may give besides its success, documented once here. */
function standardResponses(isPublic: boolean): Record<string, unknown> {
  return {
    400: {
      description: 'Validation problem object (malformed JSON, a required field missing or of the wrong type), or the envelope with a business error.',
      anyOf: [ref('ValidationProblem'), ref('FailureEnvelope')],
    },
    ...(isPublic
      ? {}
      : {
          401: { description: 'Missing, invalid, expired or revoked token. Empty body.', type: 'null' },
          403: { description: 'The user lacks the permission or role: `meta.missing_permission`, naming it.', ...ref('FailureEnvelope') },
        }),
    404: { description: 'The record does not exist in the company (`meta.not_found`).', ...ref('FailureEnvelope') },
    500: { description: '`services.error_occurred` with a reference that is also in the service log.', ...ref('FailureEnvelope') },
    503: { description: 'The database is unreachable: `meta.service_temporarily_unavailable`; retry after a wait.', ...ref('FailureEnvelope') },
  };
}

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
      const config = route.config as { access?: { kind: string }; upload?: boolean; fileType?: string } | undefined;
      const isPublic = config?.access?.kind === 'public';
      const response = { ...(schema.response as Record<string, unknown> | undefined), ...standardResponses(isPublic) };
      const extra: Record<string, unknown> = {};
      if (config?.fileType) {
        response[200] = { description: 'The file.', content: { [config.fileType]: { schema: { type: 'string', format: 'binary' } } } };
      }
      if (config?.upload) {
        extra.consumes = ['multipart/form-data'];
        extra.body = { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] };
      }
      if (url.toLowerCase() === '/api/v1/auth/login' || url.toLowerCase() === '/api/v1/auth/acceptinvitation') {
        response[429] = { description: 'Too many sign-in attempts. Empty body.', type: 'null' };
      }
      return { schema: { ...schema, ...extra, response }, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/api/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
