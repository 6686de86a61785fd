// Fastify gives every request a child logger bound to its id. Most requests log one line, the
// access line, which app.ts writes through the server's logger with the id itself; a child is made
// only when something logs through `request.log` (a warning, an error, a reference lookup). Making
// one per request cost about 3% of the server's CPU on GET /App/User (bench -- auth).
import type { FastifyBaseLogger } from 'fastify';

type Bindings = Record<string, unknown>;
type Args = Parameters<FastifyBaseLogger['info']>;

export class LazyChildLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: object,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real.level = level;
  }

  fatal(...args: Args): void {
    (this.real.fatal as (...a: Args) => void)(...args);
  }
  error(...args: Args): void {
    (this.real.error as (...a: Args) => void)(...args);
  }
  warn(...args: Args): void {
    (this.real.warn as (...a: Args) => void)(...args);
  }
  info(...args: Args): void {
    (this.real.info as (...a: Args) => void)(...args);
  }
  debug(...args: Args): void {
    (this.real.debug as (...a: Args) => void)(...args);
  }
  trace(...args: Args): void {
    (this.real.trace as (...a: Args) => void)(...args);
  }
  silent(...args: Args): void {
    (this.real.silent as (...a: Args) => void)(...args);
  }

  child(bindings: Bindings, options?: object): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a child made on first use. */
export function lazyChildLogger(this: unknown, logger: FastifyBaseLogger, bindings: Bindings, options: object): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
