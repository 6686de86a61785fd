// The S3-compatible file store (STORAGE_URL, src/integrations/storage/s3.ts) against a local S3
// server (s3rver, on loopback): the folder store's rules — content-addressed objects under the
// space, a size limit that keeps nothing, staged files unseen until published, keys that are no
// path — plus what only a bucket has: how objects are named, nothing left behind, a missing bucket
// that is an error rather than a missing file, and the setting that picks it.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { after, before, describe, it } from 'node:test';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { ConfigError, loadConfig } from '../../src/config.js';
import { type FileStore, FileTooLarge, HEAD_BYTES, openFileStore, putFile } from '../../src/integrations/storage/index.js';
import { s3Store } from '../../src/integrations/storage/s3.js';
import { parseStorageUrl } from '../../src/integrations/storage/s3-url.js';

const BUCKET = 'fds-files';
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const chunked = (b: Buffer) => Readable.from(Array.from({ length: Math.ceil(b.length / 1000) }, (_, k) => b.subarray(k * 1000, (k + 1) * 1000)));
const objectName = (space: number, key: string) => `${space}/${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`;

// The SDK's default chain reads them, as in production; s3rver's own pair.
process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';

describe('the S3 file store', () => {
  let server: S3rver;
  let url = '';
  let bucket: S3Client;
  const stagingDir = mkdtempSync(join(tmpdir(), 'fds-s3-staging-'));
  const serverDir = mkdtempSync(join(tmpdir(), 'fds-s3rver-'));
  let store: FileStore;
  /** The objects written, as s3rver reports them ("ObjectCreated:Put 7/ab/cd/..."). */
  const writes: string[] = [];
  const put = (source: Readable, options: { maxBytes: number }) => putFile(store, 7, source, options);
  /** Every object in the bucket, by name. */
  const objects = async () => {
    const listed = await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET }));
    return (listed.Contents ?? []).map((o) => o.Key!).sort();
  };

  before(async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: serverDir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    // s3rver is a Koa app and tells of every write as S3's event notifications do.
    (server as unknown as EventEmitter).on('event', (event: { Records: Array<{ eventName: string; s3: { object: { key: string } } }> }) => {
      for (const r of event.Records) if (r.eventName.startsWith('ObjectCreated')) writes.push(`${r.eventName} ${r.s3.object.key}`);
    });
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    url = `s3://${BUCKET}?endpoint=${endpoint}&region=us-east-1&forcePathStyle=true`;
    bucket = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true });
    const location = parseStorageUrl(url);
    assert.ok(location.ok);
    store = s3Store(location.value, { stagingDir });
  });
  after(async () => {
    bucket.destroy();
    await server.close();
    for (const dir of [stagingDir, serverDir]) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a file as the object <space>/ab/cd/<SHA-256>, with its size and head; the same bytes twice are one object', async () => {
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, k) => k % 251));
    const stored = await put(chunked(bytes), { maxBytes: 400_000 });
    assert.equal(stored.key, sha(bytes));
    assert.equal(stored.size, 300_000);
    assert.deepEqual(stored.head, bytes.subarray(0, HEAD_BYTES));
    assert.equal(await store.has(7, stored.key), true);
    const again = await put(chunked(bytes), { maxBytes: 400_000 });
    assert.deepEqual(again, stored);
    assert.deepEqual(await objects(), [objectName(7, stored.key)]);
    assert.deepEqual(writes, [`ObjectCreated:Put ${objectName(7, stored.key)}`], 'written once, never over');
    assert.deepEqual(readdirSync(stagingDir), [], 'no staged file is left');
    const read = await store.open(7, stored.key);
    assert.ok(read);
    const back: Buffer[] = [];
    for await (const chunk of read) back.push(chunk as Buffer);
    assert.deepEqual(Buffer.concat(back), bytes, 'the same bytes come back');
    await store.remove(7, stored.key);
    assert.equal(await store.has(7, stored.key), false);
    assert.equal(await store.open(7, stored.key), null);
    await store.remove(7, stored.key);
    assert.deepEqual(await objects(), []);
  });

  it('refuses a file past the limit and keeps nothing of it; a small file keeps a short head; an empty one is a file', async () => {
    const big = Buffer.alloc(5_001, 7);
    await assert.rejects(put(chunked(big), { maxBytes: 5_000 }), (err) => err instanceof FileTooLarge && err.maxBytes === 5_000);
    assert.equal(await store.has(7, sha(big)), false);
    assert.deepEqual(await objects(), []);
    assert.deepEqual(readdirSync(stagingDir), []);
    const small = await put(Readable.from([Buffer.from('BOL 1001')]), { maxBytes: 5_000 });
    assert.equal(small.head.toString(), 'BOL 1001');
    assert.equal(await text((await store.open(7, small.key))!), 'BOL 1001');
    const empty = await put(Readable.from([]), { maxBytes: 5_000 });
    assert.deepEqual([empty.size, empty.key], [0, sha(Buffer.alloc(0))]);
    assert.equal(await text((await store.open(7, empty.key))!), '');
    for (const key of [small.key, empty.key]) await store.remove(7, key);
    assert.deepEqual(await objects(), []);
  });

  it('answers a key that is no key (a path, another length) as missing and never names an object by it', async () => {
    for (const key of ['../../etc/passwd', 'ab', 'A'.repeat(64), `${'a'.repeat(63)}/`, `${'a'.repeat(64)}/../x`])
      assert.deepEqual([await store.has(7, key), await store.open(7, key)], [false, null], key);
    await store.remove(7, '../../etc/passwd');
    // A space that is no company id: the staged file is refused there and dropped.
    const staged = await store.stage(Readable.from([Buffer.from('no space')]), { maxBytes: 1000 });
    await assert.rejects(staged.publish(0), /not a file key/);
    assert.deepEqual(await objects(), []);
    assert.deepEqual(readdirSync(stagingDir), []);
  });

  it("keeps each company's files in its own space; a staged file is readable only once published, and a discarded one leaves nothing", async () => {
    const bytes = Buffer.from('rate confirmation s3');
    const staged = await store.stage(Readable.from([bytes]), { maxBytes: 1000 });
    assert.equal(staged.key, sha(bytes));
    assert.deepEqual([await store.has(7, staged.key), await store.has(8, staged.key)], [false, false]);
    assert.deepEqual(await objects(), [], 'nothing reaches the bucket before publishing');
    assert.equal(await text(staged.read()), bytes.toString());
    await staged.publish(8);
    assert.deepEqual([await store.has(7, staged.key), await store.has(8, staged.key)], [false, true]);
    assert.equal(await store.open(7, staged.key), null);
    assert.equal(await text((await store.open(8, staged.key))!), bytes.toString());
    await assert.rejects(staged.publish(9));
    assert.deepEqual(await objects(), [objectName(8, staged.key)]);
    const dropped = await store.stage(Readable.from([Buffer.from('never kept')]), { maxBytes: 1000 });
    await dropped.discard();
    await dropped.discard();
    assert.equal(await store.has(7, dropped.key), false);
    await store.remove(8, staged.key);
    assert.deepEqual(await objects(), []);
    assert.deepEqual(readdirSync(stagingDir), []);
  });

  it('fails loudly on a bucket that does not exist, rather than answering files as missing', async () => {
    const location = parseStorageUrl(url.replace(BUCKET, 'no-such-bucket'));
    assert.ok(location.ok);
    const lost = s3Store(location.value, { stagingDir });
    await assert.rejects(lost.open(7, 'a'.repeat(64)), (err: Error) => err.name === 'NoSuchBucket');
    await assert.rejects(putFile(lost, 7, Readable.from([Buffer.from('x')]), { maxBytes: 10 }), (err: Error) => err.name === 'NoSuchBucket');
    assert.deepEqual(readdirSync(stagingDir), []);
  });

  it('is the store openFileStore opens for an s3:// STORAGE_URL, nothing then written under DATA_DIR', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fds-data-'));
    const config = loadConfig({ DATA_DIR: dataDir, STORAGE_URL: url });
    assert.equal(config.storageUrl, url);
    const opened = openFileStore(config);
    const stored = await putFile(opened, 3, Readable.from([Buffer.from('W-9')]), { maxBytes: 100 });
    assert.deepEqual(await objects(), [objectName(3, stored.key)]);
    assert.deepEqual(readdirSync(dataDir, { recursive: true }), []);
    assert.equal(await text((await store.open(3, stored.key))!), 'W-9');
    await opened.remove(3, stored.key);
    assert.deepEqual(await objects(), []);
    // Unset: the folder under DATA_DIR, as before.
    assert.equal(loadConfig({ DATA_DIR: dataDir }).storageUrl, null);
    rmSync(dataDir, { recursive: true });
  });
});

