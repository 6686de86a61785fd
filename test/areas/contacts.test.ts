import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import { countRows, createContact, createCustomer, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const get = (session: Session, url: string) => call(t, 'GET', `/api/v1${url}`, { token: session.token });
const contactsOf = async (session: Session, customerId: number) => (await get(session, `/Customers/${customerId}/contacts`)).body.data.contacts as any[];

describe('POST and PUT /CustomerContacts', () => {
  it('adds contacts; the first is primary, isPrimary moves the role', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    const first = await createContact(t, admin, c.id, { name: 'Ann', title: 'Dispatcher', phone: '512 555 0101', phoneExtension: '12' });
    assert.equal(first.isPrimary, true);
    assert.equal(first.title, 'Dispatcher');
    const second = await createContact(t, admin, c.id, { name: 'Bob', isPrimary: true });
    assert.equal(second.isPrimary, true);
    assert.deepEqual(
      (await contactsOf(admin, c.id)).map((k) => [k.name, k.isPrimary]),
      [
        ['Bob', true],
        ['Ann', false],
      ],
    );
    const updated = await call(t, 'PUT', `/api/v1/CustomerContacts/${second.id}`, {
      token: admin.token,
      body: { customerId: c.id, name: 'Bobby', email: 'bobby@x.example', isPrimary: false },
    });
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    assert.equal(updated.body.data.name, 'Bobby');
    assert.equal(updated.body.data.isPrimary, false);
    assert.deepEqual(
      (await contactsOf(admin, c.id)).filter((k) => k.isPrimary).map((k) => k.id),
      [first.id],
      'exactly one primary',
    );
  });

  it('refuses bad input and writes nothing', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    const other = await createCustomer(t, admin);
    expectProblem(await call(t, 'POST', '/api/v1/CustomerContacts', { token: admin.token, body: { customerId: c.id } }), 'name');
    expectProblem(await call(t, 'POST', '/api/v1/CustomerContacts', { token: admin.token, body: { customerId: c.id, name: 'X', email: 'bad' } }), 'email');
    expectProblem(await call(t, 'POST', '/api/v1/CustomerContacts', { token: admin.token, body: { name: 'X' } }), 'customerId');
    const k = await createContact(t, admin, c.id);
    expectFailure(
      await call(t, 'PUT', `/api/v1/CustomerContacts/${k.id}`, { token: admin.token, body: { customerId: other.id, name: 'Moved' } }),
      'contacts.customer_change',
    );
    assert.equal(await countRows(t, 'customer_contacts', admin.companyId), 1);
  });

  it("treats another company's customer or contact as missing; needs the customers' edit permission", async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    const theirs = await createCustomer(t, b);
    const theirContact = await createContact(t, b, theirs.id);
    expectNotFound(await call(t, 'POST', '/api/v1/CustomerContacts', { token: a.token, body: { customerId: theirs.id, name: 'Spy' } }));
    expectNotFound(await call(t, 'PUT', `/api/v1/CustomerContacts/${theirContact.id}`, { token: a.token, body: { customerId: theirs.id, name: 'Spy' } }));
    assert.equal(await countRows(t, 'customer_contacts', b.companyId), 1);
    // The customers' edit permission, "Create customers": the read-only Viewer changes nothing (issue 37).
    const nobody = await signIn(t, { permissions: [] }, b.companyId);
    assert.equal((await call(t, 'POST', '/api/v1/CustomerContacts', { token: nobody.token, body: { customerId: theirs.id, name: 'Helper' } })).status, 403);
    const editor = await signIn(t, { permissions: ['Create customers'] }, b.companyId);
    assert.equal((await call(t, 'POST', '/api/v1/CustomerContacts', { token: editor.token, body: { customerId: theirs.id, name: 'Helper' } })).status, 200);
  });
});

