// Reading a received file back into memory, never more than asked: the whole file for the formats
// that need random access (PDF, ZIP; the upload limit bounds them), a prefix for the text formats.
import type { Readable } from 'node:stream';

/**
 * The stream's bytes into one Uint8Array that owns its ArrayBuffer (so it can be transferred to a
 * worker thread without a copy). Reads at most `limit` bytes and then stops the stream;
 * `truncated` says whether more was there.
 */
export async function readPrefix(stream: Readable, limit: number): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  const out = new Uint8Array(limit);
  let length = 0;
  let truncated = false;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const room = limit - length;
      out.set(chunk.length > room ? chunk.subarray(0, room) : chunk, length);
      length += Math.min(chunk.length, room);
      if (chunk.length > room) {
        truncated = true;
        break;
      }
    }
  } finally {
    stream.destroy();
  }
  // A shorter file than announced gets a copy of its real length, so no stale bytes follow it.
  return { bytes: length === limit ? out : out.slice(0, length), truncated };
}

/** The whole file, which must be `size` bytes long. */
export async function readWhole(stream: Readable, size: number): Promise<Uint8Array> {
  const { bytes, truncated } = await readPrefix(stream, size);
  if (truncated || bytes.length !== size) throw new Error(`file length differs from its recorded size ${size}`);
  return bytes;
}
