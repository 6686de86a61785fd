// Customer spreadsheets: export, custom export, template, import (xlsx and csv), round trip.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectProblem } from '../helpers/expect.js';
import { countRows, createCustomer, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function sheetOf(raw: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(raw as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v: any) => (v && typeof v === 'object' && 'text' in v ? v.text : v))));
  return rows;
}

async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A multipart body with one file part. */
function multipart(fileName: string, contentType: string, content: Buffer, field = 'upload'): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----fds-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (session: Session, fileName: string, type: string, content: Buffer) =>
  call(t, 'POST', '/api/v1/Customers/import', { token: session.token, ...multipart(fileName, type, content) });

describe('GET /Customers/export and /CustomExport', () => {
  it('exports every field of the chosen (or all active) customers as a real .xlsx', async () => {
    const admin = await signIn(t);
    const one = await createCustomer(t, admin, { name: 'Export One', pipeline: 2, phone: '+1 512 555 0111' });
    const two = await createCustomer(t, admin, { name: 'Export Two' });
    const gone = await createCustomer(t, admin, { name: 'Gone' });
    await call(t, 'DELETE', `/api/v1/Customers?ids=${gone.id}`, { token: admin.token });
    const res = await call(t, 'GET', '/api/v1/Customers/export', { token: admin.token });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], XLSX);
    assert.match(String(res.headers['content-disposition']), /attachment; filename="customers-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const rows = await sheetOf(res.raw);
    assert.deepEqual(rows[0]!.slice(0, 5), ['id', 'name', 'email', 'phone', 'pipeline']);
    assert.deepEqual(
      rows.slice(1).map((r) => r[0]),
      [one.id, two.id],
    );
    assert.equal(rows[1]![4], 'Lead');
    assert.equal(rows[1]![rows[0]!.indexOf('city')], 'Austin');
    const chosen = await sheetOf((await call(t, 'GET', `/api/v1/Customers/export?ids=${two.id}&ids=${gone.id}`, { token: admin.token })).raw);
    assert.deepEqual(
      chosen.slice(1).map((r) => r[1]),
      ['Export Two', 'Gone'],
      'ids pick customers of any status',
    );
  });

  it('sample=true gives a template with a header row and one example', async () => {
    const admin = await signIn(t);
    await createCustomer(t, admin);
    const rows = await sheetOf((await call(t, 'GET', '/api/v1/Customers/export?sample=true', { token: admin.token })).raw);
    assert.equal(rows.length, 2);
    assert.ok(!rows[0]!.includes('id'));
    assert.equal(rows[1]![0], 'Acme Freight LLC');
  });

  it('CustomExport writes the id and the chosen fields, ids comma-separated', async () => {
    const admin = await signIn(t);
    const a = await createCustomer(t, admin, { name: 'Custom A', email: 'a@custom.example' });
    const b = await createCustomer(t, admin, { name: 'Custom B' });
    const res = await call(t, 'GET', `/api/v1/Customers/CustomExport?fields=name,Email,postal%20code&ids=${b.id},${a.id}`, { token: admin.token });
    assert.equal(res.status, 200);
    const rows = await sheetOf(res.raw);
    assert.deepEqual(rows[0], ['id', 'name', 'email', 'postalCode']);
    assert.deepEqual(
      rows.slice(1).map((r) => r.slice(0, 3)),
      [
        [a.id, 'Custom A', 'a@custom.example'],
        [b.id, 'Custom B', b.email],
      ],
    );
    expectProblem(await call(t, 'GET', '/api/v1/Customers/CustomExport?fields=name,password', { token: admin.token }), 'fields');
    expectProblem(await call(t, 'GET', '/api/v1/Customers/CustomExport?ids=1,x', { token: admin.token }), 'ids');
    expectProblem(await call(t, 'GET', '/api/v1/Customers/export?ids=abc', { token: admin.token }), 'ids[0]');
  });

  it("needs Export/Import and never exports another company's customers", async () => {
    const admin = await signIn(t);
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    expectForbidden(await call(t, 'GET', '/api/v1/Customers/export', { token: dispatcher.token }), 'Export/Import');
    expectForbidden(await call(t, 'GET', '/api/v1/Customers/CustomExport', { token: dispatcher.token }), 'Export/Import');
    const other = await signIn(t);
    const theirs = await createCustomer(t, other);
    const rows = await sheetOf((await call(t, 'GET', `/api/v1/Customers/export?ids=${theirs.id}`, { token: admin.token })).raw);
    assert.equal(rows.length, 1, 'only the header');
    const custom = await sheetOf((await call(t, 'GET', `/api/v1/Customers/CustomExport?ids=${theirs.id}`, { token: admin.token })).raw);
    assert.equal(custom.length, 1);
  });
});

