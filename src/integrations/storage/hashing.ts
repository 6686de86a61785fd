// A pass-through that hashes, counts and keeps the head of the bytes going through it, and fails
// the pipeline once more than maxBytes have come.
import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { FileTooLarge, HEAD_BYTES, type StoredFile } from './store.js';

export class Hashing extends Transform {
  private readonly hash = createHash('sha256');
  private size = 0;
  private readonly heads: Buffer[] = [];
  private headSize = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      done(new FileTooLarge(this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    if (this.headSize < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headSize);
      this.heads.push(Buffer.from(part));
      this.headSize += part.length;
    }
    done(null, chunk);
  }

  /** What passed, once the stream has ended. */
  stored(): StoredFile {
    return { key: this.hash.digest('hex'), size: this.size, head: Buffer.concat(this.heads) };
  }
}
