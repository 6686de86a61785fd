import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { countRows, createCarrier, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const api = (session: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });

async function addFinance(session: Session, outsourceCompanyId: number, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await api(session, 'POST', '/OutsourceCompanyFinances', { outsourceCompanyId, ...body });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}

const FULL = {
  label: 'Main remittance',
  paymentTermsDays: 15,
  paymentMethod: 'ach',
  currency: 'usd',
  quickPayFeePercent: 2.5,
  factoringCompany: 'RTS Financial',
  remitTo: { name: 'Red River Freight', street: 'PO Box 1200', city: 'Dallas', state: 'tx', postalCode: '75201', country: 'us', email: 'AR@RedRiver.example' },
  bankName: 'JPMorgan Chase',
  routingNumber: '021000021',
  accountNumber: '0001 2345 6789',
  accountType: 'Checking',
  taxId: '12-3456789',
  notes: 'Net 15',
};

describe('POST and GET /OutsourceCompanyFinances', () => {
  it('adds a record; the account number and tax id are never answered in full', async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin);
    const f = await addFinance(admin, c.id, FULL);
    assert.deepEqual(
      [
        f.outsourceCompanyId,
        f.label,
        f.isDefault,
        f.paymentTermsDays,
        f.paymentMethod,
        f.currency,
        f.quickPayFeePercent,
        f.factoringCompany,
        f.bankName,
        f.routingNumber,
        f.accountType,
      ],
      [c.id, 'Main remittance', true, 15, 'ACH', 'USD', 2.5, 'RTS Financial', 'JPMorgan Chase', '021000021', 'Checking'],
    );
    assert.deepEqual(f.remitTo, {
      name: 'Red River Freight',
      street: 'PO Box 1200',
      street2: null,
      city: 'Dallas',
      state: 'TX',
      postalCode: '75201',
      country: 'US',
      email: 'ar@redriver.example',
    });
    assert.deepEqual([f.accountNumberLast4, f.taxIdLast4], ['6789', '6789']);
    const everything = JSON.stringify([
      f,
      (await api(admin, 'GET', `/OutsourceCompanyFinances/${f.id}`)).body,
      (await api(admin, 'GET', `/OutsourceCompanyFinances/${c.id}/FinanceList`)).body,
    ]);
    assert.ok(
      !everything.includes('000123456789') && !everything.includes('123456789') && !('accountNumber' in f) && !('taxId' in f),
      'secrets stay out of answers',
    );
    const { rows } = await sql<{
      after: string;
    }>`select after::text as after from audit_log where company_id = ${admin.companyId} and action = 'outsource_finance.create'`.execute(t.database.db);
    assert.ok(!rows[0]!.after.includes('123456789'), 'and out of the audit trail');
    const { rows: stored } = await sql<{
      account_number: string;
      tax_id: string;
    }>`select account_number, tax_id from outsource_company_finances where id = ${f.id}`.execute(t.database.db);
    assert.deepEqual(stored[0], { account_number: '000123456789', tax_id: '123456789' });
  });

  it('reads a record by its id, or by its carrier and outsourceCompanyFinanceId', async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin);
    const other = await createCarrier(t, admin);
    const f = await addFinance(admin, c.id);
    assert.equal((await api(admin, 'GET', `/OutsourceCompanyFinances/${f.id}`)).body.data.id, f.id);
    assert.equal((await api(admin, 'GET', `/OutsourceCompanyFinances/${c.id}?outsourceCompanyFinanceId=${f.id}`)).body.data.id, f.id);
    expectNotFound(await api(admin, 'GET', `/OutsourceCompanyFinances/${other.id}?outsourceCompanyFinanceId=${f.id}`));
    expectNotFound(await api(admin, 'GET', '/OutsourceCompanyFinances/2147480000'));
  });

  it('keeps one default per carrier; lists the default first', async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin);
    const first = await addFinance(admin, c.id, { label: 'A' });
    const second = await addFinance(admin, c.id, { label: 'B' });
    assert.deepEqual([first.isDefault, second.isDefault], [true, false]);
    const third = await addFinance(admin, c.id, { label: 'C', isDefault: true });
    const list = (await api(admin, 'GET', `/OutsourceCompanyFinances/${c.id}/FinanceList`)).body.data;
    assert.deepEqual(
      list.map((f: any) => [f.label, f.isDefault]),
      [
        ['C', true],
        ['A', false],
        ['B', false],
      ],
    );
    await api(admin, 'PUT', `/OutsourceCompanyFinances/${second.id}`, { isDefault: true });
    const after = (await api(admin, 'GET', `/OutsourceCompanyFinances/${c.id}/FinanceList`)).body.data;
    assert.deepEqual(
      after.filter((f: any) => f.isDefault).map((f: any) => f.id),
      [second.id],
    );
    assert.ok(third.id);
  });

  it('refuses bad input and writes nothing', async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin);
    const other = await createCarrier(t, admin);
    const k = (await api(admin, 'POST', '/OutsourceCompanyContacts', { outsourceCompanyId: other.id, name: 'Theirs' })).body.data;
    const post = (body: Record<string, unknown>) => api(admin, 'POST', '/OutsourceCompanyFinances', { outsourceCompanyId: c.id, ...body });
    expectProblem(await api(admin, 'POST', '/OutsourceCompanyFinances', {}), 'outsourceCompanyId');
    const wrongCheckDigit = await post({ routingNumber: '021000022' });
    expectProblem(wrongCheckDigit, 'routingNumber');
    assert.match(wrongCheckDigit.body.errors.routingNumber[0], /check digit/);
    expectProblem(await post({ routingNumber: '12345' }), 'routingNumber');
    expectProblem(await post({ accountNumber: '12' }), 'accountNumber');
    expectProblem(await post({ taxId: '1234' }), 'taxId');
    expectProblem(await post({ paymentTermsDays: 400 }), 'paymentTermsDays');
    expectProblem(await post({ paymentMethod: 'Bitcoin' }), 'paymentMethod');
    expectProblem(await post({ quickPayFeePercent: 101 }), 'quickPayFeePercent');
    expectProblem(await post({ remitTo: { country: 'XX' } }), 'remitTo.country');
    expectProblem(await post({ swiftBic: 'NOPE' }), 'swiftBic');
    expectProblem(await post({ contactId: k.id }), 'contactId');
    expectNotFound(await api(admin, 'POST', '/OutsourceCompanyFinances', { outsourceCompanyId: 2147480000 }));
    assert.equal(await countRows(t, 'outsource_company_finances', admin.companyId), 0);
  });
});

