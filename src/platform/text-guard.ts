// PostgreSQL cannot store the NUL character (U+0000) in text, and refuses a whole statement that
// carries one. A request holding one is refused before any work, naming the field, rather than
// failing midway in the database.
import { ValidationError } from './errors.js';

const NUL = '\u0000';

/** The field (`addresses[0].street`, or `part` itself) of the first text holding NUL; null when none. */
export function fieldWithNul(value: unknown, part: string): string | null {
  return walk(value, '');
  function walk(v: unknown, path: string): string | null {
    if (typeof v === 'string') return v.includes(NUL) ? path || part : null;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const found = walk(v[i], `${path}[${i}]`);
        if (found) return found;
      }
      return null;
    }
    if (v !== null && typeof v === 'object') {
      for (const [key, inner] of Object.entries(v)) {
        if (key.includes(NUL)) return path ? `${path}.${key}` : key;
        const found = walk(inner, path ? `${path}.${key}` : key);
        if (found) return found;
      }
    }
    return null;
  }
}

/** Throws a 400 naming the field when the request part holds a NUL character. */
export function refuseNul(value: unknown, part: string): void {
  const field = fieldWithNul(value, part);
  if (field) throw new ValidationError({ [field]: ['The text contains a NUL character (\\u0000), which cannot be stored.'] });
}
