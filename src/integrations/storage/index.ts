// File storage for documents, attachments and generated files (issue 18): content-addressed — a
// file is stored once under the SHA-256 of its bytes, whoever stores it and under whatever name —
// so the records that name a file keep its key, and a file goes only when no record names it
// (the areas count their references; the store only keeps bytes).
//
// `put` takes a stream and never holds a whole file in memory: it hashes and counts the bytes as
// they pass, refuses past `maxBytes` (nothing kept), and hands back the first bytes for sniffing
// the type. Adapters: the local folder (DATA_DIR/files, written to a temporary name and renamed,
// never overwritten) and memory (DATA_DIR=memory://, tests); an S3-compatible one comes with the
// uploads that use it.
import { localStore } from './local.js';
import { memoryStore } from './memory.js';
import type { FileStore } from './store.js';

export { type FileStore, FileTooLarge, HEAD_BYTES, isFileKey, type StoredFile } from './store.js';

/** The store for DATA_DIR: memory for `memory://`, else the folder's `files/`. */
export function openFileStore(dataDir: string): FileStore {
  return dataDir === 'memory://' ? memoryStore() : localStore(`${dataDir.replace(/\/+$/, '')}/files`);
}
