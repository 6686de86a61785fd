// Files in an S3-compatible bucket (STORAGE_URL=s3://...), by the folder's rules: objects
// `<space>/ab/cd/<key>`, the key the SHA-256 of the bytes, never written over.
//
// A file is staged in a local temporary file (os.tmpdir()), hashed and counted on the way as in the
// folder store: the size limit then costs no request to the bucket, `read()` (inspecting a file
// before keeping it) reads local bytes, and a refused or discarded upload leaves nothing in the
// bucket, not even a temporary object to clean up after a crash. Publishing asks whether the space
// has the key (HeadObject) and else uploads the file there in one PutObject, streamed from disk
// (memory stays flat whatever the size; one PutObject takes up to 5 GB, beyond UPLOAD_MAX_MB's
// range), with the SHA-256 as the object's checksum, so that the server checks it received exactly
// the bytes the key names. Two publishers of the same new key at once may both upload: they upload
// the same bytes, which is no overwrite a reader could notice.
//
// Credentials come from the AWS SDK's default chain (environment, profile, instance role), never
// from the URL, and neither they nor the bucket's answers go to the logs here.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Hashing } from './hashing.js';
import type { S3Location } from './s3-url.js';
import { type FileStore, isFileKey, isSpace } from './store.js';

export interface S3StoreOptions {
  /** Where uploads wait, hashed, until published or discarded (default: os.tmpdir()/fds-staging). */
  stagingDir?: string;
}

/**
 * The bucket's "no such object" (HeadObject: NotFound, GetObject: NoSuchKey). Not any 404: a
 * missing bucket (NoSuchBucket) is a configuration to fix, not a file to answer as missing.
 */
function isMissing(err: unknown): boolean {
  const name = (err as { name?: unknown } | null)?.name;
  return name === 'NotFound' || name === 'NoSuchKey';
}

export function s3Store(location: S3Location, options: S3StoreOptions = {}): FileStore {
  const client = new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: location.forcePathStyle,
  });
  const Bucket = location.bucket;
  const stagingDir = options.stagingDir ?? join(tmpdir(), 'fds-staging');
  const known = (space: number, key: string) => isSpace(space) && isFileKey(key);
  // Only ever a space number and 64 hex digits: nothing a caller sends becomes part of a name.
  const objectOf = (space: number, key: string) => {
    if (!known(space, key)) throw new Error(`not a file key: ${space}/${JSON.stringify(key).slice(0, 80)}`);
    return `${space}/${key.slice(0, 2)}/${key.slice(2, 4)}/${key}`;
  };
  const exists = async (Key: string) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  };

  return {
    async stage(source, { maxBytes }) {
      await mkdir(stagingDir, { recursive: true });
      const tmp = join(stagingDir, randomUUID());
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
          try {
            const Key = objectOf(space, stored.key);
            if (!(await exists(Key))) {
              await client.send(
                new PutObjectCommand({
                  Bucket,
                  Key,
                  Body: createReadStream(tmp),
                  ContentLength: stored.size,
                  // Given, the SDK sends it as a header (no aws-chunked body) and the server checks it.
                  ChecksumSHA256: Buffer.from(stored.key, 'hex').toString('base64'),
                }),
              );
            }
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
    },
    async open(space, key): Promise<Readable | null> {
      if (!known(space, key)) return null;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: objectOf(space, key) }));
        if (!(answer.Body instanceof Readable)) throw new Error('the bucket answered no body stream');
        return answer.Body;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async has(space, key) {
      return known(space, key) && exists(objectOf(space, key));
    },
    async remove(space, key) {
      // Deleting an absent object is no error in S3.
      if (known(space, key)) await client.send(new DeleteObjectCommand({ Bucket, Key: objectOf(space, key) }));
    },
  };
}
