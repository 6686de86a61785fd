// Spreadsheets in and out: .xlsx written with exceljs's streaming writer (rows are not all held as
// cell objects), and tables read from .xlsx (exceljs) or .csv (csv-parse) into plain text values.
import { PassThrough } from 'node:stream';
import { parse as parseCsv } from 'csv-parse/sync';
import type ExcelJS from 'exceljs';

// Loaded on first use: exceljs and its zip libraries take about half a second to load, which every
// start of the service (and of each test file) would pay for the few requests that need them.
let loaded: Promise<typeof ExcelJS> | null = null;
const excel = (): Promise<typeof ExcelJS> => (loaded ??= import('exceljs').then((m) => (m.default ?? m) as typeof ExcelJS));

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface Column<Row> {
  header: string;
  width?: number;
  value(row: Row): string | number | boolean | Date | null;
}

/** Writes one sheet; `batches` yields rows a batch at a time (from the database, say). */
export async function writeXlsx<Row>(sheetName: string, columns: Column<Row>[], batches: AsyncIterable<Row[]> | Row[][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new (await excel()).stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.header, width: c.width ?? Math.max(12, c.header.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  for await (const batch of batches) {
    for (const row of batch) sheet.addRow(columns.map((c) => c.value(row))).commit();
  }
  sheet.commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}

export interface TableRow {
  /** Line of the row in the file (the header is line 1). */
  line: number;
  /** Cell text by header, as written in the file; empty cells are absent. */
  values: Record<string, string>;
}

export interface Table {
  headers: string[];
  rows: TableRow[];
}

export class UnreadableFile extends Error {}

/** Text of an exceljs cell value: rich text, hyperlinks (emails) and formula results included. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
    return String(value);
  }
  return String(value);
}

export async function readXlsx(buffer: Buffer, maxRows: number): Promise<Table> {
  const workbook = new (await excel()).Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw new UnreadableFile('The file is not a readable .xlsx workbook.');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new UnreadableFile('The workbook has no sheet.');
  if (sheet.rowCount > maxRows + 1) throw new UnreadableFile(`The file has more than ${maxRows} rows.`);
  const headers: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => {
    headers[col - 1] = cellText(cell.value).trim();
  });
  const rows: TableRow[] = [];
  sheet.eachRow((row, line) => {
    if (line === 1) return;
    const values: Record<string, string> = {};
    row.eachCell((cell, col) => {
      const header = headers[col - 1];
      const text = cellText(cell.value).trim();
      if (header && text !== '') values[header] = text;
    });
    if (Object.keys(values).length > 0) rows.push({ line, values });
  });
  return { headers: headers.filter(Boolean), rows };
}

export function readCsv(buffer: Buffer, maxRows: number): Table {
  let records: string[][];
  try {
    records = parseCsv(buffer, { bom: true, relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch (err) {
    throw new UnreadableFile(`The file is not readable CSV: ${(err as Error).message}`);
  }
  if (records.length > maxRows + 1) throw new UnreadableFile(`The file has more than ${maxRows} rows.`);
  const [head, ...body] = records;
  const headers = (head ?? []).map((h) => h.trim());
  const rows = body
    .map((cells, i) => {
      const values: Record<string, string> = {};
      cells.forEach((text, col) => {
        if (headers[col] && text !== '') values[headers[col]!] = text;
      });
      return { line: i + 2, values };
    })
    .filter((r) => Object.keys(r.values).length > 0);
  return { headers: headers.filter(Boolean), rows };
}
