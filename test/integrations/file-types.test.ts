// Received files (src/integrations/files): the type from the content, executables refused, PDFs
// that must open, zip bombs refused by their declared and by their real sizes, and the text of
// PDFs, plain text, CSV and HTML as markdown. Every file is made here with the tools a sender
// would use (pdfkit, exceljs, yazl, pngjs), or is a header an attacker would write.
import assert from 'node:assert/strict';
import { createReadStream, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { PNG } from 'pngjs';
import yazl from 'yazl';
import { extractText } from '../../src/integrations/files/extract-text.js';
import { inspectFile } from '../../src/integrations/files/inspect.js';
import { ParsePool, parsePool } from '../../src/integrations/files/parse-pool.js';
import { extensionOf, type FileType, RefusedFile, sniffFile } from '../../src/integrations/files/sniff.js';
import { HEAD_BYTES } from '../../src/integrations/storage/index.js';

after(() => parsePool.close());

/** The stream a stored file gives back, in 64 KB chunks. */
const reader = (b: Buffer) => () => Readable.from(Array.from({ length: Math.ceil(b.length / 65536) }, (_, k) => b.subarray(k * 65536, (k + 1) * 65536)));
const sniff = (b: Buffer, name: string) => sniffFile(b.subarray(0, HEAD_BYTES), name);
const inspect = async (b: Buffer, name: string) => inspectFile(await sniff(b, name), reader(b), b.length);
const extract = async (b: Buffer, name: string) => extractText(await sniff(b, name), reader(b), b.length);
const refused = (code: RefusedFile['code']) => (err: unknown) => err instanceof RefusedFile && err.code === code;

async function pdf(pages: Array<(doc: PDFKit.PDFDocument) => void>, options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  pages.forEach((draw, i) => {
    if (i > 0) doc.addPage();
    draw(doc);
  });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
const textPdf = () => pdf([(d) => d.text('Bill of lading BOL-4711').text('Consignee: ACME Freight'), (d) => d.text('Delivered in good order')]);

type Entry = { name: string; data: Buffer | (() => Readable) };
async function zip(entries: Entry[], compressionLevel = 6): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const e of entries) {
    if (Buffer.isBuffer(e.data)) z.addBuffer(e.data, e.name, { compressionLevel });
    else z.addReadStream(e.data(), e.name, { compressionLevel });
  }
  z.end();
  const out: Buffer[] = [];
  for await (const chunk of z.outputStream) out.push(chunk as Buffer);
  return Buffer.concat(out);
}
/** `mb` megabytes of zeros, one reused 1 MB chunk at a time. */
const zeros = (mb: number) => () =>
  Readable.from(
    (function* () {
      const chunk = Buffer.alloc(1 << 20);
      for (let i = 0; i < mb; i++) yield chunk;
    })(),
  );
const CONTENT_TYPES = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
);
/** What an attacker sends as report.xlsx: a spreadsheet's first part, then the payload. */
const fakeXlsx = (sheet: Entry['data'], level = 6) =>
  zip(
    [
      { name: '[Content_Types].xml', data: CONTENT_TYPES },
      { name: 'xl/worksheets/sheet1.xml', data: sheet },
    ],
    level,
  );

