// The documents library's records: per endpoint a success, a bad input (400, nothing written), a
// permission case (403) and another company's document answering as a missing one.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parsePool } from '../../src/integrations/files/parse-pool.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { auditCount, companyEventTypes, countRows, createCompany, createQuote, type Session, signIn, signInAdmin } from '../helpers/factories.js';
import { runExtraction, uploadOne } from '../helpers/library-files.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(async () => {
  await t.close();
  await parsePool.close();
});

const api = (s: Session, method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown) =>
  call(t, method, `/api/v1/CompanyDocuments${path}`, { token: s.token, ...(body === undefined ? {} : { body }) });
const admin = async () => signInAdmin(t, await createCompany(t));
const note = (s: Session, text = 'Pallet count 12\n', name = 'note.txt') => uploadOne(t, s.token, { name, content: Buffer.from(text), type: 'text/plain' });

describe('a document', () => {
  it('is renamed, labelled, archived and unarchived, each change audited and announced', async () => {
    const s = await admin();
    const doc = await note(s);
    const renamed = await api(s, 'PUT', `/${doc.id}`, { name: '  W-9 Acme  ' });
    assert.equal(renamed.body.data.name, 'W-9 Acme');
    assert.equal(renamed.body.data.fileName, 'note.txt');
    const cats = await api(s, 'PUT', `/${doc.id}/categories`, { categories: ['Tax', 'tax', 'Compliance'] });
    assert.deepEqual(cats.body.data.categories, ['Tax', 'Compliance']);
    const tags = await api(s, 'PUT', `/${doc.id}/tags`, { tags: ['2025'] });
    assert.deepEqual(tags.body.data.tags, ['2025']);
    assert.equal((await api(s, 'PUT', `/${doc.id}/archive`)).body.data.archived, true);
    assert.equal((await api(s, 'GET', '')).body.data.totalCount, 0);
    assert.equal((await api(s, 'GET', '?ArchivedOnly=true')).body.data.totalCount, 1);
    assert.equal((await api(s, 'PUT', `/${doc.id}/unarchive`)).body.data.archived, false);
    assert.equal((await api(s, 'GET', '?Categories=TAX&Tags=2025')).body.data.totalCount, 1);
    assert.equal((await api(s, 'GET', '?Categories=Other')).body.data.totalCount, 0);
    for (const action of ['library.rename', 'library.categories', 'library.tags', 'library.archive', 'library.unarchive'])
      assert.equal(await auditCount(t, s.companyId, action), 1, action);
    const events = await companyEventTypes(t, s.companyId);
    assert.ok(events.includes('document.created') && events.includes('document.updated') && events.includes('document.archived'));
  });

  it('refuses bad labels and names with a 400, changing nothing', async () => {
    const s = await admin();
    const doc = await note(s);
    assert.equal((await api(s, 'PUT', `/${doc.id}`, { name: '' })).status, 400);
    assert.equal((await api(s, 'PUT', `/${doc.id}`, { name: '   ' })).status, 400);
    assert.equal((await api(s, 'PUT', `/${doc.id}/categories`, { categories: ['x'.repeat(65)] })).status, 400);
    assert.equal((await api(s, 'PUT', `/${doc.id}/tags`, { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) })).status, 400);
    assert.equal((await api(s, 'PUT', `/${doc.id}/tags`, { tags: ['  '] })).status, 400);
    assert.equal((await api(s, 'GET', '?SortBy=colour')).status, 400);
    const after = (await api(s, 'GET', `/${doc.id}`)).body.data;
    assert.equal(after.name, 'note.txt');
    assert.deepEqual([after.categories, after.tags], [[], []]);
    assert.equal(await auditCount(t, s.companyId, 'library.tags'), 0);
  });

  it('has its text read, edited (Reviewed) and extracted again', async () => {
    const s = await admin();
    const doc = await note(s, 'Receipt total 84.20\n');
    await runExtraction(t);
    const md = await api(s, 'GET', `/${doc.id}/markdown`);
    assert.match(md.body.data.markdown, /84\.20/);
    assert.equal(md.body.data.status, 'Extracted');
    const edited = await api(s, 'PUT', `/${doc.id}/markdown`, { markdown: 'Receipt total 84.20 (diesel, Pilot #412)' });
    assert.equal(edited.body.data.status, 'Reviewed');
    assert.equal((await api(s, 'GET', '?SearchTerm=pilot #412')).body.data.totalCount, 1);
    assert.equal((await api(s, 'PUT', `/${doc.id}/markdown`, { markdown: 'x'.repeat(1_000_001) })).status, 400);
    const again = await api(s, 'POST', `/${doc.id}/reprocess`, { reason: 'new scan' });
    assert.equal(again.body.data.status, 'Pending');
    await runExtraction(t);
    assert.equal((await api(s, 'GET', `/${doc.id}/markdown`)).body.data.status, 'Extracted');
    assert.equal((await api(s, 'POST', `/${doc.id}/reprocess`, { reason: 'x'.repeat(501) })).status, 400);
  });

  it('lists its links and its activity', async () => {
    const s = await admin();
    const quote = await createQuote(t, s);
    const doc = await note(s);
    const bulk = await api(s, 'POST', '/bulk', { action: 'link', documentIds: [doc.id], orderId: quote.id });
    assert.equal(bulk.body.data.succeeded, 1);
    const links = await api(s, 'GET', `/${doc.id}/links`);
    assert.equal(links.body.data[0].entityType, 'Order');
    assert.equal(links.body.data[0].label, quote.orderNumber ?? links.body.data[0].label);
    const activity = await api(s, 'GET', `/${doc.id}/activity`);
    assert.deepEqual(
      activity.body.data.map((e: { action: string }) => e.action),
      ['library.upload', 'library.link'],
    );
    assert.equal(activity.body.data[0].userName, 'Ada Admin');
  });
});

