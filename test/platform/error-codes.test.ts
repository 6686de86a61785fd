// npm test: a process of its own (it checks the codes the service's modules make, and other files make their own).
// Error codes are closed lists: every code the service can raise is listed by the platform or by
// an area (so docs/error-codes.md's table, made from the lists, is complete and current), once.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import '../../src/app.js';
import { CODES_DOC, errorCodeTable, listedCodes, withTable } from '../../scripts/error-codes.js';
import { ErrorCode, isUniqueViolationOf } from '../../src/platform/errors.js';

describe('error codes', () => {
  it('are each listed once, by the platform or by an area', () => {
    const listed = listedCodes();
    const made = ErrorCode.all();
    assert.deepEqual(
      made.filter((code) => !listed.some((l) => l.code === code)).map((c) => c.code),
      [],
      'codes made outside a declared list',
    );
    const texts = listed.map((l) => l.code.code);
    assert.deepEqual(
      texts.filter((c, i) => texts.indexOf(c) !== i),
      [],
      'codes listed twice',
    );
    for (const { code } of listed) {
      assert.match(code.code, /^[a-z_]+\.[a-z_]+$/, code.code);
      assert.ok(code.status >= 400 && code.status < 600, `${code.code}: status ${code.status}`);
      assert.ok(code.description.length > 10, `${code.code}: a description says what it means`);
    }
  });

  it('are tabled in docs/error-codes.md as the lists say (npm run docs:codes)', () => {
    const doc = readFileSync(new URL(`../../${CODES_DOC}`, import.meta.url), 'utf8');
    assert.ok(doc.includes(errorCodeTable()), `${CODES_DOC} is out of date: run npm run docs:codes`);
    assert.equal(withTable(doc), doc);
  });
});

describe('isUniqueViolationOf', () => {
  it('names the index from PostgreSQL’s field or from a Citus worker’s message, with or without the shard’s number', () => {
    const name = 'routes_driver_day_idx';
    assert.equal(isUniqueViolationOf({ code: '23505', constraint: name }, name), true);
    assert.equal(isUniqueViolationOf({ code: '23505', constraint: `${name}_102008` }, name), true);
    assert.equal(isUniqueViolationOf({ code: '23505', message: `duplicate key value violates unique constraint "${name}_102040"` }, name), true);
    assert.equal(isUniqueViolationOf({ code: '23505', constraint: 'routes_truck_day_idx_102008' }, name), false);
    assert.equal(isUniqueViolationOf({ code: '23505', constraint: `${name}_x` }, name), false);
    assert.equal(isUniqueViolationOf({ code: '23503', constraint: name }, name), false);
    assert.equal(isUniqueViolationOf(null, name), false);
  });
});
