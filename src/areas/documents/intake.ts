// What a received file must pass before the library keeps it, checked before the company's
// transaction opens (the checks read the file; a PDF is parsed in the parse worker): its name
// reduced to a display name, its type sniffed from the content, and the deeper checks (a PDF must
// open, an office file must not be a zip bomb). A refused file is a 400 naming it; the platform
// discards every staged file the request did not keep, so nothing of a refused request is stored.
import { inspectFile } from '../../integrations/files/inspect.js';
import { type FileKind, type FileType, RefusedFile, sniffFile } from '../../integrations/files/sniff.js';
import { fail, invalid } from '../../platform/errors.js';
import type { StagedUpload } from '../../platform/route.js';
import { DocumentsErrors } from './documents.errors.js';
import type { DocumentType } from './documents.schemas.js';

export interface CheckedFile {
  upload: StagedUpload;
  /** The display name: the received name's last path part. */
  name: string;
  type: FileType;
  documentType: DocumentType;
  pages: number | null;
}

const TYPE_OF_KIND: Record<FileKind, DocumentType> = {
  pdf: 'Pdf',
  image: 'Image',
  text: 'Text',
  csv: 'Csv',
  html: 'Html',
  office: 'Office',
  archive: 'Archive',
  other: 'Other',
};
const KIND_OF_TYPE = Object.fromEntries(Object.entries(TYPE_OF_KIND).map(([k, v]) => [v, k])) as Record<DocumentType, FileKind>;

export const documentTypeOf = (kind: FileKind): DocumentType => TYPE_OF_KIND[kind];
export const kindOf = (type: DocumentType): FileKind => KIND_OF_TYPE[type] ?? 'other';

/**
 * A received file name as a display name: only its last path part (`../../etc/passwd` → `passwd`,
 * `C:\scans\w9.pdf` → `w9.pdf`), control characters removed, at most 255 characters. The name is
 * only ever shown and sent back in Content-Disposition (files are stored by content hash), so a
 * path-like name is kept as its base name rather than refused; a name with nothing left (`..`,
 * `/`) is refused.
 */
export function displayNameOf(received: string): string | null {
  const cleaned = received.replace(/[\u0000-\u001f\u007f]/g, '');
  const base = cleaned.split(/[\\/]/).pop()?.trim() ?? '';
  if (base === '' || base === '.' || base === '..') return null;
  return base.slice(0, 255);
}

/** The file's name as checked, or a 400 naming the field. */
export function requireName(received: string, field: string): string {
  const name = displayNameOf(received);
  if (!name) throw invalid(field, `The file name "${received}" has no name part: send the file under its own name.`);
  return name;
}

/** Sniffs and inspects one staged file; a refused one is a 400 naming it. */
export async function checkFile(upload: StagedUpload): Promise<CheckedFile> {
  const name = requireName(upload.fileName, upload.fieldName);
  try {
    const type = await sniffFile(upload.staged.head, name);
    const { pages } = await inspectFile(type, () => upload.staged.read(), upload.staged.size);
    return { upload, name, type, documentType: documentTypeOf(type.kind), pages };
  } catch (err) {
    if (err instanceof RefusedFile) throw fail(DocumentsErrors.refused, `The file "${name}" was refused: ${err.message}`);
    throw err;
  }
}

/** Every file of the request checked, one after another (each PDF is parsed in the worker pool). */
export async function checkFiles(uploads: readonly StagedUpload[]): Promise<CheckedFile[]> {
  if (uploads.length === 0) throw invalid('files', 'Send one to ten files in the field `files`.');
  const out: CheckedFile[] = [];
  for (const upload of uploads) out.push(await checkFile(upload));
  return out;
}
