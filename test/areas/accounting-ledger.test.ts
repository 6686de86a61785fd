import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure, expectForbidden, expectNotFound, expectProblem } from '../helpers/expect.js';
import {
  auditCount,
  companyEventTypes,
  createApprovedInvoice,
  createCustomer,
  createInvoice,
  createPayment,
  type Session,
  signIn,
} from '../helpers/factories.js';

let t: TestApp;
const dataDir = mkdtempSync(join(tmpdir(), 'fds-ledger-'));
before(async () => {
  // A data directory on disk: the 'file' adapter writes the batches there.
  t = await startTestApp({ env: { DATA_DIR: dataDir } });
});
after(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const api = (session: Session, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: session.token, ...(body !== undefined ? { body } : {}) });
const text = (file: { content: string }) => Buffer.from(file.content, 'base64').toString('utf8');
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

describe('POST /Accounting/export and GET /Accounting/{id}/export', () => {
  it('writes IIF QuickBooks imports (lines and tax balancing each invoice) and CSV; keeps the files; the invoice reads Open', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin, { name: 'Acme\tFreight "North"' });
    const invoice = await createApprovedInvoice(t, admin, {
      customerId: customer.id,
      taxRate: 8.25,
      lines: [
        { description: 'Linehaul', quantity: 3, rate: 33.335, isTaxable: true },
        { description: '=HYPERLINK("x")', amount: 250 },
      ],
    });
    const res = await api(admin, 'POST', '/Accounting/export', [invoice.id]);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const file = res.body.data;
    assert.deepEqual([file.kind, file.format, file.contentType, file.invoiceIds], ['Export', 'IIF', 'application/x-iif', [invoice.id]]);
    const rows = text(file)
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split('\t'));
    assert.deepEqual(
      rows.map((r) => r[0]),
      ['!TRNS', '!SPL', '!ENDTRNS', 'TRNS', 'SPL', 'SPL', 'SPL', 'ENDTRNS'],
    );
    const date = usDate(invoice.invoiceDate);
    assert.deepEqual(rows[3], [
      'TRNS',
      '',
      'INVOICE',
      date,
      'Accounts Receivable',
      "Acme Freight 'North'",
      '358.26',
      invoice.invoiceNumber,
      '',
      usDate(invoice.dueDate),
    ]);
    assert.deepEqual(rows[4]!.slice(4, 13), [
      'Freight Income',
      "Acme Freight 'North'",
      '-100.01',
      invoice.invoiceNumber,
      'Linehaul',
      '-3',
      '33.335',
      'Freight',
      'Y',
    ]);
    assert.deepEqual(rows[6]!.slice(4, 7), ['Sales Tax Payable', 'Sales tax', '-8.25']);
    // Each transaction balances: TRNS + SPLs = 0, to the cent.
    const cents = rows.slice(3, 7).reduce((n, r) => n + Math.round(Number(r[6]) * 100), 0);
    assert.equal(cents, 0);
    const read = (await api(admin, 'GET', `/Accounting/invoice/${invoice.id}`)).body.data;
    assert.deepEqual([read.transactionStatus, read.extSyncState], ['Open', 'NotSynced']);
    const csv = await api(admin, 'POST', '/Accounting/export?format=CSV', [invoice.id]);
    const records = parse(text(csv.body.data), { columns: true }) as Array<Record<string, string>>;
    assert.deepEqual(
      records.map((r) => [r.invoiceNumber, r.description, r.amount, r.invoiceTotal]),
      [
        [invoice.invoiceNumber, 'Linehaul', '100.01', '358.26'],
        [invoice.invoiceNumber, `'=HYPERLINK("x")`, '250.00', '358.26'],
      ],
    );
    const files = (await api(admin, 'GET', `/Accounting/${invoice.id}/export`)).body.data;
    assert.deepEqual(
      files.map((f: any) => f.format),
      ['CSV', 'IIF'],
    );
    assert.equal(text(files[1]), text(file));
    assert.equal(await auditCount(t, admin.companyId, 'ledger.exported'), 2);
    assert.ok((await companyEventTypes(t, admin.companyId)).includes('ledger.batch'));
  });

  it('refuses a Draft, a deleted invoice, a list with one twice, another company’s invoice; needs Download data', async () => {
    const admin = await signIn(t);
    const draft = await createInvoice(t, admin);
    const ok = await createApprovedInvoice(t, admin);
    expectFailure(await api(admin, 'POST', '/Accounting/export', [ok.id, draft.id]), 'accounting.invoice_not_approved');
    expectProblem(await api(admin, 'POST', '/Accounting/export', [ok.id, ok.id]), '$');
    expectProblem(await api(admin, 'POST', '/Accounting/export', []), '$');
    expectProblem(await api(admin, 'POST', '/Accounting/export?format=PDF', [ok.id]), 'format');
    const other = await signIn(t);
    expectNotFound(await api(other, 'POST', '/Accounting/export', [ok.id]));
    expectNotFound(await api(other, 'GET', `/Accounting/${ok.id}/export`));
    assert.deepEqual((await api(admin, 'GET', `/Accounting/${ok.id}/export`)).body.data, []);
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    expectForbidden(await api(dispatcher, 'POST', '/Accounting/export', [ok.id]), 'Download data');
    expectForbidden(await api(dispatcher, 'GET', `/Accounting/${ok.id}/export`), 'Download data');
  });
});

