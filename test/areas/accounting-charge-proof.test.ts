// The double-charge proof (issue 17): 1,000 card payment requests with random retries, and 100
// concurrent duplicates of the same keys, give exactly one processor charge per distinct key. The
// crash between the processor's answer and the commit is proven in accounting-cards.test.ts.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { call, callUntilServed, startTestApp, type TestApp } from '../helpers/app.js';
import { createCustomer, type Session, signIn } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

/** A seeded generator: the run is the same every time (a failure can be replayed). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('never charge twice', () => {
  it('1,000 requests with random retries and 100 concurrent duplicates: one charge per distinct key', async () => {
    const admin = await signIn(t);
    const customer = await createCustomer(t, admin);
    const saved = await call(t, 'POST', `/api/v1/Accounting/Customers/${customer.id}/PaymentMethods`, {
      token: admin.token,
      body: { paymentMethodRef: 'pm_card_visa' },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const rand = random(17);
    // A 503 (a busy machine: no connection free in time for a burst) is sent again with its key.
    const pay = (s: Session, key: string, amount: number) =>
      callUntilServed(t, 'POST', '/api/v1/Accounting/Payment', {
        token: s.token,
        headers: { 'idempotency-key': key },
        body: { customerId: customer.id, amount, paymentMethodType: 2, memo: `key ${key}` },
      });

    // 900 requests: each key sent once, or retried once or twice (a client that lost the answer),
    // shuffled and sent by 8 clients at once. The proof is the PostgreSQL run (CI runs the suite on
    // it); the embedded database, which answers one statement at a time, runs 180 of them.
    const count = t.database.kind === 'postgres' ? 900 : 180;
    const sends: Array<{ key: string; amount: number }> = [];
    const amounts = new Map<string, number>();
    while (sends.length < count) {
      const key = randomUUID();
      const amount = Math.round(1 + rand() * 500_00) / 100;
      amounts.set(key, amount);
      const times = Math.min(1 + Math.floor(rand() * 3), count - sends.length);
      for (let i = 0; i < times; i++) sends.push({ key, amount });
    }
    for (let i = sends.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [sends[i], sends[j]] = [sends[j]!, sends[i]!];
    }
    const statuses = new Map<number, number>();
    const firstAnswers = new Map<string, Buffer>();
    let next = 0;
    const client = async () => {
      while (next < sends.length) {
        const { key, amount } = sends[next++]!;
        const res = await pay(admin, key, amount);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 200) {
          const first = firstAnswers.get(key);
          if (first) assert.ok(res.raw.equals(first), 'a replay is the first answer, byte for byte');
          else firstAnswers.set(key, res.raw);
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, client));

    // 100 at once: 20 new keys, each sent 5 times concurrently.
    const burst = Array.from({ length: 20 }, () => ({ key: randomUUID(), amount: 12.34 }));
    for (const b of burst) amounts.set(b.key, b.amount);
    const burstAnswers = await Promise.all(burst.flatMap((b) => Array.from({ length: 5 }, () => pay(admin, b.key, b.amount))));
    for (const res of burstAnswers) statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    // One of each five answers it; the others are replays (200) or told it is in flight (409).
    assert.deepEqual(
      [...statuses.keys()].filter((s) => s !== 200 && s !== 409),
      [],
      JSON.stringify([...statuses]),
    );
    // The in-flight ones send again (a client's retry), then every key has its answer.
    for (const b of burst) assert.equal((await pay(admin, b.key, b.amount)).status, 200);

    const charged = await sql<{ key: string; charges: string; amount: string }>`
      select p.request_key as key, count(s.processor_key) as charges, max(s.amount) as amount
      from payments p left join sandbox_charges s on s.company_id = p.company_id and s.processor_key = p.processor_key
      where p.company_id = ${admin.companyId} group by p.request_key`.execute(t.database.db);
    const total = await sql<{ n: string }>`select count(*) as n from sandbox_charges where company_id = ${admin.companyId}`.execute(t.database.db);
    assert.equal(charged.rows.length, amounts.size, 'one payment per distinct key');
    assert.equal(Number(total.rows[0]!.n), amounts.size, 'one processor charge per distinct key');
    for (const row of charged.rows) {
      assert.equal(Number(row.charges), 1, row.key);
      assert.equal(Number(row.amount), amounts.get(row.key.split('/')[1]!.split('@')[0]!), row.key);
    }
    const settled = await sql<{
      n: string;
    }>`select count(*) as n from payments where company_id = ${admin.companyId} and processing_status = 'settled'`.execute(t.database.db);
    assert.equal(Number(settled.rows[0]!.n), amounts.size);
  });
});
