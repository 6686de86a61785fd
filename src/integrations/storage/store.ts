// What every file store is and gives (index.ts says why it is content-addressed and split in spaces).
import type { Readable } from 'node:stream';

/** How many first bytes a stored file keeps for sniffing its type (file-type reads 4,100). */
export const HEAD_BYTES = 4100;

export interface StoredFile {
  /** SHA-256 of the bytes, 64 lower-case hex digits: the file's key within its space. */
  key: string;
  size: number;
  /** The first HEAD_BYTES bytes (fewer for a smaller file). */
  head: Buffer;
}

/**
 * A file received whole under a temporary name, not yet readable by its key. `publish` makes it
 * the space's file of that key (the same bytes already there: the copy is dropped, never written
 * over); `discard` drops it. One of the two, once.
 */
export interface StagedFile extends StoredFile {
  /** The received bytes again, from the start (to inspect them before keeping the file). */
  read(): Readable;
  publish(space: number): Promise<void>;
  discard(): Promise<void>;
}

export class FileTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
  }
}

export interface FileStore {
  /** Receives the stream's bytes (at most maxBytes; more: FileTooLarge, nothing kept). */
  stage(source: Readable, options: { maxBytes: number }): Promise<StagedFile>;
  /** The space's file as a stream; null when the space has no such file. */
  open(space: number, key: string): Promise<Readable | null>;
  has(space: number, key: string): Promise<boolean>;
  /** Removes the file (nothing when absent). The caller has checked no record names it. */
  remove(space: number, key: string): Promise<void>;
}

/** Stages and publishes at once (a file the service made itself, no request to fail after). */
export async function putFile(store: FileStore, space: number, source: Readable, options: { maxBytes: number }): Promise<StoredFile> {
  const staged = await store.stage(source, options);
  await staged.publish(space);
  return { key: staged.key, size: staged.size, head: staged.head };
}

/** A key as the store writes them: anything else (a path, `..`) never reaches the file system. */
export function isFileKey(key: string): boolean {
  return /^[0-9a-f]{64}$/.test(key);
}

/** A space is a company's id: a positive int32, never a path. */
export function isSpace(space: number): boolean {
  return Number.isInteger(space) && space > 0 && space <= 2147483647;
}
