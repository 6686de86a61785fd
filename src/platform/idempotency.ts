// The Idempotency-Key header, for routes declared `idempotent` (those that can charge a card): the
// first answer to a key is kept (status, type and bytes) and replayed byte for byte for 24 hours
// to the same user sending the same key again; the same key with another request is a 422; a
// request whose key is still being answered is a 409. A key is the user's own: another user's same
// key is another key. A 5xx answer is not kept (the claim lapses: the client may send it again,
// and the route resumes what its first try wrote rather than doing it twice).
//
// The key's row is claimed in a short transaction of its own before the route runs, so the claim
// is seen by a concurrent request at once; a claim whose holder died (its lease ran out) is taken
// over by the next try.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ColumnType, sql } from 'kysely';
import type { CreatedAt, Timestamp } from '../db/columns.js';
import type { TenantRunner } from '../db/tenant.js';
import type { Tenant } from './door.js';
import { Codes, fail, invalid } from './errors.js';

export interface IdempotencyKeysTable {
  company_id: number;
  key: string;
  user_id: string;
  route: string;
  request_hash: string;
  state: ColumnType<'InFlight' | 'Done', 'InFlight' | 'Done' | undefined, 'InFlight' | 'Done'>;
  locked_until: Timestamp | null;
  response_status: number | null;
  response_type: string | null;
  response_body: Buffer | null;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

declare module '../db/types.js' {
  interface DB {
    idempotency_keys: IdempotencyKeysTable;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long an answering request holds its key before another try may take it over. */
const LEASE = '10 minutes';
const KEY = /^[\x21-\x7e]{1,255}$/;

/** The key sent, checked: 1 to 255 visible ASCII characters; absent: null. */
export function keyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0]! : raw;
  if (!KEY.test(key)) throw invalid('Idempotency-Key', 'The Idempotency-Key header is 1 to 255 visible ASCII characters (a UUID, say).');
  return key;
}

/** What identifies the request: its method, path with query, and body. */
export function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
}

/** claimed: with the claim's generation (when the key's 24 hours end), which a route names the work of
 *  this key with — a key reused after its 24 hours is a new generation, never the old work. */
type Claim = { kind: 'claimed'; generation: string } | { kind: 'replay'; status: number; type: string | null; body: Buffer };

async function claim(t: Tenant, key: string, route: string, hash: string): Promise<Claim> {
  const made = await t
    .insert('idempotency_keys', { key, user_id: t.userId, route, request_hash: hash, locked_until: sql`now() + ${LEASE}::interval` })
    .onConflict((oc) => oc.columns(['company_id', 'user_id', 'key']).doNothing())
    .returning('expires_at')
    .executeTakeFirst();
  if (made) return { kind: 'claimed', generation: made.expires_at.toISOString() };
  const held = await t
    .select('idempotency_keys as k')
    .select([
      'k.request_hash',
      'k.state',
      'k.response_status',
      'k.response_type',
      'k.response_body',
      'k.expires_at',
      sql<boolean>`k.expires_at < now()`.as('expired'),
      sql<boolean>`k.locked_until < now()`.as('lapsed'),
    ])
    .where('k.user_id', '=', t.userId)
    .where('k.key', '=', key)
    .forUpdate('k')
    .executeTakeFirstOrThrow();
  if (held.expired) {
    // A key past its 24 hours is a new key: a new generation.
    const renewed = await t
      .update('idempotency_keys')
      .set({
        route,
        request_hash: hash,
        state: 'InFlight',
        locked_until: sql`now() + ${LEASE}::interval`,
        response_status: null,
        response_type: null,
        response_body: null,
        expires_at: sql`now() + interval '24 hours'`,
      })
      .where('user_id', '=', t.userId)
      .where('key', '=', key)
      .returning('expires_at')
      .executeTakeFirstOrThrow();
    return { kind: 'claimed', generation: renewed.expires_at.toISOString() };
  }
  if (held.request_hash !== hash)
    throw fail(Codes.idempotencyKeyReused, 'This Idempotency-Key was sent with another request: use a new key for a new request.');
  if (held.state === 'Done') return { kind: 'replay', status: held.response_status!, type: held.response_type, body: held.response_body ?? Buffer.alloc(0) };
  if (!held.lapsed) throw fail(Codes.idempotencyKeyInFlight, 'A request with this Idempotency-Key is still being answered: send it again once it is.');
  // Its holder stopped answering (a crash, a 5xx): this try takes the key over, resuming its work.
  await t
    .update('idempotency_keys')
    .set({ locked_until: sql`now() + ${LEASE}::interval` })
    .where('user_id', '=', t.userId)
    .where('key', '=', key)
    .execute();
  return { kind: 'claimed', generation: new Date(held.expires_at).toISOString() };
}

const claimedKeys = new WeakMap<FastifyRequest, { key: string; generation: string }>();

/** The key this request holds with its generation (`key@generation`): what names its work, so a
 *  retry resumes what its first try wrote. */
export function heldKey(request: FastifyRequest): string | null {
  const held = claimedKeys.get(request);
  return held ? `${held.key}@${held.generation}` : null;
}

/**
 * Before the route runs: claims the key, or replays its kept answer (answering the request here),
 * or refuses (422, 409). A request without the header runs as any other.
 */
export async function beforeIdempotent(request: FastifyRequest, reply: FastifyReply, tenants: TenantRunner): Promise<void> {
  const key = keyOf(request);
  if (key === null || !request.principal) return;
  const route = `${request.method} ${request.routeOptions.url}`;
  const claimed = await tenants(request.principal, request.id, 'write', (t) => claim(t, key, route, requestHash(request)));
  if (claimed.kind === 'claimed') {
    claimedKeys.set(request, { key, generation: claimed.generation });
    return;
  }
  reply.code(claimed.status).header('idempotent-replayed', 'true');
  if (claimed.type) reply.header('content-type', claimed.type);
  await reply.send(claimed.body);
}

/** After the route answered: keeps the answer under the key (a 5xx frees the key instead). */
export async function afterIdempotent(request: FastifyRequest, reply: FastifyReply, payload: unknown, tenants: TenantRunner): Promise<void> {
  const held = claimedKeys.get(request);
  if (held === undefined || !request.principal) return;
  claimedKeys.delete(request);
  const { key } = held;
  const status = reply.statusCode;
  await tenants(request.principal, request.id, 'write', async (t) => {
    const mine = t.update('idempotency_keys').where('user_id', '=', t.userId).where('key', '=', key);
    if (status >= 500) {
      // Not kept: the claim lapses at once, so the next try takes it over (and resumes the work);
      // the request's hash stays, so another request with the key is still refused.
      await mine.set({ locked_until: sql`now()` }).where('state', '=', 'InFlight').execute();
      return;
    }
    const body = typeof payload === 'string' ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : Buffer.from(JSON.stringify(payload ?? null));
    const type = reply.getHeader('content-type');
    await mine
      .set({ state: 'Done', locked_until: null, response_status: status, response_type: typeof type === 'string' ? type : null, response_body: body })
      .execute();
  });
}
