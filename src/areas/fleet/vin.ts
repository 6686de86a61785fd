// Vehicle identification numbers. A 17-character VIN (ISO 3779) uses letters and digits but I, O
// and Q. Its 9th character is a check digit only where the region of its first character requires
// one: North America (1 to 5: 49 CFR 565) and China (L: GB 16735). Elsewhere — Europe (W, Y, V...),
// Japan, Korea and most of Asia — ISO 3779 leaves that place to the maker, so a Volvo YV2... or a
// Mercedes WDB... is not checked. The digit is the weighted sum of the transliterated characters
// modulo 11 (10 written X). Vehicles made before 1981 carry shorter numbers with no standard form:
// those are kept as written.

const VALUES: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** What the schemas and messages say of the check digit. */
export const VIN_RULE =
  'A 17-character VIN of North America (first character 1 to 5) or China (L) must carry a valid check digit as its 9th character ' +
  '(49 CFR 565, GB 16735); VINs of other regions (ISO 3779: Europe, Japan, Korea...) have none there and are not checked.';

/** The check digit a 17-character VIN should carry at position 9 ('0'-'9' or 'X'). */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = vin[i]!;
    sum += (/[0-9]/.test(c) ? Number(c) : VALUES[c]!) * WEIGHTS[i]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** Whether the VIN's region makes its 9th character a check digit: North America (1-5) and China (L). */
export function hasCheckDigit(vin: string): boolean {
  return /^[1-5L]/.test(vin);
}

export type VinCheck = { vin: string; problem: null } | { vin: string; problem: string };

/** The VIN upper-cased without spaces or dashes, and what is wrong with it (null: nothing). */
export function checkVin(text: string): VinCheck {
  const vin = text.replace(/[\s-]/g, '').toUpperCase();
  if (vin.length === 17) {
    if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) return { vin, problem: 'A 17-character VIN has only letters and digits, and never I, O or Q.' };
    if (!hasCheckDigit(vin)) return { vin, problem: null };
    const expected = vinCheckDigit(vin);
    if (vin[8] !== expected) {
      const region = vin[0] === 'L' ? 'a Chinese VIN (first character L, GB 16735)' : 'a North American VIN (first character 1 to 5, 49 CFR 565)';
      return {
        vin,
        problem:
          `The VIN's check digit (its 9th character) is ${vin[8]} but should be ${expected}: ${region} carries one, so the VIN is mistyped. ` +
          "Only VINs of North America and China carry a check digit; other regions' are not checked.",
      };
    }
    return { vin, problem: null };
  }
  if (vin.length > 17) return { vin, problem: 'A VIN has at most 17 characters.' };
  if (!/^[A-Z0-9]{5,16}$/.test(vin)) return { vin, problem: 'A VIN has 17 characters (older vehicles: 5 to 16 letters and digits).' };
  return { vin, problem: null };
}
