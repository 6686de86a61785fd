// Previews of attachments (GET /Attachments/View/{id}), made once at upload and kept as stored files:
//  - a picture larger than 800 × 800 is turned upright (EXIF orientation) and resized to fit the box,
//    JPEG for JPEGs, PNG for the others (transparency kept); a smaller one is its own preview;
//  - a PDF of several pages gets its first page as a one-page PDF (pdf-lib copies the page with its
//    fonts and images: any PDF viewer shows it as the original); a one-page PDF is its own preview.
// Images are decoded by @napi-rs/image (MIT, Rust, off the event loop; sharp's prebuilt libvips is
// LGPL-3.0, which the licence check refuses). Its decoder has a memory limit, so a small file that
// claims a huge picture is refused (a decompression bomb), not decoded. pdf-lib parses a bounded
// number of objects per tick, so a large PDF does not stall the event loop.
import { ResizeFit, Transformer } from '@napi-rs/image';
import type { PDFDocument } from 'pdf-lib';
import { RefusedFile } from '../../integrations/files/sniff.js';

/** The box a preview fits in, in pixels. */
export const PREVIEW_BOX = 800;

export interface Preview {
  bytes: Buffer;
  contentType: string;
}

/** Pictures the decoder reads (by sniffed type); others (HEIC, JPEG XL...) are kept without a preview. */
const DECODED = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp', 'image/tiff', 'image/x-icon']);

export function decodable(mime: string): boolean {
  return DECODED.has(mime);
}

/** The picture's preview, or null when it fits the box already; RefusedFile when it cannot be decoded. */
export async function imagePreview(bytes: Uint8Array, mime: string): Promise<Preview | null> {
  let size: { width: number; height: number };
  try {
    size = await new Transformer(bytes).metadata();
  } catch (err) {
    throw refusal(err);
  }
  if (size.width <= PREVIEW_BOX && size.height <= PREVIEW_BOX) return null;
  const fitted = new Transformer(bytes).rotate().resize({ width: PREVIEW_BOX, height: PREVIEW_BOX, fit: ResizeFit.Inside });
  try {
    return mime === 'image/jpeg' ? { bytes: await fitted.jpeg(82), contentType: 'image/jpeg' } : { bytes: await fitted.png(), contentType: 'image/png' };
  } catch (err) {
    throw refusal(err);
  }
}

function refusal(err: unknown): RefusedFile {
  const message = err instanceof Error ? err.message : String(err);
  return /memory limit/i.test(message)
    ? new RefusedFile('bomb', 'The picture is larger in pixels than fds decodes.')
    : new RefusedFile('corrupt', 'The picture cannot be read: the file is damaged or not what its content starts as.');
}

/**
 * The first page of a PDF of several pages as a one-page PDF; null when it has one page, or when
 * pdf-lib cannot rewrite it (encrypted, or structured in a way it does not follow): the PDF was
 * opened by the upload's inspection already, so it is kept and previewed as itself.
 */
export async function pdfFirstPage(bytes: Uint8Array): Promise<Preview | null> {
  // Loaded on first use (as exceljs is, files/spreadsheet.ts): most starts never make a preview.
  const { PDFDocument } = await import('pdf-lib');
  let source: PDFDocument;
  try {
    source = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch {
    return null;
  }
  if (source.isEncrypted || source.getPageCount() <= 1) return null;
  try {
    const first = await PDFDocument.create({ updateMetadata: false });
    const [page] = await first.copyPages(source, [0]);
    first.addPage(page!);
    return { bytes: Buffer.from(await first.save()), contentType: 'application/pdf' };
  } catch {
    return null;
  }
}
