// What an area is given and what it gives back: its routes, built from the platform's services.
import type { TSchema } from 'typebox';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Tokens } from './auth.js';
import type { AnyRoute } from './route.js';

export interface AreaDeps {
  config: Config;
  /** Privileged executor: only for work that spans companies by nature (sign-in). */
  db: Db;
  tokens: Tokens;
}

export interface Area {
  /** The spec's section name; also the tag on the reference page. */
  name: string;
  /** Models other schemas reference by `$id` (Type.Ref), in dependency order. */
  schemas?: TSchema[];
  routes(deps: AreaDeps): AnyRoute[];
}
