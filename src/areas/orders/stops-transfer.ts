// Stops in and out of spreadsheets. One row per item (a stop without items is one row); rows with
// the same `stop` number are one stop, whose fields come from its first row. The sample CSV
// (ImportOrderStopsExample) and the export (.xlsx) have the same columns, so an export's rows can
// be imported again (the order columns are ignored on import). An import checks every row first
// and writes nothing when any is wrong, naming row, field and reason.
import { type Column, readCsv, readXlsx, type Table, UnreadableFile, writeXlsx, XLSX_TYPE } from '../../integrations/files/spreadsheet.js';
import { readEmbedded } from '../../platform/embedded.js';
import { fail, invalid, type Problem } from '../../platform/errors.js';
import type { FileResult, UploadedFile } from '../../platform/route.js';
import { OrdersErrors } from './orders.errors.js';
import { OrderInput, type OrderInputT, type OrderT, PRIORITIES, STOP_TYPES, type StopInputT } from './orders.schemas.js';

export const MAX_IMPORT_ROWS = 2000;
/** Problems named in a refused import (the count says how many there were). */
const MAX_REPORTED = 50;

/** The columns, in order: the stop's, then its item's. */
export const STOP_COLUMNS = [
  'stop',
  'type',
  'name',
  'street',
  'street2',
  'city',
  'state',
  'postalCode',
  'country',
  'latitude',
  'longitude',
  'date',
  'timeWindowStart',
  'timeWindowEnd',
  'priority',
  'contactName',
  'contactPhone',
  'driverInstructions',
  'notes',
  'item',
  'quantity',
  'weight',
  'pallets',
  'barcode',
] as const;
type StopColumn = (typeof STOP_COLUMNS)[number];

/** A stop row of the export and the sample: the order's columns first (ignored on import). */
interface ExportRow {
  orderNumber: string;
  status: string;
  customer: string;
  cells: Partial<Record<StopColumn, string | number | null>>;
}

function rowsOf(order: OrderT): ExportRow[] {
  const rows: ExportRow[] = [];
  for (const s of order.stops) {
    const stop = {
      stop: s.sequence,
      type: s.type,
      name: s.address.name,
      street: s.address.street,
      street2: s.address.street2,
      city: s.address.city,
      state: s.address.state,
      postalCode: s.address.postalCode,
      country: s.address.country,
      latitude: s.address.latitude,
      longitude: s.address.longitude,
      date: s.date,
      timeWindowStart: s.timeWindowStart ? new Date(s.timeWindowStart).toISOString() : null,
      timeWindowEnd: s.timeWindowEnd ? new Date(s.timeWindowEnd).toISOString() : null,
      priority: s.priority,
      contactName: s.contactName,
      contactPhone: s.contactPhone,
      driverInstructions: s.driverInstructions,
      notes: s.notes,
    };
    const base = { orderNumber: order.orderNumber, status: order.status, customer: order.customerName };
    if (s.items.length === 0) rows.push({ ...base, cells: stop });
    for (const i of s.items)
      rows.push({ ...base, cells: { ...stop, item: i.description, quantity: i.quantity, weight: i.weight, pallets: i.pallets, barcode: i.barcode } });
  }
  return rows;
}

const COLUMNS: Column<ExportRow>[] = [
  { header: 'orderNumber', value: (r) => r.orderNumber },
  { header: 'status', value: (r) => r.status },
  { header: 'customer', width: 24, value: (r) => r.customer },
  ...STOP_COLUMNS.map((c) => ({
    header: c,
    width: ['street', 'driverInstructions', 'notes', 'item'].includes(c) ? 24 : undefined,
    value: (r: ExportRow) => r.cells[c] ?? null,
  })),
];

