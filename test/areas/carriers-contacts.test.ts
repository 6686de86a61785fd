import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
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

async function addContact(session: Session, outsourceCompanyId: number, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await api(session, 'POST', '/OutsourceCompanyContacts', { outsourceCompanyId, name: 'Contact', ...body });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}

const contactsOf = async (session: Session, id: number) => (await api(session, 'GET', `/OutsourceCompanies/${id}/Contacts`)).body.data.contacts as any[];

describe('POST and PUT /OutsourceCompanyContacts', () => {
  it('adds contacts; the first is primary, isPrimary moves the role', async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin);
    const first = await addContact(admin, c.id, {
      name: 'Ann',
      title: 'Dispatcher',
      email: 'Ann@Carrier.Example',
      phone: '512 555 0101',
      phoneExtension: '12',
    });
    assert.deepEqual([first.outsourceCompanyId, first.isPrimary, first.email, first.title], [c.id, true, 'ann@carrier.example', 'Dispatcher']);
    const second = await addContact(admin, c.id, { name: 'Bob', isPrimary: true });
    assert.equal(second.isPrimary, true);
    assert.deepEqual(
      (await contactsOf(admin, c.id)).map((k) => [k.name, k.isPrimary]),
      [
        ['Bob', true],
        ['Ann', false],
      ],
    );
    const updated = await api(admin, 'PUT', `/OutsourceCompanyContacts/${second.id}`, { outsourceCompanyId: c.id, name: 'Bobby', isPrimary: false });
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    assert.deepEqual([updated.body.data.name, updated.body.data.isPrimary], ['Bobby', false]);
    assert.deepEqual(
      (await contactsOf(admin, c.id)).filter((k) => k.isPrimary).map((k) => k.id),
      [first.id],
      'exactly one primary',
    );
  });

  it('refuses bad input and writes nothing', async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin);
    const other = await createCarrier(t, admin);
    expectProblem(await api(admin, 'POST', '/OutsourceCompanyContacts', { outsourceCompanyId: c.id }), 'name');
    expectProblem(await api(admin, 'POST', '/OutsourceCompanyContacts', { outsourceCompanyId: c.id, name: '  ' }), 'name');
    expectProblem(await api(admin, 'POST', '/OutsourceCompanyContacts', { outsourceCompanyId: c.id, name: 'X', email: 'bad' }), 'email');
    expectProblem(await api(admin, 'POST', '/OutsourceCompanyContacts', { name: 'X' }), 'outsourceCompanyId');
    const k = await addContact(admin, c.id);
    expectFailure(
      await api(admin, 'PUT', `/OutsourceCompanyContacts/${k.id}`, { outsourceCompanyId: other.id, name: 'Moved' }),
      'outsource_contacts.carrier_change',
    );
    expectProblem(await api(admin, 'PUT', `/OutsourceCompanyContacts/${k.id}`, { outsourceCompanyId: c.id, name: '   ' }), 'name');
    expectProblem(await api(admin, 'PUT', `/OutsourceCompanyContacts/${k.id}`, { outsourceCompanyId: c.id, name: 'Renamed', email: 'no-at-sign' }), 'email');
    expectProblem(await api(admin, 'PUT', `/OutsourceCompanyContacts/${k.id}`, { name: 'Renamed' }), 'outsourceCompanyId');
    expectProblem(await api(admin, 'GET', '/OutsourceCompanyContacts/first/Usage'), 'id');
    assert.equal(await countRows(t, 'outsource_company_contacts', admin.companyId), 1);
    assert.equal((await contactsOf(admin, c.id))[0].name, 'Contact');
  });
});

