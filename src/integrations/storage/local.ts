// Files in a folder: <dir>/ab/cd/<key>. A file is written to <dir>/tmp/<random> and renamed to its
// key once whole (a rename within one file system is atomic: a reader never sees half a file); a
// key already there is the same bytes, so the new copy is dropped, never written over.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Hashing } from './hashing.js';
import { type FileStore, isFileKey } from './store.js';

export function localStore(dir: string): FileStore {
  const pathOf = (key: string) => {
    if (!isFileKey(key)) throw new Error(`not a file key: ${JSON.stringify(key).slice(0, 80)}`);
    return join(dir, key.slice(0, 2), key.slice(2, 4), key);
  };
  const exists = (path: string) =>
    access(path).then(
      () => true,
      () => false,
    );

  return {
    async put(source, { maxBytes }) {
      const tmpDir = join(dir, 'tmp');
      await mkdir(tmpDir, { recursive: true });
      const tmp = join(tmpDir, randomUUID());
      const hashing = new Hashing(maxBytes);
      try {
        await pipeline(source, hashing, createWriteStream(tmp, { flags: 'wx' }));
        const stored = hashing.stored();
        const path = pathOf(stored.key);
        if (await exists(path)) {
          await rm(tmp, { force: true });
        } else {
          await mkdir(join(path, '..'), { recursive: true });
          await rename(tmp, path);
        }
        return stored;
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async open(key): Promise<Readable | null> {
      if (!isFileKey(key)) return null;
      const path = pathOf(key);
      return (await exists(path)) ? createReadStream(path) : null;
    },
    async has(key) {
      return isFileKey(key) && exists(pathOf(key));
    },
    async remove(key) {
      if (isFileKey(key)) await rm(pathOf(key), { force: true });
    },
  };
}
