// Files for the documents library's tests, made with the tools a sender would use (pdfkit, pngjs,
// yazl), and the library's requests that take them.
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import PDFDocument from 'pdfkit';
import { PNG } from 'pngjs';
import yazl from 'yazl';
import { startExtractionWorker } from '../../src/areas/documents/index.js';
import { HOOKS } from '../../src/areas/index.js';
import { call, multipart, type TestApp } from './app.js';

/** A PDF with these lines of text, one page. */
export async function pdfWith(...lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument();
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  for (const line of lines) doc.text(line);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** A small picture (a scan has no text layer). */
export function png(): Buffer {
  const image = new PNG({ width: 8, height: 8 });
  image.data.fill(200);
  return PNG.sync.write(image);
}

/** What an attacker sends as report.xlsx: a spreadsheet's first part, then 300 MB of zeros. */
export async function zipBombXlsx(): Promise<Buffer> {
  const z = new yazl.ZipFile();
  z.addBuffer(
    Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
    ),
    '[Content_Types].xml',
  );
  const zeros = Readable.from(
    (function* () {
      const chunk = Buffer.alloc(1 << 20);
      for (let i = 0; i < 300; i++) yield chunk;
    })(),
  );
  z.addReadStream(zeros, 'xl/worksheets/sheet1.xml', { compressionLevel: 1 });
  z.end();
  const out: Buffer[] = [];
  for await (const chunk of z.outputStream) out.push(chunk as Buffer);
  return Buffer.concat(out);
}

export interface FileToSend {
  name: string;
  content: Buffer;
  type?: string;
}

/** POST /CompanyDocuments/upload with these files (field `files`) and fields. */
export function upload(t: TestApp, token: string, files: FileToSend[], fields: Record<string, string> = {}) {
  return call(t, 'POST', '/api/v1/CompanyDocuments/upload', {
    token,
    ...multipart(
      files.map((f) => ({ field: 'files', name: f.name, type: f.type ?? 'application/octet-stream', content: f.content })),
      fields,
    ),
  });
}

/** Uploads one file and answers the document. */
export async function uploadOne(t: TestApp, token: string, file: FileToSend, fields: Record<string, string> = {}): Promise<Record<string, any>> {
  const res = await upload(t, token, [file], fields);
  if (res.status !== 200) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data[0];
}

/**
 * Runs the extraction job over whatever is due of this process's companies: those with a pending
 * document whose file is in this app's store. Other test processes on the same database keep their
 * files in their own memory; a job that claimed theirs would find no file and put them off.
 */
export async function runExtraction(t: TestApp): Promise<number> {
  const { rows } = await sql<{ company_id: number; file_key: string }>`
    select distinct company_id, file_key from documents where status = 'Pending'`.execute(t.database.db);
  const companyIds = [
    ...new Set((await Promise.all(rows.map(async (r) => ((await t.store.has(r.company_id, r.file_key)) ? r.company_id : null)))).filter((id) => id !== null)),
  ];
  if (companyIds.length === 0) return 0;
  const worker = startExtractionWorker({ db: t.database.db, files: t.store, hooks: HOOKS, log: console, autoStart: false, companyIds });
  let total = 0;
  // Up to a few rounds: one run takes a batch of companies and a batch of each one's documents.
  for (let round = 0; round < 20; round++) {
    const done = await worker.runOnce();
    total += done;
    if (done === 0) break;
  }
  await worker.stop();
  return total;
}
