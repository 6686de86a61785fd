// The documents library's files: uploads checked by content before anything is kept (corrupt PDF,
// zip bomb, empty file, executable, path-like name, 11 files, oversize), the extraction job run
// once (text of a PDF, none of a picture), SearchTerm finding text inside a PDF, versions, the
// file served with its type, and delete letting the bytes go.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parsePool } from '../../src/integrations/files/parse-pool.js';
import { call, multipart, startTestApp, type TestApp } from '../helpers/app.js';
import { countRows, createCompany, createCustomer, createQuote, type Session, signIn, signInAdmin } from '../helpers/factories.js';
import { pdfWith, png, runExtraction, upload, uploadOne, zipBombXlsx } from '../helpers/library-files.js';

let t: TestApp;
let small: TestApp;
before(async () => {
  t = await startTestApp();
  small = await startTestApp({ env: { UPLOAD_MAX_MB: '1' } });
});
after(async () => {
  await t.close();
  await small.close();
  await parsePool.close();
});

const admin = async (app = t) => signInAdmin(app, await createCompany(app));
const nothingStored = async (s: Session, app = t) => {
  assert.equal(await countRows(app, 'documents', s.companyId), 0);
  assert.equal(await countRows(app, 'stored_files', s.companyId), 0);
};
const list = (s: Session, query = '') => call(t, 'GET', `/api/v1/CompanyDocuments${query}`, { token: s.token });

