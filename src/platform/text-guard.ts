// PostgreSQL cannot store the NUL character (U+0000) in text, and refuses a whole statement that
// carries one. A request holding one is refused before any work, naming the field, rather than
// failing midway in the database.
import { ValidationError } from './errors.js';

const NUL = '\u0000';

/** The field (`addresses[0].street`, or `part` itself) of the first text holding NUL; null when none.
 *  A walk with its own stack, not recursion: a body nested deeper than the call stack (`[[[...]]]`,
 *  well under the body limit) would overflow it and answer 500 instead of reaching validation. */
export function fieldWithNul(value: unknown, part: string): string | null {
  // Taken from the end: children are pushed in reverse, so fields are met in order. A key holding
  // NUL is itself the answer (`badKey`), met where its value would be.
  const stack: Array<{ v: unknown; path: string; badKey?: true }> = [{ v: value, path: '' }];
  while (stack.length > 0) {
    const { v, path, badKey } = stack.pop()!;
    if (badKey) return path;
    if (typeof v === 'string') {
      if (v.includes(NUL)) return path || part;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: `${path}[${i}]` });
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, inner] = entries[i]!;
        stack.push({ v: inner, path: path ? `${path}.${key}` : key, ...(key.includes(NUL) ? { badKey: true as const } : {}) });
      }
    }
  }
  return null;
}

/** Throws a 400 naming the field when the request part holds a NUL character. */
export function refuseNul(value: unknown, part: string): void {
  const field = fieldWithNul(value, part);
  if (field) throw new ValidationError({ [field]: ['The text contains a NUL character (\\u0000), which cannot be stored.'] });
}
