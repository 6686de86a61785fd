// A bare Fastify route answering fixed bytes: the floor the service's fixed cost is measured against.
import { createHash } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Fastify from 'fastify';
import { profileOnSignal } from './profile.js';

// The bytes to answer: BARE_BODY, or the file BARE_BODY_FILE (answers too large for an environment variable).
const body = process.env.BARE_BODY_FILE ? readFileSync(process.env.BARE_BODY_FILE, 'utf8') : (process.env.BARE_BODY ?? '{}');
const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024 });
// BARE_SINK=1: an upload's floor. A multipart body is received as a stream, hashed (SHA-256) and
// written to a file of its own, then answered: the bytes' path through the process and the disk
// that any upload takes, without parsing, checks or the database.
const sinkDir = process.env.BARE_SINK === '1' ? mkdtempSync(join(tmpdir(), 'fds-bare-sink-')) : null;
let sunk = 0;
if (sinkDir) {
  app.addContentTypeParser('multipart/form-data', async (_request: unknown, payload: NodeJS.ReadableStream) => {
    const hash = createHash('sha256');
    const hashing = new Transform({
      transform(chunk, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    const file = join(sinkDir, String(++sunk));
    await pipeline(payload, hashing, createWriteStream(file));
    return { sha256: hash.digest('hex') };
  });
}
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
  if (sinkDir) rmSync(sinkDir, { recursive: true, force: true });
  process.exit(0);
});
