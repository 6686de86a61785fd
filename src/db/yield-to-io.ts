// PGlite runs PostgreSQL inside this process: a query is WASM work on the event loop's thread, and
// its answer comes back as a resolved promise, not as I/O. A long run of queries — the demo's seed
// on the first start, an import — therefore chains promise after promise without the loop ever
// reaching its poll phase: connections are not accepted and /readyz hangs instead of answering 503
// (about 9 s on a first `npm start`). This plugin lets the loop take its I/O turn once the queries
// have held it for YIELD_AFTER_MS, at the end of a query (a real server's answers are I/O already).
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

const YIELD_AFTER_MS = 20;

export class YieldToIo implements KyselyPlugin {
  private since = performance.now();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const now = performance.now();
    if (now - this.since >= YIELD_AFTER_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      this.since = performance.now();
    }
    return args.result;
  }
}
