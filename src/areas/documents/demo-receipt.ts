// A driver's phone photo of a fuel receipt, for the library's demo (documents.demo.ts): the
// thermal paper with its print and barcode, a little askew on the truck's dark dashboard, drawn as
// an SVG and encoded as a camera would (JPEG) by @napi-rs/image. Its print is drawn with the
// host's fonts (resvg reads the system's; on a host with none the paper shows its layout and
// barcode only) — the library reads no text from pictures anyway (no OCR: status NoText).
import { Transformer } from '@napi-rs/image';
import escapeHtml from 'escape-html';
import { code128 } from '../../integrations/documents/index.js';
import { cityLine, type Sender } from './demo-papers.js';

export interface FuelPurchase {
  station: Sender;
  date: string;
  unit: string | null;
  gallons: number;
  /** The price per gallon in tenths of a cent (3579 = $3.579), as pumps show it. */
  pricePerGallon: number;
  defGallons: number;
  defPrice: number;
  card: string;
}

/** Characters per line of the receipt printer. */
const WIDTH = 32;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The receipt's print, as a pump's printer lays it out, and the transaction number its barcode carries. */
export function receiptLines(p: FuelPurchase): { lines: string[]; code: string } {
  const cents = (gallons: number, tenths: number) => Math.round((gallons * tenths) / 10);
  const diesel = cents(p.gallons, p.pricePerGallon);
  const def = cents(p.defGallons, p.defPrice);
  const row = (label: string, value = '') => `${label}${value.padStart(WIDTH - label.length)}`;
  const center = (s: string) => s.padStart(Math.floor((WIDTH + s.length) / 2));
  const perGallon = (tenths: number) => `$${(tenths / 1000).toFixed(3)}/GAL`;
  const rule = '-'.repeat(WIDTH);
  return {
    code: `${p.date.replace(/-/g, '')}0412${String(diesel + def).padStart(6, '0')}`,
    lines: [
      center(p.station.name.toUpperCase()),
      center(p.station.street.toUpperCase()),
      center(cityLine(p.station).toUpperCase()),
      center(p.station.phone ?? ''),
      rule,
      row(`DATE ${p.date}`, 'TIME 05:42'),
      row('PUMP 07', 'TRAN 418-2291'),
      rule,
      'DIESEL #2 ULSD',
      row(`  ${p.gallons.toFixed(3)} GAL @ ${perGallon(p.pricePerGallon)}`),
      row('', dollars(diesel)),
      'DEF (BULK)',
      row(`  ${p.defGallons.toFixed(3)} GAL @ ${perGallon(p.defPrice)}`),
      row('', dollars(def)),
      rule,
      row('TOTAL', dollars(diesel + def)),
      row('FUEL TAXES INCLUDED'),
      rule,
      row('FLEET CARD', p.card),
      row('AUTH', '052177'),
      ...(p.unit ? [row('VEHICLE', p.unit.toUpperCase())] : []),
      row('ODOMETER', '284113'),
      rule,
      center('THANK YOU - DRIVE SAFE'),
    ],
  };
}

/** The photo: 1200 × 1600, JPEG. */
export function fuelReceiptPhoto(purchase: FuelPurchase): Promise<Buffer> {
  const { lines, code } = receiptLines(purchase);
  const step = 34;
  const height = 90 + lines.length * step + 150;
  const print = lines.map((l, k) => `<text x="44" y="${90 + k * step}" xml:space="preserve">${escapeHtml(l)}</text>`).join('');
  const bars = (code128(code)?.bars ?? []).map((b) => `<rect x="${90 + b.x * 3}" y="${height - 140}" width="${b.width * 3}" height="80" fill="#222"/>`);
  // The bottom edge is torn off the roll: a zigzag, drawn from right to left to close the outline.
  const teeth = Array.from({ length: 31 }, (_, k) => `${610 - k * 20},${height + (k % 2 === 0 ? 10 : -4)}`).join(' ');
  const paper = `0,0 620,0 620,${height} ${teeth} 0,${height}`;
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1600">' +
    '<defs><linearGradient id="dash" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3a3d42"/><stop offset="1" stop-color="#1c1e21"/></linearGradient></defs>' +
    '<rect width="1200" height="1600" fill="url(#dash)"/>' +
    `<g transform="translate(290 ${Math.round((1600 - height) / 2)}) rotate(-2.5 310 ${height / 2})">` +
    `<polygon points="${paper}" fill="#000" opacity="0.35" transform="translate(12 14)"/><polygon points="${paper}" fill="#f6f3ea"/>` +
    `<g font-family="DejaVu Sans Mono, Liberation Mono, Courier New, Menlo, Consolas, monospace" font-size="26" fill="#2b2b2b">${print}</g>` +
    `${bars.join('')}</g></svg>`;
  return Transformer.fromSvg(svg).jpeg(85);
}
