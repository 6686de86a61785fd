// Customer spreadsheets: export (all fields, or chosen ones), a template, and import from .xlsx or
// .csv. An import checks every row first and writes nothing if any row is invalid; rows with the id
// of an existing customer update it, rows without an id create one, so export → import round-trips.
import countries from 'i18n-iso-countries';
import type { Tenant } from '../../db/tenant.js';
import { readCsv, readXlsx, type Table, UnreadableFile, writeXlsx, XLSX_TYPE } from '../../integrations/files/spreadsheet.js';
import { audit } from '../../platform/audit.js';
import { fail, invalid } from '../../platform/errors.js';
import type { FileResult, UploadedFile } from '../../platform/route.js';
import * as addresses from './addresses.repository.js';
import { addressValues, writeAddress } from './addresses.service.js';
import { CustomersErrors } from './customers.errors.js';
import * as repo from './customers.repository.js';
import { type CustomerInputT, PIPELINES, SOURCES, STATUSES } from './customers.schemas.js';
import { customerValues } from './customers.service.js';
import { isEmail } from './keys.js';
import { columnsFor, FIELD_KEYS, type FieldKey, fieldFor, SAMPLE } from './transfer.columns.js';

const BATCH = 1000;
export const MAX_IMPORT_ROWS = 50_000;
const MAX_REPORTED = 200;

const EXCEL_TYPES = new Set([XLSX_TYPE, 'application/vnd.ms-excel', 'application/octet-stream']);

async function* batches(t: Tenant, ids: number[] | null) {
  for (let after = 0; ; ) {
    const rows = await repo.exportBatch(t, ids, after, BATCH);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]!.id;
  }
}

const today = () => new Date().toISOString().slice(0, 10);

interface PartialAddress {
  name: string | null;
  street: string | null;
  street2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  latitude: number | null;
  longitude: number | null;
}

interface ParsedRow {
  line: number;
  id: number | null;
  status: 0 | 1 | null;
  customer: CustomerInputT;
  address: PartialAddress | null;
}

const ADDRESS_FIELDS: FieldKey[] = ['addressName', 'street', 'street2', 'city', 'state', 'postalCode', 'country', 'latitude', 'longitude'];

function enumValue(values: Record<string, number>, text: string): number | null {
  const byName = Object.entries(values).find(([name]) => name.toLowerCase() === text.toLowerCase());
  if (byName) return byName[1];
  return /^\d+$/.test(text) && Object.values(values).includes(Number(text)) ? Number(text) : null;
}

function parseRow(line: number, cells: Partial<Record<FieldKey, string>>, problems: string[]): ParsedRow {
  const problem = (field: string, message: string) => problems.push(`Row ${line} (${field}): ${message}`);
  const int = (field: FieldKey) => {
    const text = cells[field];
    if (text === undefined) return null;
    if (!/^\d{1,10}$/.test(text) || Number(text) > 2147483647) {
      problem(field, `"${text}" is not an id.`);
      return null;
    }
    return Number(text);
  };
  const number = (field: FieldKey, limit: number) => {
    const text = cells[field];
    if (text === undefined) return null;
    const n = Number(text);
    if (!Number.isFinite(n) || Math.abs(n) > limit) {
      problem(field, `"${text}" is not a number between -${limit} and ${limit}.`);
      return null;
    }
    return n;
  };
  const text = (field: FieldKey, max: number) => {
    const value = cells[field];
    if (value !== undefined && value.length > max) problem(field, `longer than ${max} characters.`);
    return value ?? null;
  };
  const choice = (field: FieldKey, values: Record<string, number>) => {
    const value = cells[field];
    if (value === undefined) return null;
    const n = enumValue(values, value);
    if (n === null) problem(field, `"${value}" is not one of ${Object.keys(values).join(', ')}.`);
    return n;
  };

  const name = text('name', 200);
  if (!name) problem('name', 'a name is required.');
  const email = text('email', 254);
  if (email && !isEmail(email)) problem('email', `"${email}" is not an email address.`);
  let isEntrepreneur: boolean | null = null;
  if (cells.isEntrepreneur !== undefined) {
    const flag = cells.isEntrepreneur.toLowerCase();
    if (['true', 'yes', 'y', '1', 'x'].includes(flag)) isEntrepreneur = true;
    else if (['false', 'no', 'n', '0'].includes(flag)) isEntrepreneur = false;
    else problem('isEntrepreneur', `"${cells.isEntrepreneur}" is not true or false.`);
  }
  // Address cells as written; completed from the customer's main address on update (see below).
  let address: PartialAddress | null = null;
  if (ADDRESS_FIELDS.some((f) => cells[f] !== undefined)) {
    const country = cells.country?.toUpperCase();
    if (country !== undefined && (country.length !== 2 || !countries.isValid(country)))
      problem('country', `"${cells.country}" is not an ISO 3166-1 alpha-2 country code.`);
    address = {
      name: text('addressName', 200),
      street: text('street', 200),
      street2: text('street2', 200),
      city: text('city', 100),
      state: text('state', 100),
      postalCode: text('postalCode', 20),
      country: country ?? null,
      latitude: number('latitude', 90),
      longitude: number('longitude', 180),
    };
  }
  const status = choice('status', STATUSES) as 0 | 1 | null;
  return {
    line,
    id: int('id'),
    status,
    address,
    customer: {
      name: name ?? '',
      email,
      phone: text('phone', 50),
      pipeline: (choice('pipeline', PIPELINES) ?? undefined) as CustomerInputT['pipeline'],
      source: (choice('source', SOURCES) ?? undefined) as CustomerInputT['source'],
      isEntrepreneur,
      parentCustomerId: int('parentCustomerId'),
      notes: text('notes', 4000),
    },
  };
}