async function xlsx(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Loads').addRows([
    ['Load', 'Weight'],
    ['L-1', 1200],
    ['L-2', 800],
  ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function png(): Buffer {
  const image = new PNG({ width: 8, height: 8 });
  image.data.fill(200);
  return PNG.sync.write(image);
}

describe('sniffFile: the type from the content', () => {
  it('names a PDF by its content whatever its name says', async () => {
    const type = await sniff(await textPdf(), 'photo.jpg');
    assert.deepEqual(type, { mime: 'application/pdf', ext: 'pdf', kind: 'pdf' });
  });

  it('knows pictures, spreadsheets and archives', async () => {
    assert.deepEqual(await sniff(png(), 'scan.pdf'), { mime: 'image/png', ext: 'png', kind: 'image' });
    assert.equal((await sniff(await xlsx(), 'loads.xlsx')).kind, 'office');
    assert.equal((await sniff(await xlsx(), 'loads.xlsx')).ext, 'xlsx');
    assert.deepEqual(await sniff(await zip([{ name: 'a.txt', data: Buffer.from('a') }]), 'a.zip'), { mime: 'application/zip', ext: 'zip', kind: 'archive' });
  });

  it('refuses programs named as documents: ELF, PE, Mach-O, a jar as .docx', async () => {
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
    const pe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x80, 0, 0, 0]), Buffer.alloc(64), Buffer.from('PE\0\0')]);
    const machO = Buffer.concat([Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 7, 0, 0, 1]), Buffer.alloc(120)]);
    const jar = await zip([{ name: 'META-INF/MANIFEST.MF', data: Buffer.from('Manifest-Version: 1.0\n') }]);
    for (const [bytes, name] of [
      [elf, 'invoice.pdf'],
      [pe, 'invoice.pdf'],
      [machO, 'rate.png'],
      [jar, 'contract.docx'],
    ] as const) {
      await assert.rejects(sniff(bytes, name), refused('executable'), name);
    }
  });

  it('refuses scripts by their shebang and program names even when the content is text', async () => {
    await assert.rejects(sniff(Buffer.from('#!/bin/sh\nrm -rf /\n'), 'notes.txt'), refused('executable'));
    await assert.rejects(sniff(Buffer.from('\uFEFF#!/usr/bin/env python\n'), 'notes.txt'), refused('executable'));
    for (const name of ['run.bat', 'setup.CMD', 'x.ps1', 'install.sh', 'C:\\tmp\\tool.exe']) {
      await assert.rejects(sniff(Buffer.from('echo hi\r\n'), name), refused('executable'), name);
    }
  });

  it('tells an Office compound file from an installer (same container, installer class id)', async () => {
    const cfb = Buffer.alloc(1536);
    Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(cfb);
    assert.equal((await sniff(cfb, 'old.doc')).kind, 'office');
    Buffer.from('84100c0000000000c000000000000046', 'hex').copy(cfb, 512 + 0x50);
    await assert.rejects(sniff(cfb, 'old.doc'), refused('executable'));
  });

  it('refuses an empty file', async () => {
    await assert.rejects(sniff(Buffer.alloc(0), 'empty.pdf'), refused('empty'));
  });

  it('takes valid UTF-8 without NUL as text; the extension picks csv, markdown or html', async () => {
    const text = Buffer.from('Grüße aus Köln, 東京 🚚\nLine two\n');
    assert.deepEqual(await sniff(text, 'notes'), { mime: 'text/plain', ext: 'txt', kind: 'text' });
    assert.deepEqual(await sniff(text, 'readme.MD'), { mime: 'text/markdown', ext: 'md', kind: 'text' });
    assert.deepEqual(await sniff(Buffer.from('a,b\n1,2\n'), 'loads.csv'), { mime: 'text/csv', ext: 'csv', kind: 'csv' });
    assert.deepEqual(await sniff(Buffer.from('just words'), 'page.htm'), { mime: 'text/html', ext: 'html', kind: 'html' });
    assert.deepEqual(await sniff(text, '../../etc/passwd'), { mime: 'text/plain', ext: 'txt', kind: 'text' });
  });

  it('takes HTML from the content, whatever the name', async () => {
    const html = Buffer.from('<!-- saved --> <!DOCTYPE html><html><body><p>Hi</p></body></html>');
    assert.equal((await sniff(html, 'notes.txt')).kind, 'html');
    assert.equal((await sniff(Buffer.from('\n<html lang="en"><p>x</p>'), 'data.csv')).kind, 'html');
  });

  it('does not take binary or non-UTF-8 bytes as text whatever the name', async () => {
    const withNul = Buffer.from('a,b\n1,\u00002\n');
    assert.deepEqual(await sniff(withNul, 'loads.csv'), { mime: 'application/octet-stream', ext: 'bin', kind: 'other' });
    const latin1 = Buffer.from('Gr\xfc\xdfe', 'latin1');
    assert.equal((await sniff(latin1, 'notes.txt')).kind, 'other');
    const controls = Buffer.from(Array.from({ length: 200 }, (_, k) => (k % 3 === 0 ? 0x01 : 0x41)));
    assert.equal((await sniff(controls, 'notes.txt')).kind, 'other');
  });

  it('accepts text whose head ends inside a multi-byte character', async () => {
    const long = Buffer.from('ü'.repeat(HEAD_BYTES));
    assert.equal(HEAD_BYTES % 2, 0);
    assert.equal((await sniffFile(long.subarray(0, HEAD_BYTES - 1), 'notes.txt')).kind, 'text');
  });

  it('reads the extension of the last path segment only', () => {
    assert.equal(extensionOf('../../etc/passwd'), '');
    assert.equal(extensionOf('a.dir\\file.PDF'), 'pdf');
    assert.equal(extensionOf('.bashrc'), '');
  });
});

