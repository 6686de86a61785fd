// Vehicle identification numbers. A 17-character VIN (ISO 3779; in North America 49 CFR 565 makes
// its 9th character a check digit) uses letters and digits but I, O and Q; its check digit is the
// weighted sum of its transliterated characters modulo 11 (10 written X). Vehicles made before
// 1981 carry shorter numbers with no standard form: those are kept as written.

const VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8, J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9, S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

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

export type VinCheck = { vin: string; problem: null } | { vin: string; problem: string };

/** The VIN upper-cased without spaces or dashes, and what is wrong with it (null: nothing). */
export function checkVin(text: string): VinCheck {
  const vin = text.replace(/[\s-]/g, '').toUpperCase();
  if (vin.length === 17) {
    if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) return { vin, problem: 'A 17-character VIN has only letters and digits, and never I, O or Q.' };
    const expected = vinCheckDigit(vin);
    if (vin[8] !== expected) return { vin, problem: `The VIN's check digit (its 9th character) is ${vin[8]} but should be ${expected} (ISO 3779, 49 CFR 565): the VIN is mistyped.` };
    return { vin, problem: null };
  }
  if (vin.length > 17) return { vin, problem: 'A VIN has at most 17 characters.' };
  if (!/^[A-Z0-9]{5,16}$/.test(vin)) return { vin, problem: 'A VIN has 17 characters (older vehicles: 5 to 16 letters and digits).' };
  return { vin, problem: null };
}
