// Normalized forms of names, emails and phones: what "the same customer" or "the same contact"
// means when looking for duplicates, and how phones are stored once normalized (E.164).
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';

const LEGAL_SUFFIXES = new Set([
  'inc',
  'incorporated',
  'llc',
  'l l c',
  'ltd',
  'limited',
  'co',
  'corp',
  'corporation',
  'company',
  'plc',
  'gmbh',
  'ag',
  'sa',
  'sas',
  'sarl',
  'srl',
  'spa',
  'bv',
  'nv',
  'pty',
  'lp',
  'llp',
  'oy',
  'ab',
  'as',
  'kg',
]);

/** "ACME Freight, Inc." and "Acme Freight" → "acme freight". */
export function nameKey(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  while (words.length > 1 && LEGAL_SUFFIXES.has(words[words.length - 1]!)) words.pop();
  return words.join(' ');
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string | null | undefined): string | null {
  const trimmed = email?.trim().toLowerCase();
  return trimmed ? trimmed : null;
}

export function isEmail(email: string): boolean {
  return EMAIL.test(email) && email.length <= 254;
}

export interface PhoneCheck {
  /** E.164 when the number is valid for its country, else null. */
  e164: string | null;
  valid: boolean;
}

/** Parses with the country of the number's owner (its main address) when it has no + prefix. */
export function checkPhone(phone: string | null | undefined, country: string | null = 'US'): PhoneCheck {
  const text = phone?.trim();
  if (!text) return { e164: null, valid: false };
  const parsed = parsePhoneNumberFromString(text, (country?.toUpperCase() || 'US') as CountryCode);
  if (!parsed?.isValid()) return { e164: null, valid: false };
  return { e164: parsed.number, valid: true };
}

/** The digit strings a number may be stored as: E.164 without +, and the national number. */
export function phoneDigitForms(phone: string | null | undefined, country: string | null = 'US'): string[] {
  const text = phone?.trim();
  if (!text) return [];
  const parsed = parsePhoneNumberFromString(text, (country?.toUpperCase() || 'US') as CountryCode);
  const forms = new Set<string>();
  const digits = text.replace(/\D/g, '');
  if (digits.length >= 5) forms.add(digits);
  if (parsed?.isValid()) {
    forms.add(parsed.number.replace(/\D/g, ''));
    forms.add(String(parsed.nationalNumber));
  }
  return [...forms];
}

/** The comparable form of a phone: E.164 when valid, else its digits. */
export function phoneKey(phone: string | null | undefined, country: string | null = 'US'): string | null {
  const { e164 } = checkPhone(phone, country);
  if (e164) return e164;
  const digits = phone?.replace(/\D/g, '') ?? '';
  return digits.length >= 5 ? digits : null;
}
