// PDFs through pdfjs-dist (Mozilla's PDF.js, legacy build for Node): the page count for the upload
// check and the text of each page for extraction. pdfjs parses on the thread that calls it, so
// fds calls these only inside the parse worker (parse-worker.ts); nothing here renders, so no
// canvas is needed.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, TextItem } from 'pdfjs-dist/types/src/display/api.js';

/** Outcome of a worker job that the parent turns into a RefusedFile or an answer. */
export type PdfOpen = { doc: PDFDocumentProxy } | { encrypted: true };

export class UnreadablePdf extends Error {}

const PDFJS_DIR = dirname(fileURLToPath(import.meta.resolve('pdfjs-dist/package.json')));

async function open(data: Uint8Array): Promise<PdfOpen> {
  const task = getDocument({
    data,
    // Text of CJK fonts needs the predefined CMaps; the standard 14 fonts' metrics help spacing.
    cMapUrl: `${join(PDFJS_DIR, 'cmaps')}/`,
    cMapPacked: true,
    standardFontDataUrl: `${join(PDFJS_DIR, 'standard_fonts')}/`,
    // A received file is untrusted: no eval'd font programs, no fonts handed to a DOM, no XFA.
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    verbosity: 0,
  });
  try {
    return { doc: await task.promise };
  } catch (err) {
    await task.destroy();
    const name = (err as Error).name;
    if (name === 'PasswordException') return { encrypted: true };
    throw new UnreadablePdf(`The PDF cannot be read (${(err as Error).message}).`);
  }
}

/** Page count, after checking that the document and its first page parse; null when encrypted. */
export async function pdfInfo(data: Uint8Array): Promise<{ pages: number | null }> {
  const opened = await open(data);
  if ('encrypted' in opened) return { pages: null };
  const { doc } = opened;
  try {
    if (doc.numPages < 1) throw new UnreadablePdf('The PDF has no pages.');
    await doc.getPage(1);
    return { pages: doc.numPages };
  } catch (err) {
    if (err instanceof UnreadablePdf) throw err;
    throw new UnreadablePdf(`The PDF cannot be read (${(err as Error).message}).`);
  } finally {
    await doc.destroy();
  }
}

/**
 * One page's text with its lines: pdfjs marks line ends (hasEOL) and a change of baseline starts
 * a new line too; spaces between words come as items of their own.
 */
function pageText(items: TextItem[]): string {
  const lines: string[] = [];
  let line = '';
  let lastY: number | null = null;
  for (const item of items) {
    const y = item.transform[5];
    if (line !== '' && lastY !== null && Math.abs(y - lastY) > Math.max(1, item.height / 2)) {
      lines.push(line);
      line = '';
    }
    line += item.str;
    lastY = y;
    if (item.hasEOL) {
      lines.push(line);
      line = '';
    }
  }
  if (line !== '') lines.push(line);
  return lines
    .map((l) => l.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface PdfText {
  pages: number | null;
  /** Text per page, in order; fewer than `pages` when the budget ran out. */
  texts: string[];
  truncated: boolean;
  encrypted: boolean;
}

/** Text page by page until `maxChars` characters or `deadline` (epoch ms) is reached. */
export async function pdfText(data: Uint8Array, maxChars: number, deadline: number): Promise<PdfText> {
  const opened = await open(data);
  if ('encrypted' in opened) return { pages: null, texts: [], truncated: false, encrypted: true };
  const { doc } = opened;
  try {
    const texts: string[] = [];
    let chars = 0;
    let failed = 0;
    for (let n = 1; n <= doc.numPages; n++) {
      if (chars >= maxChars || Date.now() > deadline) return { pages: doc.numPages, texts, truncated: true, encrypted: false };
      try {
        const page = await doc.getPage(n);
        const content = await page.getTextContent();
        const text = pageText(content.items.filter((i): i is TextItem => 'str' in i));
        page.cleanup();
        texts.push(text);
        chars += text.length;
      } catch {
        // One damaged page does not lose the others' text.
        failed++;
        texts.push('');
      }
    }
    if (failed === doc.numPages) throw new UnreadablePdf('No page of the PDF can be read.');
    return { pages: doc.numPages, texts, truncated: false, encrypted: false };
  } finally {
    await doc.destroy();
  }
}
