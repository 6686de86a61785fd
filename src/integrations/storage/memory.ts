// Files in memory (DATA_DIR=memory://: tests and throwaway trials), by the same rules as the folder.
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Hashing } from './hashing.js';
import { type FileStore, isFileKey, isSpace } from './store.js';

export function memoryStore(): FileStore {
  const files = new Map<string, Buffer>();
  const name = (space: number, key: string) => (isSpace(space) && isFileKey(key) ? `${space}/${key}` : null);
  return {
    async stage(source, { maxBytes }) {
      const hashing = new Hashing(maxBytes);
      const chunks: Buffer[] = [];
      await pipeline(
        source,
        hashing,
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
        }),
      );
      const stored = hashing.stored();
      let done = false;
      const bytes = Buffer.concat(chunks);
      return {
        ...stored,
        read: () => Readable.from([bytes]),
        async publish(space) {
          if (done) throw new Error('a staged file is published or discarded once');
          done = true;
          const at = name(space, stored.key);
          if (at === null) throw new Error(`not a space: ${space}`);
          if (!files.has(at)) files.set(at, bytes);
        },
        async discard() {
          done = true;
        },
      };
    },
    async open(space, key) {
      const at = name(space, key);
      const bytes = at === null ? undefined : files.get(at);
      return bytes === undefined ? null : Readable.from([bytes]);
    },
    async has(space, key) {
      const at = name(space, key);
      return at !== null && files.has(at);
    },
    async remove(space, key) {
      const at = name(space, key);
      if (at !== null) files.delete(at);
    },
  };
}