describe('POST /Accounting/Invoices/SendExt and Payments/SendExt', () => {
  it('sends approved invoices with their payments through the file adapter; per-invoice results; skips what is in the ledger', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    const a = await createApprovedInvoice(t, admin, { customerId: customer.id });
    const b = await createApprovedInvoice(t, admin, { customerId: customer.id });
    const draft = await createInvoice(t, admin, { customerId: customer.id });
    const payment = await createPayment(t, admin, { customerId: customer.id, amount: 400, invoices: [{ invoiceId: a.id }, { invoiceId: b.id }] });
    const res = await api(admin, 'POST', '/Accounting/Invoices/SendExt', [a.id, draft.id, b.id]);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const r = res.body.data;
    assert.deepEqual([r.adapter, r.status], ['file', 'Partial']);
    assert.deepEqual(
      r.invoices.map((i: any) => [i.invoiceId, i.outcome, i.extSyncState, i.extRef]),
      [
        [a.id, 'Sent', 'Synced', `fds-batch-${r.batchId}`],
        [draft.id, 'Failed', 'NotSynced', null],
        [b.id, 'Sent', 'Synced', `fds-batch-${r.batchId}`],
      ],
    );
    assert.deepEqual(
      r.payments.map((p: any) => [p.paymentId, p.outcome]),
      [[payment.id, 'Sent']],
    );
    const written = join(dataDir, 'ledger', String(admin.companyId), r.fileName);
    assert.ok(existsSync(written), written);
    const iif = readFileSync(written, 'utf8');
    assert.match(iif, /\tPAYMENT\t/);
    assert.deepEqual(readdirSync(join(dataDir, 'ledger', String(admin.companyId))), [r.fileName]);
    const again = (await api(admin, 'POST', '/Accounting/Invoices/SendExt', [a.id])).body.data;
    assert.deepEqual([again.status, again.invoices[0].outcome, again.payments], ['Failed', 'Skipped', []]);
    const paymentsAgain = (await api(admin, 'POST', '/Accounting/Payments/SendExt', [payment.id])).body.data;
    assert.deepEqual([paymentsAgain.status, paymentsAgain.payments[0].outcome], ['Failed', 'Skipped']);
    const lone = await createPayment(t, admin, { customerId: customer.id, amount: 12 });
    const sent = (await api(admin, 'POST', '/Accounting/Payments/SendExt', [lone.id])).body.data;
    assert.deepEqual([sent.status, sent.payments[0].outcome, sent.payments[0].extSyncState], ['Done', 'Sent', 'Synced']);
    const listed = (await api(admin, 'GET', `/Accounting/Payments?customerId=${customer.id}`)).body.data;
    assert.deepEqual(
      listed.map((p: any) => p.extSyncState),
      ['Synced', 'Synced'],
    );
  });

  it('refuses another company’s ids; needs Send to external ledger', async () => {
    const admin = await signIn(t);
    const invoice = await createApprovedInvoice(t, admin);
    const payment = await createPayment(t, admin, { amount: 5 });
    const other = await signIn(t);
    expectNotFound(await api(other, 'POST', '/Accounting/Invoices/SendExt', [invoice.id]));
    expectNotFound(await api(other, 'POST', '/Accounting/Payments/SendExt', [payment.id]));
    // Every missing one is named, the company's own not.
    const mine = await createApprovedInvoice(t, other);
    const two = await api(other, 'POST', '/Accounting/Invoices/SendExt', [invoice.id, mine.id, 2147480000]);
    expectNotFound(two);
    assert.equal(two.body.errors[0].message, `Invoices ${invoice.id}, 2147480000 were not found.`);
    const payments = await api(other, 'POST', '/Accounting/Payments/SendExt', [2147480000, payment.id]);
    assert.equal(payments.body.errors[0].message, `Payments 2147480000, ${payment.id} were not found.`);
    expectProblem(await api(admin, 'POST', '/Accounting/Payments/SendExt', [payment.id, payment.id]), '$');
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    expectForbidden(await api(dispatcher, 'POST', '/Accounting/Invoices/SendExt', [invoice.id]), 'Send to external ledger');
    expectForbidden(await api(dispatcher, 'POST', '/Accounting/Payments/SendExt', [payment.id]), 'Send to external ledger');
    assert.equal((await api(admin, 'GET', `/Accounting/invoice/${invoice.id}`)).body.data.extSyncState, 'NotSynced');
  });
});

