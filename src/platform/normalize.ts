// Request normalization, guided by each route's schemas and run before validation:
// - property and query names match case-insensitively at every depth (the spec writes both
//   `ItemsPerPage` and `itemsPerPage`); values are renamed to the schema's spelling;
// - in bodies an empty string reads as null; in query strings an empty value reads as absent;
// - enumerations accept a number or a name (any case) and become the form the schema declares;
// - a query parameter given under several spellings is merged, as repetition is how multi-values
//   are sent; a comma list is refused unless the parameter allows it (`x-comma-separated`);
// - a day (`format: 'date'`, schemas.ts Day) given as an ISO 8601 date-time becomes its UTC day;
// - given an `Unknowns` (a route's body), a property its object does not declare is dropped and
//   named there (the answer lists them), so a misspelt field is not silently read as absent.
import { ValidationError } from './errors.js';
import { isDateTime, parseDateTime } from './validation.js';

type Schema = Record<string, unknown>;
export type Normalizer = (value: unknown, unknowns?: Unknowns) => unknown;

/** Properties dropped because their object does not declare them, by path (`stops[0].colour`),
 *  with the declared name a client probably meant. Paths are built from the inside out: a parent
 *  prefixes what its child added, so nothing is spent on paths when nothing is unknown. */
export class Unknowns {
  readonly found: Array<{ path: string; suggestion: string | null }> = [];

  get size(): number {
    return this.found.length;
  }

  /** Prefixes entries from `from` on with a property name or an `[index]`. */
  prefix(from: number, segment: string): void {
    for (let i = from; i < this.found.length; i++) {
      const entry = this.found[i]!;
      entry.path = entry.path.startsWith('[') ? segment + entry.path : `${segment}.${entry.path}`;
    }
  }
}
export type Resolve = (ref: string) => Schema | undefined;

export interface NormalizeOptions {
  part: 'body' | 'query' | 'params';
  resolve: Resolve;
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function compileNormalizer(schema: unknown, options: NormalizeOptions): Normalizer | null {
  const seen = new Map<Schema, Normalizer | null>();
  return compile(schema as Schema, options, seen);
}

function compile(schema: Schema | undefined, options: NormalizeOptions, seen: Map<Schema, Normalizer | null>): Normalizer | null {
  if (!schema || typeof schema !== 'object') return null;
  if (typeof schema.$ref === 'string') return compile(options.resolve(schema.$ref), options, seen);
  if (seen.has(schema)) {
    // Recursive schema: defer to the normalizer being built.
    return (v, unknowns) => (seen.get(schema) ?? identity)(v, unknowns);
  }
  seen.set(schema, null);
  const built = build(schema, options, seen);
  seen.set(schema, built);
  return built;
}

const identity: Normalizer = (v) => v;

function build(schema: Schema, options: NormalizeOptions, seen: Map<Schema, Normalizer | null>): Normalizer | null {
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(branches))
    return union(
      branches.map((b) => compile(b, options, seen)),
      branches,
      options,
    );
  if (schema['x-enum']) return enumeration(schema, options);
  if (schema.format === 'date') return options.part === 'body' ? (v) => emptyToNull(utcDay(v)) : utcDay;
  if (schema.properties || schema.patternProperties || typesOf(schema).includes('object')) return object(schema, options, seen);
  if (schema.items || typesOf(schema).includes('array')) return array(schema, options, seen);
  return options.part === 'body' ? emptyToNull : null;
}

function typesOf(schema: Schema): string[] {
  const t = schema.type;
  return Array.isArray(t) ? (t as string[]) : typeof t === 'string' ? [t] : [];
}

const emptyToNull: Normalizer = (v) => (v === '' ? null : v);

/** A date-time as its UTC day ('2023-02-01T23:30:00-05:00' → '2023-02-02'); anything else as it
 *  came (a plain date, or text the validator then refuses). */
const utcDay: Normalizer = (v) => {
  if (typeof v !== 'string' || !isDateTime(v) || /^\d{4}-\d{2}-\d{2}$/.test(v.trim())) return v;
  return parseDateTime(v).toISOString().slice(0, 10);
};

function union(norms: (Normalizer | null)[], branches: Schema[], options: NormalizeOptions): Normalizer | null {
  const isObject = (s: Schema) => Boolean(s.properties) || typesOf(s).includes('object');
  const isArray = (s: Schema) => Boolean(s.items) || typesOf(s).includes('array');
  const objectNorm = norms.find((n, i) => n && isObject(branches[i]!)) ?? null;
  const arrayNorm = norms.find((n, i) => n && isArray(branches[i]!)) ?? null;
  const scalarNorm = norms.find((n, i) => n && !isObject(branches[i]!) && !isArray(branches[i]!)) ?? null;
  if (!objectNorm && !arrayNorm && !scalarNorm) return options.part === 'body' ? emptyToNull : null;
  // Several object shapes: a key of one is unknown to another, so none is reported or dropped.
  const oneShape = branches.filter(isObject).length === 1;
  return (v, unknowns) => {
    if (Array.isArray(v)) return arrayNorm ? arrayNorm(v, unknowns) : v;
    if (v !== null && typeof v === 'object') return objectNorm ? objectNorm(v, oneShape ? unknowns : undefined) : v;
    if (scalarNorm) return scalarNorm(v);
    return options.part === 'body' && v === '' ? null : v;
  };
}

