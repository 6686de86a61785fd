// The stored files' door (platform/stored-files.ts) and streamed uploads (route.ts `upload.store`):
// a file's bytes stay while a record names them and go after the last one lets go; a rolled-back
// keep leaves no row; uploads are staged, kept only by the handler, discarded otherwise; an empty
// file, one file too many or one byte too many is refused with nothing kept.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { after, before, describe, it } from 'node:test';
import multipartPlugin from '@fastify/multipart';
import { tenantRunner } from '../../src/db/tenant.js';
import { signedIn } from '../../src/platform/access.js';
import { authenticator } from '../../src/platform/auth.js';
import { NO_HOOKS } from '../../src/platform/events.js';
import { defineRoute, FileResponse, registerRoutes } from '../../src/platform/route.js';
import { Type } from '../../src/platform/schemas.js';
import { StoredFiles } from '../../src/platform/stored-files.js';
import { call, multipart, startTestApp, type TestApp } from '../helpers/app.js';
import { createCompany, signInAdmin } from '../helpers/factories.js';

let t: TestApp;
let files: StoredFiles;
/** The streams /TestDownloadsLost opened, by the name each request gave (read by its own test only). */
const lostStreams = new Map<string, Readable>();
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

before(async () => {
  t = await startTestApp({
    extend: async (app, { database, tokens, store }) => {
      const stored = new StoredFiles(store, database.db);
      const deps = { db: database.db, tenants: tenantRunner(database, NO_HOOKS), authenticate: authenticator(database.db, tokens), files: store };
      // Keeps the files named `keep`, leaves the others to the platform; `fail` fails after keeping.
      const route = defineRoute({
        method: 'POST',
        url: '/TestUploads',
        summary: 'Keeps the files sent as `keep`.',
        access: signedIn,
        upload: { maxFiles: 2, maxFileBytes: 1000, store: true },
        response: Type.Array(Type.String()),
        transaction: false,
        handler: ({ staged, inCompany }) =>
          inCompany('write', async (tenant) => {
            const kept: string[] = [];
            for (const file of staged.files.filter((f) => f.fieldName === 'keep'))
              kept.push((await stored.keepStaged(tenant, file.staged, file.contentType)).key);
            if (staged.fields.fail === 'yes') throw new Error('after keeping');
            return kept;
          }),
      });
      // A download as the library's and the attachments' are: the store's stream, sent as it is
      // read; `broken` fails before its first byte (a stored file unreadable).
      const download = defineRoute({
        method: 'GET',
        url: '/TestDownloads/:kind',
        summary: 'A streamed file, or one that fails.',
        access: signedIn,
        params: Type.Object({ kind: Type.String() }),
        response: FileResponse,
        transaction: false,
        handler: async ({ params }) => ({
          fileName: 'rate.pdf',
          contentType: 'application/pdf',
          size: 11,
          body:
            params.kind === 'broken'
              ? new Readable({
                  read() {
                    this.destroy(new Error('disk gone'));
                  },
                })
              : Readable.from([Buffer.from('%PDF-'), Buffer.from('1.7 x')]),
        }),
      });
      // A download whose transaction fails after the handler opened its stream (a failed commit).
      const lost = defineRoute({
        method: 'GET',
        url: '/TestDownloadsLost/:name',
        summary: 'A streamed file whose transaction fails.',
        access: signedIn,
        params: Type.Object({ name: Type.String() }),
        response: FileResponse,
        handler: ({ params }) => {
          const body = new Readable({ read() {} });
          lostStreams.set(params.name, body);
          return { fileName: 'lost.pdf', contentType: 'application/pdf', body };
        },
      });
      const failingCommit: typeof deps.tenants = (principal, requestId, mode, work) =>
        deps.tenants(principal, requestId, mode, work).then(() => {
          throw new Error('the commit failed');
        });
      await app.register(async (scope) => {
        scope.removeContentTypeParser('multipart/form-data');
        await scope.register(multipartPlugin);
        registerRoutes(scope, [route, download], deps, ['Test']);
        registerRoutes(scope, [lost], { ...deps, tenants: failingCommit }, ['Test']);
      });
    },
  });
  files = new StoredFiles(t.store, t.database.db);
});
after(() => t.close());

const run = <T>(companyId: number, work: Parameters<ReturnType<typeof tenantRunner>>[3]) =>
  tenantRunner(t.database, NO_HOOKS)({ companyId, userId: 'test' }, null, 'write', work) as Promise<T>;

async function refsOf(companyId: number, key: string): Promise<number | null> {
  const row = await t.database.db.selectFrom('stored_files').select('refs').where('company_id', '=', companyId).where('key', '=', key).executeTakeFirst();
  return row?.refs ?? null;
}

