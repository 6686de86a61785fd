// PDFs checked as pictures: each page rendered to PNG by poppler's pdftoppm (Debian's poppler-utils,
// which .ci/run installs), then read back (pngjs) to measure its ink — the share of dark pixels —
// and, for labels, to read the barcodes on it as a scanner would (zxing's Code 128 reader).
// PDF_PNG_DIR=<folder> keeps the pictures there to be looked at (PDF_PNG_DPI=<n> renders them finer).
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } from '@zxing/library';
import { PNG } from 'pngjs';

const run = promisify(execFile);

export interface PagePicture {
  /** 1-based. */
  page: number;
  width: number;
  height: number;
  /** Share of the page's pixels that are dark (luminance under half). */
  ink: number;
  png: PNG;
}

/** Every page of `pdf` as a picture at `dpi`. */
export async function pdfPages(pdf: Buffer, name: string, dpi = 60): Promise<PagePicture[]> {
  const dir = await mkdtemp(join(tmpdir(), 'fds-pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    await writeFile(file, pdf);
    const resolution = process.env.PDF_PNG_DIR && process.env.PDF_PNG_DPI ? Number(process.env.PDF_PNG_DPI) : dpi;
    await run('pdftoppm', ['-r', String(resolution), '-png', file, join(dir, 'page')]);
    const names = (await readdir(dir)).filter((f) => f.endsWith('.png')).sort();
    const keep = process.env.PDF_PNG_DIR;
    if (keep) await mkdir(keep, { recursive: true });
    const pages: PagePicture[] = [];
    for (const [i, f] of names.entries()) {
      const bytes = await readFile(join(dir, f));
      if (keep) await writeFile(join(keep, `${name}-${i + 1}.png`), bytes);
      const png = PNG.sync.read(bytes);
      pages.push({ page: i + 1, width: png.width, height: png.height, ink: inkOf(png), png });
    }
    return pages;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function luminance(data: Buffer, i: number): number {
  return (data[i]! * 299 + data[i + 1]! * 587 + data[i + 2]! * 114) / 1000;
}

function inkOf(png: PNG): number {
  let dark = 0;
  const pixels = png.width * png.height;
  for (let i = 0; i < pixels * 4; i += 4) if (luminance(png.data, i) < 128) dark++;
  return dark / pixels;
}

/** Share of dark pixels in a band of rows (0–1 from the top), to tell where a page has ink. */
export function inkBetween(page: PagePicture, from: number, to: number): number {
  const { png } = page;
  const top = Math.floor(png.height * from);
  const bottom = Math.floor(png.height * to);
  let dark = 0;
  for (let y = top; y < bottom; y++) for (let x = 0; x < png.width; x++) if (luminance(png.data, (y * png.width + x) * 4) < 128) dark++;
  return dark / Math.max(1, (bottom - top) * png.width);
}

/** The Code 128 barcode a scanner reads on the page, or null. */
export function readBarcode(page: PagePicture): string | null {
  const { png } = page;
  const rgb = new Int32Array(png.width * png.height);
  for (let p = 0; p < rgb.length; p++) rgb[p] = (png.data[p * 4]! << 16) | (png.data[p * 4 + 1]! << 8) | png.data[p * 4 + 2]!;
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  try {
    return reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(rgb, png.width, png.height))), hints).getText();
  } catch {
    return null;
  }
}

/** The text of `pdf` (poppler's pdftotext, in reading order). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'fds-pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    await writeFile(file, pdf);
    const { stdout } = await run('pdftotext', ['-layout', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
