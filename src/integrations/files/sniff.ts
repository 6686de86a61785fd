// What a received file really is, from its first bytes (the store keeps HEAD_BYTES of every upload).
// The type comes from the content (file-type's magic numbers), never from the name: a PDF named
// x.jpg is a PDF. Text formats have no magic, so for them the content decides that it is text
// (valid UTF-8, no NUL) and the name's extension only picks which text (csv, md, html), unless the
// content itself is HTML. Executables are refused whatever they are called.
import { fileTypeFromBuffer } from 'file-type';

export type FileKind = 'pdf' | 'image' | 'text' | 'csv' | 'html' | 'office' | 'archive' | 'other';

export interface FileType {
  mime: string;
  ext: string;
  kind: FileKind;
}

export type RefusedCode = 'executable' | 'corrupt' | 'bomb' | 'empty' | 'unsupported';

/** A file fds will not keep; `message` is written for the person who uploaded it. */
export class RefusedFile extends Error {
  override readonly name = 'RefusedFile';
  constructor(
    readonly code: RefusedCode,
    message: string,
  ) {
    super(message);
  }
}

/** Programs and installers by content (file-type's mime types). */
const EXECUTABLE_MIMES = new Set([
  'application/x-msdownload', // PE: .exe, .dll, .sys (anything starting with MZ)
  'application/x-elf',
  'application/x-mach-binary',
  'application/java-archive',
  'application/java-vm', // .class (and Mach-O universal binaries share its magic)
  'application/vnd.android.package-archive',
  'application/x-google-chrome-extension',
  'application/x-xpinstall',
  'application/x-deb',
  'application/x-rpm',
  'application/x-apple-diskimage',
  'application/x-shockwave-flash',
  'application/wasm',
  'application/x-ms-regedit', // .reg: opening it writes the Windows registry
]);

/**
 * Names that run when opened on a common desktop. A text file called run.bat is a script however
 * harmless its type looks, and whoever downloads it later gets it under that name.
 */
const EXECUTABLE_EXTS = new Set([
  'exe',
  'dll',
  'com',
  'scr',
  'cpl',
  'sys',
  'msi',
  'msp',
  'bat',
  'cmd',
  'sh',
  'bash',
  'ps1',
  'psm1',
  'vbs',
  'vbe',
  'js',
  'jse',
  'wsf',
  'wsh',
  'hta',
  'lnk',
  'jar',
  'apk',
  'app',
  'dmg',
  'deb',
  'rpm',
  'reg',
]);

/** The CLSID of a Windows Installer package as stored in a compound file (little-endian GUID). */
const MSI_CLSID = Buffer.from('84100c0000000000c000000000000046', 'hex');

const OFFICE_MIME = /^application\/(vnd\.openxmlformats-officedocument\.|vnd\.oasis\.opendocument\.|vnd\.ms-|x-cfb$|rtf$|vnd\.visio$)/;
const ARCHIVE_MIMES = new Set([
  'application/zip',
  'application/gzip',
  'application/x-tar',
  'application/x-7z-compressed',
  'application/x-rar-compressed',
  'application/x-bzip2',
  'application/x-xz',
  'application/zstd',
  'application/x-lzip',
  'application/x-lz4',
  'application/x-compress',
  'application/x-cpio',
  'application/x-ace-compressed',
  'application/x-arj',
  'application/x-lzh-compressed',
  'application/vnd.ms-cab-compressed',
]);
/** image/* types that are drawings or layered project files rather than pictures. */
const NOT_PICTURES = new Set(['image/vnd.dwg', 'image/x-xcf', 'image/vnd.adobe.photoshop']);

const OCTET_STREAM: FileType = { mime: 'application/octet-stream', ext: 'bin', kind: 'other' };

/** The extension of the last path segment, lower case ('' when none); the name may be path-like. */
export function extensionOf(fileName: string): string {
  const base = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/**
 * Text: valid UTF-8 without NUL and with few control characters. `head` may end inside a
 * multi-byte character when the file is longer, which a streaming decoder tolerates.
 */
function asText(head: Buffer): string | null {
  if (head.includes(0)) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return null;
  }
  // Control characters other than tab, newlines, form feed and escape mark a binary format.
  const controls = text.match(/[\x01-\x08\x0e-\x1a\x1c-\x1f\x7f]/g)?.length ?? 0;
  return controls > text.length / 100 ? null : text;
}

const HTML_START = /^(?:\s|<!--[\s\S]*?-->)*<(?:!doctype\s+html|html|head|body)[\s>]/i;

function textType(text: string, ext: string): FileType {
  const body = text.replace(/^\uFEFF/, '');
  if (body.startsWith('#!')) throw new RefusedFile('executable', 'Scripts are not accepted.');
  if (HTML_START.test(body) || ext === 'html' || ext === 'htm') return { mime: 'text/html', ext: 'html', kind: 'html' };
  if (ext === 'csv') return { mime: 'text/csv', ext: 'csv', kind: 'csv' };
  if (ext === 'md' || ext === 'markdown') return { mime: 'text/markdown', ext: 'md', kind: 'text' };
  return { mime: 'text/plain', ext: 'txt', kind: 'text' };
}

function kindOf(mime: string): FileType['kind'] {
  if (mime === 'application/pdf') return 'pdf';
  if (mime.startsWith('image/') && !NOT_PICTURES.has(mime)) return 'image';
  if (mime === 'application/xml') return 'text';
  if (OFFICE_MIME.test(mime)) return 'office';
  if (ARCHIVE_MIMES.has(mime)) return 'archive';
  return 'other';
}

/** The file's type from its first bytes (HEAD_BYTES of them, fewer for a small file). */
export async function sniffFile(head: Buffer, fileName: string): Promise<FileType> {
  if (head.length === 0) throw new RefusedFile('empty', 'The file is empty.');
  const ext = extensionOf(fileName);
  if (EXECUTABLE_EXTS.has(ext)) throw new RefusedFile('executable', `Program files (.${ext}) are not accepted.`);
  const found = await fileTypeFromBuffer(head);
  if (found) {
    if (EXECUTABLE_MIMES.has(found.mime)) throw new RefusedFile('executable', 'Programs and installers are not accepted.');
    // Office documents (.doc, .xls) and Windows Installer packages are both compound files;
    // an installer carries its class id in the root entry, which sits early in the file.
    if (found.mime === 'application/x-cfb' && head.includes(MSI_CLSID)) {
      throw new RefusedFile('executable', 'Installer packages are not accepted.');
    }
    return { mime: found.mime, ext: found.ext, kind: kindOf(found.mime) };
  }
  const text = asText(head);
  return text === null ? OCTET_STREAM : textType(text, ext);
}
