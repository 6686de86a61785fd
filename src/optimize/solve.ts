// solve(): the whole problem, anytime. Compiles the problem, searches within the budget, and
// answers the model's Solution with the search's figures.
import { compile } from './compile.js';
import type { Problem, Solution } from './model.js';
import { solutionOut } from './output.js';
import { type SearchOptions, type SearchStats, search } from './search.js';

export interface SolveOptions extends Partial<Omit<SearchOptions, 'start' | 'startedAt'>> {
  /** Wall-clock budget in milliseconds (default 1000). */
  timeLimitMs?: number;
  /** Seed of the search (default 1). */
  seed?: number;
}

export type SolveResult = Solution & { search: SearchStats };

export function solve(problem: Problem, options: SolveOptions = {}): SolveResult {
  const startedAt = performance.now();
  const inst = compile(problem);
  const result = search(inst, { ...options, timeLimitMs: options.timeLimitMs ?? 1000, seed: options.seed ?? 1, startedAt });
  return { ...solutionOut(inst, result.plan, result.impossible), search: result.stats };
}