describe('inspectFile: deeper checks before a file is kept', () => {
  it('counts the pages of a PDF, with text or without', async () => {
    assert.deepEqual(await inspect(await textPdf(), 'bol.pdf'), { pages: 2 });
    const drawing = await pdf([(d) => d.rect(50, 50, 200, 100).fill('#333')]);
    assert.deepEqual(await inspect(drawing, 'stamp.pdf'), { pages: 1 });
  });

  it('refuses a corrupt PDF: garbage after the header, or cut in half', async () => {
    const garbage = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000, 'garbage ')]);
    assert.equal((await sniff(garbage, 'bol.pdf')).kind, 'pdf');
    await assert.rejects(inspect(garbage, 'bol.pdf'), refused('corrupt'));
    const whole = await textPdf();
    await assert.rejects(inspect(whole.subarray(0, whole.length >> 1), 'bol.pdf'), refused('corrupt'));
  });

  it('keeps a password-protected PDF without a page count', async () => {
    const locked = await pdf([(d) => d.text('secret')], { userPassword: 'pw', pdfVersion: '1.7' });
    assert.deepEqual(await inspect(locked, 'locked.pdf'), { pages: null });
    assert.deepEqual(await extract(locked, 'locked.pdf'), { state: 'Unsupported', markdown: null, pages: null });
  });

  it('refuses a 0-byte file', async () => {
    const type: FileType = { mime: 'application/pdf', ext: 'pdf', kind: 'pdf' };
    await assert.rejects(inspectFile(type, reader(Buffer.alloc(0)), 0), refused('empty'));
    await assert.rejects(extractText(type, reader(Buffer.alloc(0)), 0), refused('empty'));
  });

  it('accepts a real spreadsheet and a plain zip', async () => {
    assert.deepEqual(await inspect(await xlsx(), 'loads.xlsx'), { pages: null });
    assert.deepEqual(await inspect(await zip([{ name: 'a.txt', data: Buffer.from('hello') }]), 'a.zip'), { pages: null });
  });

  it('refuses a zip bomb disguised as .xlsx by its declared size (300 MB of zeros)', async (t) => {
    const started = performance.now();
    const bomb = await fakeXlsx(zeros(300), 1);
    assert.ok(bomb.length < 2 * 1024 * 1024, `bomb is ${bomb.length} bytes`);
    assert.equal((await sniff(bomb, 'report.xlsx')).ext, 'xlsx');
    const heap = process.memoryUsage().rss;
    await assert.rejects(inspect(bomb, 'report.xlsx'), (err: unknown) => refused('bomb')(err) && /200 MB/.test((err as Error).message));
    assert.ok(process.memoryUsage().rss - heap < 64 * 1024 * 1024, 'nothing was inflated');
    t.diagnostic(`built and refused in ${Math.round(performance.now() - started)} ms`);
  });

  it('refuses a zip expanding more than 100 times its size, and one with more than 10,000 entries', async () => {
    await assert.rejects(inspect(await fakeXlsx(zeros(20)), 'report.xlsx'), (err: unknown) => refused('bomb')(err) && /100 times/.test((err as Error).message));
    const many = await zip(
      Array.from({ length: 10_001 }, (_, k) => ({ name: `f${k}.txt`, data: Buffer.alloc(0) })),
      0,
    );
    await assert.rejects(inspect(many, 'many.zip'), (err: unknown) => refused('bomb')(err) && /10001 files/.test((err as Error).message));
  });

  it('refuses a zip whose central directory understates an entry (5 MB declared as 1,000 bytes)', async () => {
    const liar = await fakeXlsx(Buffer.alloc(5 * 1024 * 1024));
    // The second central directory record (the sheet): its uncompressed size at offset 24.
    const central = liar.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), liar.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 4);
    assert.equal(liar.readUInt32LE(central + 24), 5 * 1024 * 1024);
    liar.writeUInt32LE(1000, central + 24);
    await assert.rejects(inspect(liar, 'report.xlsx'), (err: unknown) => refused('bomb')(err) && /declares/.test((err as Error).message));
  });

  it('refuses a damaged zip', async () => {
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(400, 7)]);
    await assert.rejects(inspect(broken, 'a.zip'), refused('corrupt'));
  });

  it('leaves text and pictures as they are', async () => {
    assert.deepEqual(await inspect(Buffer.from('hello'), 'a.txt'), { pages: null });
    assert.deepEqual(await inspect(png(), 'a.png'), { pages: null });
  });
});

