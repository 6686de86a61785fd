// Attachments and images, what is refused: bad input (400, or 413 for a file over the limit) with
// nothing stored; a user without the permission of the record's kind (403 naming it); another
// company's attachment or record answered as a missing one (404), its file never served.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { pdfOf, picture, type UploadFile, upload, uploadImage } from '../helpers/attachments.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import {
  createDriver,
  createInvoice,
  createPayment,
  createQuote,
  createRoute,
  createStatusCheck,
  createTruck,
  type Session,
  signIn,
} from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp({ env: { UPLOAD_MAX_MB: '1' } });
});
after(() => t.close());

const get = (session: Session, url: string) => call(t, 'GET', `/api/v1${url}`, { token: session.token });

/** Attachments, stored files and audit rows of the company: nothing of a refused request. */
async function written(companyId: number): Promise<number[]> {
  const count = async (table: string) =>
    (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where company_id = ${companyId}`.execute(t.database.db)).rows[0]!.n;
  const audits = (
    await sql<{ n: number }>`select count(*)::int as n from audit_log where company_id = ${companyId} and action like 'attachment.%'`.execute(t.database.db)
  ).rows[0]!.n;
  return [await count('attachments'), await count('stored_files'), audits];
}

const jpeg = async (): Promise<UploadFile> => ({ name: 'photo.jpg', type: 'image/jpeg', content: await picture(400, 300) });

describe('attachments: bad input', () => {
  it('refuses unknown and unsupported entity types, page fields out of range, a missing file and a file without a name', async () => {
    const admin = await signIn(t);
    const order = await createQuote(t, admin);
    const file = await jpeg();
    expectProblem(await upload(t, admin, 'Spaceship', order.id, file), 'entityType');
    expectProblem(await upload(t, admin, 34, order.id, file), 'entityType');
    const unsupported = await upload(t, admin, 'DrivingLog', order.id, file);
    expectFailure(unsupported, 'attachments.entity_type_unsupported');
    assert.match(unsupported.body.errors[0].message, /DrivingLog \(entity type 21\)/);
    expectProblem(await upload(t, admin, 2, order.id, file, { pageType: 'Front' }), 'pageType');
    expectProblem(await upload(t, admin, 2, order.id, file, { pageNumber: '0' }), 'pageNumber');
    expectProblem(await upload(t, admin, 2, order.id, file, { pageNumber: 'two' }), 'pageNumber');
    expectProblem(await upload(t, admin, 2, order.id, file, { pageLabel: 'x'.repeat(101) }), 'pageLabel');
    expectProblem(await upload(t, admin, 2, order.id, null, { pageType: 'MainPage' }), 'file');
    // A name with nothing left once its folders are taken off.
    expectProblem(await upload(t, admin, 2, order.id, { ...file, name: '../' }), 'file');
    expectProblem(await uploadImage(t, admin, { ...file, name: 'scans/..' }), 'file');
    assert.deepEqual(await written(admin.companyId), [0, 0, 0]);
    // A path-like name keeps its last part, as in the documents library.
    for (const [name, kept] of [
      ['../../etc/passwd', 'passwd'],
      ['C:\\scans\\pod.jpg', 'pod.jpg'],
    ]) {
      const res = await upload(t, admin, 2, order.id, { ...file, name: name! });
      assert.equal(res.body.data.fileName, kept);
      assert.match(
        String((await call(t, 'GET', `/api/v1/Attachments/${res.body.data.id}`, { token: admin.token })).headers['content-disposition']),
        new RegExp(`filename="${kept}"`),
      );
    }
  });

  it('refuses programs, empty, corrupt and oversize files, and anything but a picture as an image; nothing is stored', async () => {
    const admin = await signIn(t);
    const order = await createQuote(t, admin);
    const program = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]);
    const refusedBy = async (file: UploadFile, code: string) => {
      const res = await upload(t, admin, 2, order.id, file);
      expectFailure(res, code);
      return res;
    };
    await refusedBy({ name: 'invoice.pdf', type: 'application/pdf', content: program }, 'attachments.file_refused');
    await refusedBy({ name: 'run.bat', type: 'text/plain', content: Buffer.from('echo hi') }, 'attachments.file_refused');
    await refusedBy({ name: 'broken.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.7\n1 0 obj garbage without end') }, 'attachments.file_refused');
    const png = await picture(300, 300, 'png');
    // A PNG whose pixel data is cut short: its header says PNG, the picture cannot be decoded.
    await refusedBy({ name: 'cut.png', type: 'image/png', content: png.subarray(0, 120) }, 'attachments.file_refused');
    const empty = await upload(t, admin, 2, order.id, { name: 'empty.jpg', type: 'image/jpeg', content: Buffer.alloc(0) });
    assert.equal(empty.status, 400);
    const big = await upload(t, admin, 2, order.id, { name: 'big.bin', type: 'application/octet-stream', content: Buffer.alloc(1024 * 1024 + 1, 7) });
    assert.equal(big.status, 413);
    assert.equal(big.body.errors[0].code, 'meta.payload_too_large');
    expectFailure(await uploadImage(t, admin, { name: 'scan.jpg', type: 'image/jpeg', content: await pdfOf(1) }), 'attachments.not_an_image');
    assert.deepEqual(await written(admin.companyId), [0, 0, 0]);
  });
});

describe('attachments: permissions', () => {
  it("asks for the permission of the record's kind to attach, read and delete (403 naming it)", async () => {
    const admin = await signIn(t);
    const order = await createQuote(t, admin);
    const invoice = await createInvoice(t, admin);
    const driver = await createDriver(t, admin);
    const check = await createStatusCheck(t, admin, { driverId: driver.id, truckId: (await createTruck(t, admin)).id });
    const file = await jpeg();
    const onOrder = (await upload(t, admin, 2, order.id, file)).body.data;
    const onInvoice = (await upload(t, admin, 14, invoice.id, file)).body.data;
    // A Viewer reads orders (View Order Sheet) but does not edit them, nor see invoices.
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    const before = await written(admin.companyId);
    expectForbidden(await upload(t, viewer, 2, order.id, file), 'Edit Orders');
    expectForbidden(await upload(t, viewer, 'Driver', driver.id, file), 'Create/Edit Drivers');
    expectForbidden(await call(t, 'DELETE', `/api/v1/Attachments/${onOrder.id}`, { token: viewer.token }), 'Edit Orders');
    expectForbidden(await get(viewer, `/Attachments/${onInvoice.id}`), 'View Invoices and Payments');
    expectForbidden(await get(viewer, `/Attachments/View/${onInvoice.id}`), 'View Invoices and Payments');
    expectForbidden(await get(viewer, `/Attachments/Invoice/${invoice.id}`), 'View Invoices and Payments');
    assert.equal((await get(viewer, `/Attachments/${onOrder.id}`)).status, 200);
    assert.equal((await get(viewer, `/Attachments/Order/${order.id}`)).status, 200);
    // An Accountant sees invoices but not the order sheet; status checks are the Company Admin's.
    const accountant = await signIn(t, 'Accountant', admin.companyId);
    expectForbidden(await get(accountant, `/Attachments/Order/${order.id}`), 'View Order Sheet');
    expectForbidden(await get(accountant, `/Attachments/View/${onOrder.id}`), 'View Order Sheet');
    assert.equal((await get(accountant, `/Attachments/Invoice/${invoice.id}`)).body.data.length, 1);
    expectForbidden(await upload(t, accountant, 'DriverStatusCheck', check, file), 'Company Admin');
    // The kind's access is asked before the record is looked at (the id gate's chosen kind): a user
    // without it learns nothing of which records exist.
    expectForbidden(await upload(t, accountant, 'DriverStatusCheck', 2147480000, file), 'Company Admin');
    assert.deepEqual(await written(admin.companyId), before);
  });
});

describe('attachments: another company', () => {
  it("answers another company's attachment and record exactly as missing ones, and never serves its file", async () => {
    const admin = await signIn(t);
    const stranger = await signIn(t);
    const order = await createQuote(t, stranger);
    const secret = await picture(900, 900);
    const theirs = (await upload(t, stranger, 2, order.id, { name: 'secret.jpg', type: 'image/jpeg', content: secret })).body.data;
    const driver = await createDriver(t, stranger);
    const invoice = await createInvoice(t, stranger);
    const missing = 2147480000;
    for (const url of ['/Attachments/', '/Attachments/View/']) {
      const res = await get(admin, `${url}${theirs.id}`);
      expectNotFound(res);
      assert.equal(res.body.errors[0].message, `Attachment ${theirs.id} was not found.`);
      assert.ok(!res.raw.includes(secret.subarray(100, 200)));
    }
    expectNotFound(await call(t, 'DELETE', `/api/v1/Attachments/${theirs.id}`, { token: admin.token }));
    for (const [url, id, what] of [
      ['/Attachments/Order/', order.id, 'Order'],
      ['/Attachments/Driver/', driver.id, 'Driver'],
      ['/Attachments/Invoice/', invoice.id, 'Invoice'],
    ] as const) {
      const res = await get(admin, `${url}${id}`);
      expectNotFound(res);
      assert.equal(res.body.errors[0].message, `${what} ${id} was not found.`);
      expectNotFound(await get(admin, `${url}${missing}`));
    }
    const file = await jpeg();
    const foreign = await upload(t, admin, 2, order.id, file);
    expectNotFound(foreign);
    assert.equal(foreign.body.errors[0].message, `Order ${order.id} was not found.`);
    const stop = await upload(t, admin, 'OrderStop', order.stops[0].id, file);
    assert.equal(stop.body.errors[0].message, `Order stop ${order.stops[0].id} was not found.`);
    // A stop that is no transfer stop is no RouteTransfer, even of the company's own order.
    const own = await createQuote(t, admin);
    expectNotFound(await upload(t, admin, 'RouteTransfer', own.stops[0].id, file));
    assert.deepEqual(await written(admin.companyId), [0, 0, 0]);
    // The stranger's attachment is untouched.
    assert.ok((await get(stranger, `/Attachments/${theirs.id}`)).raw.equals(secret));
  });
});

describe('attachments: records deleted for good', () => {
  it("go with their record — an order's (its items' and stops' too), a payment's, a driver's, a route's — and let their files go", async () => {
    const admin = await signIn(t);
    const order = await createQuote(t, admin);
    const other = await createQuote(t, admin);
    const payment = await createPayment(t, admin);
    const driver = await createDriver(t, admin);
    const route = await createRoute(t, admin);
    const file = await jpeg();
    const attach = async (type: string, id: number, content: Buffer) => {
      const res = await upload(t, admin, type, id, { ...file, content });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    };
    // Different bytes each, so each is a stored file of its own.
    const bytes = async (n: number) => picture(200 + n, 100);
    await attach('Order', order.id, await bytes(1));
    await attach('OrderStop', order.stops[0].id, await bytes(2));
    await attach('OrderItem', order.stops[0].items[0].id, await bytes(3));
    await attach('Order', other.id, await bytes(4));
    await attach('Payment', payment.id, await bytes(5));
    await attach('Driver', driver.id, await bytes(6));
    await attach('Route', route.id, await bytes(7));
    const [attachments, storedFiles] = await written(admin.companyId);
    assert.deepEqual([attachments, storedFiles], [7, 7]);
    const keys = (await t.database.db.selectFrom('stored_files').select('key').where('company_id', '=', admin.companyId).execute()).map((r) => r.key);
    const inStore = async () => (await Promise.all(keys.map((k) => t.store.has(admin.companyId, k)))).filter(Boolean).length;
    assert.equal(await inStore(), 7);

    const purge = async (url: string) => {
      const res = await call(t, 'DELETE', `/api/v1${url}`, { token: admin.token });
      assert.equal(res.status, 200, `${url}: ${JSON.stringify(res.body)}`);
    };
    await purge(`/Orders/${order.id}/Permanent`);
    assert.deepEqual((await written(admin.companyId)).slice(0, 2), [4, 4]);
    await purge(`/Accounting/Payment/Permanent/${payment.id}`);
    await purge(`/Drivers/Permanent/${driver.id}`);
    await purge(`/Routes/${route.id}`);
    assert.deepEqual((await written(admin.companyId)).slice(0, 2), [1, 1]);
    // Their bytes left the file store after each purge's commit (the subscription's freed files).
    assert.equal(await inStore(), 1);
    // The other order's attachment stays.
    assert.equal((await get(admin, `/Attachments/Order/${other.id}`)).body.data.length, 1);
  });
});