describe('stored files', () => {
  it('keeps a file while a record names it, and removes its bytes after the last one lets go', async () => {
    const { companyId } = await createCompany(t);
    const bytes = Buffer.from(`bill of lading ${companyId}`);
    const first = await run<{ key: string }>(companyId, (tenant) => files.keepBytes(tenant, bytes, 'application/pdf'));
    assert.equal(first.key, sha(bytes));
    await run(companyId, (tenant) => files.keepBytes(tenant, bytes, 'application/pdf'));
    assert.equal(await run(companyId, (tenant) => files.retain(tenant, first.key)), true);
    assert.equal(await refsOf(companyId, first.key), 3);
    await run(companyId, (tenant) => files.release(tenant, first.key));
    await run(companyId, (tenant) => files.release(tenant, first.key));
    assert.equal(await text((await files.open({ companyId }, first.key))!), bytes.toString());
    await run(companyId, (tenant) => files.release(tenant, first.key));
    assert.equal(await refsOf(companyId, first.key), null);
    assert.equal(await t.store.has(companyId, first.key), false);
    // Nothing left to release, and no such file to retain.
    await run(companyId, (tenant) => files.release(tenant, first.key));
    assert.equal(await run(companyId, (tenant) => files.retain(tenant, first.key)), false);
  });

  it("keeps each company's files apart, and a rolled-back keep leaves no row", async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    const bytes = Buffer.from('W-9 form');
    const kept = await run<{ key: string }>(a.companyId, (tenant) => files.keepBytes(tenant, bytes, 'application/pdf'));
    assert.equal(await files.open({ companyId: b.companyId }, kept.key), null);
    assert.equal(await run(b.companyId, (tenant) => files.retain(tenant, kept.key)), false);
    await assert.rejects(
      run(b.companyId, async (tenant) => {
        await files.keepBytes(tenant, bytes, 'application/pdf');
        throw new Error('rolled back');
      }),
    );
    assert.equal(await refsOf(b.companyId, kept.key), null);
    assert.equal(await refsOf(a.companyId, kept.key), 1);
  });
});

describe('streamed uploads', () => {
  const upload = async (token: string, parts: Array<{ field: string; name: string; content: Buffer }>, fields: Record<string, string> = {}) =>
    call(t, 'POST', '/api/v1/TestUploads', {
      token,
      ...multipart(
        parts.map((p) => ({ ...p, type: 'application/octet-stream' })),
        fields,
      ),
    });

  it('keeps what the handler keeps; the rest and a failed request leave nothing', async () => {
    const company = await createCompany(t);
    const admin = await signInAdmin(t, company);
    const kept = Buffer.from(`kept ${company.companyId}`);
    const left = Buffer.from(`left ${company.companyId}`);
    const res = await upload(admin.token, [
      { field: 'keep', name: 'a.txt', content: kept },
      { field: 'other', name: 'b.txt', content: left },
    ]);
    assert.equal(res.status, 200, res.raw.toString());
    assert.deepEqual(res.body.data, [sha(kept)]);
    assert.equal(await t.store.has(company.companyId, sha(kept)), true);
    assert.equal(await t.store.has(company.companyId, sha(left)), false);
    const failing = Buffer.from(`failing ${company.companyId}`);
    const failed = await upload(admin.token, [{ field: 'keep', name: 'c.txt', content: failing }], { fail: 'yes' });
    assert.equal(failed.status, 500);
    assert.equal(await refsOf(company.companyId, sha(failing)), null);
  });

  it('refuses an empty file (400), a file too many (400) and one byte too many (413), keeping nothing', async () => {
    const company = await createCompany(t);
    const admin = await signInAdmin(t, company);
    const empty = await upload(admin.token, [{ field: 'keep', name: 'empty.pdf', content: Buffer.alloc(0) }]);
    assert.equal(empty.status, 400);
    assert.match(JSON.stringify(empty.body), /empty/);
    const three = await upload(
      admin.token,
      ['1', '2', '3'].map((n) => ({ field: 'keep', name: `${n}.txt`, content: Buffer.from(`file ${n} ${company.companyId}`) })),
    );
    assert.equal(three.status, 400);
    assert.match(JSON.stringify(three.body), /at most 2 files/);
    const big = await upload(admin.token, [{ field: 'keep', name: 'big.bin', content: Buffer.alloc(1001, 1) }]);
    assert.equal(big.status, 413);
    assert.equal(big.body.errors[0].code, 'meta.payload_too_large');
    assert.match(big.body.errors[0].message, /big\.bin/);
    const rows = await t.database.db.selectFrom('stored_files').select('key').where('company_id', '=', company.companyId).execute();
    assert.deepEqual(rows, []);
  });
});

describe('streamed downloads', () => {
  it('sends a stored file as it is read, with its length; a file that fails to read answers a JSON error', async () => {
    const s = await signInAdmin(t, await createCompany(t));
    const ok = await call(t, 'GET', '/api/v1/TestDownloads/ok', { token: s.token });
    assert.equal(ok.status, 200);
    assert.equal(ok.raw.toString(), '%PDF-1.7 x');
    assert.equal(ok.headers['content-length'], '11');
    assert.equal(ok.headers['content-disposition'], 'attachment; filename="rate.pdf"');
    const broken = await call<{ success: boolean; errors: Array<{ code: string }> }>(t, 'GET', '/api/v1/TestDownloads/broken', { token: s.token });
    assert.equal(broken.status, 500);
    assert.equal(broken.body.errors[0]!.code, 'services.error_occurred');
    assert.equal(broken.headers['content-disposition'], undefined, 'not saved as a file named like the one asked for');
    assert.match(String(broken.headers['content-type']), /^application\/json/);
  });

  it('destroys the stream a handler opened when its transaction fails after it (no file handle left open)', async () => {
    const s = await signInAdmin(t, await createCompany(t));
    const res = await call<{ errors: Array<{ code: string }> }>(t, 'GET', '/api/v1/TestDownloadsLost/first', { token: s.token });
    assert.equal(res.status, 500);
    assert.equal(res.body.errors[0]!.code, 'services.error_occurred');
    assert.equal(lostStreams.get('first')?.destroyed, true);
  });
});
