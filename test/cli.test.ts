// The `fds` admin CLI (docs/operations.md, "Admin command line") against the embedded database in a
// temporary DATA_DIR, or against DATABASE_URL when set. Most commands run in this process
// (src/cli-main.ts, what the process runs); a few run as `npm run fds` runs them, a process of
// plain node over dist/ (built once, skipped when newer than every source): its exit code, its
// standard input and output, and migrations applied on a fresh directory. Each process start cost
// about a second of the file's time.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../src/cli-main.js';
import { type Database, openDatabase } from '../src/db/database.js';
import { migrations } from '../src/db/migrations/index.js';
import { call, startTestApp } from './helpers/app.js';

const root = new URL('..', import.meta.url).pathname;
let dataDir: string;

before(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'fds-cli-'));
  const built = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, encoding: 'utf8' });
  assert.equal(built.status, 0, `scripts/build.mjs: ${built.stderr}`);
});
after(() => rmSync(dataDir, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function envOf(given: { env?: Record<string, string> }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...given.env };
  if (!given.env?.FDS_PASSWORD) delete env.FDS_PASSWORD;
  // The test runner's own variables are not fds settings.
  for (const name of Object.keys(env)) if (name.startsWith('TEST_')) delete env[name];
  return env;
}

/** A command run in this process. */
function fds(...args: string[]): Promise<Run> {
  return fdsWith({}, ...args);
}

/** A command run in this process, with standard input and more environment. */
async function fdsWith(given: { input?: string; env?: Record<string, string> }, ...args: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    env: envOf(given),
    stdin: Readable.from([given.input ?? '']),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

/** A command run as a process of its own, as `npm run fds` runs it. */
function fdsProcess(given: { input?: string; env?: Record<string, string> }, ...args: string[]): Run {
  const run = spawnSync(process.execPath, ['dist/cli.js', ...args], {
    cwd: root,
    env: envOf(given),
    input: given.input ?? '',
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function json(run: Run): Record<string, any> {
  assert.equal(run.code, 0, run.stderr);
  const lines = run.stdout.trim().split('\n');
  assert.equal(lines.length, 1, `exactly one line on stdout: ${run.stdout}`);
  return JSON.parse(lines[0]!);
}

function fails(run: Run, pattern: RegExp): void {
  assert.notEqual(run.code, 0);
  assert.equal(run.stdout, '');
  assert.equal(run.stderr.trim().split('\n').length, 1, `one line on stderr: ${run.stderr}`);
  assert.match(run.stderr, pattern);
}

describe('fds CLI', { timeout: 600_000 }, () => {
  const tag = randomUUID().slice(0, 8);
  const adminEmail = `cli-admin-${tag}@test.example`;
  const userEmail = `cli-user-${tag}@test.example`;
  let companyId = 0;
  let otherCompanyId = 0;

  it('migrate prints the applied migrations, each reported on stderr as it ends; --status lists them and applies nothing', async () => {
    const known = Object.keys(migrations);
    // As a process: a fresh directory, and the progress on stderr of a real run.
    const before = json(fdsProcess({}, 'migrate', '--status'));
    assert.deepEqual([...before.applied.map((m: any) => m.name), ...before.pending], known, 'every migration, applied or pending, in order');
    assert.deepEqual(json(await fds('migrate', '--status')), before, '--status applies nothing');
    const run = fdsProcess({}, 'migrate');
    const out = json(run);
    assert.deepEqual(out.applied, before.pending);
    for (const name of before.pending) assert.match(run.stderr, new RegExp(`fds: applied ${name} in \\d+ ms`));
    assert.deepEqual(json(await fds('migrate')), { applied: [] }, 'nothing left to apply');
    const after = json(await fds('migrate', '--status'));
    assert.deepEqual(after.pending, []);
    assert.deepEqual(
      after.applied.map((m: any) => m.name),
      known,
    );
    assert.ok(after.applied.every((m: any) => !Number.isNaN(Date.parse(m.at))));
    fails(await fds('demo', '--status'), /--status is an option of migrate/);
  });

  it('create-company prints the company and its first user', async () => {
    const out = json(await fds('create-company', '--name', 'CLI Cartage', '--admin-email', adminEmail, '--admin-password', 'cli-password-1'));
    assert.ok(Number.isInteger(out.companyId));
    assert.equal(typeof out.userId, 'string');
    companyId = out.companyId;
    const second = json(await fds('create-company', '--name', 'CLI Second', '--admin-email', adminEmail.toUpperCase(), '--admin-password', 'ignored-password'));
    assert.equal(second.userId, out.userId, 'an existing email gets a membership');
    otherCompanyId = second.companyId;
  });

  it('create-user adds a user with a role, or a membership for an existing email', async () => {
    // The password from FDS_PASSWORD: arguments show in ps and shell history.
    const out = json(
      await fdsWith(
        { env: { FDS_PASSWORD: 'cli-password-2' } },
        'create-user',
        '--company-id',
        String(companyId),
        '--email',
        userEmail,
        '--role',
        'dispatcher',
        '--name',
        'Cleo Line',
      ),
    );
    assert.equal(typeof out.userId, 'string');
    const again = json(
      await fds('create-user', '--company-id', String(otherCompanyId), '--email', userEmail, '--password', 'whatever-else', '--role', 'Viewer'),
    );
    assert.equal(again.userId, out.userId);
  });

  it('set-password prints the user; the password may come on standard input', async () => {
    const out = json(await fds('set-password', '--email', userEmail, '--password', 'cli-password-x'));
    assert.equal(typeof out.userId, 'string');
    // Left out, or `-`: the first line of standard input (what the last test signs in with).
    assert.deepEqual(json(fdsProcess({ input: 'cli-password-y\n' }, 'set-password', '--email', userEmail)), out, 'standard input of a process');
    assert.deepEqual(json(await fdsWith({ input: 'cli-password-3\nignored\n' }, 'set-password', '--email', userEmail, '--password', '-')), out);
    fails(await fds('set-password', '--email', userEmail), /--password is required/);
  });

  it('demo prints the same company on a second run', async () => {
    const first = json(await fds('demo'));
    assert.ok(first.companyId && first.email && first.password);
    assert.deepEqual(json(await fds('demo')), first);
  });

  it('fails with one line on stderr and a non-zero exit', async () => {
    fails(
      await fds('create-user', '--company-id', String(companyId), '--email', `x-${tag}@test.example`, '--password', 'long-enough', '--role', 'Pilot'),
      /no role "Pilot"/,
    );
    fails(await fds('create-company', '--name', 'No Admin'), /--admin-email is required/);
    fails(await fds('set-password', '--email', `nobody-${tag}@test.example`, '--password', 'long-enough'), /no user/);
    fails(
      await fds('create-user', '--company-id', '999999', '--email', `y-${tag}@test.example`, '--password', 'long-enough', '--role', 'Viewer'),
      /no company/,
    );
    fails(fdsProcess({}, 'teleport'), /unknown command/);
    fails(await fds('teleport'), /unknown command/);
    fails(await fds('set-password', '--email', userEmail, '--password', 'short'), /at least 8/);
  });

  it('left accounts that sign in with the passwords it set', async () => {
    let database: Database | undefined;
    const options = process.env.DATABASE_URL
      ? {}
      : { database: (database = await openDatabase({ databaseUrl: null, dataDir, poolSize: 1, log: { warn() {}, error() {} } })) };
    const app = await startTestApp(options);
    try {
      const asUser = await call(app, 'POST', '/api/v1/Auth/Login', { body: { userName: userEmail, password: 'cli-password-3', companyId } });
      assert.equal(asUser.status, 200);
      const me = await call(app, 'GET', '/api/v1/App/User', { token: asUser.body.data });
      assert.deepEqual(me.body.data.roles, ['Dispatcher']);
      assert.equal(me.body.data.firstName, 'Cleo');
      const admin = await call(app, 'POST', '/api/v1/Auth/Login', { body: { userName: adminEmail, password: 'cli-password-1', companyId: otherCompanyId } });
      assert.equal(admin.status, 200, 'the second company kept the first password');
      // The demo company holds customers with contacts and addresses, and the company's hub.
      const demo = await call(app, 'POST', '/api/v1/Auth/Login', { body: { userName: 'demo@fds.example', password: 'demo-freight' } });
      assert.equal(demo.status, 200);
      const customers = await call(app, 'GET', '/api/v1/Customers?SearchTerm=trinity', { token: demo.body.data });
      assert.equal(customers.body.data.totalCount, 1);
      const trinity = customers.body.data.list[0];
      assert.equal(trinity.addresses.length, 2);
      const contacts = await call(app, 'GET', `/api/v1/Customers/${trinity.id}/contacts`, { token: demo.body.data });
      assert.equal(contacts.body.data.contacts.length, 2);
      const hubs = await call(app, 'GET', '/api/v1/Addresses/LookupForTransfer?SearchTerm=cross-dock', { token: demo.body.data });
      assert.equal(hubs.status, 200, JSON.stringify(hubs.body));
      assert.ok(
        hubs.body.data.some((a: any) => a.isHub),
        JSON.stringify(hubs.body.data),
      );
    } finally {
      await app.close();
      await database?.close();
    }
  });
});
