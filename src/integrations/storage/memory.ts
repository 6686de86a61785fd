// Files in memory (DATA_DIR=memory://: tests and throwaway trials), by the same rules as the folder.
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Hashing } from './hashing.js';
import { type FileStore, isFileKey } from './store.js';

export function memoryStore(): FileStore {
  const files = new Map<string, Buffer>();
  return {
    async put(source, { maxBytes }) {
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
      if (!files.has(stored.key)) files.set(stored.key, Buffer.concat(chunks));
      return stored;
    },
    async open(key) {
      const bytes = isFileKey(key) ? files.get(key) : undefined;
      return bytes === undefined ? null : Readable.from([bytes]);
    },
    async has(key) {
      return files.has(key);
    },
    async remove(key) {
      files.delete(key);
    },
  };
}
