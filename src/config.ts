// Environment → typed configuration, read in one place (CONTRACT.md §1).
// Extra variables beyond the contract's table are optional and documented in README.md.

export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface Config {
  port: number;
  host: string;
  /** postgres://... when set; otherwise the embedded database (PGlite) lives in dataDir. */
  databaseUrl: string | null;
  /** Directory of the embedded database and stored files; `memory://` keeps everything in memory. */
  dataDir: string;
  /** null: generated once and kept in dataDir (see auth secret resolution). */
  jwtSecret: string | null;
  logLevel: string;
  smtpUrl: string | null;
  /** Sender address of outgoing mail. */
  mailFrom: string;
  /** Base address written into links sent by mail (invitations). */
  publicUrl: string;
  production: boolean;
  /** Largest accepted JSON body, in bytes. */
  bodyLimit: number;
  /** Connections kept to PostgreSQL (ignored on the embedded database, which has one). */
  dbPoolSize: number;
  /** Memory for whole list answers kept per route (platform/answer-cache.ts); 0 keeps none. */
  answerCacheBytes: number;
  signIn: { perAddress: RateLimit; perAccount: RateLimit };
  /** POST /Maps/ExpandUrl may follow links to private and loopback addresses (tests only). */
  expandUrlAllowPrivate: boolean;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function str(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = env[name];
  return raw === undefined || raw === '' ? null : raw;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const jwtSecret = str(env, 'JWT_SECRET');
  if (production && !jwtSecret) throw new Error('JWT_SECRET is required when NODE_ENV=production');
  if (jwtSecret && jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
  const port = int(env, 'PORT', 8080);
  const host = str(env, 'HOST') ?? '127.0.0.1';
  return {
    port,
    host,
    databaseUrl: str(env, 'DATABASE_URL'),
    dataDir: str(env, 'DATA_DIR') ?? './data',
    jwtSecret,
    logLevel: str(env, 'LOG_LEVEL') ?? 'info',
    smtpUrl: str(env, 'SMTP_URL'),
    mailFrom: str(env, 'MAIL_FROM') ?? 'fds <no-reply@fds.local>',
    publicUrl: (str(env, 'PUBLIC_URL') ?? `http://${host}:${port}`).replace(/\/+$/, ''),
    production,
    bodyLimit: int(env, 'BODY_LIMIT', 1024 * 1024),
    dbPoolSize: int(env, 'DB_POOL_SIZE', 20),
    answerCacheBytes: int(env, 'ANSWER_CACHE_MB', 32) * 1024 * 1024,
    signIn: {
      perAddress: { max: int(env, 'SIGNIN_LIMIT_PER_ADDRESS', 30), windowMs: 60_000 },
      perAccount: { max: int(env, 'SIGNIN_LIMIT_PER_ACCOUNT', 10), windowMs: 15 * 60_000 },
    },
    expandUrlAllowPrivate: env.EXPAND_URL_ALLOW_PRIVATE === 'true',
  };
}

export function isMemoryDataDir(config: Pick<Config, 'dataDir'>): boolean {
  return config.dataDir.startsWith('memory://');
}
