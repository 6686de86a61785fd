// What every file store is and gives (index.ts says why it is content-addressed).
import type { Readable } from 'node:stream';

/** How many first bytes `put` keeps for sniffing a file's type (file-type reads 4,100). */
export const HEAD_BYTES = 4100;

export interface StoredFile {
  /** SHA-256 of the bytes, 64 lower-case hex digits: the file's key. */
  key: string;
  size: number;
  /** The first HEAD_BYTES bytes (fewer for a smaller file). */
  head: Buffer;
}

export class FileTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
  }
}

export interface FileStore {
  /** Stores the stream's bytes (at most maxBytes; more: FileTooLarge, nothing kept). */
  put(source: Readable, options: { maxBytes: number }): Promise<StoredFile>;
  /** The file's bytes as a stream; null when the store has no such file. */
  open(key: string): Promise<Readable | null>;
  has(key: string): Promise<boolean>;
  /** Removes the file (nothing when absent). The caller has checked no record names it. */
  remove(key: string): Promise<void>;
}

/** A key as the store writes them: anything else (a path, `..`) never reaches the file system. */
export function isFileKey(key: string): boolean {
  return /^[0-9a-f]{64}$/.test(key);
}
