// How zones write postal codes, so that "75201", " 75201 " and "m5v  3l9" each have one form: the
// form stored, compared and looked up. A zone may hold a code's leading part (a ZIP3 such as 752,
// a Canadian FSA such as M5V): an address then belongs to the zone holding its longest match.

/** Trimmed, upper-case, inner spaces collapsed to one. */
export function normalizePostalCode(code: string): string {
  return code.trim().toUpperCase().replace(/\s+/g, ' ');
}

/** Letters, digits, single spaces and hyphens; 1 to 12 characters, starting with a letter or digit. */
export const POSTAL_CODE = /^[A-Z0-9][A-Z0-9 -]{0,11}$/;

/** The code and its leading parts, longest first ("M5V 3L9", "M5V 3L", "M5V 3", "M5V", "M5", "M"). */
export function leadingParts(normalized: string): string[] {
  const parts: string[] = [];
  for (let n = normalized.length; n > 0; n--) {
    const part = normalized.slice(0, n).trimEnd();
    if (part && parts[parts.length - 1] !== part) parts.push(part);
  }
  return parts;
}
