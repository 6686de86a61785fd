// The only door to company tables for request code. A tenant transaction switches to the
// unprivileged role and sets the company; row-level security then confines every statement to that
// company, so a repository that forgets its `company_id` filter reads nothing rather than another
// company's rows (ARCHITECTURE.md "Data").
import { sql, type Transaction } from 'kysely';
import type { Db } from './database.js';
import type { DB } from './types.js';

/** Database role of request code: owns no table, has no BYPASSRLS; created by the first migration. */
export const APP_ROLE = 'fds_app';

export interface Actor {
  readonly companyId: number;
  readonly userId: string;
}

export interface Tenant extends Actor {
  readonly db: Transaction<DB>;
  /** Request id, recorded with audit rows. */
  readonly requestId: string | null;
  /** Runs `effect` once the transaction has committed (never when it rolls back). */
  afterCommit(effect: () => void): void;
}

export async function forCompany<T>(
  db: Db,
  actor: Actor,
  requestId: string | null,
  work: (tenant: Tenant) => Promise<T>,
): Promise<T> {
  const effects: Array<() => void> = [];
  const result = await db.transaction().execute(async (trx) => {
    // One round trip; both settings are transaction-local and vanish at COMMIT/ROLLBACK, so a
    // pooled connection never carries a company into the next request.
    await sql`select set_config('role', ${APP_ROLE}, true), set_config('app.company_id', ${String(actor.companyId)}, true)`.execute(trx);
    return work({ db: trx, companyId: actor.companyId, userId: actor.userId, requestId, afterCommit: (effect) => effects.push(effect) });
  });
  for (const effect of effects) effect();
  return result;
}