function object(schema: Schema, options: NormalizeOptions, seen: Map<Schema, Normalizer | null>): Normalizer {
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  const lookup = new Map<string, { name: string; norm: Normalizer | null; isArray: boolean }>();
  for (const [name, sub] of Object.entries(props)) {
    const resolved = typeof sub.$ref === 'string' ? (options.resolve(sub.$ref) ?? sub) : sub;
    lookup.set(name.toLowerCase(), {
      name,
      norm: compile(sub, options, seen),
      isArray: Boolean(resolved.items) || typesOf(resolved).includes('array'),
    });
  }
  const pattern = schema.patternProperties as Record<string, Schema> | undefined;
  const additional = pattern ? compile(Object.values(pattern)[0], options, seen) : null;
  const query = options.part === 'query';
  const body = options.part === 'body';
  // Only an object that lists its properties and allows no others has unknown ones.
  const closed = body && Boolean(schema.properties) && !pattern && (schema.additionalProperties === undefined || schema.additionalProperties === false);
  const meant = closed ? suggestions(Object.keys(props)) : null;
  return (value, unknowns) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return body && value === '' ? null : value;
    const out: Record<string, unknown> = {};
    for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
      if (FORBIDDEN_KEYS.has(key)) continue;
      const prop = lookup.get(key.toLowerCase());
      if (!prop && meant && unknowns) {
        unknowns.found.push({ path: key, suggestion: meant(key) });
        continue;
      }
      let v = raw;
      if (query) {
        v = Array.isArray(v) ? v.filter((x) => x !== '') : v;
        if (v === '' || (Array.isArray(v) && v.length === 0)) continue;
      }
      const name = prop ? prop.name : key;
      if (prop?.norm) {
        const before = unknowns ? unknowns.size : 0;
        v = named(prop.norm, v, name, unknowns);
        if (unknowns && unknowns.size > before) unknowns.prefix(before, name);
      } else if (additional) v = additional(v);
      else if (body && v === '') v = null;
      if (query && name in out && prop?.isArray) out[name] = ([] as unknown[]).concat(out[name], v);
      else out[name] = v;
    }
    return out;
  };
}

/** The declared name a client probably meant by `key`: the same without case, `_` or `-`
 *  (`driver_id` → `driverId`), or with `Id` after it (`truck` → `truckId`). */
function suggestions(names: string[]): (key: string) => string | null {
  const squash = (s: string) => s.toLowerCase().replace(/[_\-\s]/g, '');
  const bySquashed = new Map(names.map((n) => [squash(n), n]));
  return (key) => {
    const k = squash(key);
    return bySquashed.get(k) ?? bySquashed.get(`${k}id`) ?? null;
  };
}

/** Runs a property's normalizer; an error raised for "this value" is given the property's name. */
function named(norm: Normalizer, value: unknown, name: string, unknowns: Unknowns | undefined): unknown {
  try {
    return norm(value, unknowns);
  } catch (err) {
    if (err instanceof ValidationError && err.errors['']) throw new ValidationError({ [name]: err.errors[''] });
    throw err;
  }
}

function array(schema: Schema, options: NormalizeOptions, seen: Map<Schema, Normalizer | null>): Normalizer | null {
  const items = schema.items as Schema | undefined;
  const itemNorm = compile(items, options, seen);
  const commaSeparated = schema['x-comma-separated'] === true;
  const resolvedItems = items && typeof items.$ref === 'string' ? options.resolve(items.$ref) : items;
  const itemTypes = resolvedItems ? typesOf(resolvedItems) : [];
  // A comma inside a value of a number or enumeration list is a comma list sent by mistake.
  const strictItems = Boolean(resolvedItems?.['x-enum']) || itemTypes.includes('integer') || itemTypes.includes('number');
  if (options.part !== 'query') return itemNorm ? (v, unknowns) => (Array.isArray(v) ? mapItems(itemNorm, v, unknowns) : itemNorm(v, unknowns)) : null;
  return (v) => {
    let list = Array.isArray(v) ? v : [v];
    if (commaSeparated)
      list = list.flatMap((x) =>
        typeof x === 'string'
          ? x
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : [x],
      );
    else if (strictItems && list.some((x) => typeof x === 'string' && x.includes(','))) {
      throw new ValidationError({ '': ['Send several values by repeating the parameter (?name=1&name=2); comma-separated values are not accepted here.'] });
    }
    return itemNorm ? list.map((x) => itemNorm(x)) : list;
  };
}

/** Each item normalized; what an item adds to `unknowns` is prefixed with its `[index]`. */
function mapItems(norm: Normalizer, list: unknown[], unknowns: Unknowns | undefined): unknown[] {
  if (!unknowns) return list.map((x) => norm(x));
  return list.map((x, i) => {
    const before = unknowns.size;
    const out = norm(x, unknowns);
    if (unknowns.size > before) unknowns.prefix(before, `[${i}]`);
    return out;
  });
}

function enumeration(schema: Schema, options: NormalizeOptions): Normalizer {
  const map = schema['x-enum'] as Record<string, number>;
  const named = typesOf(schema).includes('string');
  const byName = new Map<string, string | number>();
  const byNumber = new Map<number, string | number>();
  for (const [name, n] of Object.entries(map)) {
    byName.set(name.toLowerCase(), named ? name : n);
    if (!byNumber.has(n)) byNumber.set(n, named ? name : n);
  }
  const body = options.part === 'body';
  return (v) => {
    if (typeof v === 'string') {
      const text = v.trim();
      if (text === '') return body ? null : v;
      const hit = byName.get(text.toLowerCase());
      if (hit !== undefined) return hit;
      if (/^-?\d+$/.test(text)) {
        const n = Number(text);
        return named ? (byNumber.get(n) ?? v) : n;
      }
      return v;
    }
    if (typeof v === 'number' && named) return byNumber.get(v) ?? v;
    return v;
  };
}
