// A bare Fastify route answering fixed bytes: the floor the service's fixed cost is measured against.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { profileOnSignal } from './profile.js';

// The bytes to answer: BARE_BODY, or the file BARE_BODY_FILE (answers too large for an environment variable).
const body = process.env.BARE_BODY_FILE ? readFileSync(process.env.BARE_BODY_FILE, 'utf8') : (process.env.BARE_BODY ?? '{}');
const app = Fastify({ logger: false });
// BARE_METHOD=POST: a POST route (it reads the request's body, as the service does).
app.route({
  method: process.env.BARE_METHOD === 'POST' ? 'POST' : 'GET',
  url: process.env.BARE_PATH ?? '/api/v1/App/User',
  handler: async (_request, reply) => reply.type('application/json; charset=utf-8').send(body),
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(JSON.stringify({ url: address }) + '\n');
await profileOnSignal('bare');
process.on('SIGTERM', async () => {
  await app.close();
  process.exit(0);
});
