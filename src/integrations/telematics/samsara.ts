// Samsara's fleet API (developers.samsara.com): bearer token; `GET /fleet/vehicles` and
// `GET /fleet/vehicles/locations` answer `{data, pagination: {endCursor, hasNextPage}}` and take
// `limit` and `after` (the cursor); `PATCH /fleet/vehicles/{id}` answers `{data}`; errors answer
// `{message, requestId}`. Every call has a deadline (the whole answer, body included); pages are
// followed to the end, with a bound and a repeated cursor read as a broken answer.
import { TelematicsError, type TelematicsLocation, type TelematicsProvider, type TelematicsVehicle, type VehicleChanges } from './types.js';

export const SAMSARA_API = 'https://api.samsara.com';
/** Samsara's largest page. */
const PAGE_SIZE = 512;
/** 512 × 200 vehicles: past that a cursor that never ends is assumed. */
const MAX_PAGES = 200;

export interface SamsaraOptions {
  token: string;
  baseUrl?: string;
  timeoutMs: number;
}

interface Page<T> {
  data: T[];
  pagination?: { endCursor?: string; hasNextPage?: boolean };
}

interface SamsaraVehicle {
  id: string;
  name?: string;
  vin?: string;
  licensePlate?: string;
  make?: string;
  model?: string;
  year?: string | number;
  notes?: string;
  serial?: string;
}

interface SamsaraLocation {
  id: string;
  name?: string;
  location?: { time?: string; latitude?: number; longitude?: number; heading?: number; speed?: number; reverseGeo?: { formattedLocation?: string } };
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function toVehicle(v: SamsaraVehicle): TelematicsVehicle {
  const year = typeof v.year === 'number' ? v.year : Number.parseInt(String(v.year ?? ''), 10);
  return {
    id: String(v.id),
    name: str(v.name),
    vin: str(v.vin)?.toUpperCase() ?? null,
    licensePlate: str(v.licensePlate),
    make: str(v.make),
    model: str(v.model),
    year: Number.isInteger(year) ? year : null,
    notes: str(v.notes),
    gatewaySerial: str(v.serial),
  };
}

function toLocation(v: SamsaraLocation): TelematicsLocation | null {
  const at = v.location;
  const latitude = num(at?.latitude);
  const longitude = num(at?.longitude);
  if (!at || latitude === null || longitude === null) return null;
  return {
    vehicleId: String(v.id),
    name: str(v.name),
    latitude,
    longitude,
    heading: num(at.heading),
    speedMph: num(at.speed),
    time: str(at.time) ?? new Date(0).toISOString(),
    formattedLocation: str(at.reverseGeo?.formattedLocation),
  };
}

export function samsaraProvider(options: SamsaraOptions): TelematicsProvider {
  const base = (options.baseUrl ?? SAMSARA_API).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]/i.test(base)) throw new Error('TELEMATICS_BASE_URL must be an http(s) address');
  const seconds = Math.round(options.timeoutMs / 100) / 10;
  /** The provider's own words, short and without the token (an echo of it must not leak). */
  const their = (text: unknown) => (typeof text === 'string' ? text.split(options.token).join('***').slice(0, 200) : '');

  async function call(method: 'GET' | 'PATCH', path: string, query: Record<string, string> = {}, body?: unknown): Promise<unknown> {
    const url = new URL(base + path);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const send = async () => {
      const res = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${options.token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      return { res, text: await res.text() };
    };
    let answer: { res: Response; text: string };
    try {
      answer = await send().catch((err: unknown) => {
        // A kept-alive connection the server has just closed fails at once: a read is sent again.
        if (method !== 'GET' || (err as { name?: string }).name === 'TimeoutError') throw err;
        return send();
      });
    } catch (err) {
      const timedOut = (err as { name?: string }).name === 'TimeoutError';
      throw new TelematicsError(
        'unavailable',
        timedOut ? `Samsara did not answer within ${seconds} s.` : 'Samsara could not be reached (no connection to its API).',
      );
    }
    const { res, text } = answer;
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      if (res.ok) throw new TelematicsError('bad_response', `Samsara answered HTTP ${res.status} with a body that is not JSON.`);
    }
    if (res.ok) return json;
    const detail = their((json as { message?: unknown } | null)?.message);
    const said = detail ? `: ${detail}` : '.';
    if (res.status === 401 || res.status === 403)
      throw new TelematicsError('rejected', `Samsara refused the API token (HTTP ${res.status}); check TELEMATICS_API_TOKEN.`);
    if (res.status === 404) throw new TelematicsError('not_found', `Samsara has no such vehicle (HTTP 404)${said}`);
    if (res.status === 429) throw new TelematicsError('unavailable', 'Samsara is rate limiting requests (HTTP 429); try again shortly.');
    if (res.status >= 500) throw new TelematicsError('unavailable', `Samsara failed (HTTP ${res.status})${said}`);
    throw new TelematicsError('invalid', `Samsara refused the request (HTTP ${res.status})${said}`);
  }

  /** Every page of a list, following `endCursor` while `hasNextPage`. */
  async function all<T>(path: string): Promise<T[]> {
    const out: T[] = [];
    const seen = new Set<string>();
    let after: string | null = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = (await call('GET', path, { limit: String(PAGE_SIZE), ...(after ? { after } : {}) })) as Page<T> | null;
      if (!answer || !Array.isArray(answer.data)) throw new TelematicsError('bad_response', `Samsara's answer to ${path} has no data list.`);
      out.push(...answer.data);
      const next = answer.pagination?.hasNextPage ? answer.pagination.endCursor : undefined;
      if (!next) return out;
      if (seen.has(next)) throw new TelematicsError('bad_response', `Samsara's pages of ${path} repeat a cursor.`);
      seen.add(next);
      after = next;
    }
    throw new TelematicsError('bad_response', `Samsara's pages of ${path} do not end after ${MAX_PAGES} pages.`);
  }

  return {
    name: 'Samsara',

    async vehicles() {
      return (await all<SamsaraVehicle>('/fleet/vehicles')).filter((v) => v && v.id !== undefined).map(toVehicle);
    },

    async locations() {
      return (await all<SamsaraLocation>('/fleet/vehicles/locations'))
        .flatMap((v) => (v && v.id !== undefined ? [toLocation(v)] : []))
        .filter((l): l is TelematicsLocation => l !== null);
    },

    async updateVehicle(id: string, changes: VehicleChanges) {
      const answer = (await call('PATCH', `/fleet/vehicles/${encodeURIComponent(id)}`, {}, changes)) as { data?: SamsaraVehicle } | null;
      if (!answer?.data || answer.data.id === undefined) throw new TelematicsError('bad_response', "Samsara's answer to the change has no vehicle.");
      return toVehicle(answer.data);
    },
  };
}