describe('STORAGE_URL', () => {
  const problemOf = (value: string): string => {
    try {
      loadConfig({ STORAGE_URL: value });
    } catch (err) {
      assert.ok(err instanceof ConfigError, String(err));
      assert.equal(err.problems.length, 1, err.problems.join('\n'));
      assert.ok(!err.problems[0]!.includes(value), 'the value is not echoed');
      return err.problems[0]!;
    }
    assert.fail(`${value} was accepted`);
  };

  it('refuses at start-up, clearly, what names no usable bucket, and never echoes it', () => {
    assert.match(problemOf('https://bucket.example.com'), /^STORAGE_URL must start with s3:\/\//);
    assert.match(problemOf('not a url'), /^STORAGE_URL must be an address like s3:\/\/bucket/);
    assert.match(problemOf('s3://AKIA123:secret-key@fds-files'), /must not carry credentials/);
    assert.match(problemOf('s3://fds-files?endpoint=http://AKIA123:secret-key@127.0.0.1:9000'), /must not carry credentials/);
    assert.match(problemOf('s3://Fds_Files'), /must name a bucket/);
    assert.match(problemOf('s3://fds-files/documents'), /without a path/);
    assert.match(problemOf('s3://fds-files?endpont=http://127.0.0.1:9000'), /unknown parameter "endpont" \(known: endpoint, region, forcePathStyle\)/);
    assert.match(problemOf('s3://fds-files?endpoint=ftp://127.0.0.1'), /endpoint that is not an http:\/\/ or https:\/\/ address/);
    assert.match(problemOf('s3://fds-files?forcePathStyle=yes'), /forcePathStyle other than true or false/);
    assert.match(problemOf('s3://fds-files?region=us east'), /region that is no region name/);
  });

  it('reads a bucket, its endpoint, region and addressing; us-east-1 and path style by default with an endpoint of its own', () => {
    assert.deepEqual(parseStorageUrl('s3://fds-files?endpoint=http://127.0.0.1:9000/&region=eu-west-1'), {
      ok: true,
      value: { bucket: 'fds-files', endpoint: 'http://127.0.0.1:9000', region: 'eu-west-1', forcePathStyle: true },
    });
    assert.deepEqual(parseStorageUrl('s3://fds.files'), {
      ok: true,
      value: { bucket: 'fds.files', endpoint: undefined, region: undefined, forcePathStyle: false },
    });
    assert.deepEqual(parseStorageUrl('s3://fds-files?endpoint=https://s3.example.com&forcePathStyle=false'), {
      ok: true,
      value: { bucket: 'fds-files', endpoint: 'https://s3.example.com', region: 'us-east-1', forcePathStyle: false },
    });
    assert.throws(() => openFileStore({ dataDir: 'memory://', storageUrl: 'http://x' }), /^Error: STORAGE_URL must start with s3:\/\//);
  });
});
