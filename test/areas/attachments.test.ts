// Attachments and images: uploads to orders, their stops and items, invoices and drivers; the file
// served back as it came, with safe headers; previews really smaller (pictures) or one page (PDFs);
// the lists of an order, an invoice and a driver; deleting lets the stored file go; POST /Images/upload
// answers a URL the company can fetch.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { dimensionsOf, pdfOf, picture, upload, uploadImage } from '../helpers/attachments.js';
import { auditCount, companyEventTypes, createDriver, createInvoice, createQuote, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp({ env: { UPLOAD_MAX_MB: '1' } });
});
after(() => t.close());

const get = (session: Session, url: string) => call(t, 'GET', `/api/v1${url}`, { token: session.token });

async function storedFiles(companyId: number): Promise<Array<{ key: string; refs: number }>> {
  const { rows } = await sql<{ key: string; refs: number }>`select key, refs from stored_files where company_id = ${companyId} order by key`.execute(
    t.database.db,
  );
  return rows;
}

describe('attachments', () => {
  it('attaches a photo to an order with its page, serves it back as it came, and previews it fitted in 800 × 800', async () => {
    const admin = await signIn(t);
    const order = await createQuote(t, admin);
    const photo = await picture(2000, 1000);
    const res = await upload(
      t,
      admin,
      2,
      order.id,
      { name: 'pod.jpg', type: 'application/octet-stream', content: photo },
      {
        pageType: 'SignaturePage',
        pageNumber: '2',
        pageLabel: 'Signed POD',
      },
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const a = res.body.data;
    assert.deepEqual(
      { ...a, id: 0, createdAt: 0 },
      {
        id: 0,
        entityType: 2,
        entityId: order.id,
        orderId: order.id,
        fileName: 'pod.jpg',
        // From the content, not the declared octet-stream.
        contentType: 'image/jpeg',
        size: photo.length,
        pageType: 'SignaturePage',
        pageNumber: 2,
        pageLabel: 'Signed POD',
        hasPreview: true,
        createdAt: 0,
        createdBy: admin.userId,
        url: `http://fds.test/api/v1/Attachments/${a.id}`,
      },
    );
    assert.equal(await auditCount(t, admin.companyId, 'attachment.create'), 1);
    assert.ok((await companyEventTypes(t, admin.companyId)).includes('attachment.added'));

    const file = await get(admin, `/Attachments/${a.id}`);
    assert.equal(file.status, 200);
    assert.ok(file.raw.equals(photo), 'the bytes as uploaded');
    assert.equal(file.headers['content-type'], 'image/jpeg');
    assert.equal(file.headers['x-content-type-options'], 'nosniff');
    assert.match(String(file.headers['content-disposition']), /^attachment; filename="pod\.jpg"/);

    const view = await get(admin, `/Attachments/View/${a.id}`);
    assert.equal(view.status, 200);
    assert.equal(view.headers['content-type'], 'image/jpeg');
    assert.deepEqual(await dimensionsOf(view.raw), { width: 800, height: 400, format: 'jpeg' });
    assert.ok(view.raw.length < photo.length);
    // The file and its preview, one reference each.
    assert.deepEqual(
      (await storedFiles(admin.companyId)).map((f) => f.refs),
      [1, 1],
    );
  });

  it("lists an order's attachments with its stops' and items', the order's own first; names are accepted for entity types", async () => {
    const admin = await signIn(t);
    const order = await createQuote(t, admin);
    const other = await createQuote(t, admin);
    const stop = order.stops[1];
    const item = order.stops[0].items[0];
    const png = await picture(300, 200, 'png');
    const onStop = await upload(t, admin, 'orderstop', stop.id, { name: 'dock.png', type: 'image/png', content: png }, { pageType: 'Other' });
    assert.equal(onStop.status, 200, JSON.stringify(onStop.body));
    const onItem = await upload(t, admin, 3, item.id, { name: 'pallet.png', type: 'image/png', content: png });
    const second = await upload(t, admin, 'Quotes', order.id, { name: 'back.png', type: 'image/png', content: png }, { pageNumber: '2' });
    const first = await upload(t, admin, 'Order', order.id, { name: 'front.png', type: 'image/png', content: png }, { pageNumber: '1' });
    await upload(t, admin, 2, other.id, { name: 'other.png', type: 'image/png', content: png });
    assert.deepEqual(
      [onStop, onItem, second, first].map((r) => [r.status, r.body.data.entityType, r.body.data.orderId]),
      [
        [200, 4, order.id],
        [200, 3, order.id],
        [200, 8, order.id],
        [200, 2, order.id],
      ],
    );
    const list = await get(admin, `/Attachments/Order/${order.id}`);
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.body.data.map((x: any) => x.fileName),
      ['front.png', 'back.png', 'dock.png', 'pallet.png'],
    );
    // The same content is one stored file, named four times (five with the other order).
    assert.deepEqual(
      (await storedFiles(admin.companyId)).map((f) => f.refs),
      [5],
    );
    // A small picture is its own preview.
    const view = await get(admin, `/Attachments/View/${first.body.data.id}`);
    assert.ok(view.raw.equals(png));
  });

  it("previews a PDF by its first page alone and lists an invoice's attachments", async () => {
    const admin = await signIn(t);
    const invoice = await createInvoice(t, admin);
    const scan = await pdfOf(3);
    const res = await upload(t, admin, 'Invoice', invoice.id, { name: 'signed invoice.pdf', type: 'application/pdf', content: scan });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const view = await get(admin, `/Attachments/View/${res.body.data.id}`);
    assert.equal(view.headers['content-type'], 'application/pdf');
    const preview = await PDFDocument.load(view.raw);
    assert.equal(preview.getPageCount(), 1);
    assert.equal((await PDFDocument.load(scan)).getPageCount(), 3);
    const list = await get(admin, `/Attachments/Invoice/${invoice.id}`);
    assert.deepEqual(
      list.body.data.map((x: any) => [x.id, x.fileName, x.contentType]),
      [[res.body.data.id, 'signed invoice.pdf', 'application/pdf']],
    );
    // A one-page PDF is its own preview; a text file has none.
    const one = await pdfOf(1);
    const single = await upload(t, admin, 14, invoice.id, { name: 'one.pdf', type: 'application/pdf', content: one });
    const own = await get(admin, `/Attachments/View/${single.body.data.id}`);
    assert.ok(own.raw.equals(one));
    assert.equal(own.headers['content-length'], String(one.length), 'streamed from the store, its length announced');
    const note = await upload(t, admin, 14, invoice.id, { name: 'note.txt', type: 'text/plain', content: Buffer.from('Paid by check 1042.') });
    assert.equal(note.body.data.hasPreview, false);
    const none = await get(admin, `/Attachments/View/${note.body.data.id}`);
    assert.equal(none.status, 400);
    assert.equal(none.body.errors[0].code, 'attachments.no_preview');
  });

  it("lists a driver's attachments in page order", async () => {
    const admin = await signIn(t);
    const driver = await createDriver(t, admin);
    const png = await picture(120, 80, 'png');
    await upload(t, admin, 11, driver.id, { name: 'license-back.png', type: 'image/png', content: png }, { pageType: 'BackPage', pageNumber: '2' });
    await upload(t, admin, 'Driver', driver.id, { name: 'license-front.png', type: 'image/png', content: png }, { pageType: 'mainpage', pageNumber: '1' });
    const list = await get(admin, `/Attachments/Driver/${driver.id}`);
    assert.deepEqual(
      list.body.data.map((x: any) => [x.fileName, x.pageType]),
      [
        ['license-front.png', 'MainPage'],
        ['license-back.png', 'BackPage'],
      ],
    );
  });

  it('deletes an attachment and its preview, letting their stored files go once nothing names them', async () => {
    const admin = await signIn(t);
    const order = await createQuote(t, admin);
    const photo = await picture(1200, 900);
    const a = (await upload(t, admin, 2, order.id, { name: 'a.jpg', type: 'image/jpeg', content: photo })).body.data;
    const b = (await upload(t, admin, 2, order.id, { name: 'b.jpg', type: 'image/jpeg', content: photo })).body.data;
    assert.deepEqual((await storedFiles(admin.companyId)).map((f) => f.refs).sort(), [2, 2]);
    const del = await call(t, 'DELETE', `/api/v1/Attachments/${a.id}`, { token: admin.token });
    assert.equal(del.status, 200, JSON.stringify(del.body));
    assert.equal((await get(admin, `/Attachments/${a.id}`)).status, 404);
    assert.ok((await get(admin, `/Attachments/${b.id}`)).raw.equals(photo), 'the other attachment keeps the same content');
    await call(t, 'DELETE', `/api/v1/Attachments/${b.id}`, { token: admin.token });
    assert.deepEqual(await storedFiles(admin.companyId), []);
    const key = (await import('node:crypto')).createHash('sha256').update(photo).digest('hex');
    // The bytes go after the commit.
    for (let i = 0; i < 20 && (await t.store.has(admin.companyId, key)); i++) await new Promise((r) => setTimeout(r, 25));
    assert.equal(await t.store.has(admin.companyId, key), false);
    assert.equal(await auditCount(t, admin.companyId, 'attachment.delete'), 2);
    assert.ok((await companyEventTypes(t, admin.companyId)).includes('attachment.deleted'));
  });

  it('uploads an image of no record and answers a URL the company fetches it at', async () => {
    const admin = await signIn(t);
    const logo = await picture(640, 200, 'png');
    const res = await uploadImage(t, admin, { name: 'logo.png', type: 'image/png', content: logo });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const url = new URL(res.body.data as string);
    assert.match(url.pathname, /^\/api\/v1\/Attachments\/\d+$/);
    const fetched = await call(t, 'GET', url.pathname, { token: admin.token });
    assert.ok(fetched.raw.equals(logo));
    assert.equal(fetched.headers['content-type'], 'image/png');
    // Any signed-in user of the company may read it.
    const viewer = await signIn(t, 'Viewer', admin.companyId);
    assert.equal((await call(t, 'GET', url.pathname, { token: viewer.token })).status, 200);
    assert.equal(await auditCount(t, admin.companyId, 'attachment.create'), 1);
  });
});