describe('PUT /Accounting/invoice/{id}/ExtStatus/AddToExt and CancelExt', () => {
  it('marks a downloaded invoice added by hand, SendExt skips it, CancelExt takes the mark off', async () => {
    const admin = await signIn(t);
    const invoice = await createApprovedInvoice(t, admin);
    expectFailure(await api(admin, 'PUT', `/Accounting/invoice/${invoice.id}/ExtStatus/AddToExt`), 'accounting.not_downloaded');
    await api(admin, 'POST', '/Accounting/export', [invoice.id]);
    const added = await api(admin, 'PUT', `/Accounting/invoice/${invoice.id}/ExtStatus/AddToExt`);
    assert.deepEqual([added.status, added.body.data.extSyncState], [200, 'ManuallyAdded']);
    assert.equal((await api(admin, 'POST', '/Accounting/Invoices/SendExt', [invoice.id])).body.data.invoices[0].outcome, 'Skipped');
    const cancelled = await api(admin, 'PUT', `/Accounting/invoice/${invoice.id}/ExtStatus/CancelExt`);
    assert.deepEqual([cancelled.status, cancelled.body.data.extSyncState], [200, 'NotSynced']);
    assert.equal((await api(admin, 'PUT', `/Accounting/invoice/${invoice.id}/ExtStatus/CancelExt`)).body.data.extSyncState, 'NotSynced');
    assert.equal(await auditCount(t, admin.companyId, 'invoice.ext_added'), 1);
    const other = await signIn(t);
    expectNotFound(await api(other, 'PUT', `/Accounting/invoice/${invoice.id}/ExtStatus/AddToExt`));
    expectNotFound(await api(other, 'PUT', `/Accounting/invoice/${invoice.id}/ExtStatus/CancelExt`));
    const dispatcher = await signIn(t, 'Dispatcher', admin.companyId);
    expectForbidden(await api(dispatcher, 'PUT', `/Accounting/invoice/${invoice.id}/ExtStatus/AddToExt`), 'Send to external ledger');
  });
});
