// The answer cache's own rules: an entry answers only its exact version, memory stays under its
// bound (least recently used first), and one oversized answer is not kept.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Db } from '../../src/db/database.js';
import { AnswerCache } from '../../src/platform/answer-cache.js';

const never = async () => '0';

describe('AnswerCache', () => {
  it('answers only for the version an answer was kept at, and drops a stale one', () => {
    const cache = new AnswerCache({ version: never });
    cache.set('k', '7', 'seven');
    assert.equal(cache.get('k', '7'), 'seven');
    assert.equal(cache.get('k', '8'), undefined);
    assert.equal(cache.has('k'), false, 'a stale entry is gone once seen');
  });

  it('stays under its memory bound, dropping the least recently used first', () => {
    const body = 'x'.repeat(100); // 200 bytes + key
    const cache = new AnswerCache({ version: never, maxBytes: 4000 });
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, '1', body);
    assert.ok(cache.get('k0', '1'), 'k0 used: now the most recent');
    for (let i = 10; i < 20; i++) cache.set(`k${i}`, '1', body);
    assert.ok(cache.size <= 4000 / 204, `size ${cache.size}`);
    assert.equal(cache.has('k1'), false, 'the least recently used went first');
    assert.ok(cache.has('k0'));
    assert.ok(cache.has('k19'));
  });

  it('does not keep an answer larger than a sixteenth of its memory', () => {
    const cache = new AnswerCache({ version: never, maxBytes: 1600 });
    cache.set('small', '1', 'y'.repeat(10));
    cache.set('huge', '1', 'z'.repeat(100));
    assert.equal(cache.has('huge'), false);
    assert.equal(cache.get('small', '1'), 'y'.repeat(10));
  });

  it('shares version reads only with requests that arrived before the read was sent', async () => {
    const sent: Array<{ company: number; answer: (v: string) => void }> = [];
    const cache = new AnswerCache({ version: (_db, company) => new Promise((answer) => sent.push({ company, answer })) });
    const db = {} as Db;
    const a = cache.version(db, 1);
    const b = cache.version(db, 1);
    const c = cache.version(db, 1);
    const other = cache.version(db, 2);
    assert.equal(sent.length, 2, 'one read per company so far: b and c wait for the next');
    sent[0]!.answer('5'); // company 1, read before b and c arrived
    assert.equal(await a, '5');
    await new Promise((r) => setImmediate(r));
    assert.equal(sent.length, 3, 'the next read started once the first landed');
    assert.equal(sent[2]!.company, 1);
    sent[2]!.answer('6'); // a write landed in between: b and c must see it
    assert.deepEqual(await Promise.all([b, c]), ['6', '6']);
    sent[1]!.answer('1');
    assert.equal(await other, '1');
    const d = cache.version(db, 1);
    assert.equal(sent.length, 4, 'nothing on its way: a fresh read');
    sent[3]!.answer('7');
    assert.equal(await d, '7');
  });

  it('lets a failed read fail only its own requests; the next read still runs', async () => {
    let calls = 0;
    const cache = new AnswerCache({
      version: async () => {
        calls++;
        await new Promise((r) => setImmediate(r));
        if (calls === 1) throw new Error('connection lost');
        return '9';
      },
    });
    const db = {} as Db;
    const first = cache.version(db, 1);
    const second = cache.version(db, 1);
    await assert.rejects(first, /connection lost/);
    assert.equal(await second, '9');
    assert.equal(calls, 2);
  });
});
