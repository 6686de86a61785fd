// Rules of non-working days: one per date, counting the dates a recurring day comes back on (a
// second day for a date is refused naming the first, and nothing is written); 29 February does not
// recur. Lists read a window: a year, a DateRange or a Date.
import type { Tenant } from '../../db/tenant.js';
import { audit } from '../../platform/audit.js';
import { fail, invalid } from '../../platform/errors.js';
import { dateRangeOf } from '../../platform/paging.js';
import { parseDateTime } from '../../platform/validation.js';
import * as repo from './non-working-days.repository.js';
import {
  type NonWorkingDayInputT,
  type NonWorkingDayRow,
  type NonWorkingDaysQueryT,
  type NonWorkingDayT,
  toNonWorkingDay,
} from './non-working-days.schemas.js';
import { SettingsErrors } from './settings.errors.js';

const DUPLICATE = SettingsErrors.duplicateDate;

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

const label = (r: NonWorkingDayRow) => (r.name ? `"${r.name}" (id ${r.id})` : `id ${r.id}`);

/** The intersection of the windows asked for; an empty one matches nothing. */
function windowOf(q: NonWorkingDaysQueryT): repo.DayWindow | null {
  const windows: repo.DayWindow[] = [];
  if (q.year !== undefined) windows.push({ start: `${q.year}-01-01`, end: `${q.year}-12-31` });
  const range = dateRangeOf(q.DateRange);
  if (range) windows.push({ start: utcDay(range.start), end: utcDay(range.end) });
  if (q.Date) {
    const day = utcDay(parseDateTime(q.Date));
    windows.push({ start: day, end: day });
  }
  if (windows.length === 0) return null;
  return windows.reduce((a, b) => ({ start: a.start > b.start ? a.start : b.start, end: a.end < b.end ? a.end : b.end }));
}

/** A day this request wrote, read again. */
const reread = async (t: Tenant, id: number): Promise<NonWorkingDayT> => toNonWorkingDay(await repo.dayRecords.reread(t, id));

/** Refuses a date that another day already covers, or that would make a recurring day repeat one. */
async function checkClashes(t: Tenant, values: repo.DayValues, exceptId: number | null): Promise<void> {
  for (const other of await repo.sameMonthAndDay(t, values.day, exceptId)) {
    if (other.day === values.day) throw fail(DUPLICATE, `${values.day} is already a non-working day: ${label(other)}.`);
    if (other.is_recurring && other.day < values.day) {
      throw fail(DUPLICATE, `${values.day} is already a non-working day: ${label(other)} recurs every year from ${other.day}.`);
    }
    if (values.is_recurring && other.day > values.day) {
      throw fail(DUPLICATE, `A day recurring from ${values.day} would repeat ${other.day}, already a non-working day: ${label(other)}. Delete that one first.`);
    }
  }
}

/** The years a day may be in: those the list's `year` parameter can show (the database has no year 0). */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2200;

function valuesOf(input: NonWorkingDayInputT): repo.DayValues {
  const day = input.date;
  const year = Number(day.slice(0, 4));
  if (year < FIRST_YEAR || year > LAST_YEAR) throw invalid('date', `${day} is outside the years ${FIRST_YEAR} to ${LAST_YEAR}.`);
  const isRecurring = input.isRecurring ?? false;
  if (isRecurring && day.endsWith('-02-29')) throw invalid('isRecurring', '29 February cannot recur every year.');
  return { day, name: input.name?.trim() || null, is_recurring: isRecurring };
}

/** The services take the day the request names as the id gate read it (routes' `ids`). */
export function nonWorkingDaysService() {
  return {
    list: repo.daysList(windowOf),

    async create(t: Tenant, input: NonWorkingDayInputT): Promise<NonWorkingDayT> {
      const values = valuesOf(input);
      await checkClashes(t, values, null);
      const created = await reread(t, await repo.insertDay(t, values));
      await audit(t, { action: 'non_working_day.create', entityType: 'non_working_day', entityId: created.id, after: created });
      return created;
    },

    async update(t: Tenant, day: NonWorkingDayRow, input: NonWorkingDayInputT): Promise<NonWorkingDayT> {
      const id = day.id;
      const before = toNonWorkingDay(day);
      const values = valuesOf(input);
      await checkClashes(t, values, id);
      await repo.updateDay(t, id, values);
      const after = await reread(t, id);
      await audit(t, { action: 'non_working_day.update', entityType: 'non_working_day', entityId: id, before, after });
      return after;
    },

    async remove(t: Tenant, day: NonWorkingDayRow): Promise<null> {
      const id = day.id;
      const before = toNonWorkingDay(day);
      await repo.deleteDay(t, id);
      await audit(t, { action: 'non_working_day.delete', entityType: 'non_working_day', entityId: id, before });
      return null;
    },
  };
}

export type NonWorkingDaysService = ReturnType<typeof nonWorkingDaysService>;
