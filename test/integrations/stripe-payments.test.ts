// The Stripe adapter against a local stub of Stripe's API (node:http on 127.0.0.1, port 0): saved
// payment methods attached to a Stripe customer, PaymentIntents confirmed off-session with the
// payment's key as Stripe's Idempotency-Key (the stub, as Stripe, makes one intent per key and
// replays it), declines, a lost answer settled by the reconciler through the intents' search.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { HOOKS } from '../../src/app.js';
import { startCardReconciler } from '../../src/areas/accounting/index.js';
import { minorUnits, stripeProcessor } from '../../src/integrations/payments/stripe.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { expectFailure } from '../helpers/expect.js';
import { createApprovedInvoice, type Session, signIn } from '../helpers/factories.js';

const KEY = 'sk_test_stub_0123456789';

interface Intent {
  id: string;
  status: string;
  amount: number;
  currency: string;
  customer: string | null;
  payment_method: string;
  metadata: Record<string, string>;
  last_payment_error?: { code: string; decline_code: string; message: string };
}

const methods: Record<
  string,
  { id: string; type: string; customer: string | null; card: { brand: string; last4: string; exp_month: number; exp_year: number } }
> = {
  pm_good: { id: 'pm_good', type: 'card', customer: null, card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 } },
  pm_bad: { id: 'pm_bad', type: 'card', customer: null, card: { brand: 'visa', last4: '0002', exp_month: 4, exp_year: 2031 } },
};
const intents = new Map<string, Intent>();
const byKey = new Map<string, { status: number; body: unknown }>();
const seen: Array<{ method: string; path: string; auth?: string; key?: string; version?: string }> = [];
/** Takes the next intent, then answers nothing (the connection is dropped): a lost answer. */
let dropNextAnswer = false;

function form(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
  const url = new URL(req.url!, 'http://stub');
  const key = req.headers['idempotency-key'] as string | undefined;
  seen.push({ method: req.method!, path: url.pathname, auth: req.headers.authorization, key, version: req.headers['stripe-version'] as string });
  if (req.headers.authorization !== `Bearer ${KEY}`) return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
  if (key && byKey.has(key)) {
    const kept = byKey.get(key)!;
    return send(res, kept.status, kept.body);
  }
  const keep = (status: number, body: unknown) => {
    if (key) byKey.set(key, { status, body });
    send(res, status, body);
  };
  let m = /^\/v1\/payment_methods\/([^/]+)$/.exec(url.pathname);
  if (m && req.method === 'GET') {
    const pm = methods[m[1]!];
    return pm
      ? send(res, 200, pm)
      : send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such PaymentMethod: '${m[1]}'` } });
  }
  m = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(url.pathname);
  if (m && req.method === 'POST') {
    methods[m[1]!]!.customer = form(raw).customer!;
    return keep(200, methods[m[1]!]);
  }
  if (url.pathname === '/v1/customers' && req.method === 'POST') return keep(200, { id: `cus_${byKey.size + 1}`, name: form(raw).name });
  if (url.pathname === '/v1/payment_intents' && req.method === 'POST') {
    const f = form(raw);
    const id = `pi_${intents.size + 1}`;
    const declined = f.payment_method === 'pm_bad';
    const intent: Intent = {
      id,
      status: declined ? 'requires_payment_method' : 'succeeded',
      amount: Number(f.amount),
      currency: f.currency!,
      customer: f.customer ?? null,
      payment_method: f.payment_method!,
      metadata: Object.fromEntries(Object.entries(f).flatMap(([k, v]) => (k.startsWith('metadata[') ? [[k.slice(9, -1), v]] : []))),
      ...(declined ? { last_payment_error: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } } : {}),
    };
    intents.set(id, intent);
    const status = declined ? 402 : 200;
    const body = declined
      ? { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.', payment_intent: intent } }
      : intent;
    if (key) byKey.set(key, { status, body });
    if (dropNextAnswer) {
      dropNextAnswer = false;
      req.socket.destroy();
      return;
    }
    return send(res, status, body);
  }
  if (url.pathname === '/v1/payment_intents/search' && req.method === 'GET') {
    const wanted = /metadata\['fds_key'\]:'([^']+)'/.exec(url.searchParams.get('query') ?? '')?.[1];
    return send(res, 200, { object: 'search_result', data: [...intents.values()].filter((i) => i.metadata.fds_key === wanted) });
  }
  send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname}).` } });
}

let stub: Server;
let base: string;
let t: TestApp;

before(async () => {
  stub = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => handle(req, res, raw));
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
  t = await startTestApp({ env: { PAYMENTS_PROVIDER: 'stripe', STRIPE_API_KEY: KEY, STRIPE_BASE_URL: base, PAYMENTS_TIMEOUT_MS: '2000' } });
});
after(async () => {
  await t.close();
  stub.closeAllConnections();
  await new Promise((resolve) => stub.close(resolve));
});

