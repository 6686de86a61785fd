// Local search: relocate, exchange and 2-opt* between routes, or-opt and 2-opt within routes, each
// pass in a random order, repeated until no operator improves (or the clock says stop). Every move
// keeps the plan feasible and lowers its cost, so the result is never worse than the input.

import { exchange } from './operators/exchange.js';
import { intraRoute } from './operators/intra.js';
import { relocate } from './operators/relocate.js';
import { twoOptStar } from './operators/two-opt-star.js';
import type { Context, Plan } from './plan.js';

export type Operator = (ctx: Context, plan: Plan, backup: Plan) => number;

export const OPERATORS: Record<string, Operator> = { relocate, exchange, twoOptStar, intraRoute };

/** Descends to a local optimum of `plan`; `backup` is a work plan. Returns the moves made. */
export function localSearch(
  ctx: Context,
  plan: Plan,
  backup: Plan,
  stop: () => boolean = () => false,
  operators: Operator[] = Object.values(OPERATORS),
): number {
  backup.copyFrom(plan);
  let total = 0;
  for (let round = 0; round < 100 && !stop(); round++) {
    let moves = 0;
    for (const op of operators) {
      if (stop()) break;
      moves += op(ctx, plan, backup);
    }
    total += moves;
    if (moves === 0) break;
  }
  return total;
}
