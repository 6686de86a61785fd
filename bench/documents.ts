// npm run bench -- documents (bench/run.ts calls it): the documents library list searched over
// 100,000 documents' text next to a bare route answering the same bytes; a bill of lading of an
// order with 80 item lines (3 pages or more) generated at 1 and at 10 connections; uploads of a
// 1 MB PDF at 20 connections while /healthz is asked once every 10 ms beside them (is the event
// loop still answering?). PostgreSQL only; the documents are seeded on the first run
// (bench/documents-setup.ts).
import { type ChildProcess, execFile } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import PDFDocument from 'pdfkit';
import { patientGet } from './patient-get.js';
import type { Started } from './start-script.js';

export interface Measure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  cpu?: { server: number; postgres: number };
}

export interface BenchKit {
  start(script: string, env?: Record<string, string>): Promise<Started>;
  load(name: string, url: string, headers?: Record<string, string>, server?: ChildProcess, send?: { connections?: number }): Promise<Measure>;
  print(title: string, rows: Measure[], baseline: Measure | ((r: Measure) => Measure), against?: string): void;
  dir: string;
  seconds: number;
  /** Seconds of the same load, unmeasured, before each measured one (a long-running server's
   *  state: JIT-compiled code, the parse worker's thread started and pdf.js loaded). */
  warmup: number;
}

/** A PDF of at least `bytes` (text pages, uncompressed), made once for the run. pdfkit hands its
 *  output over only as the document ends, so pages are added in rounds until it is large enough. */
