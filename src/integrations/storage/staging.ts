// Staging in a local file, for the stores that keep their files elsewhere once published (the
// folder renames it into place, S3 uploads it): the bytes are hashed and capped as they are written
// to <dir>/<random>; `publish` hands the temporary file to the store's own step, `discard` removes it.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Hashing } from './hashing.js';
import type { StagedFile, StoredFile } from './store.js';

/** `place` makes the temporary file the space's file of its key; the temporary file is gone after it. */
export async function stageInFile(
  dir: string,
  source: Readable,
  maxBytes: number,
  place: (tmp: string, stored: StoredFile, space: number) => Promise<void>,
): Promise<StagedFile> {
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, randomUUID());
  const hashing = new Hashing(maxBytes);
  try {
    await pipeline(source, hashing, createWriteStream(tmp, { flags: 'wx' }));
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  const stored = hashing.stored();
  let done = false;
  return {
    ...stored,
    // In reads of up to 1 MB (a stream allocates a buffer of that size for each read): the files
    // read back whole (a PDF's check) are read in one or a few.
    read: () => createReadStream(tmp, { highWaterMark: Math.min(1024 * 1024, Math.max(stored.size + 1, 64 * 1024)) }),
    async publish(space) {
      if (done) throw new Error('a staged file is published or discarded once');
      done = true;
      try {
        await place(tmp, stored, space);
      } finally {
        await rm(tmp, { force: true });
      }
    },
    async discard() {
      if (done) return;
      done = true;
      await rm(tmp, { force: true });
    },
  };
}
