// On PostgreSQL: connections killed under load. Requests get 200 or 503 (never a crash or a 500),
// and the service recovers by itself. (PGlite runs in-process: nothing to kill.)
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/database.js';
import { call, startTestApp, type TestApp } from '../helpers/app.js';
import { signIn } from '../helpers/factories.js';

const url = process.env.DATABASE_URL;
const APPLICATION = `fds-resilience-${process.pid}`;

describe('killed database connections under load', { skip: !url && 'needs DATABASE_URL (PostgreSQL)' }, () => {
  let database: Database;
  let t: TestApp;
  before(async () => {
    const withName = new URL(url!);
    withName.searchParams.set('application_name', APPLICATION);
    database = await openDatabase({ databaseUrl: withName.toString(), dataDir: 'memory://', poolSize: 10, log: { warn() {}, error() {} } });
    t = await startTestApp({ database });
  });
  after(async () => {
    await t?.close();
    await database?.close();
  });

  it('answers 200 or 503 while connections die, then recovers', async () => {
    const session = await signIn(t);
    const killer = new pg.Client({ connectionString: url });
    await killer.connect();
    let killing = true;
    let kills = 0;
    const loop = (async () => {
      while (killing) {
        const { rowCount } = await killer.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [APPLICATION]);
        kills += rowCount ?? 0;
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const statuses = new Map<number, number>();
    try {
      for (let wave = 0; wave < 15; wave++) {
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) => call(t, 'GET', i % 2 ? '/api/v1/App/User' : '/api/v1/Company/Info', { token: session.token })),
        );
        for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      }
    } finally {
      killing = false;
      await loop;
      await killer.end();
    }
    assert.ok(kills > 0, 'connections were killed');
    for (const status of statuses.keys()) assert.ok(status === 200 || status === 503, `status ${status}: ${JSON.stringify([...statuses])}`);
    let recovered = false;
    for (let i = 0; i < 50 && !recovered; i++) {
      recovered = (await call(t, 'GET', '/api/v1/Company/Info', { token: session.token })).status === 200;
      if (!recovered) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(recovered, 'serves again without a restart');
  });
});