describe('DELETE /CustomerContacts/{id}, SetPrimary and Usage', () => {
  it("deletes an unused contact; the primary's role passes to the oldest other", async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    const first = await createContact(t, admin, c.id);
    const second = await createContact(t, admin, c.id);
    const res = await call(t, 'DELETE', `/api/v1/CustomerContacts/${first.id}`, { token: admin.token });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data, {
      contactId: first.id,
      reassignedToContactId: null,
      reassigned: { contactId: first.id, sentEmails: 0, supportTickets: 0, total: 0 },
      newPrimaryContactId: second.id,
    });
    assert.deepEqual(
      (await contactsOf(admin, c.id)).map((k) => [k.id, k.isPrimary]),
      [[second.id, true]],
    );
  });

  it('refuses to delete a used contact unless its uses move to the primary', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    const primary = await createContact(t, admin, c.id);
    const used = await createContact(t, admin, c.id);
    await call(t, 'POST', `/api/v1/Customers/${c.id}/SentEmails`, { token: admin.token, body: { emailType: 'Welcome', contactIds: [used.id] } });
    await call(t, 'POST', '/api/v1/SupportTickets', { token: admin.token, body: { customerId: c.id, contactId: used.id, subject: 'S', description: 'D' } });
    const usage = (await get(admin, `/CustomerContacts/${used.id}/Usage`)).body.data;
    assert.deepEqual(usage, { contactId: used.id, sentEmails: 1, supportTickets: 1, total: 2 });
    expectFailure(await call(t, 'DELETE', `/api/v1/CustomerContacts/${used.id}`, { token: admin.token }), 'contacts.in_use');
    assert.equal((await contactsOf(admin, c.id)).length, 2, 'nothing deleted');
    const res = await call(t, 'DELETE', `/api/v1/CustomerContacts/${used.id}?reassignToPrimary=true`, { token: admin.token });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.reassignedToContactId, primary.id);
    assert.equal(res.body.data.reassigned.total, 2);
    assert.deepEqual((await get(admin, `/CustomerContacts/${primary.id}/Usage`)).body.data.total, 2);
  });

  it("refuses to move the uses of a customer's only contact", async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    const only = await createContact(t, admin, c.id);
    await call(t, 'POST', '/api/v1/SupportTickets', { token: admin.token, body: { customerId: c.id, contactId: only.id, subject: 'S', description: 'D' } });
    expectFailure(await call(t, 'DELETE', `/api/v1/CustomerContacts/${only.id}?reassignToPrimary=true`, { token: admin.token }), 'contacts.no_primary');
  });

  it("SetPrimary moves the role; bad ids are refused; others' contacts are missing", async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    await createContact(t, admin, c.id);
    const second = await createContact(t, admin, c.id);
    const res = await call(t, 'PUT', `/api/v1/CustomerContacts/${second.id}/SetPrimary`, { token: admin.token });
    assert.equal(res.body.data.isPrimary, true);
    assert.equal((await contactsOf(admin, c.id)).filter((k) => k.isPrimary).length, 1);
    expectProblem(await call(t, 'PUT', '/api/v1/CustomerContacts/x/SetPrimary', { token: admin.token }), 'id');
    expectProblem(await call(t, 'DELETE', `/api/v1/CustomerContacts/${second.id}?reassignToPrimary=maybe`, { token: admin.token }), 'reassignToPrimary');
    const other = await signIn(t);
    for (const [method, url] of [
      ['PUT', `/CustomerContacts/${second.id}/SetPrimary`],
      ['DELETE', `/CustomerContacts/${second.id}`],
      ['GET', `/CustomerContacts/${second.id}/Usage`],
    ] as const) {
      expectNotFound(await call(t, method, `/api/v1${url}`, { token: other.token }));
    }
    assert.equal((await contactsOf(admin, c.id)).length, 2);
    const nobody = await signIn(t, { permissions: [] }, admin.companyId);
    assert.equal((await get(nobody, `/CustomerContacts/${second.id}/Usage`)).status, 200);
  });
});

