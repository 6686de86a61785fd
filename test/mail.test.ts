// The outbox worker delivers mail over SMTP, and keeps a mail it could not send for a later retry.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { startOutboxWorker } from '../src/integrations/mail/worker.js';
import { call, startTestApp, type TestApp } from './helpers/app.js';
import { createCompany, createUser, signInAdmin } from './helpers/factories.js';

let t: TestApp;
let smtp: SMTPServer;
let port = 0;
const received: Array<{ to: string[]; raw: string }> = [];
const quiet = { info() {}, warn() {}, error() {} };

before(async () => {
  t = await startTestApp();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (d: Buffer) => (raw += d.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
after(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await t.close();
});

async function invite() {
  const company = await createCompany(t);
  const admin = await signInAdmin(t, company);
  const user = await createUser(t, company.companyId);
  assert.equal((await call(t, 'POST', `/api/v1/Settings/Users/${user.userId}/Invite`, { token: admin.token })).status, 200);
  return { company, user };
}

function outboxRow(companyId: number) {
  return t.database.db.selectFrom('outbox').selectAll().where('company_id', '=', companyId).executeTakeFirstOrThrow();
}

describe('outbox delivery', () => {
  it('sends pending mail over SMTP and marks it sent', async () => {
    const { company, user } = await invite();
    const worker = startOutboxWorker({
      db: t.database.db,
      files: t.store,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'fds <no-reply@fds.test>',
      log: quiet,
      autoStart: false,
    });
    // The worker claims any company's pending mail, oldest first, a batch at a time: on a database
    // other tests also write to, this test's mail may come after a batch or more of theirs.
    try {
      while (!received.some((m) => m.to.includes(user.email)) && (await worker.runOnce()) > 0);
    } finally {
      await worker.stop();
    }
    const mail = received.find((m) => m.to.includes(user.email));
    assert.ok(mail, 'delivered');
    assert.match(mail.raw.replace(/=\r?\n/g, ''), /accept-invitation\?token/);
    const row = await outboxRow(company.companyId);
    assert.equal(row.status, 'sent');
    assert.ok(row.sent_at);
  });

  it('keeps a mail it could not send, with the error, for a later attempt', async () => {
    const { company } = await invite();
    const worker = startOutboxWorker({
      db: t.database.db,
      files: t.store,
      smtpUrl: 'smtp://127.0.0.1:9',
      from: 'fds <no-reply@fds.test>',
      log: quiet,
      autoStart: false,
    });
    try {
      await worker.runOnce();
    } finally {
      await worker.stop();
    }
    const row = await outboxRow(company.companyId);
    assert.equal(row.status, 'pending');
    assert.equal(row.attempts, 1);
    assert.ok(row.last_error);
    assert.ok(new Date(row.next_attempt_at as unknown as string) > new Date(), 'retried later');
  });
});