const SAMPLE_ROWS: string[][] = [
  [...STOP_COLUMNS],
  [
    '1',
    'Pickup',
    'Lone Star Tiles',
    '2500 Victory Ave',
    '',
    'Dallas',
    'TX',
    '75219',
    'US',
    '32.7905',
    '-96.8104',
    '2026-12-01',
    '2026-12-01T14:00:00Z',
    '2026-12-01T16:00:00Z',
    'Regular',
    'Jo Dock',
    '+12145550134',
    'Dock 4, ask for Jo',
    '',
    'Pallets of tiles',
    '4',
    '3200',
    '4',
    '',
  ],
  ['1', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', 'Grout', '10', '250', '', ''],
  [
    '2',
    'Delivery',
    'Polk Street site',
    '1510 Polk St',
    '',
    'Houston',
    'TX',
    '77002',
    'US',
    '29.7523',
    '-95.3582',
    '2026-12-02',
    '',
    '',
    'High',
    '',
    '',
    'Call 30 minutes before',
    '',
    '',
    '',
    '',
    '',
    '',
  ],
];

/** CSV text of the rows, quoted where needed (RFC 4180). */
function csvOf(rows: string[][]): string {
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  return `${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

const EXCEL_TYPES = new Set([XLSX_TYPE, 'application/vnd.ms-excel']);

function readTable(file: UploadedFile): Promise<Table> | Table {
  const type = file.contentType.split(';')[0]!.trim().toLowerCase();
  const isZip = file.buffer.subarray(0, 2).toString('latin1') === 'PK';
  if (type === 'text/csv' || type === 'text/plain' || type === 'application/octet-stream' || (type === 'application/vnd.ms-excel' && !isZip)) {
    return isZip ? readXlsx(file.buffer, MAX_IMPORT_ROWS) : readCsv(file.buffer, MAX_IMPORT_ROWS);
  }
  if (EXCEL_TYPES.has(type)) return readXlsx(file.buffer, MAX_IMPORT_ROWS);
  throw fail(OrdersErrors.importFile, `Files of type ${type} are not supported: send .csv (text/csv) or .xlsx.`);
}

const NAME = (list: readonly string[], text: string) => list.find((n) => n.toLowerCase() === text.toLowerCase());
const NUMBER = /^-?\d+(\.\d+)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The stops of a table, or every problem found (row, field, reason). */
export function stopsOfTable(table: Table): { stops: StopInputT[]; problems: string[] } {
  const problems: string[] = [];
  const unknown = table.headers.filter(
    (h) => !STOP_COLUMNS.some((c) => c.toLowerCase() === h.toLowerCase()) && !['ordernumber', 'status', 'customer'].includes(h.toLowerCase()),
  );
  if (unknown.length > 0) problems.push(`Row 1: unknown column(s) ${unknown.join(', ')}; the columns are ${STOP_COLUMNS.join(', ')}.`);
  const byStop = new Map<string, StopInputT>();
  const order: string[] = [];
  for (const row of table.rows) {
    const cell = (c: StopColumn): string | undefined => {
      const key = Object.keys(row.values).find((k) => k.toLowerCase() === c.toLowerCase());
      return key ? row.values[key] : undefined;
    };
    const bad = (field: string, reason: string) => problems.push(`Row ${row.line} (${field}): ${reason}`);
    const number = (c: StopColumn, min: number) => {
      const v = cell(c);
      if (v === undefined) return undefined;
      if (!NUMBER.test(v) || Number(v) < min) {
        bad(c, `"${v}" is not a number of at least ${min}.`);
        return undefined;
      }
      return Number(v);
    };
    const key = cell('stop') ?? `line ${row.line}`;
    let stop = byStop.get(key);
    if (!stop) {
      const type = NAME(STOP_TYPES, cell('type') ?? '');
      if (!type) bad('type', `the first row of a stop names its type: ${STOP_TYPES.join(', ')}.`);
      for (const required of ['street', 'city', 'country'] as const) if (!cell(required)) bad(required, `a stop needs its ${required}.`);
      const country = cell('country');
      if (country && !/^[A-Za-z]{2}$/.test(country)) bad('country', `"${country}" is not a two-letter country code.`);
      const lat = number('latitude', -90);
      const lon = number('longitude', -180);
      if ((lat === undefined) !== (lon === undefined)) bad('latitude', 'latitude and longitude go together.');
      const date = cell('date');
      if (date && !DAY.test(date.slice(0, 10))) bad('date', `"${date}" is not a day (YYYY-MM-DD).`);
      const window = (c: 'timeWindowStart' | 'timeWindowEnd') => {
        const v = cell(c);
        if (v && Number.isNaN(Date.parse(v))) bad(c, `"${v}" is not a date-time (ISO 8601).`);
        return v && !Number.isNaN(Date.parse(v)) ? v : null;
      };
      const priority = cell('priority');
      if (priority && !NAME(PRIORITIES, priority)) bad('priority', `"${priority}" is not one of ${PRIORITIES.join(', ')}.`);
      stop = {
        type: type ?? 'Pickup',
        address: {
          name: cell('name') ?? null,
          street: cell('street') ?? '',
          street2: cell('street2') ?? null,
          city: cell('city') ?? '',
          state: cell('state') ?? null,
          postalCode: cell('postalCode') ?? null,
          country: (country ?? '').toUpperCase(),
          latitude: lat ?? null,
          longitude: lon ?? null,
        },
        date: date ? date.slice(0, 10) : null,
        timeWindowStart: window('timeWindowStart'),
        timeWindowEnd: window('timeWindowEnd'),
        priority: (priority && NAME(PRIORITIES, priority)) || 'Regular',
        contactName: cell('contactName') ?? null,
        contactPhone: cell('contactPhone') ?? null,
        driverInstructions: cell('driverInstructions') ?? null,
        notes: cell('notes') ?? null,
        items: [],
      } as StopInputT;
      byStop.set(key, stop);
      order.push(key);
    }
    const description = cell('item');
    const itemFields = (['quantity', 'weight', 'pallets', 'barcode'] as const).filter((c) => cell(c) !== undefined);
    if (!description && itemFields.length > 0) bad('item', 'a row with item figures names the item.');
    if (description) {
      const quantity = number('quantity', 0.001);
      stop.items!.push({
        description,
        quantity: quantity ?? 1,
        weight: number('weight', 0) ?? null,
        pallets: number('pallets', 0) ?? null,
        barcode: cell('barcode') ?? null,
      });
    }
  }
  if (table.rows.length === 0) problems.push('The file has no stop rows.');
  return { stops: order.map((k) => byStop.get(k)!), problems };
}

/** The stops of an uploaded file, or a 400 naming every problem (nothing written). */
export async function readStopsFile(file: UploadedFile | undefined): Promise<StopInputT[]> {
  if (!file) throw invalid('csvFile', 'Send the stops as the file part csvFile of a multipart/form-data request.');
  let table: Table;
  try {
    table = await readTable(file);
  } catch (err) {
    if (err instanceof UnreadableFile) throw fail(OrdersErrors.importFile, err.message);
    throw err;
  }
  const { stops, problems } = stopsOfTable(table);
  if (problems.length > 0) {
    const details: Problem[] = problems.slice(0, MAX_REPORTED).map((message) => ({ code: OrdersErrors.importInvalidRow, message }));
    throw fail(OrdersErrors.importInvalid, `${problems.length} problem(s) in the file; nothing was imported.`, details);
  }
  return stops;
}

/** orderJson: the order the stops go into (customerId at least), read as POST /Quotes reads its body. */
export function orderOfJson(text: string | undefined): OrderInputT {
  if (!text) throw invalid('orderJson', 'Send orderJson (the order: customerId at least) to import stops into a new order, or orderId to add them to one.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid('orderJson', 'orderJson is not valid JSON.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalid('orderJson', 'orderJson is a JSON object: the order.');
  return readEmbedded<OrderInputT>(OrderInput, { stops: [], ...parsed }, 'orderJson');
}

export const sampleFile = (): FileResult => ({ fileName: 'order-stops-example.csv', contentType: 'text/csv; charset=utf-8', body: csvOf(SAMPLE_ROWS) });

/** The export (or, `template`, the sample rows under the same columns). */
export async function exportFile(orders: AsyncIterable<OrderT[]> | OrderT[][], fileName: string, template = false): Promise<FileResult> {
  async function* rows() {
    if (template) {
      const [head, ...body] = SAMPLE_ROWS;
      yield body.map((cells) => ({ orderNumber: '', status: '', customer: '', cells: Object.fromEntries(head!.map((h, i) => [h, cells[i] || null])) }));
      return;
    }
    for await (const batch of orders) yield batch.flatMap(rowsOf);
  }
  return { fileName, contentType: XLSX_TYPE, body: await writeXlsx('Stops', COLUMNS, rows()) };
}