function readTable(file: UploadedFile): Promise<Table> | Table {
  const type = file.contentType.split(';')[0]!.trim().toLowerCase();
  const isZip = file.buffer.subarray(0, 2).toString('latin1') === 'PK';
  // Browsers on Windows send .csv files as application/vnd.ms-excel: those are read as CSV.
  if (type === 'text/csv' || (type === 'application/vnd.ms-excel' && !isZip)) return readCsv(file.buffer, MAX_IMPORT_ROWS);
  if (EXCEL_TYPES.has(type)) return readXlsx(file.buffer, MAX_IMPORT_ROWS);
  throw fail(CustomersErrors.unsupportedFileType, `Files of type ${type} are not supported: send .xlsx (${XLSX_TYPE}) or .csv (text/csv).`);
}

export function transferService() {
  return {
    async export(t: Tenant, ids: number[] | undefined, sample: boolean): Promise<FileResult> {
      const columns = columnsFor(sample ? FIELD_KEYS.filter((k) => k !== 'id' && k !== 'createdAt') : FIELD_KEYS);
      const body = await writeXlsx('Customers', columns, sample ? [[SAMPLE]] : batches(t, ids?.length ? ids : null));
      return { fileName: sample ? 'customers-template.xlsx' : `customers-${today()}.xlsx`, contentType: XLSX_TYPE, body };
    },

    /** `fields` and `ids` are comma-separated (this endpoint's exception to repeated parameters). */
    async customExport(t: Tenant, fields: string | undefined, ids: string | undefined): Promise<FileResult> {
      const chosen: FieldKey[] = ['id'];
      for (const name of (fields ?? '')
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean)) {
        const key = fieldFor(name);
        if (!key) throw invalid('fields', `Unknown field "${name}"; fields are: ${FIELD_KEYS.join(', ')}.`);
        if (!chosen.includes(key)) chosen.push(key);
      }
      if (chosen.length === 1) chosen.push(...FIELD_KEYS.filter((k) => k !== 'id'));
      const idList = (ids ?? '')
        .split(',')
        .map((i) => i.trim())
        .filter(Boolean);
      if (idList.some((i) => !/^\d{1,10}$/.test(i))) throw invalid('ids', 'ids is a comma-separated list of customer ids.');
      const body = await writeXlsx('Customers', columnsFor(chosen), batches(t, idList.length ? idList.map(Number) : null));
      return { fileName: `customers-${today()}.xlsx`, contentType: XLSX_TYPE, body };
    },

    async import(t: Tenant, files: UploadedFile[]): Promise<{ created: number; updated: number }> {
      const file = files[0];
      if (!file) throw invalid('file', 'Send the spreadsheet as a file part of a multipart/form-data request.');
      let table: Table;
      try {
        table = await readTable(file);
      } catch (err) {
        if (err instanceof UnreadableFile) throw fail(CustomersErrors.unreadableFile, err.message);
        throw err;
      }
      const mapping = new Map<string, FieldKey>();
      for (const header of table.headers) {
        const key = fieldFor(header);
        if (key) mapping.set(header, key);
      }
      if (![...mapping.values()].includes('name')) throw fail(CustomersErrors.importNoNameColumn, 'The first row must name the columns, with at least "name".');

      const problems: string[] = [];
      const rows = table.rows.map((row) => {
        const cells: Partial<Record<FieldKey, string>> = {};
        for (const [header, text] of Object.entries(row.values)) {
          const key = mapping.get(header);
          if (key) cells[key] = text;
        }
        return parseRow(row.line, cells, problems);
      });
      if (rows.length === 0) throw fail(CustomersErrors.importEmpty, 'The file has no customer rows.');
      const referenced = [...new Set(rows.flatMap((r) => [r.id, r.customer.parentCustomerId ?? null]).filter((id): id is number => id !== null))];
      const known = await repo.existingIds(t, referenced);
      const updates = rows.flatMap((r) => (r.id !== null && known.has(r.id) ? [r.id] : []));
      const existing = new Map((await repo.customerRecords.findAll(t, updates, { statuses: [0, 1], lock: true })).map((c) => [c.id, c]));
      const mains = new Map((await addresses.addressesOfCustomers(t, updates)).filter((a) => a.is_main).map((a) => [a.customer_id!, a]));
      // An update changes the columns the file has; the others keep their values.
      const columns = new Set(mapping.values());
      const has = (key: FieldKey) => columns.has(key);
      const seen = new Map<number, number>();
      const places = new Map<ParsedRow, NonNullable<CustomerInputT['addresses']>[number]>();
      for (const row of rows) {
        if (row.id !== null && !known.has(row.id)) problems.push(`Row ${row.line} (id): there is no customer ${row.id}.`);
        if (row.id !== null && seen.has(row.id)) problems.push(`Row ${row.line} (id): customer ${row.id} is also on row ${seen.get(row.id)}.`);
        if (row.id !== null) seen.set(row.id, row.line);
        const parent = row.customer.parentCustomerId;
        if (parent !== null && parent !== undefined && (!known.has(parent) || parent === row.id))
          problems.push(`Row ${row.line} (parentCustomerId): there is no other customer ${parent}.`);
        if (row.address) {
          const main = row.id === null ? undefined : mains.get(row.id);
          const pick = <K extends keyof PartialAddress>(key: K, field: FieldKey, old: PartialAddress[K] | undefined) =>
            has(field) ? row.address![key] : (old ?? null);
          const place = {
            name: pick('name', 'addressName', main?.name),
            street: pick('street', 'street', main?.street),
            street2: pick('street2', 'street2', main?.street2),
            city: pick('city', 'city', main?.city),
            state: pick('state', 'state', main?.state),
            postalCode: pick('postalCode', 'postalCode', main?.postal_code),
            country: pick('country', 'country', main?.country),
            latitude: pick('latitude', 'latitude', main?.latitude),
            longitude: pick('longitude', 'longitude', main?.longitude),
          };
          if (!place.street) problems.push(`Row ${row.line} (street): an address needs a street.`);
          if (!place.city) problems.push(`Row ${row.line} (city): an address needs a city.`);
          if (!place.country) problems.push(`Row ${row.line} (country): an address needs a country.`);
          if ((place.latitude === null) !== (place.longitude === null)) problems.push(`Row ${row.line} (latitude): latitude and longitude go together.`);
          places.set(row, { ...place, street: place.street ?? '', city: place.city ?? '', country: place.country ?? '', isMain: true });
        }
      }
      if (problems.length > 0) {
        throw fail(
          CustomersErrors.importInvalid,
          `${problems.length} problem(s) in the file; nothing was imported.`,
          problems.slice(0, MAX_REPORTED).map((message) => ({ code: CustomersErrors.importInvalidRow, message })),
        );
      }

      let created = 0;
      let updated = 0;
      for (const row of rows) {
        const place = places.get(row) ?? null;
        const before = row.id === null ? null : existing.get(row.id)!;
        const country = place?.country ?? (before ? mains.get(before.id)?.country : undefined) ?? 'US';
        let id: number;
        if (!before) {
          id = await repo.insertCustomer(t, customerValues(row.customer, country));
          created++;
        } else {
          id = before.id;
          const c = row.customer;
          await repo.updateCustomer(
            t,
            id,
            customerValues(
              {
                name: c.name,
                email: has('email') ? c.email : before.email,
                phone: has('phone') ? c.phone : before.phone,
                pipeline: (has('pipeline') ? c.pipeline : undefined) ?? (before.pipeline as CustomerInputT['pipeline']),
                source: (has('source') ? c.source : undefined) ?? (before.source as CustomerInputT['source']),
                isEntrepreneur: has('isEntrepreneur') ? (c.isEntrepreneur ?? false) : before.is_entrepreneur,
                parentCustomerId: has('parentCustomerId') ? c.parentCustomerId : before.parent_customer_id,
                notes: has('notes') ? c.notes : before.notes,
              },
              country,
            ),
          );
          updated++;
        }
        if (place) await writeAddress(t, mains.get(id) ?? null, addressValues(place, id), true, `Row ${row.line}`);
        if (row.status !== null && row.status !== (before?.status ?? 0)) await repo.setStatus(t, [id], row.status);
      }
      await audit(t, { action: 'customer.import', entityType: 'customer', after: { file: file.fileName, created, updated } });
      return { created, updated };
    },
  };
}

export type TransferService = ReturnType<typeof transferService>;
