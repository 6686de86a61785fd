// The company door is the one way request code starts a statement on a company table: a source
// scan finds any other (a builder started on `db`/`trx`, a hand-written company filter), so a
// repository that bypasses the door fails here rather than relying on row-level security alone.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { Database } from '../../src/db/database.js';
import { openTestDatabase } from '../helpers/app.js';

const root = new URL('../../', import.meta.url).pathname;
/** The privileged work areas do by design (sign-in and provisioning span companies), by file. */
const PRIVILEGED_FILES = new Set(['src/areas/account/account.repository.ts', 'src/areas/users/provisioning.ts', 'src/areas/users/sign-in.ts']);

let database: Database;
let companyTables: Set<string>;
before(async () => {
  database = await openTestDatabase();
  const { rows } = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name = 'company_id'`.execute(database.db);
  companyTables = new Set(rows.map((r) => r.table_name));
});
after(() => database.close());

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Tables of src/db/types.ts (the platform's file) and the area that writes them. */
const PLATFORM_TABLE_OWNERS: Record<string, string> = {
  companies: 'users',
  users: 'users',
  company_users: 'users',
  roles: 'users',
  role_permissions: 'users',
  user_roles: 'users',
};

/** Each area folder's tables, as its `<area>.tables.ts` declares them into DB. */
function tableOwners(): Map<string, string> {
  const owners = new Map(Object.entries(PLATFORM_TABLE_OWNERS));
  for (const path of sources(join(root, 'src/areas')).filter((p) => p.endsWith('.tables.ts'))) {
    const area = relative(join(root, 'src/areas'), path).split('/')[0]!;
    const declared = readFileSync(path, 'utf8').match(/interface DB \{([^}]*)\}/)?.[1] ?? '';
    for (const m of declared.matchAll(/(\w+):\s*\w+;/g)) owners.set(m[1]!, area);
  }
  return owners;
}

describe('the company door', () => {
  it('is how every area starts a statement on a company table', () => {
    assert.ok(companyTables.has('customers') && companyTables.has('audit_log'));
    const problems: string[] = [];
    for (const path of sources(join(root, 'src/areas'))) {
      const file = relative(root, path);
      const lines = readFileSync(path, 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (/^\s*(\/\/|\*)/.test(line)) return;
        const where = `${file}:${i + 1}`;
        // A builder started on an executor (db, trx, t.db), not on an expression builder (eb.selectFrom,
        // a subquery that correlates on company_id) nor through the door.
        for (const m of line.matchAll(/(\w+)\s*\.\s*(selectFrom|insertInto|updateTable|deleteFrom)\(\s*'(\w+)/g)) {
          if (m[1] === 'eb' || !companyTables.has(m[3]!) || PRIVILEGED_FILES.has(file)) continue;
          problems.push(`${where}: ${m[1]}.${m[2]}('${m[3]}') bypasses the door (t.select/insert/update/delete)`);
        }
        // Allowed where a comment just above says why the door cannot (rows of a function, not a table).
        if (
          /company_id'?\s*,\s*'='\s*,\s*t\.companyId|company_id:\s*t\.companyId/.test(line) &&
          !/the door does not open/.test(lines.slice(Math.max(0, i - 3), i).join(' '))
        ) {
          problems.push(`${where}: a hand-written company filter; the door adds it`);
        }
      });
    }
    assert.deepEqual(problems, []);
  });

  it("leads each area to write only its own tables (another area's go through its index.ts or a hook)", () => {
    const owners = tableOwners();
    assert.equal(owners.get('customers'), 'customers');
    assert.equal(owners.get('trucks'), 'fleet');
    const problems: string[] = [];
    for (const path of sources(join(root, 'src/areas'))) {
      const file = relative(root, path);
      const area = relative(join(root, 'src/areas'), path).split('/')[0]!;
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^\s*(\/\/|\*)/.test(line)) return;
          for (const m of line.matchAll(/\.(insert|update|delete|insertInto|updateTable|deleteFrom)\(\s*'(\w+)/g)) {
            const owner = owners.get(m[2]!);
            if (owner && owner !== area) problems.push(`${file}:${i + 1}: the ${area} area writes ${m[2]}, the ${owner} area's table`);
          }
        });
    }
    assert.deepEqual(problems, []);
  });
});
