// The request normalizer on its own: names, empty strings, enumerations, repetition and comma lists.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ValidationError } from '../../src/platform/errors.js';
import { compileNormalizer } from '../../src/platform/normalize.js';
import { Many, NameEnum, NumEnum, Type } from '../../src/platform/schemas.js';

const resolve = () => undefined;

describe('compileNormalizer', () => {
  it('merges a query parameter sent under several spellings and drops empty values', () => {
    const norm = compileNormalizer(Type.Object({ Customers: Type.Optional(Many(Type.Integer())), SearchTerm: Type.Optional(Type.String()) }), {
      part: 'query',
      resolve,
    })!;
    assert.deepEqual(norm({ customers: '1', CUSTOMERS: ['2', ''], searchterm: '' }), { Customers: ['1', '2'] });
  });

  it('splits comma lists only where the parameter allows them, and refuses them elsewhere', () => {
    const allowed = compileNormalizer(Type.Object({ types: Many(Type.String(), {}) }), { part: 'query', resolve })!;
    assert.deepEqual(allowed({ types: 'a,b' }), { types: ['a,b'] }, 'free text keeps its comma');
    const schema = Type.Object({ types: Type.Unsafe<string[]>({ type: 'array', items: { type: 'string' }, 'x-comma-separated': true }) });
    assert.deepEqual(compileNormalizer(schema, { part: 'query', resolve })!({ TYPES: 'Order, Quote' }), { types: ['Order', 'Quote'] });
    const strict = compileNormalizer(Type.Object({ ids: Many(Type.Integer()) }), { part: 'query', resolve })!;
    assert.throws(
      () => strict({ ids: '1,2' }),
      (err: unknown) => err instanceof ValidationError && Boolean(err.errors.ids),
    );
  });

  it('maps enumerations by name (any case) or number, leaving unknown values for validation to refuse', () => {
    const norm = compileNormalizer(Type.Object({ p: NumEnum({ Prospect: 0, Customer: 1 }), s: NameEnum(['Low', 'Regular', 'High']) }), {
      part: 'body',
      resolve,
    })!;
    assert.deepEqual(norm({ P: 'customer', S: 2 }), { p: 1, s: 'High' });
    assert.deepEqual(norm({ p: '0', s: 'regular' }), { p: 0, s: 'Regular' });
    assert.deepEqual(norm({ p: 'whale', s: 7 }), { p: 'whale', s: 7 });
  });

  it('reads empty strings in bodies as null at any depth and drops prototype keys', () => {
    const norm = compileNormalizer(Type.Object({ a: Type.Object({ b: Type.Array(Type.Object({ c: Type.String() })) }) }), { part: 'body', resolve })!;
    const out = norm(JSON.parse('{"A": {"B": [{"C": ""}]}, "__proto__": {"x": 1}, "extra": ""}')) as Record<string, unknown>;
    assert.deepEqual(out, { a: { b: [{ c: null }] }, extra: null });
    assert.equal(Object.getPrototypeOf(out), Object.prototype);
  });
});
