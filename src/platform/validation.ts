// Request validators. Bodies are validated without type coercion (a JSON string is not a number,
// null is not ""); query strings and path parameters are text and are coerced to the schema's types.
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** ISO 8601 date or date-time; a missing zone means UTC (parseDateTime applies it). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

export function isDateTime(text: string): boolean {
  return DATE_TIME.test(text) && !Number.isNaN(Date.parse(withZone(text)));
}

function withZone(text: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return `${text}T00:00:00Z`;
  return /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text.replace(' ', 'T') : `${text.replace(' ', 'T')}Z`;
}

/** A validated date-time parameter as a Date (UTC when the text has no zone). */
export function parseDateTime(text: string | Date): Date {
  return text instanceof Date ? text : new Date(withZone(text));
}

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({ allErrors: true, useDefaults: true, removeAdditional: true, strict: false, ...options });
  addFormats(ajv);
  ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
  for (const f of ['int32', 'int64', 'double', 'float', 'binary']) ajv.addFormat(f, true);
  for (const keyword of ['x-enum', 'x-flags', 'x-comma-separated']) ajv.addKeyword({ keyword, schemaType: ['object', 'boolean'] });
  return ajv;
}

// verbose: errors carry the offending value, so a null (or '') required field reads as missing,
// and the failing schema, so an enumeration's message can name its values (errors.ts).
export const bodyAjv = makeAjv({ coerceTypes: false, verbose: true });
const textAjv = makeAjv({ coerceTypes: 'array', verbose: true });

const registry = new Map<string, Record<string, unknown>>();

/** Registers a schema with an `$id` so others can `$ref` it (validators and normalizers). */
export function registerSchema(schema: TSchema): void {
  const id = (schema as { $id?: string }).$id;
  if (!id) throw new Error('a shared schema needs an $id');
  if (registry.has(id)) return;
  registry.set(id, schema as unknown as Record<string, unknown>);
  bodyAjv.addSchema(schema, id);
  textAjv.addSchema(schema, id);
}

export const resolveSchema = (ref: string) => registry.get(ref.replace(/^#\/components\/schemas\//, '').replace(/#$/, ''));

// Fastify reads `false` + `.errors` from an Ajv function (and passes the parent, so coercion and
// defaults can replace a root value).
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema) as never;

/** Every ISO 4217 code the runtime knows (ICU's list). */
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
export const isCurrencyCode = (code: string): boolean => CURRENCIES.has(code);
