import { createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Location } from './s3-url.js';
import { stageInFile } from './staging.js';
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
    stage: (source, { maxBytes }) =>
      stageInFile(stagingDir, source, maxBytes, async (tmp, stored, space) => {
        const Key = objectOf(space, stored.key);
        if (await exists(Key)) return;
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
      }),
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
