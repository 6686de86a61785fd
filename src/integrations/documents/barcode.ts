// Code 128 barcodes for labels, encoded by bwip-js (symbol choice, code sets and check digit are
// its work). We take the encoder's bar and space widths and draw them ourselves, as vector
// rectangles in the PDF and in an inline SVG in the HTML: sharp at any printer resolution, and the
// same bars in both renderings.
import bwipjs from 'bwip-js/node';

/** A bar: where it starts and how wide it is, in modules (the narrowest bar's width). */
export interface Bar {
  x: number;
  width: number;
}

export interface Code128 {
  text: string;
  /** Width of the symbol in modules, without quiet zones. */
  modules: number;
  bars: Bar[];
}

/** Modules of white left and right of the symbol: scanners need at least 10. */
export const QUIET_ZONE = 10;

/** Code 128 carries ASCII only (bytes 0–127). */
const ENCODABLE = /^[\x20-\x7e]+$/;

/**
 * The bars of `text` in Code 128, or null when it cannot be encoded (empty, longer than 80
 * characters — too wide for a label — or with characters outside printable ASCII).
 */
export function code128(text: string): Code128 | null {
  if (text.length === 0 || text.length > 80 || !ENCODABLE.test(text)) return null;
  const [symbol] = bwipjs.raw({ bcid: 'code128', text }) as Array<{ sbs?: number[] }>;
  const widths = symbol?.sbs;
  if (!widths || widths.length === 0) return null;
  // sbs alternates bar, space, bar...: the even positions are bars.
  const bars: Bar[] = [];
  let x = 0;
  for (let i = 0; i < widths.length; i++) {
    const width = widths[i]!;
    if (i % 2 === 0) bars.push({ x, width });
    x += width;
  }
  return { text, modules: x, bars };
}