describe('DELETE, SetPrimary and Usage', () => {
  it("deletes an unused contact; the primary's role passes to the oldest other", async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin);
    const first = await addContact(admin, c.id);
    const second = await addContact(admin, c.id);
    const res = await api(admin, 'DELETE', `/OutsourceCompanyContacts/${first.id}`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data, {
      contactId: first.id,
      reassignedToContactId: null,
      reassigned: { contactId: first.id, finances: 0, total: 0 },
      newPrimaryContactId: second.id,
    });
    assert.deepEqual(
      (await contactsOf(admin, c.id)).map((k) => [k.id, k.isPrimary]),
      [[second.id, true]],
    );
  });

  it('refuses to delete a billing contact unless its uses move to the primary', async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin);
    const primary = await addContact(admin, c.id, { name: 'Primary' });
    const billing = await addContact(admin, c.id, { name: 'Billing' });
    const finance = await api(admin, 'POST', '/OutsourceCompanyFinances', { outsourceCompanyId: c.id, contactId: billing.id });
    assert.equal(finance.status, 200, JSON.stringify(finance.body));
    assert.deepEqual((await api(admin, 'GET', `/OutsourceCompanyContacts/${billing.id}/Usage`)).body.data, { contactId: billing.id, finances: 1, total: 1 });
    expectFailure(await api(admin, 'DELETE', `/OutsourceCompanyContacts/${billing.id}`), 'outsource_contacts.in_use');
    assert.equal((await contactsOf(admin, c.id)).length, 2, 'nothing deleted');
    const res = await api(admin, 'DELETE', `/OutsourceCompanyContacts/${billing.id}?reassignToPrimary=true`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual([res.body.data.reassignedToContactId, res.body.data.reassigned.total], [primary.id, 1]);
    assert.equal((await api(admin, 'GET', `/OutsourceCompanyFinances/${finance.body.data.id}`)).body.data.contactId, primary.id);
  });

  it("refuses to move the uses of a carrier's only contact", async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin);
    const only = await addContact(admin, c.id);
    await api(admin, 'POST', '/OutsourceCompanyFinances', { outsourceCompanyId: c.id, contactId: only.id });
    expectFailure(await api(admin, 'DELETE', `/OutsourceCompanyContacts/${only.id}?reassignToPrimary=true`), 'outsource_contacts.no_primary');
    assert.equal(await countRows(t, 'outsource_company_contacts', admin.companyId), 1);
  });

  it('SetPrimary moves the role; bad ids are refused', async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin);
    await addContact(admin, c.id);
    const second = await addContact(admin, c.id);
    const res = await api(admin, 'PUT', `/OutsourceCompanyContacts/${second.id}/SetPrimary`);
    assert.equal(res.body.data.isPrimary, true);
    assert.equal((await contactsOf(admin, c.id)).filter((k) => k.isPrimary).length, 1);
    assert.equal((await api(admin, 'GET', `/OutsourceCompanies/${c.id}`)).body.data.primaryContact.id, second.id);
    expectProblem(await api(admin, 'PUT', '/OutsourceCompanyContacts/x/SetPrimary'), 'id');
    expectProblem(await api(admin, 'DELETE', `/OutsourceCompanyContacts/${second.id}?reassignToPrimary=maybe`), 'reassignToPrimary');
  });
});

describe('contact phones', () => {
  it("are kept in E.164, read in the carrier's country; one that is not a number is refused, naming the field", async () => {
    const admin = await signIn(t);
    const us = await createCarrier(t, admin);
    const typed = await addContact(admin, us.id, { phone: '713-222-3344' });
    assert.equal(typed.phone, '+17132223344');
    const uk = await createCarrier(t, admin, { address: { city: 'London', country: 'GB' } });
    assert.equal((await addContact(admin, uk.id, { phone: '020 7946 0958' })).phone, '+442079460958');
    const before = await countRows(t, 'outsource_company_contacts', admin.companyId);
    expectProblem(await api(admin, 'POST', '/OutsourceCompanyContacts', { outsourceCompanyId: us.id, name: 'X', phone: '12' }), 'phone');
    expectProblem(await api(admin, 'PUT', `/OutsourceCompanyContacts/${typed.id}`, { outsourceCompanyId: us.id, name: 'X', phone: 'call me' }), 'phone');
    assert.equal(await countRows(t, 'outsource_company_contacts', admin.companyId), before);
    assert.equal((await contactsOf(admin, us.id))[0].phone, '+17132223344');
  });
});

