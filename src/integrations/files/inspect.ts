// The deeper checks before a received file is kept, after sniffFile has named its type: a PDF
// must open (and gives its page count), a zip-based file (xlsx, docx, odt, zip) must not be a zip
// bomb. Memory: the file itself (PDF and zip need random access; the upload limit bounds it),
// never its inflated content. PDFs are parsed in the parse worker, off the event loop.
import type { Readable } from 'node:stream';
import { readWhole } from './bytes.js';
import { parsePool } from './parse-pool.js';
import { type FileType, RefusedFile } from './sniff.js';
import { checkZip } from './zip-check.js';

/** Opening a PDF takes milliseconds; this only stops a file built to hang the parser. */
export const INSPECT_TIMEOUT_MS = 15_000;

/** Zip-based formats by mime type: plain zip, Office Open XML, OpenDocument, macro-enabled Office. */
export function isZipBased(type: FileType): boolean {
  return (
    type.mime === 'application/zip' ||
    type.mime.startsWith('application/vnd.openxmlformats-officedocument.') ||
    type.mime.startsWith('application/vnd.oasis.opendocument.') ||
    /^application\/vnd\.ms-[a-z]+\.[a-z.]*macroenabled\.12$/.test(type.mime)
  );
}

export async function inspectFile(type: FileType, read: () => Readable, size: number): Promise<{ pages: number | null }> {
  if (size === 0) throw new RefusedFile('empty', 'The file is empty.');
  if (type.kind === 'pdf') {
    const data = await readWhole(read(), size);
    return parsePool.run<{ pages: number | null }>({ op: 'pdf-info', data }, INSPECT_TIMEOUT_MS, [data.buffer as ArrayBuffer]);
  }
  if (isZipBased(type)) {
    await checkZip(await readWhole(read(), size));
  }
  return { pages: null };
}
