// Checks of single input values, each throwing a RatingError that names the field and says what
// was expected. Codes are read case-insensitively and returned upper-case, as the database keeps them.
import { RatingError } from './model.js';

const show = (value: unknown): string =>
  value === undefined ? 'nothing' : typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value));

export function nonNegative(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new RatingError(field, `${field} must be a number of 0 or more, got ${show(value)}.`);
  }
  return value;
}

/** A non-negative number, or null when absent (null or undefined). */
export function optionalNonNegative(value: unknown, field: string): number | null {
  return value === null || value === undefined ? null : nonNegative(value, field);
}

export function positive(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new RatingError(field, `${field} must be a number above 0, got ${show(value)}.`);
  }
  return value;
}

/** A count of things: a whole number of 0 or more. */
export function count(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new RatingError(field, `${field} must be a whole number of 0 or more, got ${show(value)}.`);
  }
  return value;
}

export function id(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new RatingError(field, `${field} must be a whole number, got ${show(value)}.`);
  }
  return value;
}

export function optionalId(value: unknown, field: string): number | null {
  return value === null || value === undefined ? null : id(value, field);
}

export function oneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  if (!allowed.includes(value as T)) {
    throw new RatingError(field, `${field} must be one of ${allowed.join(', ')}, got ${show(value)}.`);
  }
  return value as T;
}

/** ISO 4217 format: three letters. */
export function currencyCode(value: unknown, field: string): string {
  if (typeof value !== 'string' || !/^[A-Za-z]{3}$/.test(value)) {
    throw new RatingError(field, `${field} must be a three-letter ISO 4217 currency code (USD, CAD, EUR...), got ${show(value)}.`);
  }
  return value.toUpperCase();
}

/** ISO 3166-1 alpha-2 format: two letters. */
export function countryCode(value: unknown, field: string): string {
  if (typeof value !== 'string' || !/^[A-Za-z]{2}$/.test(value)) {
    throw new RatingError(field, `${field} must be a two-letter ISO 3166-1 country code (US, CA, MX...), got ${show(value)}.`);
  }
  return value.toUpperCase();
}

/** A calendar date written YYYY-MM-DD (2024-02-30 is refused). */
export function isoDate(value: unknown, field: string): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || dayNumber(value) === null) {
    throw new RatingError(field, `${field} must be a date written YYYY-MM-DD, got ${show(value)}.`);
  }
  return value;
}

/** Days since 1970-01-01 of a YYYY-MM-DD date; null when it is no calendar date. */
export function dayNumber(date: string): number | null {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null;
  return ms / 86_400_000;
}

export function list<T>(value: unknown, field: string): T[] {
  if (!Array.isArray(value)) throw new RatingError(field, `${field} must be a list, got ${show(value)}.`);
  return value as T[];
}

/** An entry of a list that must be an object. */
export function record<T>(value: T, field: string): T {
  if (!value || typeof value !== 'object') throw new RatingError(field, `${field} must be an object, got ${show(value)}.`);
  return value;
}
