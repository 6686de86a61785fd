// The company event log: each logged event announced once is one row, numbered per company from 1
// in commit order, in the transaction of the change (a rolled-back change leaves no row and gives
// its position back); docs/architecture.md, "Company events", lists every logged event.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { AREAS, HOOKS } from '../../src/areas/index.js';
import { forCompany } from '../../src/db/tenant.js';
import { CompanyEvent, companyEvent } from '../../src/platform/events.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createCompany } from '../helpers/factories.js';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

const probe = companyEvent<{ id: number }>('test.probed', {
  entity: 'probe',
  description: 'A test probe.',
  entry: (p) => ({ id: p.id, payload: { n: p.id } }),
});
const unlogged = companyEvent<{ id: number }>('test.unlogged');

const rows = async (companyId: number) =>
  (
    await sql<{ position: number; type: string; entity_type: string; entity_id: string; payload: any; user_id: string }>`
      select position::int as position, type, entity_type, entity_id, payload, user_id from company_events where company_id = ${companyId} order by position`.execute(
      t.database.db,
    )
  ).rows;

describe('company event log', () => {
  it('appends logged events in the transaction of the change, numbered per company without gaps', async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    const actor = (c: { companyId: number; adminUserId: string }) => ({ companyId: c.companyId, userId: c.adminUserId });
    await forCompany(t.database.db, HOOKS, actor(a), 'req-1', async (tenant) => {
      await tenant.announce(probe, { id: 7 });
      await tenant.announce(unlogged, { id: 8 });
    });
    // Rolled back: no row, and its position is given back.
    await assert.rejects(
      forCompany(t.database.db, HOOKS, actor(a), null, async (tenant) => {
        await tenant.announce(probe, { id: 9 });
        throw new Error('changed my mind');
      }),
    );
    await forCompany(t.database.db, HOOKS, actor(b), null, (tenant) => tenant.announce(probe, { id: 1 }));
    await forCompany(t.database.db, HOOKS, actor(a), null, (tenant) => tenant.announce(probe, { id: 10 }));
    assert.deepEqual(
      (await rows(a.companyId)).map((r) => [r.position, r.type, r.entity_type, r.entity_id, r.payload.n, r.user_id]),
      [
        [1, 'test.probed', 'probe', '7', 7, a.adminUserId],
        [2, 'test.probed', 'probe', '10', 10, a.adminUserId],
      ],
    );
    assert.deepEqual(
      (await rows(b.companyId)).map((r) => r.position),
      [1],
    );
  });

  it('docs/architecture.md, "Company events", lists every logged event of the areas', () => {
    assert.ok(AREAS.length > 0);
    const doc = readFileSync(new URL('../../docs/architecture.md', import.meta.url), 'utf8');
    const missing = CompanyEvent.allLogged()
      .filter((e) => !e.name.startsWith('test.'))
      .filter((e) => !doc.includes(`| \`${e.name}\` | ${e.log!.entity} | ${e.log!.description} |`))
      .map((e) => e.name);
    assert.deepEqual(missing, []);
  });
});
