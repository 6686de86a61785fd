// Text for the PDF's built-in fonts. The 14 standard PDF fonts need no font file (nothing is read
// or embedded per document, which keeps generation fast), but they carry the Windows-1252 (WinAnsi)
// characters only: anything else would print as garbage. Letters with accents outside that set are
// written without them (ą → a), a few letters that do not decompose are spelled out, the rest is '?'.
// The HTML rendering keeps every character as written.

/** The characters of WinAnsi above Latin-1's printable range's gaps (0x80–0x9F). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const SPELLED: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
  '‐': '-',
  '‑': '-',
  '−': '-',
  '→': '->',
  '←': '<-',
  '≤': '<=',
  '≥': '>=',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
};

function printable(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch);
}

/** `text` as the standard fonts can print it; line breaks and tabs are kept for the layout. */
export function winAnsi(text: string): string {
  if (/^[\x20-\x7e\n\t]*$/.test(text)) return text;
  let out = '';
  for (const ch of text) {
    if (ch === '\n' || ch === '\t' || printable(ch)) out += ch;
    else if (ch === '\r') continue;
    else if (SPELLED[ch] !== undefined) out += SPELLED[ch];
    else {
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base.length > 0 && [...base].every(printable) ? base : '?';
    }
  }
  return out;
}
