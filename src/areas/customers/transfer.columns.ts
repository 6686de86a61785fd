// The columns of the customer spreadsheet: what export writes and import reads back, so that an
// exported file imports again unchanged. Enumerations are written as names and read as names or numbers.
import type { Column } from '../../integrations/files/spreadsheet.js';
import type { ExportRow } from './customers.repository.js';
import { PIPELINES, SOURCES, STATUSES } from './customers.schemas.js';

export type FieldKey =
  | 'id'
  | 'name'
  | 'email'
  | 'phone'
  | 'pipeline'
  | 'status'
  | 'source'
  | 'isEntrepreneur'
  | 'parentCustomerId'
  | 'notes'
  | 'addressName'
  | 'street'
  | 'street2'
  | 'city'
  | 'state'
  | 'postalCode'
  | 'country'
  | 'latitude'
  | 'longitude'
  | 'createdAt';

const nameOf = (values: Record<string, number>, n: number) => Object.keys(values).find((k) => values[k] === n) ?? String(n);

export const FIELDS: Array<{ key: FieldKey; width?: number; value(row: ExportRow): string | number | boolean | Date | null }> = [
  { key: 'id', value: (r) => r.id },
  { key: 'name', width: 32, value: (r) => r.name },
  { key: 'email', width: 28, value: (r) => r.email },
  { key: 'phone', width: 18, value: (r) => r.phone },
  { key: 'pipeline', value: (r) => nameOf(PIPELINES, r.pipeline) },
  { key: 'status', value: (r) => nameOf(STATUSES, r.status) },
  { key: 'source', value: (r) => nameOf(SOURCES, r.source) },
  { key: 'isEntrepreneur', value: (r) => r.is_entrepreneur },
  { key: 'parentCustomerId', value: (r) => r.parent_customer_id },
  { key: 'notes', width: 40, value: (r) => r.notes },
  { key: 'addressName', width: 24, value: (r) => r.address_name },
  { key: 'street', width: 28, value: (r) => r.street },
  { key: 'street2', value: (r) => r.street2 },
  { key: 'city', width: 18, value: (r) => r.city },
  { key: 'state', value: (r) => r.state },
  { key: 'postalCode', value: (r) => r.postal_code },
  { key: 'country', value: (r) => r.country },
  { key: 'latitude', value: (r) => r.latitude },
  { key: 'longitude', value: (r) => r.longitude },
  { key: 'createdAt', width: 24, value: (r) => r.created_at },
];

export const FIELD_KEYS = FIELDS.map((f) => f.key);

/** Header text → field: any case, spaces and punctuation ignored ("Postal code" is postalCode). */
export function fieldFor(header: string): FieldKey | null {
  const wanted = header.toLowerCase().replace(/[^a-z0-9]/g, '');
  return FIELDS.find((f) => f.key.toLowerCase() === wanted)?.key ?? null;
}

export function columnsFor(keys: FieldKey[]): Column<ExportRow>[] {
  return keys.map((key) => {
    const field = FIELDS.find((f) => f.key === key)!;
    return { header: field.key, width: field.width, value: field.value };
  });
}

/** The one example row of a template (sample=true). */
export const SAMPLE: ExportRow = {
  id: null as unknown as number,
  name: 'Acme Freight LLC',
  email: 'shipping@acme.example',
  phone: '+1 512 555 0134',
  pipeline: 1,
  status: 0,
  source: 0,
  is_entrepreneur: false,
  parent_customer_id: null,
  merged_into_id: null,
  notes: 'Dock 4, call ahead',
  last_order_at: null,
  payment_terms_days: null,
  tax_exempt: false,
  created_at: null as unknown as Date,
  updated_at: new Date(0),
  address_id: null,
  address_name: 'Acme warehouse',
  street: '1200 Industrial Blvd',
  street2: null,
  city: 'Austin',
  state: 'TX',
  postal_code: '78701',
  country: 'US',
  latitude: 30.2672,
  longitude: -97.7431,
};
