// The schema of fds's configuration: every environment variable the service or its CLI reads, with
// its type, allowed values or range, default and meaning. config.ts reads the environment through
// it; docs/configuration.md's tables and .env.example are generated from it (scripts/config-docs.ts),
// and a test keeps both in step.

import { parseStorageUrl } from './integrations/storage/s3-url.js';

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string };

export interface Setting<T> {
  /** Which table of docs/configuration.md lists it. */
  section: Section;
  /** The default as an operator reads it in the table ("unset", "8080"). */
  shown: string;
  /** `shown` describes the default rather than being it. */
  shownIsProse?: boolean;
  meaning: string;
  fallback: T;
  parse(raw: string): Parsed<T>;
  /** Never echoed back in an error, and left empty in .env.example. */
  secret?: boolean;
  /** A value for .env.example when the default is not a good illustration. */
  example?: string;
}

export type Section = 'Contract' | 'Service' | 'Sign-in' | 'API tokens' | 'Telematics' | 'Payments' | 'Operations' | 'Admin command line';
export const SECTIONS: Section[] = ['Contract', 'Service', 'Sign-in', 'API tokens', 'Telematics', 'Payments', 'Operations', 'Admin command line'];

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const bad = (problem: string): Parsed<never> => ({ ok: false, problem });

function integer(min: number, max: number): (raw: string) => Parsed<number> {
  return (raw) => {
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value)) return bad(`must be a whole number from ${min} to ${max}`);
    if (value < min || value > max) return bad(`must be from ${min} to ${max}`);
    return ok(value);
  };
}

function flag(raw: string): Parsed<boolean> {
  const value = raw.toLowerCase();
  if (value === 'true' || value === '1') return ok(true);
  if (value === 'false' || value === '0') return ok(false);
  return bad('must be true or false');
}

function oneOf<const V extends string>(values: readonly V[]): (raw: string) => Parsed<V> {
  return (raw) => {
    const value = raw.toLowerCase() as V;
    return values.includes(value) ? ok(value) : bad(`must be one of: ${values.join(', ')}`);
  };
}

