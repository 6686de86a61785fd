// Countries are ISO 3166-1 alpha-2 codes, checked against i18n-iso-countries and kept upper-case.
import countries from 'i18n-iso-countries';
import { invalid } from '../../platform/errors.js';

/** The code upper-cased; a 400 naming `field` when it is no country. */
export function countryOf(text: string, field = 'country'): string {
  const country = text.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country) || !countries.isValid(country)) throw invalid(field, `"${text}" is not an ISO 3166-1 alpha-2 country code.`);
  return country;
}