const api = (s: Session, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  call(t, method, `/api/v1${url}`, { token: s.token, ...(body !== undefined ? { body } : {}) });

describe('Stripe processor (PAYMENTS_PROVIDER=stripe)', () => {
  it('counts amounts in the currency’s smallest unit', () => {
    assert.deepEqual([minorUnits(12.34, 'USD'), minorUnits(1500, 'JPY'), minorUnits(1.234, 'KWD'), minorUnits(0.29, 'EUR')], [1234, 1500, 1234, 29]);
  });

  it('saves a card attached to a Stripe customer, charges it with the payment’s key, declines, settles a lost answer by search', async () => {
    const admin = await signIn(t);
    const invoice = await createApprovedInvoice(t, admin);
    const saved = await api(admin, 'POST', `/Accounting/Customers/${invoice.customerId}/PaymentMethods`, { paymentMethodRef: 'pm_good' });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.deepEqual([saved.body.data.processor, saved.body.data.brand, saved.body.data.last4, saved.body.data.expYear], ['stripe', 'visa', '4242', 2031]);
    assert.ok(methods.pm_good!.customer?.startsWith('cus_'), 'attached to a Stripe customer');
    expectFailure(
      await api(admin, 'POST', `/Accounting/Customers/${invoice.customerId}/PaymentMethods`, { paymentMethodRef: 'pm_nope' }),
      'accounting.payment_method_refused',
    );

    const paid = await api(admin, 'POST', '/Accounting/Payment', {
      customerId: invoice.customerId,
      amount: 100.5,
      paymentMethodType: 2,
      invoices: [{ invoiceId: invoice.id }],
    });
    assert.equal(paid.status, 200, JSON.stringify(paid.body));
    const [intent] = [...intents.values()];
    assert.deepEqual(
      [intent!.amount, intent!.currency, intent!.customer, intent!.payment_method, intent!.status],
      [10050, 'usd', methods.pm_good!.customer, 'pm_good', 'succeeded'],
    );
    const call1 = seen.find((s) => s.path === '/v1/payment_intents')!;
    assert.deepEqual([call1.auth, call1.version, call1.key, intent!.metadata.fds_key], [`Bearer ${KEY}`, '2024-06-20', intent!.metadata.fds_key, call1.key]);
    const payments = (await api(admin, 'GET', `/Accounting/Payments?customerId=${invoice.customerId}`)).body.data;
    assert.deepEqual([payments[0].status, payments[0].cardLast4], ['Settled', '4242']);

    await api(admin, 'POST', `/Accounting/Customers/${invoice.customerId}/PaymentMethods`, { paymentMethodRef: 'pm_bad', isDefault: true });
    const declined = await api(admin, 'POST', '/Accounting/Payment', { customerId: invoice.customerId, amount: 5, paymentMethodType: 2 });
    expectFailure(declined, 'accounting.card_declined');
    assert.match(declined.body.errors[0].message, /generic_decline/);

    // The intent is made, its answer lost: Pending, then settled by the reconciler from Stripe's search.
    await api(admin, 'POST', `/Accounting/Customers/${invoice.customerId}/PaymentMethods`, { paymentMethodRef: 'pm_good', isDefault: true });
    dropNextAnswer = true;
    const lost = await api(admin, 'POST', '/Accounting/Payment', { customerId: invoice.customerId, amount: 7, paymentMethodType: 2 });
    assert.equal(lost.status, 200, JSON.stringify(lost.body));
    assert.equal(lost.body.otherMessages.length, 1);
    await sql`update payments set reconcile_after = now() - interval '1 second' where company_id = ${admin.companyId} and processing_status = 'pending'`.execute(
      t.database.db,
    );
    const job = startCardReconciler({ db: t.database.db, config: t.config, hooks: HOOKS, log: { info() {}, warn() {}, error() {} }, autoStart: false });
    await job.runOnce();
    await job.stop();
    const after = (await api(admin, 'GET', `/Accounting/Payments?customerId=${invoice.customerId}`)).body.data;
    assert.deepEqual(
      after.map((p: any) => [p.amount, p.status]),
      [
        [7, 'Settled'],
        [5, 'Failed'],
        [100.5, 'Settled'],
      ],
    );
    assert.equal(intents.size, 3, 'one intent per charge, none twice');
  });

  it('a bad key or an unreachable Stripe is no charge: declined or unknown, never thrown', async () => {
    const wrong = stripeProcessor({ apiKey: 'sk_test_wrong', baseUrl: base, timeoutMs: 1000 });
    const refused = await wrong.charge({
      companyId: 1,
      key: 'k1',
      amount: 1,
      currency: 'USD',
      methodRef: 'pm_good',
      customerRef: null,
      paymentId: 1,
      description: 'x',
    });
    assert.deepEqual([refused.kind, refused.kind === 'declined' && refused.code], ['declined', 'stripe_401']);
    const away = stripeProcessor({ apiKey: KEY, baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
    assert.equal(
      (await away.charge({ companyId: 1, key: 'k2', amount: 1, currency: 'USD', methodRef: 'pm_good', customerRef: null, paymentId: 1, description: 'x' }))
        .kind,
      'unknown',
    );
    assert.equal((await away.lookup(1, 'k2'))?.kind, 'unknown');
  });
});
