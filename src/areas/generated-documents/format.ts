// How values read on a generated document: money in its currency, days, time windows (UTC: the
// service keeps no company time zone), weights in the order's unit, places as lines.
import type { Letterhead } from '../../integrations/documents/index.js';
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

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
export const num = (value: number | null | undefined) => (value === null || value === undefined ? '' : numberFormat.format(value));

/** A day as YYYY-MM-DD (a Date is read as its UTC day). */
export function day(value: Date | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

const time = (value: Date | string) => new Date(value).toISOString().slice(11, 16);

/** "08:00–12:00 UTC", "from 08:00 UTC", or '' without a window. */
export function timeWindow(start: Date | string | null, end: Date | string | null): string {
  if (start && end) return `${time(start)}–${time(end)} UTC`;
  if (start) return `from ${time(start)} UTC`;
  if (end) return `by ${time(end)} UTC`;
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
