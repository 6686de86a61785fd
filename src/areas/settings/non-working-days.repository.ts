// SQL of non-working days, in the company's transaction. A window [start, end] matches the days
// in it and the recurring days with an anniversary in it (from their first year on).
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import type { SortSpec } from '../../platform/paging.js';
import type { NonWorkingDayRow } from './non-working-days.schemas.js';

const COLUMNS = ['id', 'day', 'name', 'is_recurring', 'created_at', 'updated_at'] as const;

/** Days 'YYYY-MM-DD', both included. */
export interface DayWindow {
  start: string;
  end: string;
}

export type DaySort = 'day' | 'name' | 'created_at';

function days(t: Tenant, window: DayWindow | null) {
  let q = t.db.selectFrom('non_working_days').where('company_id', '=', t.companyId);
  if (window) {
    const start = sql`${window.start}::date`;
    const end = sql`${window.end}::date`;
    q = q.where((eb) => eb.or([
      eb.and([eb('is_recurring', '=', false), eb('day', '>=', window.start), eb('day', '<=', window.end)]),
      eb.and([
        eb('is_recurring', '=', true),
        eb('day', '<=', window.end),
        sql<boolean>`EXISTS (SELECT 1 FROM generate_series(greatest(extract(year FROM ${start})::int, extract(year FROM day)::int), extract(year FROM ${end})::int) AS y
          WHERE make_date(y, extract(month FROM day)::int, extract(day FROM day)::int) BETWEEN ${start} AND ${end})`,
      ]),
    ]));
  }
  return q;
}

export function listDays(t: Tenant, window: DayWindow | null, sort: SortSpec<DaySort>, limit: number, offset: number): Promise<NonWorkingDayRow[]> {
  const direction = sort.descending ? 'desc' : 'asc';
  const column = sort.by === 'name' ? sql`lower(coalesce(name, ''))` : sql.ref(sort.by);
  return days(t, window).select(COLUMNS).orderBy(column, direction).orderBy('day', direction).orderBy('id', direction).limit(limit).offset(offset).execute();
}

export async function countDays(t: Tenant, window: DayWindow | null): Promise<number> {
  const row = await days(t, window).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findDay(t: Tenant, id: number): Promise<NonWorkingDayRow | undefined> {
  return days(t, null).select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The company's days (other than `exceptId`) on the same month and day as `day`, any year. */
export function sameMonthAndDay(t: Tenant, day: string, exceptId: number | null): Promise<NonWorkingDayRow[]> {
  let q = days(t, null).select(COLUMNS)
    .where(sql`extract(month FROM day)`, '=', sql`extract(month FROM ${day}::date)`)
    .where(sql`extract(day FROM day)`, '=', sql`extract(day FROM ${day}::date)`);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return q.orderBy('day').execute();
}

export type DayValues = Pick<NonWorkingDayRow, 'day' | 'name' | 'is_recurring'>;

export async function insertDay(t: Tenant, values: DayValues): Promise<number> {
  const row = await t.db.insertInto('non_working_days').values({ company_id: t.companyId, ...values }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDay(t: Tenant, id: number, values: DayValues): Promise<void> {
  await t.db.updateTable('non_working_days').set({ ...values, updated_at: new Date() }).where('company_id', '=', t.companyId).where('id', '=', id).execute();
}

export async function deleteDay(t: Tenant, id: number): Promise<void> {
  await t.db.deleteFrom('non_working_days').where('company_id', '=', t.companyId).where('id', '=', id).execute();
}