describe('POST /CompanyDocuments/upload', () => {
  it('keeps the files, answers at once (Pending), and the job reads their text', async () => {
    const s = await admin();
    const res = await upload(
      t,
      s.token,
      [
        { name: 'rate-confirmation.pdf', content: await pdfWith('Rate confirmation', 'Load 88123 Quixotic Lumber Co') },
        { name: 'fuel-receipt.png', content: png(), type: 'image/png' },
      ],
      { source: 'Email', agentConversationId: '41' },
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const [pdf, image] = res.body.data;
    assert.equal(pdf.documentType, 'Pdf');
    assert.equal(pdf.pages, 1);
    assert.equal(image.documentType, 'Image');
    assert.equal(image.contentType, 'image/png');
    assert.equal(pdf.source, 'Email');
    assert.equal(pdf.agentConversationId, 41);
    assert.equal(pdf.status, 'Pending');
    assert.equal(pdf.needsImport, true);
    assert.equal((await list(s, '?NeedsImport=true')).body.data.totalCount, 2);

    assert.ok((await runExtraction(t)) >= 2);
    const read = async (id: number) => (await call(t, 'GET', `/api/v1/CompanyDocuments/${id}`, { token: s.token })).body.data;
    assert.equal((await read(pdf.id)).status, 'Extracted');
    const scan = await read(image.id);
    assert.equal(scan.status, 'NoText');
    assert.match(scan.statusMessage, /No text \(scanned image\)/);
    assert.equal((await list(s, '?NeedsImport=true')).body.data.totalCount, 0);
    assert.deepEqual(
      (await list(s, '?NeedsReviewOnly=true')).body.data.list.map((d: { id: number }) => d.id),
      [pdf.id],
    );
    // Text inside the PDF, any case; the markdown only when asked.
    const found = await list(s, '?SearchTerm=quixotic lumber&IncludeContent=true');
    assert.deepEqual(
      found.body.data.list.map((d: { id: number }) => d.id),
      [pdf.id],
    );
    assert.match(found.body.data.list[0].markdown, /Quixotic Lumber/);
    assert.equal((await list(s, '?SearchTerm=quixotic')).body.data.list[0].markdown, null);
    assert.equal((await list(s, '?SearchTerm=fuel-rec')).body.data.list[0].id, image.id);
    assert.equal((await list(s, '?SearchTerm=nowhere-to-be-found')).body.data.totalCount, 0);
    const events = await call(t, 'GET', `/api/v1/CompanyDocuments/${pdf.id}/activity`, { token: s.token });
    assert.deepEqual(
      events.body.data.map((e: { action: string }) => e.action),
      ['library.upload', 'library.extracted'],
    );
  });

  it('keeps only the base name of a path-like file name', async () => {
    const s = await admin();
    const doc = await uploadOne(t, s.token, { name: '../../etc/passwd', content: Buffer.from('root:x:0:0\n'), type: 'text/plain' });
    assert.equal(doc.name, 'passwd');
    assert.equal(doc.fileName, 'passwd');
    const content = await call(t, 'GET', `/api/v1/CompanyDocuments/${doc.id}/content`, { token: s.token });
    assert.equal(content.headers['content-disposition'], 'attachment; filename="passwd"');
  });

  const refused: Array<[string, () => Promise<{ name: string; content: Buffer }>, RegExp]> = [
    ['a corrupt PDF', async () => ({ name: 'broken.pdf', content: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]) }), /broken\.pdf/],
    ['a zip bomb disguised as xlsx', async () => ({ name: 'report.xlsx', content: await zipBombXlsx() }), /report\.xlsx/],
    ['an executable', async () => ({ name: 'invoice.pdf', content: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(600, 0x90)]) }), /invoice\.pdf/],
  ];
  for (const [what, make, names] of refused) {
    it(`refuses ${what} with a 400 naming the file, and keeps nothing of the request`, async () => {
      const s = await admin();
      const good = { name: 'fine.txt', content: Buffer.from('fine\n'), type: 'text/plain' };
      const res = await upload(t, s.token, [good, await make()]);
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.errors[0].code, 'library.file_refused');
      assert.match(res.body.errors[0].message, names);
      await nothingStored(s);
    });
  }

  it('refuses an empty file, a name without a name part, and no file at all', async () => {
    const s = await admin();
    assert.equal((await upload(t, s.token, [{ name: 'empty.pdf', content: Buffer.alloc(0) }])).status, 400);
    assert.equal((await upload(t, s.token, [{ name: '../..', content: Buffer.from('x') }])).status, 400);
    assert.equal((await call(t, 'POST', '/api/v1/CompanyDocuments/upload', { token: s.token, ...multipart([], { source: 'Upload' }) })).status, 400);
    // source is the client's own string (any value: see the next test), but not an unbounded one.
    assert.equal((await upload(t, s.token, [{ name: 'a.txt', content: Buffer.from('a') }], { source: 'P'.repeat(65) })).status, 400);
    await nothingStored(s);
  });

  it("keeps a source outside fds's own as sent; fds's own are matched in any case and filter as before", async () => {
    const s = await admin();
    const file = (name: string) => [{ name, content: Buffer.from(`${name}\n`), type: 'text/plain' }];
    const manual = await upload(t, s.token, file('manual.txt'), { source: 'Manual' });
    assert.equal(manual.status, 200, JSON.stringify(manual.body));
    assert.equal(manual.body.data[0].source, 'Manual');
    const read = await call(t, 'GET', `/api/v1/CompanyDocuments/${manual.body.data[0].id}`, { token: s.token });
    assert.equal(read.body.data.source, 'Manual');
    const mailed = await upload(t, s.token, file('mailed.txt'), { source: 'email' });
    assert.equal(mailed.body.data[0].source, 'Email');
    const byEmail = (await list(s, '?Sources=Email')).body.data;
    assert.deepEqual(
      byEmail.list.map((d: any) => d.name),
      ['mailed.txt'],
    );
  });

  it('refuses an 11th file (400) and a file over UPLOAD_MAX_MB (413), keeping nothing', async () => {
    const s = await admin();
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `n${i}.txt`, content: Buffer.from(`note ${i}\n`) }));
    const res = await upload(t, s.token, eleven);
    assert.equal(res.status, 400);
    await nothingStored(s);
    const s1 = await admin(small);
    const big = await upload(small, s1.token, [{ name: 'big.txt', content: Buffer.alloc(1024 * 1024 + 10, 0x61) }]);
    assert.equal(big.status, 413);
    assert.match(big.body.errors[0].message, /big\.txt/);
    await nothingStored(s1, small);
  });

  it('links to an order and a customer of the company; another company’s is 404 like a missing one', async () => {
    const s = await admin();
    const quote = await createQuote(t, s);
    const customer = await createCustomer(t, s);
    const doc = await uploadOne(t, s.token, { name: 'bol.txt', content: Buffer.from('BOL\n') }, { orderId: String(quote.id), customerId: String(customer.id) });
    const links = await call(t, 'GET', `/api/v1/CompanyDocuments/${doc.id}/links`, { token: s.token });
    assert.deepEqual(
      links.body.data.map((l: { entityType: string; entityId: number }) => [l.entityType, l.entityId]),
      [
        ['Order', quote.id],
        ['Customer', customer.id],
      ],
    );
    const other = await admin();
    const foreign = await createQuote(t, other);
    const res = await upload(t, s.token, [{ name: 'x.txt', content: Buffer.from('x') }], { orderId: String(foreign.id) });
    assert.equal(res.status, 404);
    assert.equal(res.body.errors[0].code, 'meta.not_found');
    assert.equal(await countRows(t, 'documents', s.companyId), 1);
  });

  it('is refused to a Viewer (403), who still reads the list', async () => {
    const company = await createCompany(t);
    const viewer = await signIn(t, 'Viewer', company.companyId);
    const res = await upload(t, viewer.token, [{ name: 'a.txt', content: Buffer.from('a') }]);
    assert.equal(res.status, 403);
    assert.equal(res.body.errors[0].code, 'meta.missing_permission');
    assert.equal((await list(viewer)).status, 200);
    const accountant = await signIn(t, 'Accountant', company.companyId);
    assert.equal((await upload(t, accountant.token, [{ name: 'w9.txt', content: Buffer.from('W-9\n') }])).status, 200);
  });
});