describe('editor documents', () => {
  it('are written, sanitized, read for editing and saved as new versions', async () => {
    const s = await admin();
    const made = await api(s, 'POST', '/create', {
      title: 'Dock rules',
      content: '<h1>Dock rules</h1><p onclick="x()">No idling <script>alert(1)</script><a href="javascript:alert(1)">here</a></p>',
      tags: ['ops'],
    });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.equal(made.body.data.editable, true);
    assert.equal(made.body.data.source, 'Editor');
    const editable = await api(s, 'GET', `/${made.body.data.id}/editable`);
    assert.ok(!/script|onclick|javascript/.test(editable.body.data.content), editable.body.data.content);
    assert.match(editable.body.data.content, /No idling/);
    const saved = await api(s, 'PUT', `/${made.body.data.id}/content`, { content: '<p>No idling over 5 minutes.</p>' });
    assert.equal(saved.body.data.version, 2);
    assert.equal((await api(s, 'GET', '?SearchTerm=5 minutes')).body.data.totalCount, 1);
    assert.equal(await countRows(t, 'document_versions', s.companyId), 2);
  });

  it('refuses empty content, and editing an uploaded document (400)', async () => {
    const s = await admin();
    assert.equal((await api(s, 'POST', '/create', { title: 'Empty', content: '<script>x</script>' })).status, 400);
    assert.equal(await countRows(t, 'documents', s.companyId), 0);
    const doc = await note(s);
    const editable = await api(s, 'GET', `/${doc.id}/editable`);
    assert.equal(editable.status, 400);
    assert.equal(editable.body.errors[0].code, 'library.not_editable');
    assert.equal((await api(s, 'PUT', `/${doc.id}/content`, { content: '<p>x</p>' })).body.errors[0].code, 'library.not_editable');
  });
});

