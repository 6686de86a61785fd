import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { PERMISSIONS } from '../../src/platform/access.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { countRows, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

async function addTerms(session: Session, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await api(session, 'POST', '/TermsAndConditions', body);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}

const list = async (session: Session) => (await api(session, 'GET', '/TermsAndConditions')).body.data as any[];

const auditCount = async (companyId: number, action: string) => {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from audit_log where company_id = ${companyId} and action = ${action}`.execute(
    t.database.db,
  );
  return rows[0]!.n;
};

describe('/TermsAndConditions', () => {
  it('adds texts; a new default takes the place of the old one', async () => {
    const admin = await signIn(t);
    const standard = await addTerms(admin, { title: ' Standard ', content: 'Carriage under the bill of lading.\n', isDefault: true });
    assert.deepEqual([standard.title, standard.content, standard.isDefault], ['Standard', 'Carriage under the bill of lading.\n', true]);
    assert.deepEqual(Object.keys(standard).sort(), ['content', 'createdAt', 'id', 'isDefault', 'title', 'updatedAt']);
    const hazmat = await addTerms(admin, { title: 'Hazmat', content: 'Placarded loads only.' });
    assert.equal(hazmat.isDefault, false);
    assert.deepEqual(
      (await list(admin)).map((x) => [x.id, x.isDefault]),
      [
        [standard.id, true],
        [hazmat.id, false],
      ],
    );
    const reefer = await addTerms(admin, { title: 'Reefer', content: 'Pre-cool the trailer.', isDefault: true });
    assert.deepEqual(
      (await list(admin)).map((x) => [x.id, x.isDefault]),
      [
        [reefer.id, true],
        [hazmat.id, false],
        [standard.id, false],
      ],
    );
    assert.equal(await auditCount(admin.companyId, 'terms.create'), 3);
  });

  it('updates a text, moving or dropping the default', async () => {
    const admin = await signIn(t);
    const a = await addTerms(admin, { title: 'A', content: 'a', isDefault: true });
    const b = await addTerms(admin, { title: 'B', content: 'b' });
    let res = await api(admin, 'PUT', `/TermsAndConditions/${b.id}`, { title: 'B2', content: 'b2', isDefault: true });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual([res.body.data.title, res.body.data.content, res.body.data.isDefault], ['B2', 'b2', true]);
    assert.deepEqual(
      (await list(admin)).map((x) => [x.id, x.isDefault]),
      [
        [b.id, true],
        [a.id, false],
      ],
    );
    res = await api(admin, 'PUT', `/TermsAndConditions/${b.id}`, { title: 'B2', content: 'b2' });
    assert.equal(res.body.data.isDefault, false);
    assert.equal((await list(admin)).filter((x) => x.isDefault).length, 0);
    assert.equal(await auditCount(admin.companyId, 'terms.update'), 2);
  });

  it('leaves one default when requests making their text the default arrive together', async () => {
    const admin = await signIn(t);
    const old = await addTerms(admin, { title: 'Old', content: 'o', isDefault: true });
    const other = await addTerms(admin, { title: 'Other', content: 'x' });
    const res = await Promise.all([
      ...['A', 'B', 'C'].map((title) => api(admin, 'POST', '/TermsAndConditions', { title, content: title, isDefault: true })),
      api(admin, 'PUT', `/TermsAndConditions/${other.id}`, { title: 'Other', content: 'x', isDefault: true }),
    ]);
    assert.deepEqual(
      res.map((r) => r.status),
      [200, 200, 200, 200],
      JSON.stringify(res.map((r) => r.body.errors)),
    );
    const after = await list(admin);
    assert.equal(after.length, 5);
    assert.equal(after.filter((x) => x.isDefault).length, 1);
    assert.equal(after.find((x) => x.id === old.id).isDefault, false);
  });

  it('deletes a text (data null)', async () => {
    const admin = await signIn(t);
    const a = await addTerms(admin, { title: 'A', content: 'a', isDefault: true });
    const res = await api(admin, 'DELETE', `/TermsAndConditions/${a.id}`);
    assert.equal(res.status, 200);
    assert.deepEqual([res.body.data, res.body.success], [null, true]);
    assert.deepEqual(await list(admin), []);
    expectNotFound(await api(admin, 'DELETE', `/TermsAndConditions/${a.id}`));
    expectNotFound(await api(admin, 'PUT', `/TermsAndConditions/${a.id}`, { title: 'A', content: 'a' }));
    assert.equal(await auditCount(admin.companyId, 'terms.delete'), 1);
  });

  it('refuses bad input and writes nothing; one default per company is backed by the database', async () => {
    const admin = await signIn(t);
    expectProblem(await api(admin, 'POST', '/TermsAndConditions', { content: 'x' }), 'title');
    expectProblem(await api(admin, 'POST', '/TermsAndConditions', { title: 'x' }), 'content');
    expectProblem(await api(admin, 'POST', '/TermsAndConditions', { title: '   ', content: 'x' }), 'title');
    expectProblem(await api(admin, 'POST', '/TermsAndConditions', { title: 'x', content: ' \n ' }), 'content');
    expectProblem(await api(admin, 'POST', '/TermsAndConditions', { title: 'x', content: 'x', isDefault: 'yes' }), 'isDefault');
    expectProblem(await api(admin, 'POST', '/TermsAndConditions', { title: 'x'.repeat(201), content: 'x' }), 'title');
    assert.equal(await countRows(t, 'terms_and_conditions', admin.companyId), 0);
    const a = await addTerms(admin, { title: 'A', content: 'a', isDefault: true });
    expectProblem(await api(admin, 'PUT', `/TermsAndConditions/${a.id}`, { title: 'A' }), 'content');
    await assert.rejects(
      sql`insert into terms_and_conditions (company_id, title, content, is_default) values (${admin.companyId}, 'B', 'b', true)`.execute(t.database.db),
      /terms_and_conditions_one_default_idx/,
    );
    assert.equal(await countRows(t, 'terms_and_conditions', admin.companyId), 1);
  });

  it('keeps at most 100 texts per company', async () => {
    const admin = await signIn(t);
    // Rows written as values (Citus copies an INSERT ... SELECT of generated rows, and COPY is refused under row security).
    const rows = Array.from({ length: 100 }, (_, i) => ({ company_id: admin.companyId, title: `T${i + 1}`, content: 'x' }));
    await t.database.db.insertInto('terms_and_conditions').values(rows).execute();
    expectFailure(await api(admin, 'POST', '/TermsAndConditions', { title: 'One more', content: 'x' }), 'terms.limit_reached');
    assert.equal(await countRows(t, 'terms_and_conditions', admin.companyId), 100);
  });

  it('needs "Terms & Conditions" for every endpoint', async () => {
    const admin = await signIn(t);
    const a = await addTerms(admin, { title: 'A', content: 'a' });
    const others = await signIn(t, { permissions: PERMISSIONS.filter((p) => p !== 'Terms & Conditions') }, admin.companyId);
    const name = 'Terms & Conditions';
    expectForbidden(await api(others, 'GET', '/TermsAndConditions'), name);
    expectForbidden(await api(others, 'POST', '/TermsAndConditions', { title: 'B', content: 'b' }), name);
    expectForbidden(await api(others, 'PUT', `/TermsAndConditions/${a.id}`, { title: 'B', content: 'b' }), name);
    expectForbidden(await api(others, 'DELETE', `/TermsAndConditions/${a.id}`), name);
    const holder = await signIn(t, { permissions: ['Terms & Conditions'] }, admin.companyId);
    assert.equal((await list(holder)).length, 1);
    assert.equal((await api(holder, 'POST', '/TermsAndConditions', { title: 'B', content: 'b' })).status, 200);
    assert.equal(await countRows(t, 'terms_and_conditions', admin.companyId), 2);
  });

  it("answers another company's text as missing and never lists it", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const theirs = await addTerms(b, { title: 'Theirs', content: 'secret', isDefault: true });
    expectNotFound(await api(a, 'PUT', `/TermsAndConditions/${theirs.id}`, { title: 'Mine', content: 'x', isDefault: true }));
    expectNotFound(await api(a, 'DELETE', `/TermsAndConditions/${theirs.id}`));
    assert.deepEqual(await list(a), []);
    // Their default is theirs: ours is independent.
    await addTerms(a, { title: 'Ours', content: 'x', isDefault: true });
    assert.deepEqual(
      (await list(b)).map((x) => [x.title, x.content, x.isDefault]),
      [['Theirs', 'secret', true]],
    );
  });
});
