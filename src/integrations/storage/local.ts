// Files in a folder: <dir>/<space>/ab/cd/<key>. A file is written to <dir>/tmp/<random> and renamed
// to its key when published (a rename within one file system is atomic: a reader never sees half a
// file); a key already there is the same bytes, so the new copy is dropped, never written over.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Hashing } from './hashing.js';
import { type FileStore, isFileKey, isSpace } from './store.js';

export function localStore(dir: string): FileStore {
  const pathOf = (space: number, key: string) => {
    if (!isSpace(space) || !isFileKey(key)) throw new Error(`not a file key: ${space}/${JSON.stringify(key).slice(0, 80)}`);
    return join(dir, String(space), key.slice(0, 2), key.slice(2, 4), key);
  };
  const known = (space: number, key: string) => isSpace(space) && isFileKey(key);
  const exists = (path: string) =>
    access(path).then(
      () => true,
      () => false,
    );

  return {
    async stage(source, { maxBytes }) {
      const tmpDir = join(dir, 'tmp');
      await mkdir(tmpDir, { recursive: true });
      const tmp = join(tmpDir, randomUUID());
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
        read: () => createReadStream(tmp),
        async publish(space) {
          if (done) throw new Error('a staged file is published or discarded once');
          done = true;
          const path = pathOf(space, stored.key);
          if (await exists(path)) {
            await rm(tmp, { force: true });
          } else {
            await mkdir(join(path, '..'), { recursive: true });
            await rename(tmp, path);
          }
        },
        async discard() {
          if (done) return;
          done = true;
          await rm(tmp, { force: true });
        },
      };
    },
    async open(space, key): Promise<Readable | null> {
      if (!known(space, key)) return null;
      const path = pathOf(space, key);
      return (await exists(path)) ? createReadStream(path) : null;
    },
    async has(space, key) {
      return known(space, key) && exists(pathOf(space, key));
    },
    async remove(space, key) {
      if (known(space, key)) await rm(pathOf(space, key), { force: true });
    },
  };
}
