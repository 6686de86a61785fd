// Schemas become code when a route is first asked for, not when the app starts. Fastify compiles
// every route's response serializer (fast-json-stringify, which resolves the ~400 shared schemas
// again for each) and its validators as the app is built: about 4 s of CPU for the service's 440
// routes, paid by every start (a CLI command, a test file's app) whether a route is used or not —
// in `npm test` about a third of a typical file's CPU. Here each is compiled by the same compiler,
// with the same options, on its first call and kept: a route's first answer pays a few
// milliseconds once; the answers are the same bytes.
//
// A schema that cannot compile no longer stops the start, so `compilePending()` compiles whatever
// is still waiting and throws the first failure: test/platform/schemas-compile.test.ts calls it on
// a whole app, as the eager start did.
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Compiled<F> = { fn: F } | { error: unknown };

/** Compile thunks not run yet (each leaves the set when it runs). */
const pending = new Set<() => unknown>();

/** Runs `compile` once, on first need; a failure is kept and thrown again (not retried per request). */
function once<F>(compile: () => F): () => F {
  let state: Compiled<F> | null = null;
  const get = (): F => {
    if (!state) {
      pending.delete(get);
      try {
        state = { fn: compile() };
      } catch (error) {
        state = { error };
      }
    }
    if ('error' in state) throw state.error;
    return state.fn;
  };
  pending.add(get);
  return get;
}

/** Compiles every serializer and validator still waiting; throws the first that fails. */
export function compilePending(): number {
  const waiting = [...pending];
  for (const get of waiting) get();
  return waiting.length;
}

type Serializer = (data: unknown) => string;
type SerializerFactory = (externalSchemas: unknown, options: unknown) => (route: unknown) => Serializer;

/** Fastify's own serializer factory, each route's serializer compiled on its first answer. */
export function lazySerializers(): NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer'] {
  const eager = SerializerSelector() as unknown as SerializerFactory;
  const factory: SerializerFactory = (externalSchemas, options) => {
    const compileFor = eager(externalSchemas, options);
    return (route) => {
      const serializer = once(() => compileFor(route));
      return (data) => serializer()(data);
    };
  };
  return factory as never;
}

type Validator = ((...args: unknown[]) => unknown) & { errors?: unknown; schemaEnv?: unknown };

/** A validator compiler whose validators compile on their first call. */
export function lazyValidators<C extends (route: never) => unknown>(compiler: C): C {
  const lazyCompiler = (route: Parameters<C>[0]) => {
    const validator = once(() => compiler(route) as Validator);
    const lazy = function (this: unknown, ...args: unknown[]) {
      const fn = validator();
      const result = fn.apply(this, args);
      // An Ajv validator reports its failures on itself: Fastify reads them from the function it holds.
      lazy.errors = fn.errors;
      return result;
    } as Validator;
    // Fastify passes the parent object (so coercion and defaults can replace a root value) only to
    // a validator with Ajv's schemaEnv: it reads it on each call, which compiles on the first.
    Object.defineProperty(lazy, 'schemaEnv', { get: () => validator().schemaEnv });
    return lazy;
  };
  return lazyCompiler as unknown as C;
}