function url(protocols: readonly string[]): (raw: string) => Parsed<string> {
  return (raw) => {
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      return bad(`must be an address (${protocols.map((p) => `${p}//...`).join(' or ')})`);
    }
    return protocols.includes(parsed.protocol) ? ok(raw) : bad(`must start with ${protocols.map((p) => `${p}//`).join(' or ')}`);
  };
}

function text(minLength = 1, what = `at least ${minLength} characters`): (raw: string) => Parsed<string> {
  return (raw) => (raw.length >= minLength ? ok(raw) : bad(`must be ${what}`));
}

function ids(raw: string): Parsed<number[]> {
  const list = raw.split(',').map((s) => Number(s.trim()));
  return list.every((id) => Number.isSafeInteger(id) && id > 0) ? ok(list) : bad('must be a company id, or several separated by commas');
}

/** Checked whole at start-up (integrations/storage/s3-url.ts), kept as written. */
function storageUrl(raw: string): Parsed<string> {
  const parsed = parseStorageUrl(raw);
  return parsed.ok ? ok(raw) : parsed;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// `satisfies` keeps each setting's own value type (SettingValues below) while checking its shape.
export const SETTINGS = {
  // ---- The operating contract's (docs/architecture.md, "Start, configure, stop")
  PORT: {
    section: 'Contract',
    shown: '8080',
    fallback: 8080,
    parse: integer(0, 65535),
    meaning: 'TCP port. `0` picks a free one; the chosen address is logged.',
  },
  HOST: {
    section: 'Contract',
    shown: '127.0.0.1',
    fallback: '127.0.0.1',
    parse: text(),
    example: '0.0.0.0',
    meaning: 'Listen address (`0.0.0.0` in containers).',
  },
  DATABASE_URL: {
    section: 'Contract',
    shown: 'unset',
    fallback: null as string | null,
    parse: url(['postgres:', 'postgresql:']),
    secret: true,
    example: 'postgres://fds:secret@127.0.0.1:5432/fds',
    meaning: '`postgres://...`: use that PostgreSQL server. Unset: embedded PostgreSQL (PGlite) in `DATA_DIR`.',
  },
  DATA_DIR: {
    section: 'Contract',
    shown: './data',
    fallback: './data',
    parse: text(),
    meaning: 'Embedded database and stored files (uploads, generated documents). `DATA_DIR=memory://` keeps everything in memory (tests).',
  },
  JWT_SECRET: {
    section: 'Contract',
    shown: 'generated once and kept in `DATA_DIR`',
    shownIsProse: true,
    fallback: null as string | null,
    parse: text(32),
    secret: true,
    meaning: 'Secret that signs session tokens (32 characters at least). Required (no default) when `NODE_ENV=production`.',
  },
  LOG_LEVEL: {
    section: 'Contract',
    shown: 'info',
    fallback: 'info' as string,
    parse: oneOf(LOG_LEVELS),
    meaning: `pino level (${LOG_LEVELS.join(', ')}). At \`info\` every request writes one JSON line (request id, method, url, status, time, company, user).`,
  },
  SMTP_URL: {
    section: 'Contract',
    shown: 'unset',
    fallback: null as string | null,
    parse: url(['smtp:', 'smtps:']),
    secret: true,
    example: 'smtp://user:pass@mail.example.com:587',
    meaning: '`smtp://user:pass@host:port`: send mail through it. Unset: mail is recorded in the outbox table only, never lost.',
  },

  // ---- Beyond the contract
  NODE_ENV: {
    section: 'Service',
    shown: 'unset',
    fallback: null as string | null,
    parse: text(),
    example: 'production',
    meaning: '`production` makes `JWT_SECRET` required.',
  },
  PUBLIC_URL: {
    section: 'Service',
    shown: 'http://HOST:PORT',
    fallback: null as string | null,
    parse: url(['http:', 'https:']),
    example: 'https://fds.example.com',
    meaning: 'Base address written into links sent by mail (invitations).',
  },
  MAIL_FROM: {
    section: 'Service',
    shown: 'fds <no-reply@fds.local>',
    fallback: 'fds <no-reply@fds.local>',
    parse: text(3, 'a sender address'),
    meaning: 'Sender of outgoing mail.',
  },
  BODY_LIMIT: {
    section: 'Service',
    shown: '1048576',
    fallback: 1024 * 1024,
    parse: integer(1024, 100 * 1024 * 1024),
    meaning: 'Largest accepted JSON body in bytes (larger: 413).',
  },
  UPLOAD_MAX_MB: {
    section: 'Service',
    shown: '25',
    fallback: 25,
    parse: integer(1, 1024),
    meaning:
      'Largest uploaded file in MB (documents, versions, attachments, images; larger: 413, nothing kept). Files are streamed to storage and back to downloads; a PDF or a zip-based file is read whole once for its check (it needs random access; this limit bounds it).',
  },
  STORAGE_URL: {
    section: 'Service',
    shown: 'unset',
    fallback: null as string | null,
    parse: storageUrl,
    // Not secret by content (credentials never go in it), but never echoed either, in case they were.
    secret: true,
    example: 's3://fds-files?endpoint=http://127.0.0.1:9000&region=us-east-1&forcePathStyle=true',
    meaning:
      "Stored files (documents, attachments, generated PDFs) in an S3-compatible bucket: `s3://bucket?endpoint=http://host:port&region=us-east-1&forcePathStyle=true` (`endpoint` unset: AWS itself, the region from the SDK's chain; with an endpoint, `region` defaults to us-east-1 and `forcePathStyle` to true). Credentials come from the AWS SDK's default chain (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, a profile, an instance role), never from the URL. Unset: files under `DATA_DIR`.",
  },
  DB_POOL_SIZE: {
    section: 'Service',
    shown: '20',
    fallback: 20,
    parse: integer(1, 1000),
    meaning:
      "Connections to PostgreSQL in each of the two pools, requests' and the privileged one (so up to twice this, plus one listening connection); the embedded database has one.",
  },
  DATABASE_DISTRIBUTED: {
    section: 'Service',
    shown: 'unset',
    fallback: null as 'citus' | null,
    parse: oneOf(['citus'] as const),
    example: 'citus',
    meaning:
      '`citus`: the database must be a Citus coordinator (start-up fails otherwise). Unset: Citus is used when the `citus` extension is found (see docs/citus.md).',
  },
  ANSWER_CACHE_MB: {
    section: 'Service',
    shown: '32',
    fallback: 32,
    parse: integer(0, 65536),
    meaning:
      'Memory per route for whole list answers kept under the company\'s data version (the customer list: docs/customers.md, "How the list stays cheap"); `0` keeps none.',
  },
  TRUST_PROXY: {
    section: 'Service',
    shown: 'false',
    fallback: false,
    parse: flag,
    meaning: '`true` behind a reverse proxy, so the client address comes from `X-Forwarded-For`.',
  },
  OSRM_URL: {
    section: 'Service',
    shown: 'unset',
    fallback: null as string | null,
    parse: url(['http:', 'https:']),
    example: 'http://127.0.0.1:5000',
    meaning:
      'An OSRM server (its `table` service) for road travel times and distances between stops. Unset: great-circle estimates (distance × 1.3 at 60 km/h).',
  },
  EXPAND_URL_ALLOW_PRIVATE: {
    section: 'Service',
    shown: 'false',
    fallback: false,
    parse: flag,
    meaning: '`true` lets `POST /Maps/ExpandUrl` follow links to private and loopback addresses. For tests only: never on a server.',
  },

  API_TOKEN_LIMIT_PER_TOKEN: {
    section: 'API tokens',
    shown: '600',
    fallback: 600,
    parse: integer(1, 100_000_000),
    meaning: 'Requests per API token per minute, then 429 with Retry-After (per instance: behind a balancer, times the instances).',
  },
  API_TOKEN_LIMIT_PER_USER: {
    section: 'API tokens',
    shown: '1200',
    fallback: 1200,
    parse: integer(1, 100_000_000),
    meaning: "Requests per minute of all of a user's API tokens together, then 429 with Retry-After (per instance).",
  },

  SIGNIN_LIMIT_PER_ADDRESS: {
    section: 'Sign-in',
    shown: '30',
    fallback: 30,
    parse: integer(1, 100_000_000),
    meaning: 'Sign-in attempts per client address per minute, then 429.',
  },
  SIGNIN_LIMIT_PER_ACCOUNT: {
    section: 'Sign-in',
    shown: '10',
    fallback: 10,
    parse: integer(1, 100_000_000),
    meaning: 'Failed sign-ins per account in 15 minutes, then 429 (even with the right password) until the window passes.',
  },

  TELEMATICS_PROVIDER: {
    section: 'Telematics',
    shown: 'samsara',
    fallback: 'samsara' as const,
    parse: oneOf(['samsara'] as const),
    meaning: 'The telematics provider of the connected account; `samsara` is the one implemented.',
  },
  TELEMATICS_API_TOKEN: {
    section: 'Telematics',
    shown: 'unset',
    fallback: null as string | null,
    parse: text(),
    secret: true,
    meaning:
      'API token of the account (Samsara: an API token with read and write access to vehicles). Unset: no account is connected, and the `/Telematics` rows answer 400 `telematics.not_connected`. Never logged nor answered.',
  },
  TELEMATICS_BASE_URL: {
    section: 'Telematics',
    shown: 'https://api.samsara.com',
    fallback: null as string | null,
    parse: url(['https:', 'http:']),
    example: 'https://api.eu.samsara.com',
    meaning: "The provider's API address (`https://api.eu.samsara.com` for Samsara's EU cloud).",
  },
  TELEMATICS_TIMEOUT_MS: {
    section: 'Telematics',
    shown: '10000',
    fallback: 10_000,
    parse: integer(1, 600_000),
    meaning: 'Deadline of each call to the provider (the whole answer); past it the row answers 503 `telematics.unavailable`.',
  },
  TELEMATICS_COMPANY_ID: {
    section: 'Telematics',
    shown: 'unset',
    fallback: null as number[] | null,
    parse: ids,
    example: '1',
    meaning:
      'The company (or companies, comma-separated) the account belongs to. Unset: every company of the server uses it — set it on a server with more than one company, or they all see one fleet.',
  },

  PAYMENTS_PROVIDER: {
    section: 'Payments',
    shown: 'sandbox',
    fallback: 'sandbox' as const,
    parse: oneOf(['sandbox', 'stripe'] as const),
    meaning:
      'The processor that charges saved cards (payments with `paymentMethodType` 2). `sandbox` behaves like one — approves, declines and times out on the documented test cards (docs/accounting.md, "Card payments") — and never moves money; `stripe` charges through Stripe\'s API with `STRIPE_API_KEY`.',
  },
  STRIPE_API_KEY: {
    section: 'Payments',
    shown: 'unset',
    fallback: null as string | null,
    parse: text(),
    secret: true,
    meaning:
      'Secret key of the Stripe account (`sk_live_…`, or `sk_test_…` for its test mode); required with `PAYMENTS_PROVIDER=stripe`. Never logged nor answered.',
  },
  STRIPE_BASE_URL: {
    section: 'Payments',
    shown: 'https://api.stripe.com',
    fallback: 'https://api.stripe.com',
    parse: url(['https:', 'http:']),
    example: 'https://api.stripe.com',
    meaning: "Stripe's API address (a local stand-in's in tests).",
  },
  PAYMENTS_TIMEOUT_MS: {
    section: 'Payments',
    shown: '15000',
    fallback: 15_000,
    parse: integer(100, 120_000),
    meaning:
      'Deadline of each call to the processor. Past it the payment stays `Pending` (the request says so) and the reconciler settles it by asking the processor, never charging twice.',
  },
  METRICS_TOKEN: {
    section: 'Operations',
    shown: 'unset',
    fallback: null as string | null,
    parse: text(16),
    secret: true,
    meaning:
      "Serves `GET /metrics` (Prometheus) on the service's port to callers sending `Authorization: Bearer <token>` (16 characters at least). Unset: `/metrics` is not served on the service's port.",
  },
  METRICS_PORT: {
    section: 'Operations',
    shown: 'unset',
    fallback: null as number | null,
    parse: integer(0, 65535),
    example: '9464',
    meaning: 'Serves `GET /metrics` on a port of its own, without a token (keep that port private: firewall, or `METRICS_HOST` on loopback).',
  },
  METRICS_HOST: { section: 'Operations', shown: '127.0.0.1', fallback: '127.0.0.1', parse: text(), meaning: 'Listen address of `METRICS_PORT`.' },
  MAX_EVENT_LOOP_DELAY_MS: {
    section: 'Operations',
    shown: '1000',
    fallback: 1000,
    parse: integer(0, 600_000),
    meaning:
      'While the event loop lags more than this (the mean delay over half-second samples), API requests are answered 503 `meta.service_temporarily_unavailable` with `Retry-After` (@fastify/under-pressure) instead of queueing. `0`: never.',
  },

  FDS_PASSWORD: {
    section: 'Admin command line',
    shown: 'unset',
    fallback: null as string | null,
    parse: text(),
    secret: true,
    meaning:
      'The password of `fds create-company`, `create-user` and `set-password` when the command is given none (`--password -` reads standard input instead), so it shows neither in `ps` nor in shell history.',
  },
} satisfies Record<string, Setting<unknown>>;

export type SettingName = keyof typeof SETTINGS;
export type SettingValues = {
  [K in SettingName]: (typeof SETTINGS)[K]['fallback'] | Exclude<ReturnType<(typeof SETTINGS)[K]['parse']>, { ok: false }>['value'];
};

/** Prefixes of the service's own variables: an unknown one of these is a mistake, not someone else's. */
export const SETTING_FAMILIES = [
  'SMTP_',
  'TELEMATICS_',
  'SIGNIN_',
  'DB_',
  'DATABASE_',
  'PAYMENTS_',
  'STORAGE_',
  'JWT_',
  'MAIL_',
  'METRICS_',
  'OSRM_',
  'FDS_',
  'ANSWER_CACHE',
  'EXPAND_URL',
  'BODY_LIMIT',
  'PUBLIC_URL',
  'MAX_EVENT_LOOP',
] as const;

/** The setting nearest to a misspelt name (edit distance), if any is near enough to be meant. */
export function closestName(name: string): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of Object.keys(SETTINGS)) {
    // A name cut short (DB_POOL for DB_POOL_SIZE) is as near as a one-letter slip.
    const d = candidate.startsWith(name) || name.startsWith(candidate) ? 1 : editDistance(name, candidate);
    if (d < bestDistance && d <= Math.max(3, Math.floor(Math.max(name.length, candidate.length) / 3))) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length]!;
}