describe('extractText: markdown for search and editing', () => {
  it('gives a PDF text page by page', async () => {
    const result = await extract(await textPdf(), 'bol.pdf');
    assert.deepEqual(result, {
      state: 'Extracted',
      markdown: '## Page 1\n\nBill of lading BOL-4711\nConsignee: ACME Freight\n\n## Page 2\n\nDelivered in good order',
      pages: 2,
    });
  });

  it('says a PDF without text (a scan, a drawing) has none, and refuses a corrupt one', async () => {
    const drawing = await pdf([(d) => d.rect(50, 50, 200, 100).fill('#333'), (d) => d.circle(100, 100, 40).stroke()]);
    assert.deepEqual(await extract(drawing, 'scan.pdf'), { state: 'NoText', markdown: null, pages: 2 });
    const garbage = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3000, 'x')]);
    await assert.rejects(extract(garbage, 'bad.pdf'), refused('corrupt'));
  });

  it('keeps plain text as it is (no BOM, Unix line ends)', async () => {
    const result = await extract(Buffer.from('\uFEFFGrüße 🚚\r\nLine *two*\r\n'), 'notes.txt');
    assert.deepEqual(result, { state: 'Extracted', markdown: 'Grüße 🚚\nLine *two*\n', pages: null });
    assert.equal((await extract(Buffer.from(' \n\t\n'), 'blank.txt')).state, 'NoText');
  });

  it('keeps about 1 MB of a long text and says it was shortened', async () => {
    const result = await extract(Buffer.from('é'.repeat(900_000)), 'long.txt');
    assert.equal(result.state, 'Extracted');
    assert.ok(result.markdown!.length < 1_000_100);
    assert.match(result.markdown!, /^é+\n\n\*\(Text shortened/);
  });

  it('turns CSV into a markdown table: quotes, pipes and line breaks inside cells', async () => {
    const csv = 'Load,Note,Weight\r\nL-1,"Fragile, top | load",1200\r\nL-2,"two\nlines"\r\n';
    assert.deepEqual(await extract(Buffer.from(csv), 'loads.csv'), {
      state: 'Extracted',
      markdown: '| Load | Note | Weight |\n| --- | --- | --- |\n| L-1 | Fragile, top \\| load | 1200 |\n| L-2 | two lines |  |',
      pages: null,
    });
  });

  it('reads semicolon CSV and keeps the first 1,000 rows', async () => {
    const rows = Array.from({ length: 1_500 }, (_, k) => `L-${k};${k * 10}`);
    const result = await extract(Buffer.from(`Load;Weight\n${rows.join('\n')}\n`), 'loads.csv');
    const lines = result.markdown!.split('\n');
    assert.equal(lines[0], '| Load | Weight |');
    assert.equal(lines[2], '| L-0 | 0 |');
    assert.equal(lines[1001], '| L-999 | 9990 |');
    assert.equal(lines[1002], '');
    assert.equal(lines[1003], '*First 1,000 rows of the file.*');
  });

  it('turns HTML into markdown without scripts, styles or unsafe links', async () => {
    const html =
      '<html><head><title>Rate confirmation</title><style>p{color:red}</style><script>alert(1)</script></head><body>' +
      '<h1>Rate confirmation</h1><p>Load <b>4711</b>, see <a href="https://example.com/x">terms</a> and <a href="javascript:alert(1)">this</a>.</p>' +
      '<img src="https://tracker.example/p.gif" alt="Logo"><table><tr><th>Stop</th><th>City</th></tr><tr><td>1</td><td>Köln</td></tr></table></body></html>';
    const result = await extract(Buffer.from(html), 'rate.html');
    assert.equal(result.state, 'Extracted');
    assert.equal(
      result.markdown,
      '# Rate confirmation\n\nLoad **4711**, see [terms](https://example.com/x) and this.\n\nLogo\n\n| Stop | City |\n| --- | --- |\n| 1   | Köln |',
    );
  });

  it('has no text for pictures and does not read other types', async () => {
    assert.deepEqual(await extract(png(), 'photo.png'), { state: 'NoText', markdown: null, pages: null });
    assert.deepEqual(await extract(await xlsx(), 'loads.xlsx'), { state: 'Unsupported', markdown: null, pages: null });
  });
});

