// The library list's counts: the running figures (0026) kept by every write, and the search's
// two ways (platform/list-search.ts) — a rare term through the index, counted exactly; a common
// one along the page's order, its count estimated from a sample and marked so, exact again on the
// last page and when the sample saw every row.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { insertDocument } from '../../src/areas/documents/documents.repository.js';
import { HOOKS } from '../../src/areas/index.js';
import { forCompany } from '../../src/db/tenant.js';
import { parsePool } from '../../src/integrations/files/parse-pool.js';
import { StoredFiles } from '../../src/platform/stored-files.js';
import { call, multipart, startTestApp, type TestApp } from '../helpers/app.js';
import { createCompany, type Session, signInAdmin } from '../helpers/factories.js';
import { pdfWith, runExtraction, uploadOne } from '../helpers/library-files.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(async () => {
  await t.close();
  await parsePool.close();
});

const list = async (s: Session, query: string) => {
  const res = await call(t, 'GET', `/api/v1/CompanyDocuments?${query}`, { token: s.token });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data as { list: Array<Record<string, any>>; totalCount: number; totalCountExact: boolean };
};

/** The figures as kept (keys with nothing left dropped) against a GROUP BY of the documents. */
async function expectFiguresAgree(companyId: number, step: string): Promise<void> {
  const rows = async (q: ReturnType<typeof sql>) => (await q.execute(t.database.db)).rows.map((r) => JSON.stringify(r)).sort();
  const [kept, counted] = await Promise.all([
    rows(sql`select archived, status, source, document_type, n::int as n, bytes::bigint::text as bytes
      from document_figures where company_id = ${companyId} and (n <> 0 or bytes <> 0)`),
    rows(sql`select archived_at is not null as archived, status, source, document_type, count(*)::int as n, sum(size)::bigint::text as bytes
      from documents where company_id = ${companyId} group by 1, 2, 3, 4`),
  ]);
  assert.deepEqual(kept, counted, `document figures after ${step}`);
}

/** `count` documents straight through the repository (the figures kept as by any write), the
 *  newest last; `text(i)` is the i-th one's extracted text. */
async function seedDocuments(s: Session, count: number, text: (i: number) => string, tags: (i: number) => string[] = () => []): Promise<void> {
  await forCompany(t.database.db, HOOKS, { companyId: s.companyId, userId: s.userId }, 'test', async (tenant) => {
    const files = new StoredFiles(t.store, t.database.db);
    const file = await files.keepBytes(tenant, Buffer.from('the same few bytes'), 'text/plain');
    for (let i = 0; i < count; i++) {
      if (i > 0) await files.retain(tenant, file.key);
      await insertDocument(tenant, {
        name: `Paper ${i}`,
        file_name: `paper-${i}.txt`,
        file_key: file.key,
        size: 18,
        content_type: 'text/plain',
        document_type: 'Other',
        status: 'Extracted',
        markdown: text(i),
        tags: tags(i),
        created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
      } as Parameters<typeof insertDocument>[1]);
    }
  });
}