describe('contact phones', () => {
  it("are kept in E.164, read in the country of the customer's main address (US when none)", async () => {
    const admin = await signIn(t);
    const us = await createCustomer(t, admin);
    const typed = await createContact(t, admin, us.id, { name: 'Ann', phone: '713-222-3344' });
    assert.equal(typed.phone, '+17132223344');
    const updated = await call(t, 'PUT', `/api/v1/CustomerContacts/${typed.id}`, {
      token: admin.token,
      body: { customerId: us.id, name: 'Ann', phone: '(713) 222-3355' },
    });
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    assert.equal(updated.body.data.phone, '+17132223355');
    const bare = await createCustomer(t, admin, { addresses: [] });
    assert.equal((await createContact(t, admin, bare.id, { phone: '512 555 0142' })).phone, '+15125550142');
    const uk = await createCustomer(t, admin, { addresses: [{ street: '1 High St', city: 'London', country: 'GB' }] });
    assert.equal((await createContact(t, admin, uk.id, { phone: '020 7946 0958' })).phone, '+442079460958');
    assert.equal((await createContact(t, admin, uk.id, { phone: '+1 713 222 3344' })).phone, '+17132223344', 'a + number keeps its own country');
  });

  it('refuses a phone that is not a number, naming the field, and writes nothing', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    const kept = await createContact(t, admin, c.id, { phone: '713-222-3344' });
    const before = await countRows(t, 'customer_contacts', admin.companyId);
    expectProblem(await call(t, 'POST', '/api/v1/CustomerContacts', { token: admin.token, body: { customerId: c.id, name: 'X', phone: '12' } }), 'phone');
    expectProblem(
      await call(t, 'PUT', `/api/v1/CustomerContacts/${kept.id}`, { token: admin.token, body: { customerId: c.id, name: 'X', phone: 'call me' } }),
      'phone',
    );
    assert.equal(await countRows(t, 'customer_contacts', admin.companyId), before);
    assert.equal((await contactsOf(admin, c.id))[0].phone, '+17132223344');
  });
});

/** A contact as saved before phones were normalized on save: what Normalize is for. */
async function legacyContact(session: Session, customerId: number, values: { name: string; email?: string; phone?: string }) {
  const row = await t.database.db
    .insertInto('customer_contacts')
    .values({ company_id: session.companyId, customer_id: customerId, name: values.name, email: values.email ?? null, phone: values.phone ?? null })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
  return row;
}