describe('PUT and DELETE /OutsourceCompanyFinances/{id}', () => {
  it('changes the fields sent; the account number is kept when absent and removed by null', async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin);
    const f = await addFinance(admin, c.id, FULL);
    const res = await api(admin, 'PUT', `/OutsourceCompanyFinances/${f.id}`, { id: 999, outsourceCompanyId: c.id, paymentTermsDays: 45, remitTo: null });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const u = res.body.data;
    assert.deepEqual(
      [u.paymentTermsDays, u.label, u.accountNumberLast4, u.taxIdLast4, u.remitTo.city, u.routingNumber],
      [45, 'Main remittance', '6789', '6789', null, '021000021'],
    );
    const cleared = (await api(admin, 'PUT', `/OutsourceCompanyFinances/${f.id}`, { accountNumber: null, taxId: '98-7654321' })).body.data;
    assert.deepEqual([cleared.accountNumberLast4, cleared.taxIdLast4], [null, '4321']);
    const other = await createCarrier(t, admin);
    expectFailure(await api(admin, 'PUT', `/OutsourceCompanyFinances/${f.id}`, { outsourceCompanyId: other.id }), 'outsource_finances.carrier_change');
    expectProblem(await api(admin, 'PUT', `/OutsourceCompanyFinances/${f.id}`, { routingNumber: '111000026', paymentTermsDays: 1 }), 'routingNumber');
    assert.equal((await api(admin, 'GET', `/OutsourceCompanyFinances/${f.id}`)).body.data.paymentTermsDays, 45, 'nothing written');
  });

  it("deletes one record, or (with ids) the carrier's records, all or nothing", async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin);
    const other = await createCarrier(t, admin);
    const [a, b, x] = [await addFinance(admin, c.id), await addFinance(admin, c.id), await addFinance(admin, c.id)];
    const theirs = await addFinance(admin, other.id);
    assert.equal((await api(admin, 'DELETE', `/OutsourceCompanyFinances/${a.id}`)).status, 200);
    const refused = await api(admin, 'DELETE', `/OutsourceCompanyFinances/${c.id}?ids=${b.id}&ids=${theirs.id}`);
    expectNotFound(refused);
    assert.equal(refused.body.errors[0].message, `Finance record ${theirs.id} was not found.`);
    const several = await api(admin, 'DELETE', `/OutsourceCompanyFinances/${c.id}?ids=${theirs.id}&ids=${a.id}&ids=${b.id}`);
    expectNotFound(several);
    assert.equal(several.body.errors[0].message, `Finance records ${theirs.id}, ${a.id} were not found.`, 'every missing record named');
    assert.equal(await countRows(t, 'outsource_company_finances', admin.companyId), 3, 'nothing deleted');
    const res = await api(admin, 'DELETE', `/OutsourceCompanyFinances/${c.id}?ids=${b.id}&ids=${x.id}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual((await api(admin, 'GET', `/OutsourceCompanyFinances/${c.id}/FinanceList`)).body.data, []);
    assert.equal(await countRows(t, 'outsource_company_finances', admin.companyId), 1);
  });
});

describe('bad parameters, deleted carriers and list answers', () => {
  it('refuses ids that are not whole numbers, deleting and changing nothing', async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin);
    const f = await addFinance(admin, c.id, { label: 'Main' });
    expectProblem(await api(admin, 'GET', `/OutsourceCompanyFinances/${c.id}?outsourceCompanyFinanceId=main`), 'outsourceCompanyFinanceId');
    expectProblem(await api(admin, 'DELETE', `/OutsourceCompanyFinances/${c.id}?ids=${f.id}&ids=all`), 'ids[1]');
    expectProblem(await api(admin, 'DELETE', '/OutsourceCompanyFinances/first'), 'id');
    expectProblem(await api(admin, 'PUT', '/OutsourceCompanyFinances/1.5', { label: 'X' }), 'id');
    expectProblem(await api(admin, 'GET', '/OutsourceCompanyFinances/x/FinanceList'), 'id');
    assert.equal(await countRows(t, 'outsource_company_finances', admin.companyId), 1);
    assert.equal((await api(admin, 'GET', `/OutsourceCompanyFinances/${f.id}`)).body.data.label, 'Main');
  });

  it("a deleted carrier's records answer as missing, and come back with it", async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin);
    const f = await addFinance(admin, c.id, { label: 'Main' });
    await api(admin, 'DELETE', `/OutsourceCompanies?ids=${c.id}`);
    for (const [method, url, body] of [
      ['GET', `/OutsourceCompanyFinances/${f.id}`],
      ['PUT', `/OutsourceCompanyFinances/${f.id}`, { label: 'Late' }],
      ['DELETE', `/OutsourceCompanyFinances/${f.id}`],
      ['GET', `/OutsourceCompanyFinances/${c.id}/FinanceList`],
    ] as const) {
      expectNotFound(await api(admin, method, url, body));
    }
    expectNotFound(await api(admin, 'POST', '/OutsourceCompanyFinances', { outsourceCompanyId: c.id }));
    assert.equal(await countRows(t, 'outsource_company_finances', admin.companyId), 1, 'kept');
    await api(admin, 'PUT', `/OutsourceCompanies/${c.id}/Restore`);
    assert.equal((await api(admin, 'GET', `/OutsourceCompanyFinances/${f.id}`)).body.data.label, 'Main');
  });

  it("carriers' list and read answers carry no bank details, account number or tax id", async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin);
    await addFinance(admin, c.id, FULL);
    const answers = JSON.stringify([
      (await api(admin, 'GET', '/OutsourceCompanies')).body,
      (await api(admin, 'GET', `/OutsourceCompanies/${c.id}`)).body,
      (await api(admin, 'GET', `/OutsourceCompanies/${c.id}/Contacts`)).body,
    ]);
    for (const secret of ['123456789', '021000021', 'JPMorgan', 'RTS Financial', 'accountNumber', 'taxId', 'routingNumber']) {
      assert.ok(!answers.includes(secret), `${secret} in a carrier answer`);
    }
  });
});

describe('access and other companies', () => {
  it('reading needs "View Outsources" (not the Accountant), writing "Add/Edit outsource" (not the Viewer)', async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin);
    const f = await addFinance(admin, c.id);
    const accountant = await signIn(t, 'Accountant', admin.companyId);
    expectForbidden(await api(accountant, 'GET', `/OutsourceCompanyFinances/${f.id}`), 'View Outsources');
    expectForbidden(await api(accountant, 'GET', `/OutsourceCompanyFinances/${c.id}/FinanceList`), 'View Outsources');
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    assert.equal((await api(viewer, 'GET', `/OutsourceCompanyFinances/${c.id}/FinanceList`)).status, 200);
    expectForbidden(await api(viewer, 'POST', '/OutsourceCompanyFinances', { outsourceCompanyId: c.id }), 'Add/Edit outsource');
    expectForbidden(await api(viewer, 'PUT', `/OutsourceCompanyFinances/${f.id}`, { label: 'X' }), 'Add/Edit outsource');
    expectForbidden(await api(viewer, 'DELETE', `/OutsourceCompanyFinances/${f.id}`), 'Add/Edit outsource');
    assert.equal(await countRows(t, 'outsource_company_finances', admin.companyId), 1);
  });

  it("answers another company's carrier or record as missing", async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    const theirs = await createCarrier(t, other);
    const f = await addFinance(other, theirs.id);
    expectNotFound(await api(admin, 'POST', '/OutsourceCompanyFinances', { outsourceCompanyId: theirs.id }));
    for (const [method, url, body] of [
      ['GET', `/OutsourceCompanyFinances/${f.id}`],
      ['GET', `/OutsourceCompanyFinances/${theirs.id}?outsourceCompanyFinanceId=${f.id}`],
      ['PUT', `/OutsourceCompanyFinances/${f.id}`, { label: 'Mine' }],
      ['DELETE', `/OutsourceCompanyFinances/${f.id}`],
      ['DELETE', `/OutsourceCompanyFinances/${theirs.id}?ids=${f.id}`],
      ['GET', `/OutsourceCompanyFinances/${theirs.id}/FinanceList`],
    ] as const) {
      expectNotFound(await api(admin, method, url, body));
    }
    assert.equal(await countRows(t, 'outsource_company_finances', other.companyId), 1);
  });
});
