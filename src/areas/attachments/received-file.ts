// What an upload of this area is checked for before anything is kept, outside the company's
// transaction (sniffing, inspecting and previewing read the file; none of it needs the database):
// one file, a plain name, a type found in the content that is no program (sniff.ts), a PDF that
// opens and an office file that is no zip bomb (inspect.ts), a picture that decodes (preview.ts).
import { readWhole } from '../../integrations/files/bytes.js';
import { inspectFile } from '../../integrations/files/inspect.js';
import { type FileType, RefusedFile, sniffFile } from '../../integrations/files/sniff.js';
import { fail, invalid } from '../../platform/errors.js';
import type { StagedUpload, StagedUploads } from '../../platform/route.js';
import { AttachmentsErrors } from './attachments.errors.js';
import { MAX_FILE_NAME } from './attachments.schemas.js';
import { decodable, imagePreview, type Preview, pdfFirstPage } from './preview.js';

export interface CheckedFile {
  upload: StagedUpload;
  fileName: string;
  type: FileType;
  preview: Preview | null;
}

/** The one file of the request, or 400 naming the field. */
export function onlyFile(staged: StagedUploads): StagedUpload {
  const file = staged.files[0];
  if (!file) throw invalid('file', 'The file field is required: send the file in a multipart/form-data request.');
  return file;
}

/**
 * The name as the file is kept and served: a name, never a path. As in the documents library, a
 * path-like name keeps its last part alone (`../../etc/passwd` → `passwd`; the multipart parser
 * does the same); a name with nothing left (`..`, `dir/`) or with control characters is refused.
 */
export function fileNameOf(name: string): string {
  const base = name
    .slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1)
    .normalize('NFC')
    .trim();
  if (!base || base === '.' || base === '..') throw invalid('file', 'The file has no name: send it under its own name (not a folder).');
  if (/[\u0000-\u001f\u007f]/.test(base)) throw invalid('file', 'The file name holds control characters.');
  if (base.length > MAX_FILE_NAME) throw invalid('file', `The file name is longer than ${MAX_FILE_NAME} characters.`);
  return base;
}

/** The file checked and its preview made; 400 attachments.file_refused for a file fds does not keep. */
export async function checkFile(upload: StagedUpload, options: { imagesOnly: boolean }): Promise<CheckedFile> {
  const fileName = fileNameOf(upload.fileName);
  const { staged } = upload;
  try {
    const type = await sniffFile(staged.head, fileName);
    if (options.imagesOnly && !(type.kind === 'image' && decodable(type.mime))) {
      throw fail(AttachmentsErrors.notAnImage, `"${fileName}" is not a picture (its content is ${type.mime}).`);
    }
    await inspectFile(type, () => staged.read(), staged.size);
    let preview: Preview | null = null;
    if (type.kind === 'image' && decodable(type.mime)) preview = await imagePreview(await readWhole(staged.read(), staged.size), type.mime);
    else if (type.kind === 'pdf') preview = await pdfFirstPage(await readWhole(staged.read(), staged.size));
    return { upload, fileName, type, preview };
  } catch (err) {
    if (err instanceof RefusedFile) throw fail(AttachmentsErrors.refused, `"${fileName}" was refused: ${err.message}`);
    throw err;
  }
}