describe('the parse worker pool', () => {
  it('ends a job past its time limit and answers the next one with a new thread', async () => {
    const pool = new ParsePool(1);
    try {
      const html = `<p>${'word '.repeat(200_000)}</p>`.repeat(5);
      await assert.rejects(pool.run({ op: 'html-markdown', html }, 1), (err: unknown) => refused('corrupt')(err) && /too long/.test((err as Error).message));
      assert.equal(await pool.run({ op: 'html-markdown', html: '<b>ok</b>' }, 30_000), '**ok**');
    } finally {
      await pool.close();
    }
  });

  it('runs extraction on its other threads at a low priority (nice 10 on Linux), upload checks on the first', async (t) => {
    if (process.platform !== 'linux') return t.skip('thread priorities are read from /proc');
    // The nice value of each of the process's threads (field 19 of /proc/self/task/<tid>/stat).
    const nices = () =>
      readdirSync('/proc/self/task').map((tid) => {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      });
    const pool = new ParsePool(2);
    try {
      // Other pools' threads (the shared one's) may be running: count what this pool adds.
      const count = (nice: number) => nices().filter((n) => n === nice).length;
      const [niced, normal] = [count(10), count(0)];
      assert.equal(await pool.run({ op: 'html-markdown', html: '<b>slow</b>' }, 30_000), '**slow**');
      assert.equal(count(10), niced + 1, 'the extraction thread runs at nice 10');
      const twoPdfs = await Promise.all([pdf([(d) => d.text('one')]), pdf([(d) => d.text('two')])]);
      for (const data of twoPdfs) assert.deepEqual(await pool.run({ op: 'pdf-info', data: new Uint8Array(data) }, 30_000), { pages: 1 });
      assert.equal(count(10), niced + 1, "an upload's check does not run on the extraction thread when the first is free");
      assert.ok(count(0) > normal, "the check's thread keeps the process's priority");
    } finally {
      await pool.close();
    }
  });

  it("waits for the check thread rather than run an upload's check on the extraction thread, up to a limit", async (t) => {
    if (process.platform !== 'linux') return t.skip('thread priorities are read from /proc');
    const niced = () =>
      readdirSync('/proc/self/task').filter((tid) => {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) === 10;
      }).length;
    const pdfs = await Promise.all(Array.from({ length: 20 }, (_, k) => pdf([(d) => d.text(`load ${k}`)])));
    /** The nice-10 threads that twenty checks at once (twenty uploads) on `pool` started; closes it. */
    const nicedBy = async (pool: ParsePool) => {
      try {
        const before = niced();
        const answers = await Promise.all(pdfs.map((data) => pool.run({ op: 'pdf-info', data: new Uint8Array(data) }, 30_000)));
        assert.deepEqual(
          answers,
          pdfs.map(() => ({ pages: 1 })),
        );
        return niced() - before;
      } finally {
        await pool.close();
      }
    };
    // The first thread takes the checks one after another; a check on the nice-10 thread would wait
    // seconds behind a busy server (1 MB uploads: p99 4.3 s). (The wait before spilling is long
    // here: a loaded machine's first check, which starts the thread and loads pdf.js, may take seconds.)
    assert.equal(await nicedBy(new ParsePool(2, 60_000)), 0, 'no extraction thread was started for the checks');
    // Checks kept waiting past the pool's limit (here none at all) take the free extraction thread:
    // behind a file that reads slowly for up to 15 s, the next uploads are slow, not stuck.
    assert.equal(await nicedBy(new ParsePool(2, 0)), 1, 'the waiting checks went to the extraction thread');
  });

  it('inspects 1 MB PDFs off the event loop', async (t) => {
    const lines = 'Shipper ACME, consignee Globex, 12 pallets, 8,400 kg, reefer at 4 °C. '.repeat(30);
    const big = await pdf(
      Array.from({ length: 140 }, (_, k) => (d: PDFKit.PDFDocument) => d.fontSize(8).text(`${k} ${lines}`)),
      { compress: false },
    );
    assert.ok(big.length > 900_000 && big.length < 1_200_000, `${big.length} bytes`);
    // Read back from a file as the store does (an in-memory stream would hold the loop itself).
    const dir = mkdtempSync(join(tmpdir(), 'fds-files-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, 'big.pdf');
    writeFileSync(path, big);
    const type = await sniff(big, 'big.pdf');
    const inspectBig = () => inspectFile(type, () => createReadStream(path), big.length);
    // A worker's first PDF loads pdf.js: start the pool's threads before measuring (checks run on
    // the first; more at once wait for it).
    await Promise.all(Array.from({ length: parsePool.size * 2 }, inspectBig));

    let started = performance.now();
    for (let k = 0; k < 10; k++) assert.deepEqual(await inspectBig(), { pages: 140 });
    const sequential = (performance.now() - started) / 10;

    let last = performance.now();
    let gap = 0;
    const probe = setInterval(() => {
      gap = Math.max(gap, performance.now() - last);
      last = performance.now();
    }, 2);
    // Off the event loop: each inspection is a job of the worker pool (timings are reported, never
    // asserted: a loaded machine stretches them).
    const runs = t.mock.method(parsePool, 'run');
    started = performance.now();
    await Promise.all(Array.from({ length: 20 }, inspectBig));
    const concurrent = performance.now() - started;
    clearInterval(probe);
    assert.equal(runs.mock.callCount(), 20);
    t.diagnostic(
      `1 MB PDF (${big.length} bytes, 140 pages): ${sequential.toFixed(1)} ms each in turn; 20 at once in ${concurrent.toFixed(0)} ms (${(20_000 / concurrent).toFixed(0)}/s); longest event-loop gap ${gap.toFixed(1)} ms`,
    );
  });
});