describe('the library list counts', () => {
  it('keeps the running figures with every write: upload, extraction, archive, version, editor, bulk, delete', async () => {
    const s = await signInAdmin(t, await createCompany(t));
    const api = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, body?: unknown) =>
      call(t, method, `/api/v1/CompanyDocuments${path}`, { token: s.token, ...(body === undefined ? {} : { body }) });
    const a = await uploadOne(t, s.token, { name: 'a.txt', content: Buffer.from('reefer load\n'), type: 'text/plain' });
    const b = await uploadOne(t, s.token, { name: 'rate.pdf', content: await pdfWith('Rate confirmation 77'), type: 'application/pdf' });
    await expectFiguresAgree(s.companyId, 'uploads');
    await runExtraction(t);
    await expectFiguresAgree(s.companyId, 'extraction');
    assert.equal((await api('PUT', `/${a.id}/archive`)).status, 200);
    await expectFiguresAgree(s.companyId, 'archive');
    const version = await call(t, 'POST', `/api/v1/CompanyDocuments/${b.id}/version`, {
      token: s.token,
      ...multipart([{ field: 'file', name: 'rate-2.txt', type: 'text/plain', content: Buffer.from('a longer second version') }]),
    });
    assert.equal(version.status, 200, JSON.stringify(version.body));
    await expectFiguresAgree(s.companyId, 'version');
    const written = await api('POST', '/create', { title: 'Yard rules', content: '<p>No idling</p>' });
    assert.equal(written.status, 200, JSON.stringify(written.body));
    await expectFiguresAgree(s.companyId, 'editor');
    const bulk = await api('POST', '/bulk', { action: 'unarchive', documentIds: [a.id, b.id] });
    assert.equal(bulk.status, 200, JSON.stringify(bulk.body));
    await expectFiguresAgree(s.companyId, 'bulk');
    assert.equal((await api('DELETE', `/${b.id}`)).status, 200);
    await expectFiguresAgree(s.companyId, 'delete');
    const stats = (await api('GET', '/stats')).body.data;
    assert.deepEqual([stats.total, stats.archived], [2, 0]);
    // A page's count from the figures agrees with one counted from the rows (a label filter).
    assert.equal((await list(s, 'Statuses=Reviewed')).totalCount, 1);
    assert.equal((await list(s, 'IncludeArchived=true')).totalCount, 2);
  });

  it('counts a rare term exactly, and a common one from a sample (marked inexact) with exact pages', async () => {
    const s = await signInAdmin(t, await createCompany(t));
    // 250 documents: every other one says "reefer"; three of the oldest fifty say "lumper".
    await seedDocuments(s, 250, (i) => `${i % 2 === 0 ? 'reefer' : 'dry van'} load ${i}${i < 50 && i % 20 === 7 ? ' lumper paid' : ''}`);
    const rare = await list(s, 'SearchTerm=LUMPER');
    assert.deepEqual([rare.totalCount, rare.totalCountExact], [3, true]);
    assert.deepEqual(
      rare.list.map((d) => d.name),
      ['Paper 47', 'Paper 27', 'Paper 7'],
    );
    const common = await list(s, 'SearchTerm=Reefer&ItemsPerPage=20');
    assert.equal(common.totalCountExact, false);
    assert.equal(common.totalCount, 125, 'half of the sample matched: half of the 250');
    assert.deepEqual(
      common.list.map((d) => d.name),
      Array.from({ length: 20 }, (_, k) => `Paper ${248 - 2 * k}`),
    );
    // The last page is short: its count is exact.
    const last = await list(s, 'SearchTerm=reefer&ItemsPerPage=20&Page=7');
    assert.deepEqual([last.list.length, last.totalCount, last.totalCountExact], [5, 125, true]);
    assert.deepEqual(
      last.list.map((d) => d.name),
      ['Paper 8', 'Paper 6', 'Paper 4', 'Paper 2', 'Paper 0'],
    );
    // Another order: by name, ascending; the page is still every match in that order.
    const byName = await list(s, 'SearchTerm=reefer&SortBy=name&ItemsPerPage=3');
    assert.deepEqual(
      byName.list.map((d) => d.name),
      ['Paper 0', 'Paper 10', 'Paper 100'],
    );
    // Past the end: empty, and the count still says how many.
    const past = await list(s, 'SearchTerm=reefer&ItemsPerPage=20&Page=50');
    assert.deepEqual([past.list.length, past.totalCount], [0, 125]);
    // Without a search the count comes from the figures: exact.
    const plain = await list(s, 'ItemsPerPage=1');
    assert.deepEqual([plain.totalCount, plain.totalCountExact], [250, true]);
  });

  it('samples a long text by its first 4,000 characters, a short one whole', async () => {
    // 210 papers; the newest five say the word at the end of a text: past the sample's reach in a
    // long one (a rare term then: found through the index, counted exactly), within it in a short
    // one (common: counted from the sample, marked inexact).
    const sampled = async (filler: number) => {
      const s = await signInAdmin(t, await createCompany(t));
      await seedDocuments(s, 210, (i) => (i < 205 ? `dry van ${i}` : `${'dry van '.repeat(filler)}reefer ${i}`));
      const found = await list(s, 'SearchTerm=reefer&ItemsPerPage=2');
      return [found.list.map((d) => d.name), found.totalCountExact];
    };
    assert.deepEqual(await sampled(2_100), [['Paper 209', 'Paper 208'], true]);
    assert.deepEqual(await sampled(600), [['Paper 209', 'Paper 208'], false]);
  });

  it('counts a small library exactly even where a long text has the word past the sample', async () => {
    const s = await signInAdmin(t, await createCompany(t));
    await seedDocuments(s, 12, (i) => `${'dry van '.repeat(2_100)}reefer ${i}`);
    const page = await list(s, 'SearchTerm=reefer&ItemsPerPage=5');
    assert.deepEqual([page.list.length, page.totalCount, page.totalCountExact], [5, 12, true]);
    const past = await list(s, 'SearchTerm=reefer&ItemsPerPage=5&Page=4');
    assert.deepEqual([past.list.length, past.totalCount], [0, 12]);
  });

  it("estimates a common term under a label filter from the filter's own count", async () => {
    const s = await signInAdmin(t, await createCompany(t));
    // 250 documents, 200 tagged Hazmat (not every fifth); "reefer" in the even ones: 100 of the tagged.
    await seedDocuments(
      s,
      250,
      (i) => (i % 2 === 0 ? 'reefer load' : 'dry van load'),
      (i) => (i % 5 === 0 ? [] : ['Hazmat']),
    );
    // No running figures for a label: the tagged documents are counted, in the page's statement.
    const page = await list(s, 'SearchTerm=reefer&Tags=hazmat&ItemsPerPage=20');
    assert.deepEqual([page.list.length, page.totalCount, page.totalCountExact], [20, 100, false]);
    assert.deepEqual(
      page.list.map((d) => d.name),
      [248, 246, 244, 242, 238, 236, 234, 232, 228, 226, 224, 222, 218, 216, 214, 212, 208, 206, 204, 202].map((i) => `Paper ${i}`),
    );
    // Past the end the page carries no count: asked on its own, still the estimate.
    const past = await list(s, 'SearchTerm=reefer&Tags=hazmat&ItemsPerPage=20&Page=9');
    assert.deepEqual([past.list.length, past.totalCount], [0, 100]);
  });

  it('counts exactly when the filtered rows fit in the sample', async () => {
    const s = await signInAdmin(t, await createCompany(t));
    await seedDocuments(s, 30, (i) => (i % 3 === 0 ? 'reefer' : 'flatbed'));
    const found = await list(s, 'SearchTerm=reefer&ItemsPerPage=4');
    assert.deepEqual([found.list.length, found.totalCount, found.totalCountExact], [4, 10, true]);
    // Another company's documents are never counted.
    const other = await signInAdmin(t, await createCompany(t));
    assert.deepEqual((await list(other, 'SearchTerm=reefer')).totalCount, 0);
  });
});
