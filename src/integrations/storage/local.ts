import { createReadStream } from 'node:fs';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { stageInFile } from './staging.js';
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
    stage: (source, { maxBytes }) =>
      stageInFile(join(dir, 'tmp'), source, maxBytes, async (tmp, stored, space) => {
        const path = pathOf(space, stored.key);
        if (await exists(path)) return;
        await mkdir(join(path, '..'), { recursive: true });
        await rename(tmp, path);
      }),
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