async function pdfOf(bytes: number): Promise<Buffer> {
  for (let pages = Math.ceil(bytes / 14_000); ; pages = Math.ceil(pages * 1.25)) {
    const doc = new PDFDocument({ compress: false, size: 'LETTER' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<void>((resolve) => doc.on('end', resolve));
    for (let page = 0; page < pages; page++) {
      if (page > 0) doc.addPage();
      doc.fontSize(16).text(`Rate confirmation RC-${1000 + page}`);
      for (let line = 0; line < 45; line++)
        doc.fontSize(9).text(`Load ${page}-${line}: Dallas TX to Houston TX, 24 pallets of ceramic tile, 42,000 lb, linehaul $1,850.00, fuel $212.75`);
    }
    doc.end();
    await done;
    const pdf = Buffer.concat(chunks);
    if (pdf.length >= bytes) return pdf;
  }
}

/** Slot for a request's number in the file's last line (`% upload 000000000001`, after %%EOF,
 *  which PDF readers pass over): every upload is different bytes, as real ones are. The same bytes
 *  twenty times at once would meet on the one file's stored_files row and lock, one at a time. */
const NUMBER_DIGITS = 12;

function numbered(file: Buffer): { file: Buffer; at: number } {
  const tail = Buffer.from(`% upload ${'0'.repeat(NUMBER_DIGITS)}\n`);
  return { file: Buffer.concat([file, tail]), at: file.length + tail.length - 1 - NUMBER_DIGITS };
}

/** /healthz asked 100 times a second from a process of its own: in this one it would wait behind
 *  the upload client's own work (sending 20 bodies of 1 MB) and measure that instead. */
async function healthProbe(url: string, seconds: number): Promise<autocannon.Result> {
  const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const { stdout } = await promisify(execFile)(process.execPath, [cli, '--json', '-c', '1', '-R', '100', '-d', String(seconds), url], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as autocannon.Result;
}

function multipart(file: Buffer, name: string): { body: Buffer; contentType: string } {
  const boundary = '----fds-bench-upload';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="source"\r\n\r\nUpload\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, file, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function json(res: Response): Promise<any> {
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${res.url} answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

export async function benchDocuments(kit: BenchKit): Promise<void> {
  const server = await kit.start('bench/server.ts', {
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    BENCH_DOCUMENTS: '1',
    ANSWER_CACHE_MB: process.env.ANSWER_CACHE_MB ?? '0',
  });
  const base = server.info.url as string;
  const info = server.info.documents as { summary: string; terms: { common: string; rare: string } };
  const headers = { authorization: `Bearer ${server.info.documentsToken}` };
  try {
    // The list, searched: a common word (many pages of matches) and a number found in one document.
    const rows: Measure[] = [];
    const floorOf = new Map<Measure, Measure>();
    for (const [label, path] of [
      ['CompanyDocuments (page of 20)', '/api/v1/CompanyDocuments'],
      [`CompanyDocuments?SearchTerm=${info.terms.common}`, `/api/v1/CompanyDocuments?SearchTerm=${info.terms.common}`],
      [`CompanyDocuments?SearchTerm=${info.terms.rare}`, `/api/v1/CompanyDocuments?SearchTerm=${info.terms.rare}`],
    ] as const) {
      const res = await patientGet(`${base}${path}`, headers);
      const text = await res.text();
      if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${text.slice(0, 500)}`);
      console.log(`  ${label}: ${(text.length / 1024).toFixed(1)} KB, totalCount ${JSON.parse(text).data.totalCount}`);
      const file = join(kit.dir, `list-${rows.length}.json`);
      writeFileSync(file, text);
      const bare = await kit.start('bench/bare.ts', { BARE_BODY_FILE: file, BARE_PATH: path.split('?')[0]! });
      try {
        const floor = await kit.load(`bare, same bytes: ${label}`.slice(0, 44), `${bare.info.url}${path}`);
        const fds = await kit.load(`fds: ${label}`.slice(0, 44), `${base}${path}`, headers, server.child);
        rows.push(floor, fds);
        floorOf.set(floor, floor).set(fds, floor);
        // A searched list also at 10 connections (an office's dispatchers, not a crowd): on 2 cores,
        // 50 connections wait in line whatever a request costs.
        if (path.includes('SearchTerm')) {
          const few = await kit.load(`fds, 10 connections: ${label}`.slice(0, 44), `${base}${path}`, headers, server.child, { connections: 10 });
          rows.push(few);
          floorOf.set(few, floor);
        }
      } finally {
        bare.child.kill('SIGTERM');
      }
    }
    kit.print(
      `Documents library over ${info.summary} (answers ${process.env.ANSWER_CACHE_MB === undefined ? 'not kept' : `kept: ${process.env.ANSWER_CACHE_MB} MB`})`,
      rows,
      (r) => floorOf.get(r)!,
    );

    // A bill of lading of 80 item lines over three stops.
    const post = (path: string, body: unknown) =>
      fetch(`${base}/api/v1${path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(json);
    const customer = (
      await post('/Customers', {
        name: 'Bench Shipper',
        addresses: [{ street: '4100 Industrial Blvd', city: 'Austin', state: 'TX', postalCode: '78744', country: 'US' }],
      })
    ).data;
    const items = Array.from({ length: 40 }, (_, i) => ({ description: `Crate ${i + 1} of machine parts, fragile, keep upright`, quantity: 1, weight: 55.5 }));
    const stop = (type: string, street: string, city: string, its: unknown[]) => ({ type, address: { street, city, state: 'TX', country: 'US' }, items: its });
    const order = (
      await post('/Quotes', {
        customerId: customer.id,
        stops: [
          stop('Pickup', '1 Dock St', 'Dallas', items),
          stop('Pickup', '2 Dock St', 'Dallas', items),
          stop('Delivery', '3 Dock St', 'Houston', items.slice(0, 20)),
        ],
      })
    ).data;
    const bolPath = `/api/v1/Documents/BillOfLanding/${order.id}/0`;
    const pdf = Buffer.from(await (await fetch(`${base}${bolPath}`, { headers })).arrayBuffer());
    const pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    console.log(`\n  bill of lading: ${(pdf.length / 1024).toFixed(0)} KB, ${pages} pages`);
    const bol: Measure[] = [];
    for (const connections of [1, 10]) {
      await autocannon({ url: `${base}${bolPath}`, connections, duration: kit.warmup, headers });
      const r = await autocannon({ url: `${base}${bolPath}`, connections, duration: kit.seconds, headers });
      bol.push({
        name: `BillOfLanding PDF, ${connections} connection${connections > 1 ? 's' : ''}`,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
      });
    }
    kit.print(`Bill of lading of ${pages} pages (80 item lines, three stops)`, bol, bol[0]!, 'vs 1 conn');

    // Uploads of a 1 MB PDF at 20 connections, /healthz beside them.
    const { file, at } = numbered(await pdfOf(1024 * 1024));
    const upload = multipart(file, 'rate-confirmation.pdf');
    const numberAt = upload.body.indexOf(file) + at;
    let uploads = 0;
    /** The body again with the next number (a copy per request: autocannon may still be sending the last). */
    const nextBody = (): Buffer => {
      const body = Buffer.from(upload.body);
      body.write(String(++uploads).padStart(NUMBER_DIGITS, '0'), numberAt, 'latin1');
      return body;
    };
    const distinct: autocannon.Request[] = [{ setupRequest: (request) => ({ ...request, body: nextBody() }) }];
    console.log(`\n  upload: a ${(file.length / 1024).toFixed(0)} KB PDF`);
    // Into the run's own new company (a Dispatcher of "Bench Freight"): the library company's
    // newest documents stay the seeded ones from run to run.
    const uploadHeaders = { authorization: `Bearer ${server.info.token}`, 'content-type': upload.contentType };
    const first = await fetch(`${base}/api/v1/CompanyDocuments/upload`, { method: 'POST', headers: uploadHeaders, body: upload.body });
    if (first.status !== 200) throw new Error(`upload answered ${first.status}: ${(await first.text()).slice(0, 500)}`);
    // The floor: a bare route receiving the same bodies, hashing them and writing them to files.
    const sink = await kit.start('bench/bare.ts', { BARE_SINK: '1', BARE_METHOD: 'POST', BARE_PATH: '/api/v1/CompanyDocuments/upload' });
    const sinkLoad = (duration: number) =>
      autocannon({
        url: `${sink.info.url}/api/v1/CompanyDocuments/upload`,
        method: 'POST',
        connections: 20,
        duration,
        headers: { 'content-type': upload.contentType },
        body: upload.body,
        requests: distinct,
      });
    let floor: autocannon.Result;
    try {
      await sinkLoad(kit.warmup);
      floor = await sinkLoad(kit.seconds);
    } finally {
      const gone = once(sink.child, 'exit');
      sink.child.kill('SIGTERM');
      await gone;
    }
    const quiet = await healthProbe(`${base}/healthz`, 5);
    const uploadLoad = (duration: number) =>
      autocannon({
        url: `${base}/api/v1/CompanyDocuments/upload`,
        method: 'POST',
        connections: 20,
        duration,
        headers: uploadHeaders,
        body: upload.body,
        requests: distinct,
      });
    await uploadLoad(kit.warmup);
    const [up, health] = await Promise.all([uploadLoad(kit.seconds), healthProbe(`${base}/healthz`, kit.seconds)]);
    const row = (name: string, r: autocannon.Result): Measure => ({
      name,
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
    });
    const healthQuiet = row('/healthz alone (100/s)', quiet);
    const bare = row('bare: receive, hash, write the same bodies', floor);
    kit.print(
      'Uploads of a 1 MB PDF (20 connections) and /healthz beside them',
      [healthQuiet, bare, row('POST /CompanyDocuments/upload', up), row('/healthz during the uploads (100/s)', health)],
      (r) => (r.name.startsWith('/healthz') ? healthQuiet : bare),
      'vs floor',
    );
    // The uploads go again (their text would otherwise be read by the next run's server while it
    // is measured: every company's pending documents are the extraction job's).
    const auth = { authorization: uploadHeaders.authorization };
    for (;;) {
      const page = await json(await fetch(`${base}/api/v1/CompanyDocuments?ItemsPerPage=200`, { headers: auth }));
      const ids = (page.data.list as Array<{ id: number }>).map((d) => d.id);
      if (ids.length === 0) break;
      await fetch(`${base}/api/v1/CompanyDocuments/bulk`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'delete', documentIds: ids }),
      });
    }
  } finally {
    server.child.kill('SIGTERM');
  }
}
