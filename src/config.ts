// Environment → typed configuration, read in one place (docs/architecture.md, "Start, configure, stop") and
// validated by one schema (settings.ts): every variable the service reads is there, with its type,
// range and default. docs/configuration.md's tables and .env.example are made from that schema
// (`npm run docs:config`).
import { closestName, SETTING_FAMILIES, SETTINGS, type Setting, type SettingName, type SettingValues } from './settings.js';

export { SETTINGS, type SettingName } from './settings.js';

export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface TelematicsSettings {
  provider: 'samsara';
  /** null: no account is connected. */
  apiToken: string | null;
  baseUrl: string | null;
  timeoutMs: number;
  /** The companies the account belongs to; null: every company of the server. */
  companyIds: readonly number[] | null;
}

export interface MetricsSettings {
  /** Bearer token that GET /metrics on the service's port asks for; null: not served there. */
  token: string | null;
  /** A port of its own for /metrics (no token asked there); null: none. */
  port: number | null;
  host: string;
}

export interface PaymentsSettings {
  provider: 'sandbox' | 'stripe';
  stripeApiKey: string | null;
  stripeBaseUrl: string;
  timeoutMs: number;
}

export interface Config {
  port: number;
  host: string;
  /** postgres://... when set; otherwise the embedded database (PGlite) lives in dataDir. */
  databaseUrl: string | null;
  /** 'citus' when the operator declares the database distributed (db/distribute.ts). */
  databaseDistributed: 'citus' | null;
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
  /** Largest uploaded file in bytes (UPLOAD_MAX_MB). */
  uploadMaxBytes: number;
  /** s3://bucket?...: stored files in that S3-compatible bucket; null: under dataDir. */
  storageUrl: string | null;
  /** Connections kept to PostgreSQL (ignored on the embedded database, which has one). */
  dbPoolSize: number;
  /** Memory for whole list answers kept per route (platform/answer-cache.ts); 0 keeps none. */
  answerCacheBytes: number;
  signIn: { perAddress: RateLimit; perAccount: RateLimit };
  /** Requests of API tokens (platform/api-tokens.ts): per token and per user. */
  apiTokens: { perToken: RateLimit; perUser: RateLimit };
  /** Client addresses come from X-Forwarded-For (behind a reverse proxy). */
  trustProxy: boolean;
  /** POST /Maps/ExpandUrl may follow links to private and loopback addresses (tests only). */
  expandUrlAllowPrivate: boolean;
  /** OSRM server for road travel times; null: great-circle estimates. */
  osrmUrl: string | null;
  telematics: TelematicsSettings;
  metrics: MetricsSettings;
  payments: PaymentsSettings;
  /** Requests get 503 while the event loop lags more than this (ms); 0: never. */
  maxEventLoopDelayMs: number;
  /** FDS_PASSWORD: the admin CLI's password when a command is given none. */
  cliPassword: string | null;
}

/** A configuration the service refuses to start with; the message names every problem. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.length === 1 ? problems[0]! : `the configuration has ${problems.length} problems:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads and checks every setting: a malformed or out-of-range value, or an unknown variable within
 * the service's own families (SMTP_..., DB_... — a misspelling would otherwise be ignored), is an
 * error naming it, all problems at once. Variables outside those families (PATH, HOSTNAME) are
 * never judged.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  for (const name of Object.keys(env)) {
    if (name in SETTINGS || !SETTING_FAMILIES.some((family) => name.startsWith(family))) continue;
    const closest = closestName(name);
    problems.push(`${name} is not a setting of fds${closest ? `; did you mean ${closest}?` : ''}`);
  }
  const values = {} as Record<SettingName, unknown>;
  for (const [name, setting] of Object.entries(SETTINGS) as Array<[SettingName, Setting<unknown>]>) {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') {
      values[name] = setting.fallback;
      continue;
    }
    const parsed = setting.parse(raw);
    if (parsed.ok) values[name] = parsed.value;
    else problems.push(`${name} ${parsed.problem} (got "${setting.secret ? '…' : raw.slice(0, 80)}")`);
  }
  const v = values as SettingValues;
  if (v.NODE_ENV === 'production' && !v.JWT_SECRET) problems.push('JWT_SECRET is required when NODE_ENV=production');
  if (v.TELEMATICS_COMPANY_ID && !v.TELEMATICS_API_TOKEN)
    problems.push('TELEMATICS_COMPANY_ID is set but TELEMATICS_API_TOKEN is not: no account is connected');
  if (v.PAYMENTS_PROVIDER === 'stripe' && !v.STRIPE_API_KEY) problems.push('PAYMENTS_PROVIDER=stripe needs STRIPE_API_KEY');
  if (v.METRICS_PORT !== null && v.METRICS_PORT === v.PORT && v.PORT !== 0) problems.push('METRICS_PORT must differ from PORT');
  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port: v.PORT,
    host: v.HOST,
    databaseUrl: v.DATABASE_URL,
    databaseDistributed: v.DATABASE_DISTRIBUTED,
    dataDir: v.DATA_DIR,
    jwtSecret: v.JWT_SECRET,
    logLevel: v.LOG_LEVEL,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
    publicUrl: (v.PUBLIC_URL ?? `http://${v.HOST}:${v.PORT}`).replace(/\/+$/, ''),
    production: v.NODE_ENV === 'production',
    bodyLimit: v.BODY_LIMIT,
    uploadMaxBytes: v.UPLOAD_MAX_MB * 1024 * 1024,
    storageUrl: v.STORAGE_URL,
    dbPoolSize: v.DB_POOL_SIZE,
    answerCacheBytes: v.ANSWER_CACHE_MB * 1024 * 1024,
    apiTokens: {
      perToken: { max: v.API_TOKEN_LIMIT_PER_TOKEN, windowMs: 60_000 },
      perUser: { max: v.API_TOKEN_LIMIT_PER_USER, windowMs: 60_000 },
    },
    signIn: {
      perAddress: { max: v.SIGNIN_LIMIT_PER_ADDRESS, windowMs: 60_000 },
      perAccount: { max: v.SIGNIN_LIMIT_PER_ACCOUNT, windowMs: 15 * 60_000 },
    },
    trustProxy: v.TRUST_PROXY,
    expandUrlAllowPrivate: v.EXPAND_URL_ALLOW_PRIVATE,
    osrmUrl: v.OSRM_URL,
    telematics: {
      provider: v.TELEMATICS_PROVIDER,
      apiToken: v.TELEMATICS_API_TOKEN,
      baseUrl: v.TELEMATICS_BASE_URL,
      timeoutMs: v.TELEMATICS_TIMEOUT_MS,
      companyIds: v.TELEMATICS_COMPANY_ID,
    },
    metrics: { token: v.METRICS_TOKEN, port: v.METRICS_PORT, host: v.METRICS_HOST },
    payments: {
      provider: v.PAYMENTS_PROVIDER,
      stripeApiKey: v.STRIPE_API_KEY,
      stripeBaseUrl: v.STRIPE_BASE_URL.replace(/\/+$/, ''),
      timeoutMs: v.PAYMENTS_TIMEOUT_MS,
    },
    maxEventLoopDelayMs: v.MAX_EVENT_LOOP_DELAY_MS,
    cliPassword: v.FDS_PASSWORD,
  };
}

export function isMemoryDataDir(config: Pick<Config, 'dataDir'>): boolean {
  return config.dataDir.startsWith('memory://');
}
