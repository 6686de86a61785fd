// The search: a first plan by greedy insertion, then (vehicle-first) fleet minimization, then
// ruin-and-recreate under simulated annealing to cut cost, keeping the best plan seen. The
// temperature falls from `t0` to `tf` (times the mean cost per job) as the budget is spent: the
// time limit, or, when one is given, the iteration budget (the clock then only cuts the run short,
// and a seed gives the same answer on any machine). Jobs no vehicle can serve alone stay out.
import type { Instance } from './compile.js';
import { type Clock, minimizeFleet, vehicleLowerBound } from './fleet.js';
import { localSearch } from './local-search.js';
import { type Context, compareScores, compareService, copyScore, makeContext, newScore, Plan, type Score } from './plan.js';
import { Rng } from './random.js';
import { type Impossible, servedAlone } from './reasons.js';
import { type JobKeys, jobKeys, recreate } from './recreate.js';
import { DEFAULT_RUIN, type RuinParams, ruinStrings } from './ruin.js';

export interface SearchOptions {
  /** Wall-clock budget; the best plan so far is returned when it runs out. */
  timeLimitMs: number;
  seed: number;
  /** Optional iteration budget: with it, the temperature follows iterations, and the result is the same on any machine. */
  iterations?: number;
  /** Share of the budget fleet minimization may use (vehicle-first). */
  fleetShare?: number;
  t0?: number;
  tf?: number;
  blink?: number;
  ruin?: Partial<RuinParams>;
  /** Local search on each new best plan (default true). */
  localSearch?: boolean;
  /** performance.now() when the caller started (so that compiling counts against the limit). */
  startedAt?: number;
  /** A plan to start from instead of the greedy one (e.g. a route's current order). */
  start?: (inst: Instance, plan: Plan) => void;
}

export interface SearchStats {
  iterations: number;
  fleetIterations: number;
  timeMs: number;
  bestAtMs: number;
}

export interface SearchResult {
  plan: Plan;
  impossible: Map<number, Impossible>;
  stats: SearchStats;
}

export function search(inst: Instance, options: SearchOptions): SearchResult {
  const started = options.startedAt ?? performance.now();
  const elapsed = (): number => performance.now() - started;
  const limit = Math.max(0, options.timeLimitMs);
  const maxIterations = options.iterations ?? Infinity;
  const rng = new Rng(options.seed);
  const impossible = new Map<number, Impossible>();
  const active = new Uint8Array(inst.J);
  for (let j = 0; j < inst.J; j++) {
    if (inst.jobLockedTo[j] >= 0) {
      active[j] = 1;
      continue;
    }
    const why = servedAlone(inst, j);
    if (why) impossible.set(j, why);
    else active[j] = 1;
  }
  const ctx = makeContext(inst, rng, active);
  const keys = jobKeys(inst);
  const ruin = { ...DEFAULT_RUIN, ...options.ruin };
  const blink = options.blink ?? 0.01;

  const best = new Plan(inst);
  const toPlace: number[] = [];
  for (let j = 0; j < inst.J; j++) if (active[j] && best.jobRoute[j] < 0) toPlace.push(j);
  if (options.start) options.start(inst, best);
  const missing = toPlace.filter((j) => best.jobRoute[j] < 0);
  best.unassigned = [];
  recreate(ctx, best, keys, missing, 0, 5);
  best.clearTouched();
  const stats: SearchStats = { iterations: 0, fleetIterations: 0, timeMs: 0, bestAtMs: elapsed() };
  const cur = new Plan(inst);
  const cand = new Plan(inst);

  if (inst.problem.objective === 'vehicle-first' && best.unassigned.length === 0) {
    const share = options.fleetShare ?? 0.5;
    const clock: Clock = {
      iterations: 0,
      // With an iteration budget the phases split by count alone (the clock only cuts the run
      // short), so that a seed gives the same search on any machine.
      done: () => (Number.isFinite(maxIterations) ? clock.iterations >= maxIterations * share : elapsed() >= limit * share) || elapsed() >= limit,
      improved: () => {
        stats.bestAtMs = elapsed();
      },
    };
    minimizeFleet(ctx, best, cur, cand, keys, ruin, clock, vehicleLowerBound(inst, active));
    stats.fleetIterations = clock.iterations;
  }

  // Nothing to move (no jobs, or all locked in place): the first plan is the answer.
  const movable = best.routes.some((r) => r.n > r.lockedCount) || best.unassigned.length > 0;
  if (movable) improve(ctx, best, cur, cand, keys, ruin, blink, options, stats, elapsed, limit, maxIterations);
  stats.timeMs = elapsed();
  return { plan: best, impossible, stats };
}

/** Ruin and recreate under simulated annealing, from `best`, until the budget ends. */
function improve(
  ctx: Context,
  best: Plan,
  cur: Plan,
  cand: Plan,
  keys: JobKeys,
  ruin: RuinParams,
  blink: number,
  options: SearchOptions,
  stats: SearchStats,
  elapsed: () => number,
  limit: number,
  maxIterations: number,
): void {
  const { inst, rng } = ctx;
  cur.copyFrom(best);
  cand.copyFrom(best);
  const bestScore: Score = best.score(inst, newScore(inst));
  const curScore: Score = newScore(inst);
  const candScore: Score = newScore(inst);
  copyScore(bestScore, curScore);
  const placed = inst.J - best.unassigned.length;
  const scale = bestScore.cost / Math.max(1, placed);
  const t0 = (options.t0 ?? 0.3) * scale;
  const tf = (options.tf ?? 0.003) * scale;
  const removed: number[] = [];
  const useLocalSearch = options.localSearch ?? true;
  const work = new Plan(inst);
  const startTime = elapsed();
  const startIteration = stats.fleetIterations;
  for (;;) {
    const now = elapsed();
    if (now >= limit || stats.fleetIterations + stats.iterations >= maxIterations) break;
    const progress = Number.isFinite(maxIterations)
      ? Math.min(1, stats.iterations / Math.max(1, maxIterations - startIteration))
      : Math.min(1, limit > startTime ? (now - startTime) / (limit - startTime) : 1);
    const temperature = t0 * (tf / t0) ** progress;
    stats.iterations++;

    removed.length = 0;
    ruinStrings(ctx, cand, ruin, removed);
    recreate(ctx, cand, keys, removed, blink);
    cand.score(inst, candScore);
    const service = compareService(inst, candScore, curScore);
    const accept = service < 0 || (service === 0 && candScore.cost < curScore.cost - temperature * Math.log(rng.next()));
    if (accept) {
      if (useLocalSearch && compareScores(inst, candScore, bestScore) < 0) {
        // A new best is worth polishing: descend to its local optimum before keeping it.
        localSearch(ctx, cand, work, () => elapsed() >= limit);
        cand.score(inst, candScore);
      }
      cur.copyRoutes(cand, cand.touchedList);
      copyScore(candScore, curScore);
      if (compareScores(inst, candScore, bestScore) < 0) {
        best.copyFrom(cand);
        copyScore(candScore, bestScore);
        stats.bestAtMs = now;
      }
    } else {
      cand.copyRoutes(cur, cand.touchedList);
    }
    cand.clearTouched();
  }
}
