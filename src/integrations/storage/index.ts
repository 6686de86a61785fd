// File storage for documents, attachments and generated files (issue 18): content-addressed — a
// file is stored once in its company's space under the SHA-256 of its bytes, whatever its name —
// so the records that name a file keep its key, and a file goes only when no record of the company
// names it (platform/stored-files.ts counts the references; the store only keeps bytes). Spaces
// are per company so that nothing, not even whether some file exists, is shared between companies.
//
// `stage` takes a stream and never holds a whole file in memory (but in the memory store): it
// hashes and counts the bytes as they pass, refuses past `maxBytes` (nothing kept), and hands back
// the first bytes for sniffing the type; the file is readable by its key once published, which the
// reference count does under a lock (stored-files.ts says why). Adapters: the local folder
// (DATA_DIR/files, written to a temporary name and renamed, never overwritten), memory
// (DATA_DIR=memory://, tests) and an S3-compatible bucket (STORAGE_URL=s3://..., s3.ts).
import { localStore } from './local.js';
import { memoryStore } from './memory.js';
import { parseStorageUrl, type S3Location } from './s3-url.js';
import type { FileStore } from './store.js';

export { type FileStore, FileTooLarge, HEAD_BYTES, isFileKey, putFile, type StagedFile, type StoredFile } from './store.js';

/**
 * The bucket of STORAGE_URL when it is set; else DATA_DIR's: memory for `memory://`, else the
 * folder's `files/`.
 */
export function openFileStore(options: { dataDir: string; storageUrl: string | null }): FileStore {
  if (options.storageUrl !== null) {
    const parsed = parseStorageUrl(options.storageUrl);
    if (!parsed.ok) throw new Error(`STORAGE_URL ${parsed.problem}`);
    return lazyS3Store(parsed.value);
  }
  const { dataDir } = options;
  return dataDir === 'memory://' ? memoryStore() : localStore(`${dataDir.replace(/\/+$/, '')}/files`);
}

/** The S3 store, its SDK loaded at first use: half a second of start-up no other server pays. */
function lazyS3Store(location: S3Location): FileStore {
  let store: Promise<FileStore> | null = null;
  const ready = () => {
    store ??= import('./s3.js').then((s3) => s3.s3Store(location));
    return store;
  };
  return {
    stage: async (source, options) => (await ready()).stage(source, options),
    open: async (space, key) => (await ready()).open(space, key),
    has: async (space, key) => (await ready()).has(space, key),
    remove: async (space, key) => (await ready()).remove(space, key),
  };
}