describe('the library', () => {
  it('runs one bulk action on many documents, one result each; 201 ids is a 400 with nothing done', async () => {
    const s = await admin();
    const a = await note(s, 'a\n', 'a.txt');
    const b = await note(s, 'b\n', 'b.txt');
    const res = await api(s, 'POST', '/bulk', { action: 'addTags', documentIds: [a.id, b.id, 999999], tags: ['Q3'] });
    assert.equal(res.body.data.succeeded, 2);
    assert.equal(res.body.data.failed, 1);
    assert.equal(res.body.data.results[2].ok, false);
    assert.equal((await api(s, 'GET', '?Tags=q3')).body.data.totalCount, 2);
    const tooMany = await api(s, 'POST', '/bulk', { action: 'delete', documentIds: Array.from({ length: 201 }, (_, i) => i + 1) });
    assert.equal(tooMany.status, 400);
    assert.equal((await api(s, 'POST', '/bulk', { action: 'addTags', documentIds: [a.id] })).status, 400);
    assert.equal(await countRows(t, 'documents', s.companyId), 2);
    const removed = await api(s, 'POST', '/bulk', { action: 'delete', documentIds: [a.id, b.id] });
    assert.equal(removed.body.data.succeeded, 2);
    assert.equal(await countRows(t, 'documents', s.companyId), 0);
  });

  it('answers its filters, stats and retention preview (which changes nothing)', async () => {
    const s = await admin();
    const a = await note(s, 'a\n', 'a.txt');
    await api(s, 'PUT', `/${a.id}/categories`, { categories: ['Receipts'] });
    const b = await note(s, 'b\n', 'b.txt');
    await api(s, 'PUT', `/${b.id}/archive`);
    const filters = (await api(s, 'GET', '/filters')).body.data;
    assert.deepEqual(filters.categories, [{ value: 'Receipts', count: 1 }]);
    assert.deepEqual(filters.documentTypes, [{ value: 'Text', count: 1 }]);
    const stats = (await api(s, 'GET', '/stats')).body.data;
    assert.equal(stats.total, 2);
    assert.equal(stats.archived, 1);
    assert.equal(stats.needsImport, 2);
    assert.equal(stats.totalBytes, 4);
    const preview = (await api(s, 'GET', '/retention/preview?OlderThanDays=1')).body.data;
    assert.equal(preview.count, 0);
    await t.database.db
      .updateTable('documents')
      .set({ archived_at: new Date(Date.now() - 3 * 86_400_000) })
      .where('id', '=', b.id)
      .execute();
    const due = (await api(s, 'GET', '/retention/preview?OlderThanDays=2')).body.data;
    assert.deepEqual(
      due.documents.map((d: { id: number }) => d.id),
      [b.id],
    );
    assert.equal((await api(s, 'GET', '/retention/preview')).body.data.olderThanDays, 365);
    assert.equal((await api(s, 'GET', '/retention/preview?OlderThanDays=0')).status, 400);
    assert.equal(await countRows(t, 'documents', s.companyId), 2);
  });

  it('mails a document with its file attached, answering the outbox id', async () => {
    const s = await admin();
    const doc = await note(s);
    const res = await api(s, 'POST', `/${doc.id}/email`, { to: ['dispatch@example.com'], subject: 'BOL', message: 'Attached.' });
    assert.equal(res.status, 200);
    const row = await t.database.db.selectFrom('outbox_attachments').selectAll().where('outbox_id', '=', res.body.data.outboxId).executeTakeFirstOrThrow();
    assert.equal(row.file_name, 'note.txt');
    assert.equal((await api(s, 'POST', `/${doc.id}/email`, { to: ['not an address'] })).status, 400);
    assert.equal((await api(s, 'POST', `/${doc.id}/email`, { to: [] })).status, 400);
    assert.equal(await countRows(t, 'outbox', s.companyId), 1);
  });
});

describe('access and other companies', () => {
  it('lets a Viewer read but not change (403); a user with neither permission reads nothing', async () => {
    const s = await admin();
    const doc = await note(s);
    const viewer = await signIn(t, 'Viewer', s.companyId);
    assert.equal((await api(viewer, 'GET', `/${doc.id}`)).status, 200);
    for (const [method, path, body] of [
      ['PUT', `/${doc.id}`, { name: 'x' }],
      ['PUT', `/${doc.id}/archive`, undefined],
      ['DELETE', `/${doc.id}`, undefined],
      ['POST', '/bulk', { action: 'archive', documentIds: [doc.id] }],
      ['POST', '/create', { title: 'x', content: '<p>x</p>' }],
    ] as const) {
      const res = await api(viewer, method, path, body);
      assert.equal(res.status, 403, `${method} ${path}`);
      assert.match(res.body.errors[0].message, /Edit Orders" or "Add\/Edit payment/);
    }
    const nobody = await signIn(t, { permissions: ['Zones - view Zones'] }, s.companyId);
    assert.equal((await api(nobody, 'GET', '')).status, 403);
    assert.equal((await api(nobody, 'GET', `/${doc.id}/content`)).status, 403);
  });

  it("answers another company's document exactly as a missing one, changing nothing", async () => {
    const s = await admin();
    const other = await admin();
    const theirs = await note(other, 'theirs\n');
    const calls: Array<['GET' | 'PUT' | 'POST' | 'DELETE', string, unknown?]> = [
      ['GET', ''],
      ['PUT', '', { name: 'mine' }],
      ['DELETE', ''],
      ['GET', '/activity'],
      ['PUT', '/archive'],
      ['PUT', '/tags', { tags: ['x'] }],
      ['GET', '/markdown'],
      ['PUT', '/markdown', { markdown: 'x' }],
      ['POST', '/reprocess', {}],
      ['GET', '/links'],
      ['GET', '/editable'],
      ['POST', '/email', { to: ['a@example.com'] }],
    ];
    for (const [method, suffix, body] of calls) {
      const foreign = await api(s, method, `/${theirs.id}${suffix}`, body);
      const missing = await api(s, method, `/987654${suffix}`, body);
      assert.equal(foreign.status, 404, `${method} ${suffix}`);
      assert.equal(foreign.body.errors[0].message.replace(String(theirs.id), 'N'), missing.body.errors[0].message.replace('987654', 'N'));
    }
    const bulk = await api(s, 'POST', '/bulk', { action: 'delete', documentIds: [theirs.id] });
    assert.equal(bulk.body.data.failed, 1);
    const still = (await api(other, 'GET', `/${theirs.id}`)).body.data;
    assert.equal(still.name, 'note.txt');
    assert.equal(still.archived, false);
    assert.equal(await countRows(t, 'outbox', s.companyId), 0);
  });
});