describe('POST /Customers/import', () => {
  it('round-trips an exported file: no duplicates, nothing changed', async () => {
    const admin = await signIn(t);
    await createCustomer(t, admin, {
      name: 'Round Trip One',
      notes: 'Gate 3',
      isEntrepreneur: true,
      addresses: [{ street: '1 Loop Rd', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US', latitude: 30.2, longitude: -97.7 }],
    });
    await createCustomer(t, admin, { name: 'Round Trip Two', pipeline: 0 });
    const before = (await call(t, 'GET', '/api/v1/Customers', { token: admin.token })).body.data.list;
    const file = (await call(t, 'GET', '/api/v1/Customers/export', { token: admin.token })).raw;
    const res = await upload(admin, 'customers.xlsx', XLSX, file);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.data, { created: 0, updated: 2 });
    const after = (await call(t, 'GET', '/api/v1/Customers', { token: admin.token })).body.data.list;
    const strip = (list: any[]) => list.map((c) => ({ ...c, updatedAt: null, addresses: c.addresses.map((a: any) => ({ ...a, updatedAt: null })) }));
    assert.deepEqual(strip(after), strip(before));
    assert.equal(await countRows(t, 'customers', admin.companyId), 2);
  });

  it('creates from a template-style .xlsx and updates only the columns the file has', async () => {
    const admin = await signIn(t);
    const existing = await createCustomer(t, admin, { name: 'Keep My Email', email: 'keep@me.example', pipeline: 2 });
    const file = await xlsxOf([
      ['ID', 'Name', 'Phone', 'City', 'Country', 'Street'],
      [existing.id, 'Renamed By Import', '512-555-0100', 'Waco', 'US', '9 New St'],
      [null, 'Brand New Co', null, 'Toronto', 'ca', '1 Bay St'],
    ]);
    const res = await upload(admin, 'mixed.xlsx', 'application/octet-stream', file);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.data, { created: 1, updated: 1 });
    const updated = (await call(t, 'GET', `/api/v1/Customers/${existing.id}`, { token: admin.token })).body.data;
    assert.equal(updated.name, 'Renamed By Import');
    assert.equal(updated.email, 'keep@me.example', 'no email column: kept');
    assert.equal(updated.pipeline, 2, 'no pipeline column: kept');
    assert.deepEqual(
      [updated.addresses.length, updated.addresses[0].city, updated.addresses[0].street],
      [1, 'Waco', '9 New St'],
      'the main address was updated, not added',
    );
    const created = (await call(t, 'GET', '/api/v1/Customers?SearchTerm=brand%20new', { token: admin.token })).body.data.list[0];
    assert.equal(created.addresses[0].country, 'CA');
  });

  it('reads CSV (text/csv, and CSV sent as application/vnd.ms-excel)', async () => {
    const admin = await signIn(t);
    const csv = Buffer.from('\ufeffname,email,pipeline,isEntrepreneur\n"Comma, Inc",a@comma.example,Prospect,yes\nPlain Co,,1,no\n');
    const res = await upload(admin, 'c.csv', 'text/csv', csv);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.data, { created: 2, updated: 0 });
    const comma = (await call(t, 'GET', '/api/v1/Customers?SearchTerm=comma', { token: admin.token })).body.data.list[0];
    assert.deepEqual([comma.name, comma.pipeline, comma.isEntrepreneur], ['Comma, Inc', 0, true]);
    const windows = await upload(admin, 'w.csv', 'application/vnd.ms-excel', Buffer.from('name\nWindows Co\n'));
    assert.deepEqual(windows.body.data, { created: 1, updated: 0 });
  });

  it('places addresses sent without coordinates, naming each row, at most 50 notices and one line for the rest', async () => {
    const admin = await signIn(t);
    const lines = Array.from({ length: 55 }, (_, i) => `Placed ${i},${100 + i} Main St,Austin,TX,78701,US`);
    const res = await upload(admin, 'p.csv', 'text/csv', Buffer.from(`name,street,city,state,postalCode,country\n${lines.join('\n')}\n`));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.data, { created: 55, updated: 0 });
    const messages = res.body.otherMessages.map((m: { message: string }) => m.message);
    assert.equal(messages.length, 51);
    assert.equal(messages[0], 'Row 2: Placed at the centre of postal code 78701: no coordinates were given.');
    assert.equal(messages[50], 'And 5 more notices like these.');
  });

  it('checks every row first: any problem and nothing is written, each row and why', async () => {
    const admin = await signIn(t);
    const other = await signIn(t);
    const theirs = await createCustomer(t, other);
    const file = await xlsxOf([
      ['id', 'name', 'email', 'pipeline', 'country', 'street', 'city'],
      [null, 'Good Row', 'good@row.example', 'Customer', 'US', '1 A St', 'Austin'],
      [null, null, 'bad-email', 'Whale', null, null, null],
      [theirs.id, 'Not Mine', null, null, null, null, null],
      [null, 'Bad Country', null, null, 'XX', '2 B St', 'Austin'],
    ]);
    const res = await upload(admin, 'bad.xlsx', XLSX, file);
    expectFailure(res, 'customers.import_invalid');
    const messages = res.body.errors.slice(1).map((e: any) => e.message);
    for (const expected of ['Row 3 (name)', 'Row 3 (email)', 'Row 3 (pipeline)', `Row 4 (id): there is no customer ${theirs.id}`, 'Row 5 (country)']) {
      assert.ok(
        messages.some((m: string) => m.startsWith(expected)),
        `${expected} in ${messages.join(' | ')}`,
      );
    }
    assert.ok(res.body.errors.slice(1).every((e: any) => e.code === 'customers.import_invalid_row'));
    assert.equal(await countRows(t, 'customers', admin.companyId), 0, 'the good row was not written either');
    assert.equal((await call(t, 'GET', `/api/v1/Customers/${theirs.id}`, { token: other.token })).body.data.name, theirs.name);
  });

  it('refuses unsupported types, unreadable files and requests without a file', async () => {
    const admin = await signIn(t);
    expectFailure(await upload(admin, 'c.json', 'application/json', Buffer.from('[]')), 'customers.unsupported_file_type');
    expectFailure(await upload(admin, 'x.xlsx', XLSX, Buffer.from('not a zip')), 'customers.unreadable_file');
    expectFailure(await upload(admin, 'e.csv', 'text/csv', Buffer.from('email\na@b.example\n')), 'customers.import_no_name_column');
    expectProblem(await call(t, 'POST', '/api/v1/Customers/import', { token: admin.token, body: { name: 'x' } }), 'file');
    assert.equal(await countRows(t, 'customers', admin.companyId), 0);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const admin = await signIn(t);
    const res = await upload(admin, 'big.csv', 'text/csv', Buffer.alloc(10 * 1024 * 1024 + 10, 'a'));
    assert.equal(res.status, 413);
  });

  it('needs Export/Import', async () => {
    const dispatcher = await signIn(t, 'Dispatcher');
    expectForbidden(await upload(dispatcher, 'c.csv', 'text/csv', Buffer.from('name\nX\n')), 'Export/Import');
    assert.equal(await countRows(t, 'customers', dispatcher.companyId), 0);
  });
});
