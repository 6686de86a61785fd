// Telematics: the vehicles (and their latest positions) of a fleet-tracking account, behind one
// small interface. One provider is implemented, Samsara (samsara.ts); the account is connected by
// environment variables. With none, `telematicsFromEnv` answers null and the fleet area says so —
// it never makes vehicles up.
import { samsaraProvider } from './samsara.js';
import type { TelematicsProvider } from './types.js';

export * from './types.js';

export interface TelematicsConnection {
  provider: TelematicsProvider;
  /** The companies the account belongs to; null: every company of the server. */
  companyIds: ReadonlySet<number> | null;
}

export const TELEMATICS_PROVIDERS = ['samsara'] as const;
export const DEFAULT_TIMEOUT_MS = 10_000;

/** The connected account, from TELEMATICS_PROVIDER, TELEMATICS_API_TOKEN, TELEMATICS_BASE_URL,
 *  TELEMATICS_TIMEOUT_MS and TELEMATICS_COMPANY_ID; null when no token is set. A wrong value is a
 *  start-up error, like any other configuration mistake. */
export function telematicsFromEnv(env: NodeJS.ProcessEnv = process.env): TelematicsConnection | null {
  const token = env.TELEMATICS_API_TOKEN?.trim();
  if (!token) return null;
  const provider = (env.TELEMATICS_PROVIDER?.trim() || 'samsara').toLowerCase();
  if (provider !== 'samsara') throw new Error(`TELEMATICS_PROVIDER must be one of: ${TELEMATICS_PROVIDERS.join(', ')} (got "${provider}")`);
  const timeout = env.TELEMATICS_TIMEOUT_MS?.trim() ? Number(env.TELEMATICS_TIMEOUT_MS) : DEFAULT_TIMEOUT_MS;
  if (!Number.isInteger(timeout) || timeout <= 0) throw new Error('TELEMATICS_TIMEOUT_MS must be a positive whole number of milliseconds');
  const ids = env.TELEMATICS_COMPANY_ID?.trim() ? env.TELEMATICS_COMPANY_ID.split(',').map((s) => Number(s.trim())) : null;
  if (ids && ids.some((id) => !Number.isInteger(id) || id <= 0)) throw new Error('TELEMATICS_COMPANY_ID must be a company id, or several separated by commas');
  const baseUrl = env.TELEMATICS_BASE_URL?.trim() || undefined;
  return { provider: samsaraProvider({ token, timeoutMs: timeout, ...(baseUrl ? { baseUrl } : {}) }), companyIds: ids ? new Set(ids) : null };
}
