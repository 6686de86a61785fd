// The reconciler: a background job settling card payments left `pending` — by a crash between the
// processor's answer and the settling commit, or by a processor that did not answer in time. It
// asks the processor what became of each charge by the payment's processor key and settles the
// payment as the request would have; it never charges. Rows are claimed with FOR UPDATE SKIP
// LOCKED and leased by pushing reconcile_after forward, so any number of instances share the work
// (as the outbox worker does); a company's rows are claimed by a statement of their own (on Citus,
// one shard). It also forgets Idempotency-Keys past their 24 hours.

import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../../db/database.js';
import { forCompany } from '../../db/tenant.js';
import type { PaymentProcessor } from '../../integrations/payments/index.js';
import type { Hooks } from '../../platform/events.js';
import { repeatingJob } from '../../platform/repeating-job.js';
import type { PaymentsService } from './payments.service.js';

const BATCH = 50;
const LEASE_SECONDS = 120;
/** A charge the processor has no record of this long after it started never reached it: the
 *  sandbox's book is read at once; Stripe's search lags (about a minute, its docs say). */
const NEVER_REACHED_MINUTES: Record<string, number> = { sandbox: 10, stripe: 60 };

interface Claimed {
  company_id: number;
  id: number;
  processor_key: string;
  charge_started_at: Date;
  never_reached: boolean;
}

export interface Reconciler {
  /** Settles what is due now; answers how many payments it settled. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function startReconciler(options: {
  db: Db;
  hooks: Hooks;
  processor: PaymentProcessor;
  payments: PaymentsService;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  intervalMs?: number;
  autoStart?: boolean;
}): Reconciler {
  const { db, processor } = options;

  async function claim(companyId: number, limit: number): Promise<Claimed[]> {
    const { rows } = await sql<Omit<Claimed, 'never_reached'>>`
      update payments p set reconcile_after = now() + make_interval(secs => ${LEASE_SECONDS}), reconcile_attempts = p.reconcile_attempts + 1
      where p.company_id = ${companyId} and p.id in (
        select id from payments where company_id = ${companyId} and processing_status = 'pending' and processor = ${processor.name}
          and reconcile_after <= now()
        order by reconcile_after limit ${limit} for update skip locked)
      returning p.company_id, p.id, p.processor_key, p.charge_started_at`.execute(db);
    // Judged here: Citus takes no now() in a RETURNING clause.
    return rows.map((r) => ({
      ...r,
      never_reached: Date.now() - new Date(r.charge_started_at).getTime() > (NEVER_REACHED_MINUTES[processor.name] ?? 60) * 60_000,
    }));
  }

  async function runOnce(): Promise<number> {
    const { rows: due } = await sql<{ company_id: number }>`
      select company_id from payments where processing_status = 'pending' and processor = ${processor.name} and reconcile_after <= now()
      group by company_id order by min(reconcile_after) limit ${BATCH}`.execute(db);
    let settled = 0;
    for (const { company_id } of due) {
      // One company's trouble (its shard's worker down, say) never stops the others'.
      let claimed: Claimed[];
      try {
        claimed = await claim(company_id, BATCH);
      } catch (err) {
        options.log.warn({ err, companyId: company_id }, 'pending card payments of a company were not claimed; will retry');
        continue;
      }
      for (const row of claimed) {
        try {
          const found = await processor.lookup(company_id, row.processor_key);
          const outcome =
            found ??
            (row.never_reached
              ? {
                  kind: 'declined' as const,
                  code: 'not_charged',
                  message: 'The processor has no charge for this payment: the request stopped before charging.',
                }
              : null);
          if (outcome === null || outcome.kind === 'unknown') continue;
          await forCompany(db, options.hooks, { companyId: company_id, userId: 'system:reconciler' }, null, (t) =>
            options.payments.settle(t, row.id, outcome, 'reconciler'),
          );
          settled++;
        } catch (err) {
          options.log.warn({ err, paymentId: row.id, companyId: company_id }, 'a pending card payment was not reconciled; will retry');
        }
      }
    }
    await sql`delete from idempotency_keys where expires_at < now()`.execute(db);
    if (settled > 0) options.log.info({ settled }, 'pending card payments reconciled');
    return settled;
  }

  return repeatingJob({ runOnce, intervalMs: options.intervalMs ?? 30_000, failure: 'reconciler run failed', log: options.log, autoStart: options.autoStart });
}
