// The parse worker's side of parse-pool.ts: a long-lived thread that answers one job at a time
// (PDF page count, PDF text, HTML to markdown), so the parsers' synchronous work never stalls the
// server's event loop. Refusals travel back as { code, message }; anything else as an error.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { htmlToMarkdown } from './html-markdown.js';
import { pdfInfo, pdfText, UnreadablePdf } from './pdf-read.js';

export type Job =
  | { op: 'pdf-info'; data: Uint8Array }
  | { op: 'pdf-text'; data: Uint8Array; maxChars: number; deadline: number }
  | { op: 'html-markdown'; html: string };

export type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; refused: boolean; message: string };

async function run(job: Job): Promise<unknown> {
  switch (job.op) {
    case 'pdf-info':
      return pdfInfo(job.data);
    case 'pdf-text':
      return pdfText(job.data, job.maxChars, job.deadline);
    case 'html-markdown':
      return htmlToMarkdown(job.html);
  }
}

// An extraction thread yields the CPU to the server's own thread and PostgreSQL (parse-pool.ts).
// Linux schedules threads one by one: this thread's id (from /proc/thread-self) takes nice 10,
// the rest of the process keeps its own. Elsewhere the thread keeps its priority.
if ((workerData as { lowPriority?: boolean } | null)?.lowPriority) {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10);
  } catch {
    // Not Linux, or not allowed: the thread runs at the process's priority.
  }
}

parentPort!.on('message', async ({ id, job }: { id: number; job: Job }) => {
  let reply: Reply;
  try {
    reply = { id, ok: true, result: await run(job) };
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    // Whatever else a parser throws on a hostile file (a stack overflow in deeply nested HTML, say)
    // means the same to the uploader: the file cannot be read.
    reply = { id, ok: false, refused: e instanceof UnreadablePdf || e instanceof RangeError, message: e.message };
  }
  parentPort!.postMessage(reply);
});
