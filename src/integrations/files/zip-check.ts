// Zip bombs (xlsx, docx, odt and plain zip files are all zip archives). The central directory
// declares every entry's sizes: too many entries, too much in total or too high a compression
// ratio refuse the file without inflating anything. The declared sizes can lie, though, so every
// entry is then inflated and counted (yauzl stops an entry at its declared size + one chunk and
// fails it): that costs at most the declared total, which the first checks have bounded, and the
// inflated bytes are dropped as they come (zlib runs on libuv's pool, off the event loop).
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { RefusedFile } from './sniff.js';

export const ZIP_LIMITS = {
  maxEntries: 10_000,
  maxUncompressedBytes: 200 * 1024 * 1024,
  maxRatio: 100,
  /** Below this total a ratio proves nothing (a few kilobytes of repetitive XML compress 100:1). */
  ratioFloorBytes: 10 * 1024 * 1024,
};

const STORED = 0;
const DEFLATED = 8;

function bomb(message: string): RefusedFile {
  return new RefusedFile('bomb', message);
}

/** Throws inflated bytes away: only whether an entry keeps to its declared size matters. */
function sink(): Writable {
  return new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });
}

/** Refuses a zip-based file that would expand beyond the limits; `bytes` is the whole file. */
export async function checkZip(bytes: Uint8Array, limits = ZIP_LIMITS): Promise<void> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  } catch (err) {
    throw new RefusedFile('corrupt', `The file is not a readable zip archive (${(err as Error).message}).`);
  }
  if (zip.entryCount > limits.maxEntries) throw bomb(`The archive holds ${zip.entryCount} files; at most ${limits.maxEntries} are accepted.`);

  const entries: yauzl.Entry[] = [];
  let declared = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      entries.push(entry);
      declared += entry.uncompressedSize;
      if (declared > limits.maxUncompressedBytes) {
        throw bomb(`The archive expands to more than ${limits.maxUncompressedBytes / 1024 / 1024} MB.`);
      }
    }
  } catch (err) {
    if (err instanceof RefusedFile) throw err;
    throw new RefusedFile('corrupt', `The zip archive is damaged (${(err as Error).message}).`);
  }
  if (declared > limits.ratioFloorBytes && declared / Math.max(bytes.byteLength, 1) > limits.maxRatio) {
    throw bomb(`The archive expands more than ${limits.maxRatio} times its size.`);
  }

  for (const entry of entries) {
    // Encrypted entries and unusual methods cannot be inflated here; nothing in fds inflates them either.
    if (entry.isEncrypted() || (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED)) continue;
    if (entry.uncompressedSize === 0 && entry.compressedSize === 0) continue;
    try {
      await pipeline(await zip.openReadStreamPromise(entry), sink());
    } catch (err) {
      const message = (err as Error).message;
      // yauzl's wording when an entry inflates to more than its central directory declares.
      if (/too many bytes/i.test(message)) throw bomb('The archive expands beyond the sizes it declares.');
      throw new RefusedFile('corrupt', `The zip archive is damaged (${message}).`);
    }
  }
}
