// A document's text as markdown, for search and for the editable copy: PDF text page by page,
// plain text and markdown as they are, CSV as a table, HTML converted. Pictures have no text
// (a scan would need OCR, which fds does not do); other types are not read. Bounded: at most
// ~1 MB of markdown, a prefix of large text files, a time limit for PDFs and HTML, which are
// parsed in the parse worker so a big file does not stall the server.
import type { Readable } from 'node:stream';
import { readPrefix, readWhole } from './bytes.js';
import { csvToMarkdown } from './csv-table.js';
import { parsePool } from './parse-pool.js';
import type { PdfText } from './pdf-read.js';
import { type FileType, RefusedFile } from './sniff.js';

export interface ExtractedText {
  state: 'Extracted' | 'NoText' | 'Unsupported';
  markdown: string | null;
  pages: number | null;
}

export const MAX_MARKDOWN_CHARS = 1_000_000;
/** Prefixes read of the text formats: CSV keeps 1,000 rows, HTML carries markup around its text. */
const CSV_READ_BYTES = 2 * 1024 * 1024;
const HTML_READ_BYTES = 4 * 1024 * 1024;
/** The PDF reader stops between pages at the soft limit and is ended at the hard one. */
const PDF_SOFT_MS = 45_000;
export const EXTRACT_TIMEOUT_MS = 60_000;

const TRUNCATED_NOTE = '\n\n*(Text shortened: only the beginning of the document is kept.)*';

/** At most `max` characters, not splitting a surrogate pair, with a note when shortened. */
export function capText(text: string, max = MAX_MARKDOWN_CHARS, shortened = false): string {
  if (text.length <= max) return shortened ? text + TRUNCATED_NOTE : text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1]) ? max - 1 : max;
  return text.slice(0, end).trimEnd() + TRUNCATED_NOTE;
}

const extracted = (markdown: string, pages: number | null = null): ExtractedText =>
  markdown.trim() === '' ? { state: 'NoText', markdown: null, pages } : { state: 'Extracted', markdown, pages };

/** UTF-8 text of a prefix; `more` drops a character cut at the end instead of mangling it. */
async function readText(read: () => Readable, size: number, limit: number): Promise<{ text: string; more: boolean }> {
  const { bytes, truncated } = await readPrefix(read(), Math.min(size, limit));
  const more = truncated || size > limit;
  const text = new TextDecoder('utf-8').decode(bytes, { stream: more });
  return { text: text.replace(/\r\n?/g, '\n'), more };
}

function pdfMarkdown(result: PdfText): string {
  const pages = result.texts.map((text, i) => `## Page ${i + 1}\n\n${text}`.trimEnd());
  return capText(pages.join('\n\n'), MAX_MARKDOWN_CHARS, result.truncated);
}

export async function extractText(type: FileType, read: () => Readable, size: number): Promise<ExtractedText> {
  if (size === 0) throw new RefusedFile('empty', 'The file is empty.');
  switch (type.kind) {
    case 'pdf': {
      const data = await readWhole(read(), size);
      const job = { op: 'pdf-text' as const, data, maxChars: MAX_MARKDOWN_CHARS, deadline: Date.now() + PDF_SOFT_MS };
      const result = await parsePool.run<PdfText>(job, EXTRACT_TIMEOUT_MS, [data.buffer as ArrayBuffer]);
      if (result.encrypted) return { state: 'Unsupported', markdown: null, pages: null };
      if (result.texts.every((t) => t === '')) return { state: 'NoText', markdown: null, pages: result.pages };
      return { state: 'Extracted', markdown: pdfMarkdown(result), pages: result.pages };
    }
    case 'text': {
      const { text, more } = await readText(read, size, MAX_MARKDOWN_CHARS);
      return extracted(capText(text, MAX_MARKDOWN_CHARS, more));
    }
    case 'csv': {
      const { text, more } = await readText(read, size, CSV_READ_BYTES);
      // A file named .csv that csv-parse cannot read is still text.
      const table = csvToMarkdown(text, more);
      return extracted(capText(table ?? text, MAX_MARKDOWN_CHARS, table === null && more));
    }
    case 'html': {
      const { text, more } = await readText(read, size, HTML_READ_BYTES);
      const markdown = await parsePool.run<string>({ op: 'html-markdown', html: text }, EXTRACT_TIMEOUT_MS);
      return extracted(capText(markdown, MAX_MARKDOWN_CHARS, more));
    }
    case 'image':
      return { state: 'NoText', markdown: null, pages: null };
    default:
      return { state: 'Unsupported', markdown: null, pages: null };
  }
}
