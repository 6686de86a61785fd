// What an area is given and what it gives back: its routes, built from the platform's services,
// and what it declares for the rest of the service to see — its error codes, the kinds of records
// its routes take ids of, and the other areas' announcements it reacts to.
import type { TSchema } from 'typebox';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Tokens } from './auth.js';
import type { ErrorCode } from './errors.js';
import type { Subscription } from './events.js';
import type { CompanyRecords } from './records.js';
import type { AnyRoute } from './route.js';
import type { StoredFiles } from './stored-files.js';

/** Work that spans companies by nature, for which an area is handed the privileged executor. */
export type PrivilegedUse = 'sign-in' | 'payments';

export interface AreaDeps {
  config: Config;
  tokens: Tokens;
  /** The company's stored files: the file store and its reference counts (stored-files.ts). */
  files: StoredFiles;
  /** The privileged executor (no row security), only for an area that declares `privileged`. */
  privileged?: Db;
}

export interface Area {
  /** The spec's section name; also the tag on the reference page. */
  name: string;
  /** Models other schemas reference by `$id` (Type.Ref), in dependency order. */
  schemas?: TSchema[];
  /** The area's error codes (its `<area>.errors.ts` list); docs/error-codes.md's table is made from them. */
  errors?: Readonly<Record<string, ErrorCode>>;
  /** The kinds of records this area owns that routes take ids of. */
  // biome-ignore lint/suspicious/noExplicitAny: any shape of row query; the caller's types are checked where it is declared
  resources?: ReadonlyArray<CompanyRecords<any, any, any>>;
  /** Announcements of other areas this one reacts to, in the same transaction. */
  subscriptions?: readonly Subscription[];
  /** Why this area needs the privileged executor, if it does (sign-in reads every company's
   *  memberships before there is a company). Only these areas get `deps.privileged`. */
  privileged?: PrivilegedUse;
  routes(deps: AreaDeps): AnyRoute[];
}

/**
 * Builds an area group's services once per app: the areas of one section (customers, contacts,
 * addresses) share them — one answer cache, not one per route group.
 */
export function perApp<T>(build: (deps: AreaDeps) => T): (deps: AreaDeps) => T {
  const built = new WeakMap<AreaDeps, T>();
  return (deps) => {
    let services = built.get(deps);
    if (services === undefined) {
      services = build(deps);
      built.set(deps, services);
    }
    return services;
  };
}
