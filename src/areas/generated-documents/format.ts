// How values read on a generated document: money in its currency, days, time windows (in the
// place's local time, its zone named; UTC where its zone is not known), weights in the order's
// unit, places as lines.
import type { Letterhead } from '../../integrations/documents/index.js';
import { timeZoneOf } from '../../integrations/geo/index.js';
import type { AddressT } from '../customers/index.js';
import type { CompanySignature } from '../settings/index.js';

const moneyFormats = new Map<string, Intl.NumberFormat>();

export function money(amount: number | null | undefined, currency: string): string {
  if (amount === null || amount === undefined) return '';
  let format = moneyFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    } catch {
      // Not an ISO 4217 code Intl knows: the amount with the code after it.
      format = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    moneyFormats.set(currency, format);
  }
  const text = format.format(amount);
  return format.resolvedOptions().style === 'currency' ? text : `${text} ${currency}`;
}

const rateFormats = new Map<string, Intl.NumberFormat>();

/** A rate (price per unit) in its currency with every decimal it has (up to 4, as invoices keep
 *  rates): a rate rounded to the cent would not multiply to the line's amount. */
export function unitPrice(rate: number, currency: string): string {
  let format = rateFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 4 });
    } catch {
      format = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
    }
    rateFormats.set(currency, format);
  }
  const text = format.format(rate);
  return format.resolvedOptions().style === 'currency' ? text : `${text} ${currency}`;
}

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
export const num = (value: number | null | undefined) => (value === null || value === undefined ? '' : numberFormat.format(value));

/** A day as YYYY-MM-DD (a Date is read as its UTC day). */
export function day(value: Date | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

const clocks = new Map<string, { clock: Intl.DateTimeFormat; zoneName: Intl.DateTimeFormat }>();

/** "15:00" and "CDT" of an instant in `zone`; a zone without a short name in English (its offset,
 *  "GMT-6") is named by its IANA id. */
function local(value: Date | string, zone: string): { time: string; zone: string } {
  let formats = clocks.get(zone);
  if (!formats) {
    formats = {
      clock: new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
      zoneName: new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }),
    };
    clocks.set(zone, formats);
  }
  const at = new Date(value);
  const name = formats.zoneName.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? zone;
  return { time: formats.clock.format(at), zone: /^(GMT|UTC)[+-]/.test(name) ? zone : name };
}

/** A place's time zone where the table of src/integrations/geo knows it, else UTC. */
export const zoneOfPlace = (a: Pick<AddressT, 'country' | 'state' | 'longitude' | 'latitude'>): string => timeZoneOf(a) ?? 'UTC';

/** "15:00–18:00 CDT", "from 08:00 CDT", or '' without a window: in `zone` (an IANA id). */
export function timeWindow(start: Date | string | null, end: Date | string | null, zone = 'UTC'): string {
  const from = start ? local(start, zone) : null;
  const to = end ? local(end, zone) : null;
  if (from && to) return from.zone === to.zone ? `${from.time}–${to.time} ${to.zone}` : `${from.time} ${from.zone}–${to.time} ${to.zone}`;
  if (from) return `from ${from.time} ${from.zone}`;
  if (to) return `by ${to.time} ${to.zone}`;
  return '';
}

/** An address as printed lines: street, second line, "City, ST 78701, US" (the country's ISO code). */
export function addressLines(a: Pick<AddressT, 'street' | 'street2' | 'city' | 'state' | 'postalCode' | 'country'>): string[] {
  const cityLine = [a.city, [a.state, a.postalCode].filter(Boolean).join(' '), a.country].filter(Boolean).join(', ');
  return [a.street, a.street2 ?? '', cityLine].filter((line) => line.trim() !== '');
}

/** A stop's place: its name (or the customer's), address, and whom to ask for. */
export function placeLines(address: AddressT, fallbackName: string | null, contact: { name: string | null; phone: string | null } | null = null): string[] {
  const name = address.name?.trim() || fallbackName || '';
  const who = [contact?.name ?? address.contactName, contact?.phone ?? address.contactPhone].filter(Boolean).join(', ');
  return [name, ...addressLines(address), who ? `Contact: ${who}` : ''].filter((line) => line !== '');
}

/** The company's letterhead: its name (the sign-in's company) and what its settings give. */
export function letterheadOf(companyName: string, signature: CompanySignature): Letterhead {
  const site = signature.site;
  return {
    companyName,
    addressLines: site ? addressLines(site) : [],
    contactLines: site ? [site.phone, site.email].filter((v): v is string => Boolean(v)) : [],
    terms: signature.terms,
  };
}

/** A file name from a document's kind and number: letters, digits, '-', '_' and '.' only. */
export function fileNameOf(kind: string, number: string, extension: 'pdf' | 'html'): string {
  const safe = number.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'document';
  return `${kind}-${safe}.${extension}`;
}
