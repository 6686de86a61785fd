// Schemas become code when a route is first asked for, not when the app starts. Fastify compiles
// every route's response serializer (fast-json-stringify, which resolves the ~400 shared schemas
// again for each) and its validators as the app is built: about 4 s of CPU for the service's 440
// routes, paid by every start (a CLI command, a test file's app) whether a route is used or not —
// in `npm test` about a third of a typical file's CPU. Here each is compiled by the same compiler,
// with the same options, on its first call and kept: a route's first answer pays a few
// milliseconds once; the answers are the same bytes.
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Compile<F> = () => F;

/** A function that compiles itself (by `compile`) on its first call, then is that function. */
function onFirstCall<F extends (...args: never[]) => unknown>(compile: Compile<F>): F {
  let compiled: F | null = null;
  const lazy = function (this: unknown, ...args: Parameters<F>) {
    compiled ??= compile();
    const result = compiled.apply(this, args);
    // An Ajv validator reports its failures on itself: Fastify reads them from the function it holds.
    (lazy as unknown as { errors?: unknown }).errors = (compiled as unknown as { errors?: unknown }).errors;
    return result;
  };
  return lazy as unknown as F;
}

type SerializerFactory = (externalSchemas: unknown, options: unknown) => (route: unknown) => (data: unknown) => string;

/** Fastify's own serializer factory, each route's serializer compiled on its first answer. */
export function lazySerializers(): NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer'] {
  const eager = SerializerSelector() as unknown as SerializerFactory;
  const factory: SerializerFactory = (externalSchemas, options) => {
    const compileFor = eager(externalSchemas, options);
    return (route) => onFirstCall(() => compileFor(route));
  };
  return factory as never;
}

/** A validator compiler whose validators compile on their first call. */
export function lazyValidators<R, F extends (...args: never[]) => unknown>(compiler: (route: R) => F): (route: R) => F {
  return (route) => onFirstCall(() => compiler(route));
}
