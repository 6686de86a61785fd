// SQL of non-working days, through the company door. A window [start, end] matches the days
// in it and the recurring days with an anniversary in it (from their first year on).
import { sql } from 'kysely';
import type { Tenant } from '../../db/tenant.js';
import { pagedList } from '../../platform/list.js';
import { companyRecords } from '../../platform/records.js';
import { type NonWorkingDayRow, NonWorkingDaysQuery, type NonWorkingDaysQueryT, toNonWorkingDay } from './non-working-days.schemas.js';

const COLUMNS = ['id', 'day', 'name', 'is_recurring', 'created_at', 'updated_at'] as const;

/** Days 'YYYY-MM-DD', both included. */
export interface DayWindow {
  start: string;
  end: string;
}

/** The days in a window (null: every day). */
function days(t: Tenant, window: DayWindow | null) {
  const q = t.select('non_working_days');
  if (!window) return q;
  const start = sql`${window.start}::date`;
  const end = sql`${window.end}::date`;
  return q.where((eb) =>
    eb.or([
      eb.and([eb('is_recurring', '=', false), eb('day', '>=', window.start), eb('day', '<=', window.end)]),
      eb.and([
        eb('is_recurring', '=', true),
        eb('day', '<=', window.end),
        sql<boolean>`EXISTS (SELECT 1 FROM generate_series(greatest(extract(year FROM ${start})::int, extract(year FROM day)::int), extract(year FROM ${end})::int) AS y
        WHERE make_date(y, extract(month FROM day)::int, extract(day FROM day)::int) BETWEEN ${start} AND ${end})`,
      ]),
    ]),
  );
}

export const dayRecords = companyRecords<NonWorkingDayRow>({
  name: 'non_working_day',
  what: 'Non-working day',
  read: (t, ids) => days(t, null).select(COLUMNS).where('id', 'in', ids).execute(),
});

/** The list of the days in the window the query asks for (`windowOf`; one that ends before it
 *  starts matches nothing). */
export function daysList(windowOf: (q: NonWorkingDaysQueryT) => DayWindow | null) {
  return pagedList({
    query: NonWorkingDaysQuery,
    from: (t: Tenant, q) => {
      const window = windowOf(q);
      return window && window.start > window.end ? days(t, null).where(sql<boolean>`false`) : days(t, window);
    },
    sortable: {
      date: ['day', 'id'],
      name: [sql`lower(coalesce(name, ''))`, 'day', 'id'],
      createdAt: ['created_at', 'day', 'id'],
    },
    select: (q) => q.select(COLUMNS),
    map: (rows) => rows.map(toNonWorkingDay),
  });
}

/** The company's days (other than `exceptId`) on the same month and day as `day`, any year. */
export function sameMonthAndDay(t: Tenant, day: string, exceptId: number | null): Promise<NonWorkingDayRow[]> {
  let q = days(t, null)
    .select(COLUMNS)
    .where(sql`extract(month FROM day)`, '=', sql`extract(month FROM ${day}::date)`)
    .where(sql`extract(day FROM day)`, '=', sql`extract(day FROM ${day}::date)`);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return q.orderBy('day').execute();
}

export type DayValues = Pick<NonWorkingDayRow, 'day' | 'name' | 'is_recurring'>;

export async function insertDay(t: Tenant, values: DayValues): Promise<number> {
  return (await t.insert('non_working_days', values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateDay(t: Tenant, id: number, values: DayValues): Promise<void> {
  await t
    .update('non_working_days')
    .set({ ...values, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteDay(t: Tenant, id: number): Promise<void> {
  await t.delete('non_working_days').where('id', '=', id).execute();
}

/** The company's non-working days falling on any of these days ('YYYY-MM-DD'): the day itself, or
 *  a recurring day's anniversary from its first year on. For other areas' warnings (orders' stops). */
export function daysOffAmong(t: Tenant, wanted: readonly string[]): Promise<NonWorkingDayRow[]> {
  if (wanted.length === 0) return Promise.resolve([]);
  const list = sql.join(wanted.map((d) => sql`${d}::date`));
  return t
    .select('non_working_days')
    .select(COLUMNS)
    .where((eb) =>
      eb.or([
        eb.and([eb('is_recurring', '=', false), sql<boolean>`day IN (${list})`]),
        eb.and([
          eb('is_recurring', '=', true),
          sql<boolean>`EXISTS (SELECT 1 FROM unnest(ARRAY[${list}]) AS w(d)
            WHERE w.d >= day AND extract(month FROM w.d) = extract(month FROM day) AND extract(day FROM w.d) = extract(day FROM day))`,
        ]),
      ]),
    )
    .execute();
}