describe('versions, content and delete', () => {
  it('replaces the file, keeps the old one as a version, and reads the new text', async () => {
    const s = await admin();
    const doc = await uploadOne(t, s.token, { name: 'rate.txt', content: Buffer.from('first rate 100\n') });
    await runExtraction(t);
    const second = await pdfWith('second rate 250 Wyvern');
    const res = await call(t, 'POST', `/api/v1/CompanyDocuments/${doc.id}/version`, {
      token: s.token,
      ...multipart([{ field: 'file', name: 'rate-v2.pdf', type: 'application/pdf', content: second }]),
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.version, 2);
    assert.equal(res.body.data.status, 'Pending');
    assert.equal(res.body.data.documentType, 'Pdf');
    assert.equal(await countRows(t, 'document_versions', s.companyId), 2);
    assert.equal(await countRows(t, 'stored_files', s.companyId), 2);
    await runExtraction(t);
    assert.equal((await list(s, '?SearchTerm=wyvern')).body.data.totalCount, 1);
    assert.equal((await list(s, '?SearchTerm=first rate')).body.data.totalCount, 0);
    const content = await call(t, 'GET', `/api/v1/CompanyDocuments/${doc.id}/content`, { token: s.token });
    assert.equal(content.headers['content-type'], 'application/pdf');
    assert.equal(content.headers['x-content-type-options'], 'nosniff');
    // The new version's bytes, streamed from the store with their length announced.
    assert.ok(content.raw.equals(second));
    assert.equal(content.headers['content-length'], String(second.length));
    // A corrupt file as the new version: 400, nothing changes.
    const bad = await call(t, 'POST', `/api/v1/CompanyDocuments/${doc.id}/version`, {
      token: s.token,
      ...multipart([{ field: 'file', name: 'v3.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4 nonsense') }]),
    });
    assert.equal(bad.status, 400);
    assert.equal(await countRows(t, 'document_versions', s.companyId), 2);
  });

  it('serves HTML-like files as attachments, never sniffed', async () => {
    const s = await admin();
    const doc = await uploadOne(t, s.token, {
      name: 'page.html',
      content: Buffer.from('<html><body><script>alert(1)</script>Hi</body></html>'),
      type: 'text/html',
    });
    const content = await call(t, 'GET', `/api/v1/CompanyDocuments/${doc.id}/content`, { token: s.token });
    assert.match(String(content.headers['content-disposition']), /^attachment/);
    assert.equal(content.headers['x-content-type-options'], 'nosniff');
    assert.match(String(content.headers['content-security-policy']), /sandbox/);
  });

  it("answers another company's document as missing: no file served, no version added", async () => {
    const s = await admin();
    const other = await admin();
    const theirs = await uploadOne(t, other.token, { name: 'secret.txt', content: Buffer.from('secret\n') });
    const content = await call(t, 'GET', `/api/v1/CompanyDocuments/${theirs.id}/content`, { token: s.token });
    assert.equal(content.status, 404);
    assert.ok(!content.raw.toString().includes('secret\n'));
    const version = await call(t, 'POST', `/api/v1/CompanyDocuments/${theirs.id}/version`, {
      token: s.token,
      ...multipart([{ field: 'file', name: 'v2.txt', type: 'text/plain', content: Buffer.from('mine') }]),
    });
    assert.equal(version.status, 404);
    await nothingStored(s);
    assert.equal(await countRows(t, 'document_versions', other.companyId), 1);
  });

  it('deletes the document and its versions; the bytes go once no record names them', async () => {
    const s = await admin();
    const doc = await uploadOne(t, s.token, { name: 'gone.txt', content: Buffer.from('to be deleted\n') });
    const mailed = await call(t, 'POST', `/api/v1/CompanyDocuments/${doc.id}/email`, { token: s.token, body: { to: ['ops@example.com'] } });
    assert.equal(mailed.status, 200);
    const res = await call(t, 'DELETE', `/api/v1/CompanyDocuments/${doc.id}`, { token: s.token });
    assert.equal(res.status, 200);
    assert.equal(await countRows(t, 'documents', s.companyId), 0);
    assert.equal(await countRows(t, 'document_versions', s.companyId), 0);
    // The mail in the outbox still holds its reference.
    assert.equal(await countRows(t, 'stored_files', s.companyId), 1);
    assert.equal((await call(t, 'GET', `/api/v1/CompanyDocuments/${doc.id}`, { token: s.token })).status, 404);
    const only = await uploadOne(t, s.token, { name: 'solo.txt', content: Buffer.from('solo\n') });
    await call(t, 'DELETE', `/api/v1/CompanyDocuments/${only.id}`, { token: s.token });
    assert.equal(await countRows(t, 'stored_files', s.companyId), 1);
  });
});