describe('Normalize, NormalizePreview and ValidateContact', () => {
  it('previews, then writes E.164 phones and lower-case emails, merging identical contacts', async () => {
    const admin = await signIn(t);
    const uk = await createCustomer(t, admin, { addresses: [{ street: '1 High St', city: 'London', country: 'GB' }] });
    const a = await legacyContact(admin, uk.id, { name: 'Ada', email: 'Ada@Example.COM', phone: '020 7946 0958' });
    const b = await legacyContact(admin, uk.id, { name: 'ada', email: 'ada@example.com', phone: '+44 20 7946 0958' });
    const c = await legacyContact(admin, uk.id, { name: 'Cy', phone: '12' });
    const preview = (await get(admin, `/CustomerContacts/NormalizePreview?customerId=${uk.id}`)).body.data;
    assert.deepEqual(preview.merges, [{ keepContactId: a.id, mergedContactIds: [b.id] }]);
    assert.ok(preview.changes.some((ch: any) => ch.contactId === a.id && ch.field === 'phone' && ch.to === '+442079460958'));
    assert.deepEqual(preview.invalidPhones, [{ contactId: c.id, phone: '12' }]);
    assert.equal((await contactsOf(admin, uk.id)).length, 3, 'the preview wrote nothing');
    const result = (await call(t, 'POST', `/api/v1/CustomerContacts/Normalize?customerId=${uk.id}`, { token: admin.token })).body.data;
    assert.equal(result.merged, 1);
    assert.ok(result.updated >= 2);
    const after = await contactsOf(admin, uk.id);
    assert.deepEqual(
      after.map((k) => [k.id, k.email, k.phone]),
      [
        [a.id, 'ada@example.com', '+442079460958'],
        [c.id, c.email, '12'],
      ],
    );
  });

  it("normalizes every customer of the company when no customerId is given, never another company's", async () => {
    const admin = await signIn(t);
    const one = await createCustomer(t, admin);
    await createContact(t, admin, one.id, { email: 'UPPER@X.EXAMPLE' });
    const other = await signIn(t);
    const theirs = await createCustomer(t, other);
    const their = await createContact(t, other, theirs.id, { email: 'KEEP@X.EXAMPLE' });
    const res = await call(t, 'POST', '/api/v1/CustomerContacts/Normalize', { token: admin.token });
    assert.equal(res.body.data.updated, 1);
    assert.equal((await contactsOf(other, theirs.id))[0].email, 'KEEP@X.EXAMPLE');
    expectNotFound(await get(admin, `/CustomerContacts/NormalizePreview?customerId=${theirs.id}`));
    expectNotFound(await call(t, 'POST', `/api/v1/CustomerContacts/Normalize?customerId=${theirs.id}`, { token: admin.token }));
    expectProblem(await get(admin, '/CustomerContacts/NormalizePreview?customerId=abc'), 'customerId');
    assert.ok(their.id);
  });

  it('validates an email or phone and finds contacts using it', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin);
    const k = await createContact(t, admin, c.id, { email: 'Dup@Example.com', phone: '(512) 555-0199' });
    const res = await call(t, 'POST', '/api/v1/CustomerContacts/ValidateContact', {
      token: admin.token,
      body: { email: 'dup@example.COM', phone: '+1 512-555-0199' },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.data.isEmailValid, true);
    assert.equal(res.body.data.normalizedPhone, '+15125550199');
    assert.deepEqual(
      res.body.data.duplicates.map((d: any) => d.id),
      [k.id],
    );
    const excluded = await call(t, 'POST', '/api/v1/CustomerContacts/ValidateContact', {
      token: admin.token,
      body: { email: 'dup@example.com', contactId: k.id },
    });
    assert.deepEqual(excluded.body.data.duplicates, []);
    const bad = await call(t, 'POST', '/api/v1/CustomerContacts/ValidateContact', { token: admin.token, body: { email: 'nope', phone: '99' } });
    assert.deepEqual([bad.body.data.isEmailValid, bad.body.data.isPhoneValid], [false, false]);
    expectProblem(await call(t, 'POST', '/api/v1/CustomerContacts/ValidateContact', { token: admin.token, body: {} }), 'email');
    const other = await signIn(t, { permissions: [] });
    const theirs = await call(t, 'POST', '/api/v1/CustomerContacts/ValidateContact', { token: other.token, body: { email: 'dup@example.com' } });
    assert.equal(theirs.status, 200);
    assert.deepEqual(theirs.body.data.duplicates, [], "never another company's contacts");
  });
});

describe('POST /CustomerContacts/Export', () => {
  it('writes a real spreadsheet of the chosen contacts and fields', async () => {
    const admin = await signIn(t);
    const c = await createCustomer(t, admin, { name: 'Export Me' });
    await createContact(t, admin, c.id, { name: 'Zed', email: 'zed@x.example' });
    const other = await createCustomer(t, admin);
    await createContact(t, admin, other.id, { name: 'Not Me' });
    const res = await call(t, 'POST', '/api/v1/CustomerContacts/Export', {
      token: admin.token,
      body: { customerIds: [c.id], fields: ['name', 'email', 'customerName'] },
    });
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /spreadsheetml/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.raw as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), ['name', 'email', 'customerName']);
    assert.equal(sheet.rowCount, 2);
    assert.deepEqual(
      (sheet.getRow(2).values as unknown[]).slice(1).map((v: any) => v?.text ?? v),
      ['Zed', 'zed@x.example', 'Export Me'],
    );
  });

  it("refuses bad fields, needs Export/Import, and leaves out other companies' contacts", async () => {
    const admin = await signIn(t);
    expectProblem(await call(t, 'POST', '/api/v1/CustomerContacts/Export', { token: admin.token, body: { fields: ['password'] } }), 'fields[0]');
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    expectForbidden(await call(t, 'POST', '/api/v1/CustomerContacts/Export', { token: dispatcher.token, body: {} }), 'Export/Import');
    const other = await signIn(t);
    const theirs = await createCustomer(t, other);
    await createContact(t, other, theirs.id);
    const res = await call(t, 'POST', '/api/v1/CustomerContacts/Export', { token: admin.token, body: { customerIds: [theirs.id] } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.raw as unknown as ArrayBuffer);
    assert.equal(book.worksheets[0]!.rowCount, 1, 'only the header');
  });
});
