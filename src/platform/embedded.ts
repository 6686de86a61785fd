// JSON inside another part of a request (a multipart form field holding an order, say), read the
// way a JSON body is: the one reader for it.
import type { TSchema } from 'typebox';
import { type AjvErrorLike, problemsOf, ValidationError } from './errors.js';
import { compileNormalizer } from './normalize.js';
import { bodyAjv, resolveSchema } from './validation.js';

/**
 * A JSON value that came inside another part of a request (a form field holding an order, say),
 * read as a body of `schema` would be — names in any case, '' as null, enumerations by number or
 * name, defaults filled — and validated; a 400 problem names its fields under `field`
 * (`orderJson.customerId`). Answers the value as read.
 */
/** Compiled once per schema. */
const readers = new WeakMap<TSchema, { normalize: ReturnType<typeof compileNormalizer>; validate: ReturnType<typeof bodyAjv.compile> }>();

export function readEmbedded<T>(schema: TSchema, value: unknown, field: string): T {
  let compiled = readers.get(schema);
  if (!compiled) {
    compiled = { normalize: compileNormalizer(schema, { part: 'body', resolve: resolveSchema }), validate: bodyAjv.compile(schema) };
    readers.set(schema, compiled);
  }
  const { normalize, validate } = compiled;
  const read = normalize ? normalize(value) : value;
  if (!validate(read)) throw new ValidationError(problemsOf((validate.errors ?? []) as unknown as AjvErrorLike[], 'body', field));
  return read as T;
}
