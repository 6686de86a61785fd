// A CSV file's first rows as a markdown (GFM) table, read with csv-parse. The delimiter is the
// one of , ; tab | that the header line uses most (spreadsheets in many locales write ;).
import { parse } from 'csv-parse/sync';

export const CSV_MAX_ROWS = 1_000;
const MAX_COLUMNS = 100;
const MAX_CELL_CHARS = 1_000;
const DELIMITERS = [',', ';', '\t', '|'];

export function detectDelimiter(text: string): string {
  const firstLine = (text.match(/^[^\r\n]*/)?.[0] ?? '').replace(/"[^"]*"/g, '');
  let best = ',';
  let bestCount = 0;
  for (const d of DELIMITERS) {
    const count = firstLine.split(d).length - 1;
    if (count > bestCount) {
      best = d;
      bestCount = count;
    }
  }
  return best;
}

/** A cell on one table line: no line breaks, pipes escaped, very long text shortened. */
function cell(value: string | undefined): string {
  const flat = (value ?? '').replace(/\s*[\r\n]+\s*/g, ' ').trim();
  const short = flat.length > MAX_CELL_CHARS ? `${flat.slice(0, MAX_CELL_CHARS)}…` : flat;
  return short.replace(/\\/g, '\\\\').replace(/\|/g, '\\|');
}

/**
 * The table, or null when the text is not CSV that csv-parse can read. `more` says the text is
 * only the start of the file, so its last (possibly cut) line is dropped and the table says so.
 */
export function csvToMarkdown(text: string, more: boolean): string | null {
  const body = more ? text.slice(0, Math.max(0, text.lastIndexOf('\n'))) : text;
  let records: string[][];
  try {
    records = parse(body, {
      delimiter: detectDelimiter(body),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      // The header and one row past the cap, to know whether rows were left out.
      to: CSV_MAX_ROWS + 2,
      max_record_size: 1_000_000,
    });
  } catch {
    return null;
  }
  if (records.length === 0) return null;
  const [header, ...rows] = records;
  const shown = rows.slice(0, CSV_MAX_ROWS);
  const columns = Math.min(MAX_COLUMNS, Math.max(header.length, ...shown.map((r) => r.length)));
  const line = (r: string[]): string => `| ${Array.from({ length: columns }, (_, i) => cell(r[i])).join(' | ')} |`;
  const lines = [line(header), `|${' --- |'.repeat(columns)}`, ...shown.map(line)];
  if (rows.length > CSV_MAX_ROWS || more) lines.push('', `*First ${shown.length.toLocaleString('en-US')} rows of the file.*`);
  return lines.join('\n');
}
