// A pass-through that hashes, counts and keeps the head of the bytes going through it, and fails
// the pipeline once more than maxBytes have come.
import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { FileTooLarge, HEAD_BYTES, type StoredFile } from './store.js';

/** Bytes passed on at once: a received file comes in chunks of a socket read (16–64 KB), each a
 *  write of its own to the file, each a trip through the thread pool and back. */
const BATCH_BYTES = 512 * 1024;

export class Hashing extends Transform {
  private readonly hash = createHash('sha256');
  private pending: Buffer[] = [];
  private pendingSize = 0;
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
    this.pending.push(chunk);
    this.pendingSize += chunk.length;
    if (this.pendingSize < BATCH_BYTES) {
      done();
      return;
    }
    done(null, this.batch());
  }

  override _flush(done: TransformCallback): void {
    done(null, this.pendingSize > 0 ? this.batch() : undefined);
  }

  private batch(): Buffer {
    const out = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending, this.pendingSize);
    this.pending = [];
    this.pendingSize = 0;
    return out;
  }

  /** What passed, once the stream has ended. */
  stored(): StoredFile {
    return { key: this.hash.digest('hex'), size: this.size, head: Buffer.concat(this.heads) };
  }
}
