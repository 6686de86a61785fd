// Reading benchmark files from disk (the parsers themselves take text): the format is told by the
// extension (.vrptw: LKH-3) or, for .txt, by the first line (three numbers: Li & Lim; else Solomon).
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import type { Problem } from '../model.js';
import { type BestKnown, parseBks } from './bks.js';
import { numbers, type ReadOptions, tokenLines } from './common.js';
import { parseLiLim } from './li-lim.js';
import { parseLkhVrptw } from './lkh.js';
import { parseSolomon } from './solomon.js';

export type InstanceFormat = 'solomon' | 'lkh' | 'li-lim';

export function detectFormat(fileName: string, text: string): InstanceFormat {
  if (extname(fileName).toLowerCase() === '.vrptw') return 'lkh';
  const first = tokenLines(text)[0] ?? [];
  return first.length === 3 && numbers(first) ? 'li-lim' : 'solomon';
}

export function parseInstance(format: InstanceFormat, text: string, options: ReadOptions = {}): Problem {
  if (format === 'lkh') return parseLkhVrptw(text, options);
  if (format === 'li-lim') return parseLiLim(text, options);
  return parseSolomon(text, options);
}

/** A benchmark file as a Problem. Li & Lim files, which hold no name, are named after the file. */
export function readInstance(path: string, options: ReadOptions = {}): Problem {
  const text = readFileSync(path, 'utf8');
  const format = detectFormat(path, text);
  const name = options.name ?? (format === 'li-lim' ? basename(path, extname(path)) : undefined);
  return parseInstance(format, text, { ...options, name });
}

export function readBks(path: string): BestKnown[] {
  return parseBks(readFileSync(path, 'utf8'));
}
