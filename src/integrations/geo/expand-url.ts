// Following a shortened map link (maps.app.goo.gl/..., goo.gl/maps/..., bit.ly/...) to the address
// it stands for, over HTTP: GET, redirects followed by hand so each hop is checked. Limits: 5 s for
// the whole chain, at most 5 redirects, http and https only, public addresses only (net-guard.ts).
// Pages that redirect with a script or a meta refresh are not followed: the link ends there.
import { Agent, request } from 'undici';
import { AddressNotAllowedError, guardedConnector, type Resolve } from './net-guard.js';

export const EXPAND_TIMEOUT_MS = 5000;
export const EXPAND_MAX_REDIRECTS = 5;

export type ExpandFailure = 'invalid_url' | 'unsupported_scheme' | 'address_not_allowed' | 'too_many_redirects' | 'timeout' | 'unreachable';

export class ExpandError extends Error {
  constructor(
    readonly reason: ExpandFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ExpandError';
  }
}

export interface ExpandOptions {
  /** Follow links to private and loopback addresses too (tests; EXPAND_URL_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  timeoutMs?: number;
  maxRedirects?: number;
  resolve?: Resolve;
}

export interface Expanded {
  /** Every URL visited, the link first and the final address last. */
  chain: URL[];
  redirects: number;
  /** HTTP status of the last answer. */
  status: number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HEADERS = {
  'user-agent': 'fds map link expander (+https://github.com/fds)',
  accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8',
};

function httpUrl(text: string, base: URL | undefined, what: string): URL {
  let url: URL;
  try {
    url = base ? new URL(text, base) : new URL(text);
  } catch {
    throw new ExpandError(
      'invalid_url',
      base
        ? `The link redirects to "${text.slice(0, 200)}", which is not a valid address.`
        : 'The url is not a valid absolute link (it starts with https:// or http://).',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ExpandError('unsupported_scheme', `${what} uses "${url.protocol}"; only http and https links are followed.`);
  }
  if (url.username || url.password) throw new ExpandError('invalid_url', `${what} carries a user name or password; such links are not followed.`);
  return url;
}

function describe(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown; cause?: { code?: unknown } };
  const code = typeof e.code === 'string' ? e.code : typeof e.cause?.code === 'string' ? e.cause.code : null;
  return code ?? (typeof e.message === 'string' ? e.message : 'connection failed');
}

function refusal(err: unknown): AddressNotAllowedError | null {
  for (let e = err as { cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as { cause?: unknown } | undefined, depth++) {
    if (e instanceof AddressNotAllowedError) return e;
  }
  return null;
}

/** Follows the link's redirects; throws ExpandError for every way it can fail. */
export async function expandUrl(link: string, options: ExpandOptions): Promise<Expanded> {
  const timeoutMs = options.timeoutMs ?? EXPAND_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? EXPAND_MAX_REDIRECTS;
  const chain = [httpUrl(link.trim(), undefined, 'The link')];
  const deadline = AbortSignal.timeout(timeoutMs);
  // One agent per expansion: no connection is shared between users' links or outlives the call.
  const agent = new Agent({
    connect: guardedConnector({ allowPrivate: options.allowPrivate, timeoutMs, ...(options.resolve ? { resolve: options.resolve } : {}) }),
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  try {
    for (;;) {
      const current = chain[chain.length - 1]!;
      let answer: Awaited<ReturnType<typeof request>>;
      try {
        answer = await request(current, { method: 'GET', headers: HEADERS, dispatcher: agent, signal: deadline });
      } catch (err) {
        const refused = refusal(err);
        if (refused) {
          const target = AddressNotAllowedError.target(refused.host, refused.address);
          throw new ExpandError('address_not_allowed', `The link leads to ${target}, which is not a public internet address; it is not followed.`);
        }
        if (deadline.aborted) throw new ExpandError('timeout', `The link did not lead to an answer within ${timeoutMs / 1000} s.`);
        throw new ExpandError('unreachable', `${current.host} could not be reached (${describe(err)}).`);
      }
      // Only the status and headers matter; the body is dropped unread (destroying it reports an
      // abort, which is what we asked for).
      answer.body.on('error', () => {}).destroy();
      const location = answer.headers.location;
      const target = Array.isArray(location) ? location[0] : location;
      if (REDIRECTS.has(answer.statusCode) && target) {
        const next = httpUrl(target, current, `A redirect (hop ${chain.length})`);
        if (chain.some((seen) => seen.href === next.href)) {
          throw new ExpandError('too_many_redirects', `The link redirects in a loop (back to ${next.href.slice(0, 200)}).`);
        }
        if (chain.length > maxRedirects) throw new ExpandError('too_many_redirects', `The link redirects more than ${maxRedirects} times.`);
        chain.push(next);
        continue;
      }
      if (answer.statusCode >= 400 && chain.length === 1) {
        throw new ExpandError('unreachable', `${current.host} answered HTTP ${answer.statusCode}: the link is broken or expired.`);
      }
      return { chain, redirects: chain.length - 1, status: answer.statusCode };
    }
  } finally {
    await agent.destroy().catch(() => {});
  }
}