/** A contact as saved before phones were normalized on save: what Normalize is for. */
async function legacyContact(session: Session, outsourceCompanyId: number, values: { name?: string; email?: string; phone?: string }) {
  return t.database.db
    .insertInto('outsource_company_contacts')
    .values({
      company_id: session.companyId,
      outsource_company_id: outsourceCompanyId,
      name: values.name ?? 'Contact',
      email: values.email ?? null,
      phone: values.phone ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('Normalize and NormalizePreview', () => {
  it("previews, then writes E.164 phones (in the carrier's country) and lower-case emails, merging identical contacts", async () => {
    const admin = await signIn(t);
    const uk = await createCarrier(t, admin, { address: { city: 'London', country: 'GB' } });
    const a = await legacyContact(admin, uk.id, { name: 'Ada', email: 'ada@example.com', phone: '020 7946 0958' });
    const b = await legacyContact(admin, uk.id, { name: 'ada', email: 'ada@example.com', phone: '+44 20 7946 0958' });
    const c = await legacyContact(admin, uk.id, { name: 'Cy', phone: '12' });
    const preview = (await api(admin, 'GET', `/OutsourceCompanyContacts/NormalizePreview?outsourceCompanyId=${uk.id}`)).body.data;
    assert.deepEqual(preview.merges, [{ keepContactId: a.id, mergedContactIds: [b.id] }]);
    assert.ok(preview.changes.some((ch: any) => ch.contactId === a.id && ch.outsourceCompanyId === uk.id && ch.field === 'phone' && ch.to === '+442079460958'));
    assert.deepEqual(preview.invalidPhones, [{ contactId: c.id, phone: '12' }]);
    assert.equal((await contactsOf(admin, uk.id)).length, 3, 'the preview wrote nothing');
    const result = (await api(admin, 'POST', `/OutsourceCompanyContacts/Normalize?outsourceCompanyId=${uk.id}`)).body.data;
    assert.deepEqual([result.merged, result.updated], [1, 2]);
    assert.deepEqual(
      (await contactsOf(admin, uk.id)).map((k) => [k.id, k.phone]),
      [
        [a.id, '+442079460958'],
        [c.id, '12'],
      ],
    );
  });

  it("normalizes every carrier of the company when no id is given, never another company's", async () => {
    const admin = await signIn(t);
    const one = await createCarrier(t, admin);
    await legacyContact(admin, one.id, { phone: '(512) 555-0199' });
    const other = await signIn(t);
    const theirs = await createCarrier(t, other);
    await legacyContact(other, theirs.id, { phone: '(512) 555-0142' });
    const res = await api(admin, 'POST', '/OutsourceCompanyContacts/Normalize');
    assert.equal(res.body.data.updated, 1);
    assert.equal((await contactsOf(admin, one.id))[0].phone, '+15125550199');
    assert.equal((await contactsOf(other, theirs.id))[0].phone, '(512) 555-0142');
    expectNotFound(await api(admin, 'GET', `/OutsourceCompanyContacts/NormalizePreview?outsourceCompanyId=${theirs.id}`));
    expectNotFound(await api(admin, 'POST', `/OutsourceCompanyContacts/Normalize?outsourceCompanyId=${theirs.id}`));
    expectProblem(await api(admin, 'GET', '/OutsourceCompanyContacts/NormalizePreview?outsourceCompanyId=abc'), 'outsourceCompanyId');
    await legacyContact(admin, one.id, { phone: '(512) 555-0177' });
    expectProblem(await api(admin, 'POST', '/OutsourceCompanyContacts/Normalize?outsourceCompanyId=abc'), 'outsourceCompanyId');
    assert.ok(
      (await contactsOf(admin, one.id)).some((k) => k.phone === '(512) 555-0177'),
      'a refused normalization changes nothing',
    );
  });
});

describe('access and other companies', () => {
  it('every row needs "Add/Edit outsource": a Viewer is refused and nothing changes', async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin);
    const k = await addContact(admin, c.id);
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    for (const [method, url, body] of [
      ['POST', '/OutsourceCompanyContacts', { outsourceCompanyId: c.id, name: 'X' }],
      ['PUT', `/OutsourceCompanyContacts/${k.id}`, { outsourceCompanyId: c.id, name: 'X' }],
      ['DELETE', `/OutsourceCompanyContacts/${k.id}`],
      ['PUT', `/OutsourceCompanyContacts/${k.id}/SetPrimary`],
      ['GET', `/OutsourceCompanyContacts/${k.id}/Usage`],
      ['POST', '/OutsourceCompanyContacts/Normalize'],
      ['GET', '/OutsourceCompanyContacts/NormalizePreview'],
    ] as const) {
      expectForbidden(await api(viewer, method, url, body), 'Add/Edit outsource');
    }
    assert.deepEqual(
      (await contactsOf(admin, c.id)).map((x) => x.name),
      ['Contact'],
    );
  });

  it("answers another company's carrier or contact as missing", async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    const theirs = await createCarrier(t, other);
    const their = await addContact(other, theirs.id);
    expectNotFound(await api(admin, 'POST', '/OutsourceCompanyContacts', { outsourceCompanyId: theirs.id, name: 'Spy' }));
    for (const [method, url, body] of [
      ['PUT', `/OutsourceCompanyContacts/${their.id}`, { outsourceCompanyId: theirs.id, name: 'Spy' }],
      ['DELETE', `/OutsourceCompanyContacts/${their.id}`],
      ['PUT', `/OutsourceCompanyContacts/${their.id}/SetPrimary`],
      ['GET', `/OutsourceCompanyContacts/${their.id}/Usage`],
    ] as const) {
      expectNotFound(await api(admin, method, url, body));
    }
    assert.deepEqual(
      (await contactsOf(other, theirs.id)).map((x) => x.name),
      ['Contact'],
    );
  });

  it("a deleted carrier's contacts answer as missing", async () => {
    const admin = await signIn(t);
    const c = await createCarrier(t, admin);
    const k = await addContact(admin, c.id);
    await api(admin, 'DELETE', `/OutsourceCompanies?ids=${c.id}`);
    expectNotFound(await api(admin, 'GET', `/OutsourceCompanyContacts/${k.id}/Usage`));
    expectNotFound(await api(admin, 'POST', '/OutsourceCompanyContacts', { outsourceCompanyId: c.id, name: 'Late' }));
  });
});
