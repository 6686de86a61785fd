// The file stores (src/integrations/storage): content-addressed by SHA-256, streamed with a size
// limit that keeps nothing past it, never written over, keys that are no path.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { describe, it } from 'node:test';
import { Hashing } from '../../src/integrations/storage/hashing.js';
import { type FileStore, FileTooLarge, HEAD_BYTES, openFileStore, putFile } from '../../src/integrations/storage/index.js';

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
    const store: FileStore = openFileStore({ dataDir: dir, storageUrl: null });
    const put = (source: Readable, options: { maxBytes: number }) => putFile(store, 7, source, options);

    it('keeps a file under the SHA-256 of its bytes, with its size and head; the same bytes twice are one file', async () => {
      const bytes = Buffer.from(Array.from({ length: 10_000 }, (_, k) => k % 251));
      const stored = await put(chunked(bytes), { maxBytes: 20_000 });
      assert.equal(stored.key, sha(bytes));
      assert.equal(stored.size, 10_000);
      assert.deepEqual(stored.head, bytes.subarray(0, HEAD_BYTES));
      assert.equal(await store.has(7, stored.key), true);
      const again = await put(chunked(bytes), { maxBytes: 20_000 });
      assert.deepEqual(again, stored);
      const read = await store.open(7, stored.key);
      assert.ok(read);
      const back: Buffer[] = [];
      for await (const chunk of read) back.push(chunk as Buffer);
      assert.deepEqual(Buffer.concat(back), bytes);
      if (kind === 'folder') {
        // One file under its key, no temporary one left.
        const kept = files(dir).filter((p) => !p.includes(`${join(dir, 'files', 'tmp')}`));
        assert.deepEqual(kept, [join(dir, 'files', '7', stored.key.slice(0, 2), stored.key.slice(2, 4), stored.key)]);
        assert.deepEqual(readFileSync(kept[0]!), bytes);
        assert.deepEqual(
          files(dir).filter((p) => p.includes(join(dir, 'files', 'tmp'))),
          [],
        );
      }
      await store.remove(7, stored.key);
      assert.equal(await store.has(7, stored.key), false);
      assert.equal(await store.open(7, stored.key), null);
    });

    it('refuses a file past the limit and keeps nothing of it; a small file keeps a short head', async () => {
      const big = Buffer.alloc(5_001, 7);
      await assert.rejects(put(chunked(big), { maxBytes: 5_000 }), (err) => err instanceof FileTooLarge && err.maxBytes === 5_000);
      assert.equal(await store.has(7, sha(big)), false);
      if (kind === 'folder') assert.deepEqual(files(dir), []);
      const small = await put(Readable.from([Buffer.from('BOL 1001')]), { maxBytes: 5_000 });
      assert.equal(small.head.toString(), 'BOL 1001');
      assert.equal(await text((await store.open(7, small.key))!), 'BOL 1001');
      const empty = await put(Readable.from([]), { maxBytes: 5_000 });
      assert.deepEqual([empty.size, empty.key], [0, sha(Buffer.alloc(0))]);
    });

    it('answers a key that is no key (a path, another length) as missing, and never reads outside', async () => {
      for (const key of ['../../etc/passwd', 'ab', 'A'.repeat(64), `${'a'.repeat(63)}/`])
        assert.deepEqual([await store.has(7, key), await store.open(7, key)], [false, null], key);
      await store.remove(7, '../../etc/passwd');
    });
    it("keeps each company's files in its own space; a staged file is readable only once published, and a discarded one leaves nothing", async () => {
      const bytes = Buffer.from(`rate confirmation ${kind}`);
      const staged = await store.stage(Readable.from([bytes]), { maxBytes: 1000 });
      assert.equal(staged.key, sha(bytes));
      assert.deepEqual([await store.has(7, staged.key), await store.has(8, staged.key)], [false, false]);
      assert.equal(await text(staged.read()), bytes.toString());
      await staged.publish(8);
      assert.deepEqual([await store.has(7, staged.key), await store.has(8, staged.key)], [false, true]);
      assert.equal(await store.open(7, staged.key), null);
      assert.equal(await text((await store.open(8, staged.key))!), bytes.toString());
      await assert.rejects(staged.publish(9));
      const dropped = await store.stage(Readable.from([Buffer.from('never kept')]), { maxBytes: 1000 });
      await dropped.discard();
      assert.equal(await store.has(7, dropped.key), false);
      await store.remove(8, staged.key);
      if (kind === 'folder')
        assert.deepEqual(
          files(dir).filter((p) => p.includes(join(dir, 'files', '8')) || p.includes(join(dir, 'files', 'tmp'))),
          [],
        );
    });
  });
}

describe('the hashing pass-through', () => {
  it('passes a body received in small chunks on in batches of at least 512 KB, the same bytes in order', async () => {
    const bytes = Buffer.from(Array.from({ length: 1_300_000 }, (_, k) => (k * 7) % 256));
    const hashing = new Hashing(2_000_000);
    const out: Buffer[] = [];
    hashing.on('data', (chunk: Buffer) => out.push(chunk));
    await pipeline(chunked(bytes), hashing);
    // 1,300 chunks of 1,000 bytes written to a file as three writes, not 1,300.
    assert.deepEqual(
      out.map((c) => c.length),
      [525_000, 525_000, 250_000],
    );
    assert.ok(Buffer.concat(out).equals(bytes));
    const stored = hashing.stored();
    assert.deepEqual([stored.key, stored.size], [sha(bytes), bytes.length]);
  });
});
