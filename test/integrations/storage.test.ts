// The file stores (src/integrations/storage): content-addressed by SHA-256, streamed with a size
// limit that keeps nothing past it, never written over, keys that are no path.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, it } from 'node:test';
import { type FileStore, FileTooLarge, HEAD_BYTES, openFileStore } from '../../src/integrations/storage/index.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** A stream of the bytes in chunks of 1,000 (a body arriving in parts). */
const chunked = (b: Buffer) => Readable.from(Array.from({ length: Math.ceil(b.length / 1000) }, (_, k) => b.subarray(k * 1000, (k + 1) * 1000)));

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

for (const kind of ['folder', 'memory'] as const) {
  describe(`the ${kind} file store`, () => {
    const dir = kind === 'folder' ? mkdtempSync(join(tmpdir(), 'fds-store-')) : 'memory://';
    const store: FileStore = openFileStore(dir);

    it('keeps a file under the SHA-256 of its bytes, with its size and head; the same bytes twice are one file', async () => {
      const bytes = Buffer.from(Array.from({ length: 10_000 }, (_, k) => k % 251));
      const stored = await store.put(chunked(bytes), { maxBytes: 20_000 });
      assert.equal(stored.key, sha(bytes));
      assert.equal(stored.size, 10_000);
      assert.deepEqual(stored.head, bytes.subarray(0, HEAD_BYTES));
      assert.equal(await store.has(stored.key), true);
      const again = await store.put(chunked(bytes), { maxBytes: 20_000 });
      assert.deepEqual(again, stored);
      const read = await store.open(stored.key);
      assert.ok(read);
      const back: Buffer[] = [];
      for await (const chunk of read) back.push(chunk as Buffer);
      assert.deepEqual(Buffer.concat(back), bytes);
      if (kind === 'folder') {
        // One file under its key, no temporary one left.
        const kept = files(dir).filter((p) => !p.includes(`${join(dir, 'files', 'tmp')}`));
        assert.deepEqual(kept, [join(dir, 'files', stored.key.slice(0, 2), stored.key.slice(2, 4), stored.key)]);
        assert.deepEqual(readFileSync(kept[0]!), bytes);
        assert.deepEqual(
          files(dir).filter((p) => p.includes(join(dir, 'files', 'tmp'))),
          [],
        );
      }
      await store.remove(stored.key);
      assert.equal(await store.has(stored.key), false);
      assert.equal(await store.open(stored.key), null);
    });

    it('refuses a file past the limit and keeps nothing of it; a small file keeps a short head', async () => {
      const big = Buffer.alloc(5_001, 7);
      await assert.rejects(store.put(chunked(big), { maxBytes: 5_000 }), (err) => err instanceof FileTooLarge && err.maxBytes === 5_000);
      assert.equal(await store.has(sha(big)), false);
      if (kind === 'folder') assert.deepEqual(files(dir), []);
      const small = await store.put(Readable.from([Buffer.from('BOL 1001')]), { maxBytes: 5_000 });
      assert.equal(small.head.toString(), 'BOL 1001');
      assert.equal(await text((await store.open(small.key))!), 'BOL 1001');
      const empty = await store.put(Readable.from([]), { maxBytes: 5_000 });
      assert.deepEqual([empty.size, empty.key], [0, sha(Buffer.alloc(0))]);
    });

    it('answers a key that is no key (a path, another length) as missing, and never reads outside', async () => {
      for (const key of ['../../etc/passwd', 'ab', 'A'.repeat(64), `${'a'.repeat(63)}/`])
        assert.deepEqual([await store.has(key), await store.open(key)], [false, null], key);
      await store.remove('../../etc/passwd');
    });
  });
}
