// Telematics: the vehicles (and their latest positions) of a fleet-tracking account, behind one
// small interface. One provider is implemented, Samsara (samsara.ts); the account is connected by
// environment variables (src/settings.ts). With none, `telematicsConnection` answers null and the fleet area says so —
// it never makes vehicles up.
import type { TelematicsSettings } from '../../config.js';
import { samsaraProvider } from './samsara.js';
import type { TelematicsProvider } from './types.js';

export * from './types.js';

export interface TelematicsConnection {
  provider: TelematicsProvider;
  /** The companies the account belongs to; null: every company of the server. */
  companyIds: ReadonlySet<number> | null;
}

/** The connected account of the configuration's TELEMATICS_* settings (checked by src/config.ts);
 *  null when no token is set. */
export function telematicsConnection(settings: TelematicsSettings): TelematicsConnection | null {
  if (!settings.apiToken) return null;
  const { apiToken: token, timeoutMs, baseUrl, companyIds } = settings;
  return { provider: samsaraProvider({ token, timeoutMs, ...(baseUrl ? { baseUrl } : {}) }), companyIds: companyIds ? new Set(companyIds) : null };
}
